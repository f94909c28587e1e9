/**
 * Answers the real API gave, recorded by others (test/fixtures/recorded-answers/README.md), served
 * as they were: each parses through the client with the right values, and reads, checks, diffs and
 * adopts clean through both database providers. The 2026 recordings are the newer shape (no
 * replication settings, `hosts.standby`, `platform`, `members`, `updates.pending`), a window of
 * `duration` 4 and, for MySQL, a 37-character label that today's rule refuses.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { CloudClient, type EngineType } from "../../src/client/index.js";
import { buildProgram } from "../../src/import/program.js";
import type { Expr } from "../../src/import/references.js";
import { provider as mysqlProvider } from "../../src/resources/mysql-database.js";
import { provider as pgProvider } from "../../src/resources/postgresql-database.js";
import { configure, resetCaches } from "../../src/shared/runtime/context.js";
import type { Bag } from "../../src/shared/fields/validate.js";
import { startFakeServer, type FakeServer } from "../client/fake-server.js";
import { configBag } from "./provider-env.js";

type Answer = Record<string, unknown> & { id: number; engine: EngineType; label: string; cluster_size: number };
const ANSWERS: Record<string, Answer> = JSON.parse(
  readFileSync(path.join(__dirname, "..", "fixtures", "recorded-answers", "databases.json"), "utf8"),
);
const providers = { mysql: mysqlProvider, postgresql: pgProvider };
const SECRETS = { username: "root", password: "recorded-secret", ca_certificate: "Q0E=" };

let server: FakeServer;
let answer: Answer;
beforeAll(async () => {
  server = await startFakeServer((req) => {
    const url = req.url.split("?")[0];
    if (req.method !== "GET") return { status: 400, body: { errors: [{ reason: "read-only fake" }] } };
    if (url.endsWith("/credentials")) return { body: SECRETS };
    if (url.endsWith("/ssl")) return { body: SECRETS };
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

describe.each(Object.keys(ANSWERS))("%s", (name) => {
  beforeEach(() => {
    answer = ANSWERS[name];
  });
  const newer = () => !("replication_type" in answer);

  test("parses through the client with the right values", async () => {
    const db = await new CloudClient({ apiUrl: server.url, token: "t" }).database(answer.engine).get(answer.id);
    expect(db.label).toBe(answer.label);
    expect(db.engine).toBe(answer.engine);
    expect(db.cluster_size).toBe(3);
    expect(db.hosts.primary).toBe((answer.hosts as Bag).primary);
    // Absent keys read as null; a PostgreSQL "async" is the same value as "asynch".
    expect(db.hosts.secondary).toBe((answer.hosts as Bag).secondary ?? null);
    expect(db.replication_type).toBe(
      newer() ? null : answer.replication_type === "semi_synch" ? "semi_synch" : "asynch",
    );
    expect(db.replication_commit_type).toBe(answer.replication_commit_type ?? null);
    expect(db.updates).toMatchObject({ duration: (answer.updates as Bag).duration });
    expect(db.updates).toHaveProperty("week_of_month", (answer.updates as Bag).week_of_month ?? null);
  });

  test("import's read, check and diff: no change; of what the contract lacks, only the outputs platform, standbyHost, pendingUpdates, oldestRestoreTime and suspended in the state", async () => {
    const provider = providers[answer.engine];
    const read = await provider.read!(String(answer.id));
    const state = read.props as Bag;
    const inputs = read.inputs as Bag;
    const { platform, standbyHost, pendingUpdates, oldestRestoreTime, suspended, ...rest } = state;
    const pending = ((answer.updates as Bag).pending ?? null) as Bag[] | null;
    expect({ platform, standbyHost, pendingUpdates, oldestRestoreTime, suspended }).toEqual({
      platform: answer.platform,
      standbyHost: (answer.hosts as Bag).standby,
      // Today's outputs as the answer holds them (camelCase keys), none where it lacks them.
      pendingUpdates:
        pending?.map((p) => ({ deadline: p.deadline, description: p.description, plannedFor: p.planned_for })) ??
        undefined,
      oldestRestoreTime: answer.oldest_restore_time ?? undefined,
      suspended: answer.platform === "rdbms-default" ? answer.status === "suspended" : undefined,
    });
    for (const extra of ["platform", "members", "engineConfig", "oldestRestoreTime", "pending", "standby"])
      expect(JSON.stringify(rest)).not.toContain(extra);
    if (newer()) {
      expect(state.replicationType).toBeUndefined();
      expect(inputs.replicationType).toBeUndefined();
    }
    const checked = await provider.check!(inputs, inputs);
    expect(checked.failures ?? []).toEqual([]);
    const diff = await provider.diff!(String(answer.id), state, checked.inputs as Bag);
    expect(diff).toEqual({ changes: false });
    expect(writes()).toEqual([]);
  });

  test("the importer's program adopts it: checks clean, sends nothing, and its next diff is empty", async () => {
    const account = { vpcs: [], databases: [{ engine: answer.engine, db: await dbOf(), snapshots: [] }] };
    const model = buildProgram({ ...account, leftOut: [], notes: [], found: {}, snapshotsRead: false });
    expect(model.unwritable).toEqual([]);
    const program = Object.fromEntries(model.declarations[0].args.map(([k, e]) => [k, valueOf(e)]));
    if (newer()) expect(program.replicationType).toBeUndefined();
    const provider = providers[answer.engine];
    const checked = await provider.check!({}, program);
    expect(checked.failures ?? []).toEqual([]);
    const created = await provider.create(checked.inputs as Bag);
    expect(created.id).toBe(String(answer.id));
    expect(writes()).toEqual([]);
    const again = await provider.check!(checked.inputs as Bag, program);
    expect(again.failures ?? []).toEqual([]);
    expect(await provider.diff!(created.id, created.outs as Bag, again.inputs as Bag)).toEqual({ changes: false });
  });

  test("a refresh of an adopted state keeps what the program said where the answer is silent", async () => {
    const provider = providers[answer.engine];
    const program = {
      adoptId: answer.id,
      label: answer.label,
      region: answer.region,
      type: answer.type,
      allowList: answer.allow_list,
      encrypted: answer.encrypted,
      sslConnection: answer.ssl_connection,
    };
    // Today's platform names engines by their major version only (`mysql/8` answers `8.0.35`).
    const version = String(answer.version);
    const engineId = `${answer.engine}/${answer.platform === "rdbms-default" ? version.split(".")[0] : version}`;
    const checked = await provider.check!({}, { ...program, engineId, clusterSize: 3 });
    expect(checked.failures ?? []).toEqual([]);
    const created = await provider.create(checked.inputs as Bag);
    const outs = created.outs as Bag;
    // On the contract's platform, the API's 3-node default stands where the answer says nothing; never
    // "none". Today's platform takes no replication setting, so the state keeps none.
    const ha = answer.engine === "mysql" ? "semi_synch" : "asynch";
    expect(outs.replicationType).toBe(answer.platform === "rdbms-default" ? undefined : ha);
    const refreshed = await provider.read!(created.id, outs);
    expect((refreshed.props as Bag).replicationType).toBe(outs.replicationType);
    const next = await provider.check!(refreshed.inputs as Bag, checked.inputs as Bag);
    expect(await provider.diff!(created.id, refreshed.props as Bag, next.inputs as Bag)).toEqual({ changes: false });
  });

  async function dbOf() {
    return new CloudClient({ apiUrl: server.url, token: "t" }).database(answer.engine).get(answer.id);
  }
});

test('a "none" an earlier import stored for a 3-node cluster is dropped at refresh, and diff finds no change', async () => {
  answer = ANSWERS["cassette-2026-07-mysql"];
  const read = await mysqlProvider.read!(String(answer.id));
  const old = { ...(read.props as Bag), replicationType: "none" };
  const refreshed = await mysqlProvider.read!(String(answer.id), old);
  expect((refreshed.props as Bag).replicationType).toBeUndefined();
  const program = refreshed.inputs as Bag;
  const checked = await mysqlProvider.check!(refreshed.inputs as Bag, program);
  expect(checked.failures ?? []).toEqual([]);
  expect(await mysqlProvider.diff!(String(answer.id), refreshed.props as Bag, checked.inputs as Bag)).toEqual({
    changes: false,
  });
  // The database is on today's platform (its answer says so), which takes no replication setting.
  const replicated = await mysqlProvider.check!(refreshed.inputs as Bag, { ...program, replicationType: "asynch" });
  expect(replicated.failures).toEqual([
    {
      property: "replicationType",
      reason: expect.stringMatching(/^replicationType "asynch" is refused on the rdbms-default platform/),
    },
  ]);
});

test("a held value is judged again once the program changes it, by the database's platform: at preview and at adoption", async () => {
  answer = ANSWERS["cassette-2026-07-mysql"];
  expect(answer.label.length).toBe(37);
  const read = await mysqlProvider.read!(String(answer.id));
  const inputs = read.inputs as Bag;
  // Today's platform takes labels longer than the contract's 32 (the API took 43).
  const longer = await mysqlProvider.check!(inputs, { ...inputs, label: `${answer.label}-x` });
  expect(longer.failures ?? []).toEqual([]);
  const checked = await mysqlProvider.check!(inputs, { ...inputs, label: "db" });
  expect(checked.failures).toEqual([
    {
      property: "label",
      reason: expect.stringMatching(/rdbms-default platform.*Length must be at least 3 characters/),
    },
  ]);
  // Adoption: the label differs from the database's, so it would be sent: refused before any write.
  const adopting = { ...inputs, label: "db", adoptId: answer.id };
  const created = await mysqlProvider.check!({}, adopting);
  expect(created.failures ?? []).toEqual([]);
  await expect(mysqlProvider.create(created.inputs as Bag)).rejects.toThrow(/Length must be at least 3 characters/);
  expect(writes()).toEqual([]);
});
