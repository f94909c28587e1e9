/** The token never shows in what a faulty run logs or throws, retries included. */
import { inspect } from "node:util";
import type { CloudClient } from "../../src/client/index.js";
import { closedPortUrl, startFakeServer, type FakeServer } from "./fake-server.js";
import { failure, fast, retryClient, TOKEN, vpc } from "./retry-support.js";

let server: FakeServer;
let logs: string[];
const client = (url = server.url, retry = fast): CloudClient => retryClient(url, logs, retry);

beforeEach(async () => {
  logs = [];
  server = await startFakeServer(() => ({ body: vpc }));
});
afterEach(() => server.close());

test("the token appears nowhere in what a faulty run logs or throws", async () => {
  server.fallback = (req) =>
    req.method === "GET"
      ? { status: 503, body: { errors: [{ reason: `echo ${req.headers.authorization}` }] } }
      : { drop: true };
  const seen: unknown[] = [];
  const c = client();
  for (const call of [() => c.vpcs.get(1), () => c.vpcs.create({ label: "a", region: "b" })]) {
    try {
      await call();
    } catch (err) {
      seen.push(err);
    }
  }
  seen.push(await failure(client(await closedPortUrl()).vpcs.list()));
  expect(seen).toHaveLength(3);
  const text = [
    ...logs,
    ...seen.map((e) => JSON.stringify(e)),
    ...seen.map((e) => inspect(e, { depth: 10, showHidden: true })),
    ...seen.map((e) => String((e as Error).stack)),
    inspect(c, { depth: 10, showHidden: true }),
    JSON.stringify(c),
  ].join("\n");
  expect(text).toContain("[REDACTED]");
  expect(text).not.toContain(TOKEN);
  expect(text.toLowerCase()).not.toContain("authorization: bearer");
});

test("a token echoed in an error's field is redacted too", async () => {
  server.script({ status: 400, body: { errors: [{ field: TOKEN, reason: "bad" }] } });
  const err = await failure(client().vpcs.get(1));
  expect(err.errors[0].field).toBe("[REDACTED]");
  expect([err.message, JSON.stringify(err), inspect(err, { depth: 10 })].join("\n")).not.toContain(TOKEN);
});
