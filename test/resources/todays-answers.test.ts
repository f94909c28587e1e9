/**
 * Databases of today's platform as the real API answered for them (test/fixtures/recorded-answers/
 * todays-platform.json: every `active` database recorded, list entries included), served by a
 * read-only fake API: both database providers read each with its platform and standby host as
 * outputs, check and diff it with no change, and the
 * importer's program adopts each with no write and an empty diff after. The legacy database
 * recorded in the same account as eight of today's reads clean beside them.
 */
import { CloudClient } from "../../src/client/index.js";
import { buildProgram } from "../../src/import/program.js";
import type { Expr } from "../../src/import/references.js";
import { provider as mysqlProvider } from "../../src/resources/mysql-database.js";
import { provider as pgProvider } from "../../src/resources/postgresql-database.js";
import { configure, resetCaches } from "../../src/shared/runtime/context.js";
import type { Bag } from "../../src/shared/fields/validate.js";
import { startFakeServer, type FakeServer } from "../client/fake-server.js";
import { recordedDatabases, type RecordedDatabase } from "../support/todays-answers.js";
import { configBag } from "./provider-env.js";

const ACTIVE = recordedDatabases().filter(([, d]) => d.status === "active");
/** Recorded databases whose allow list holds IPv6 ranges, which today's platform takes: adopted like the rest. */
const IPV6_LISTS = ACTIVE.filter(([, d]) => (d.allow_list as string[]).some((a) => a.includes(":"))).map(([n]) => n);
const providers = { mysql: mysqlProvider, postgresql: pgProvider };
const SECRETS = { username: "akmadmin", password: "recorded-secret", ca_certificate: "Q0E=" };

let server: FakeServer;
let answer: RecordedDatabase;
beforeAll(async () => {
  server = await startFakeServer((req) => {
    const url = req.url.split("?")[0];
    if (req.method !== "GET") return { status: 400, body: { errors: [{ reason: "read-only fake" }] } };
    if (url.endsWith("/credentials") || url.endsWith("/ssl")) return { body: SECRETS };
    if (url === `/v4/databases/${answer.engine}/instances/${answer.id}`) return { body: answer };
    return { status: 404, body: { errors: [{ reason: "Not found" }] } };
  });
});
afterAll(() => server.close());
beforeEach(async () => {
  server.requests.length = 0;
  resetCaches();
  await configure({ config: configBag({ "cloudplatform:token": "t", "cloudplatform:apiUrl": server.url }) });
});

/** The value of a program expression the importer wrote (literals only, as databases have). */
function valueOf(e: Expr): unknown {
  if (e.kind === "literal") return e.value;
  if (e.kind === "array") return e.items.map(valueOf);
  if (e.kind === "object") return Object.fromEntries(e.entries.map(([k, v]) => [k, valueOf(v)]));
  throw new Error(`not a literal: ${e.kind}`);
}

const writes = () => server.requests.filter((r) => r.method !== "GET");

test("the recordings hold active databases of both engines and both platforms, one of one node, three with IPv6 in their allow list", () => {
  const kinds = new Set(ACTIVE.map(([, d]) => `${d.engine} ${String(d.platform)} ${d.cluster_size}`));
  expect([...kinds].sort()).toEqual(
    expect.arrayContaining(["mysql rdbms-default 1", "mysql rdbms-default 3", "postgresql rdbms-default 3"]),
  );
  expect(kinds).toContain("mysql rdbms-legacy 3");
  expect(IPV6_LISTS).toEqual([
    "instances-one-node-mysql[0]",
    "instances-legacy-and-default[5]",
    "instances-legacy-and-default[6]",
  ]);
});

describe.each(ACTIVE)("%s", (_name, recorded) => {
  beforeEach(() => {
    answer = recorded;
  });

  test("import's read, check and diff: no change and no write", async () => {
    const provider = providers[answer.engine];
    const read = await provider.read!(String(answer.id));
    const inputs = read.inputs as Bag;
    // The outputs say which platform the database is on and its standby host (none on one node).
    const state = read.props as Bag;
    expect(state.platform).toBe(answer.platform);
    expect(state.standbyHost ?? null).toBe((answer.hosts as Bag).standby ?? null);
    const checked = await provider.check!(inputs, inputs);
    expect(checked.failures ?? []).toEqual([]);
    expect(await provider.diff!(String(answer.id), read.props as Bag, checked.inputs as Bag)).toEqual({
      changes: false,
    });
    expect(writes()).toEqual([]);
  });

  test("the importer's program adopts it with no write, and its next diff and refresh are empty", async () => {
    const db = await new CloudClient({ apiUrl: server.url, token: "t" }).database(answer.engine).get(answer.id);
    const account = { vpcs: [], databases: [{ engine: answer.engine, db, snapshots: [] }] };
    const model = buildProgram({ ...account, leftOut: [], notes: [], found: {}, snapshotsRead: false });
    expect(model.unwritable).toEqual([]);
    const program = Object.fromEntries(model.declarations[0]!.args.map(([k, e]) => [k, valueOf(e)]));
    expect(program.replicationType).toBeUndefined();
    const provider = providers[answer.engine];
    const checked = await provider.check!({}, program);
    expect(checked.failures ?? []).toEqual([]);
    const created = await provider.create(checked.inputs as Bag);
    expect(created.id).toBe(String(answer.id));
    const again = await provider.check!(checked.inputs as Bag, program);
    expect(again.failures ?? []).toEqual([]);
    expect(await provider.diff!(created.id, created.outs as Bag, again.inputs as Bag)).toEqual({ changes: false });
    const refreshed = await provider.read!(created.id, created.outs as Bag);
    const next = await provider.check!(refreshed.inputs as Bag, again.inputs as Bag);
    expect(await provider.diff!(created.id, refreshed.props as Bag, next.inputs as Bag)).toEqual({ changes: false });
    expect(writes()).toEqual([]);
  });
});
