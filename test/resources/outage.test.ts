/**
 * The providers through an API outage that starts once a write was accepted and outlasts the
 * client's retry budget (shrunk to 0.2 s here): waits and the reads after the write ride it out,
 * and nothing is sent twice.
 */
import * as pulumiLog from "@pulumi/pulumi/log";
import { provider as mysqlProvider } from "../../src/resources/mysql-database.js";
import { useProviderEmulator } from "./provider-env.js";

const emulator = useProviderEmulator();
const mysql = mysqlProvider as Required<typeof mysqlProvider>;
const base = { label: "orders-db", region: "us-east", type: "g6-standard-1", engineId: "mysql/8.0.30" };

let warn: jest.SpiedFunction<typeof pulumiLog.warn>;
const saved = process.env.CLOUDPLATFORM_RETRY_MAX_SECONDS;
beforeAll(() => {
  process.env.CLOUDPLATFORM_RETRY_MAX_SECONDS = "0.2";
  // Polls 200 times more often than real (the provider tests' default is 50): the outages last a second.
  process.env.CLOUDPLATFORM_POLL_SCALE = "0.005";
});
afterAll(() => {
  if (saved === undefined) delete process.env.CLOUDPLATFORM_RETRY_MAX_SECONDS;
  else process.env.CLOUDPLATFORM_RETRY_MAX_SECONDS = saved;
});
beforeEach(() => {
  warn = jest.spyOn(pulumiLog, "warn").mockResolvedValue(undefined);
});
afterEach(() => warn.mockRestore());

/** The request log as "METHOD path status". */
async function log(): Promise<string[]> {
  return (await emulator().control.requests()).map((r) => `${r.method} ${r.path} ${r.status}`);
}

test("an outage of every request right after the create was accepted: the create still ends active, with one POST", async () => {
  await emulator().control.addFault({
    path: "/v4*",
    status: 503,
    forSeconds: 1,
    startAfter: { method: "POST", path: "/v4/databases/mysql/instances" },
  });
  const created = await mysql.create((await mysql.check({}, base)).inputs);
  expect(created.outs).toMatchObject({ status: "active", rootPassword: expect.any(String) });

  const calls = await log();
  expect(calls.filter((c) => c.startsWith("POST "))).toEqual(["POST /v4/databases/mysql/instances 200"]);
  // The outage was met, and outlasted the client's budget: many failed looks in a row.
  expect(calls.filter((c) => c.endsWith(" 503")).length).toBeGreaterThan(3);
  // Told about once a "minute" (0.3 s at this file's poll scale of 0.005).
  expect(warn).toHaveBeenCalledWith(
    expect.stringMatching(
      new RegExp(`^Still waiting for mysql database ${created.id} to become active: the API has been failing for`),
    ),
  );
});

test("a 502 on the credentials read after the create: the database is kept and its secrets read once the API answers", async () => {
  // Three looks in a row answered by the proxy: more than the client's 0.2 s budget rides out.
  await emulator().control.addFault({
    method: "GET",
    path: "/v4/databases/mysql/instances/:id/credentials",
    status: 502,
    times: 3,
  });
  const created = await mysql.create((await mysql.check({}, base)).inputs);
  expect(created.outs).toMatchObject({ status: "active", rootPassword: expect.any(String) });
  const calls = await log();
  const credentials = calls.filter((c) => c.includes("/credentials "));
  expect(credentials.slice(0, 3)).toEqual(
    Array(3).fill(`GET /v4/databases/mysql/instances/${created.id}/credentials 502`),
  );
  expect(calls.at(-1)).toMatch(/ 200$/);
  expect(calls.filter((c) => c.startsWith("POST "))).toHaveLength(1);
});

test("dropped connections right after a delete was accepted: the delete waits until the database is gone", async () => {
  const created = await mysql.create((await mysql.check({}, base)).inputs);
  await emulator().control.addFault({
    path: "/v4*",
    drop: true,
    forSeconds: 0.5,
    startAfter: { method: "DELETE", path: "/v4/databases/mysql/instances/:id" },
  });
  await mysql.delete(created.id, created.outs);
  const calls = await log();
  expect(calls.filter((c) => c.startsWith("DELETE "))).toEqual([
    `DELETE /v4/databases/mysql/instances/${created.id} 200`,
  ]);
  expect(calls.filter((c) => c.endsWith(" 0")).length).toBeGreaterThan(1);
  expect(calls.at(-1)).toBe(`GET /v4/databases/mysql/instances/${created.id} 404`);
});
