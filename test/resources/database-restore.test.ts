/**
 * The `restore` input of the database providers, run in process against the emulator: the input
 * rules, what diff refuses before any write, the restore itself (one request, also when its answer
 * is lost), the recovery of degraded and failed databases, and what the state records.
 */
import { provider as mysqlProvider } from "../../src/resources/mysql-database.js";
import { provider as pgProvider } from "../../src/resources/postgresql-database.js";
import { UNKNOWN } from "../../src/shared/fields/validate.js";
import { thrown, untilLogged, useProviderEmulator } from "./provider-env.js";

const emulator = useProviderEmulator();
const mysql = mysqlProvider as Required<typeof mysqlProvider>;
const pg = pgProvider as Required<typeof pgProvider>;
type Provider = typeof mysql;
type Bag = Record<string, unknown>;

const base = { label: "orders-db", region: "us-east", type: "g6-standard-1", engineId: "mysql/8.0.30" };
const pgBase = { label: "pg-db", region: "us-east", type: "g6-standard-1", engineId: "postgresql/14.6" };

async function api(method: string, path: string, body?: unknown): Promise<Bag> {
  const res = await fetch(`${emulator().apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${emulator().token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Bag;
}

/** Creates a database through the provider and takes a snapshot of it; returns both. */
async function databaseWithSnapshot(p: Provider, args: Bag, engine = "mysql") {
  const inputs = (await p.check({}, args)).inputs;
  const created = await p.create(inputs);
  await api("POST", `/databases/${engine}/instances/${created.id}/backups`, { label: "beforemigration" });
  await emulator().control.advanceClock(10);
  const backups = (await api("GET", `/databases/${engine}/instances/${created.id}/backups`)).data as Bag[];
  const snapshot = backups.find((b) => b.label === "beforemigration")!;
  await emulator().control.clearRequests();
  return { inputs, created, snapshot, backupId: snapshot.id as number };
}

async function restoreRequests(): Promise<{ path: string; status: number; handled: boolean }[]> {
  return (await emulator().control.requests()).filter((r) => r.method === "POST" && r.path.endsWith("/restore"));
}

async function writes(): Promise<string[]> {
  return (await emulator().control.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
}

describe("restore input rules", () => {
  test("a new database cannot be restored: there is no backup of it yet", async () => {
    const res = await mysql.check({}, { ...base, restore: { backupId: 5000 } });
    expect(res.failures).toEqual([
      {
        property: "restore",
        reason: expect.stringMatching(/^restore\.backupId cannot apply to a database this stack has not created yet/),
      },
    ]);
  });

  test.each([
    [{ backupId: "latest" }, /restore\.backupId must be a positive integer backup id, got "latest"/],
    [{ trigger: "x" }, /restore\.backupId is required/],
    [{ backupId: 5000, when: "now" }, /restore\.when is not known; restore takes backupId and trigger/],
    [{ backupId: 5000, trigger: 7 }, /restore\.trigger must be a string/],
    ["5000", /restore must be an object/],
  ])("restore %j is refused naming the field", async (restore, reason) => {
    const olds = (await mysql.check({}, base)).inputs;
    const res = await mysql.check(olds, { ...base, restore });
    expect(res.failures).toEqual([{ property: "restore", reason: expect.stringMatching(reason) }]);
  });

  test("a backup id not known yet (preview) is not a failure", async () => {
    const olds = (await mysql.check({}, base)).inputs;
    expect((await mysql.check(olds, { ...base, restore: { backupId: UNKNOWN } })).failures).toBeUndefined();
  });
});

describe("restore diff", () => {
  test("shows a restore as an update; the same restore again, or none, shows nothing", async () => {
    const { inputs, created, backupId } = await databaseWithSnapshot(mysql, base);
    const news = { ...inputs, restore: { backupId } };
    expect(await mysql.diff(created.id, created.outs, news)).toEqual({ changes: true });
    const restored = await mysql.update(created.id, created.outs, news);
    expect(await mysql.diff(created.id, restored.outs!, news)).toEqual({ changes: false });
    expect(await mysql.diff(created.id, restored.outs!, { ...news, restore: { backupId: String(backupId) } })).toEqual({
      changes: false,
    });
    expect(await mysql.diff(created.id, restored.outs!, inputs)).toEqual({ changes: false });
    expect(await mysql.diff(created.id, restored.outs!, { ...news, restore: { backupId, trigger: "again" } })).toEqual({
      changes: true,
    });
  });

  test("a backup the database does not list is refused, naming restore.backupId and the backups it has", async () => {
    const { inputs, created, backupId } = await databaseWithSnapshot(mysql, base);
    const err = await thrown(mysql.diff(created.id, created.outs, { ...inputs, restore: { backupId: 999999 } }));
    expect(err.message).toMatch(/^restore\.backupId: backup 999999 is not a backup of mysql database \d+/);
    expect(err.message).toContain(`${backupId} (snapshot "beforemigration"`);
    expect(await writes()).toEqual([]);
  });

  test("a restore of a database that the same up replaces is refused", async () => {
    const { inputs, created, backupId } = await databaseWithSnapshot(mysql, base);
    const news = { ...inputs, region: "us-west", restore: { backupId } };
    const err = await thrown(mysql.diff(created.id, created.outs, news));
    expect(err.message).toMatch(/^restore\.backupId: mysql database \d+ is replaced by this update \(region changed\)/);
  });

  test("a backup taken before a credentials reset this package made is refused, in diff and in update", async () => {
    const args = { ...base, credentialsRotation: "r0" };
    const { inputs, created, backupId } = await databaseWithSnapshot(mysql, args);
    const rotated = await mysql.update(created.id, created.outs, { ...inputs, credentialsRotation: "r1" });
    expect(rotated.outs).toMatchObject({ lastCredentialsReset: { newestBackup: expect.any(String) } });
    await emulator().control.clearRequests();
    const news = { ...inputs, credentialsRotation: "r1", restore: { backupId } };
    const err = await thrown(mysql.diff(created.id, rotated.outs!, news));
    expect(err.message).toMatch(
      new RegExp(
        `^restore\\.backupId: backup ${backupId} \\("beforemigration", .*\\) was taken before the root password was reset`,
      ),
    );
    const refused = await thrown(mysql.update(created.id, rotated.outs!, news));
    expect(refused.message).toMatch(/was taken before the root password was reset by credentialsRotation/);
    expect(await writes()).toEqual([]);
  });
});

describe("restore warnings", () => {
  afterEach(() => jest.restoreAllMocks());

  test("the preview warns that all data is replaced, and for an adopted database that resets before adoption are unknown", async () => {
    const warnings = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    const { inputs, created, backupId } = await databaseWithSnapshot(mysql, base);
    const adopted = { ...created.outs, adoptId: Number(created.id) };
    expect(await mysql.diff(created.id, adopted, { ...inputs, restore: { backupId } })).toEqual({ changes: true });
    const printed = warnings.mock.calls.map((c) => String(c[0])).join("\n");
    expect(printed).toContain(`is restored from backup ${backupId} (snapshot "beforemigration"`);
    expect(printed).toContain("ALL its data is replaced");
    expect(printed).toMatch(/was adopted: a credentials reset made before adoption \(or outside Pulumi\) is not known/);
  });
});

describe("restore update", () => {
  test("sends one restore, waits until active and records which backup and when", async () => {
    const { inputs, created, snapshot, backupId } = await databaseWithSnapshot(mysql, base);
    const restored = await mysql.update(created.id, created.outs, { ...inputs, restore: { backupId } });
    expect(restored.outs).toMatchObject({
      status: "active",
      restore: { backupId },
      lastRestore: {
        backupId,
        label: "beforemigration",
        type: "snapshot",
        created: snapshot.created,
        restoredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      rootPassword: created.outs.rootPassword,
    });
    expect(await restoreRequests()).toEqual([
      expect.objectContaining({ path: `/v4/databases/mysql/instances/${created.id}/backups/${backupId}/restore` }),
    ]);
  });

  test("a degraded PostgreSQL database is restored from an automatic backup and becomes active", async () => {
    const inputs = (await pg.check({}, pgBase)).inputs;
    const created = await pg.create(inputs);
    await emulator().control.advanceClock(86_400);
    const auto = ((await api("GET", `/databases/postgresql/instances/${created.id}/backups`)).data as Bag[]).find(
      (b) => b.type === "auto",
    )!;
    await emulator().control.setStatus("postgresql", Number(created.id), "degraded");
    const restored = await pg.update(created.id, created.outs, { ...inputs, restore: { backupId: auto.id } });
    expect(restored.outs).toMatchObject({ status: "active", lastRestore: { backupId: auto.id, type: "auto" } });
    expect(await restoreRequests()).toHaveLength(1);
  });

  test("a lost restore answer is looked up by status: still one restore", async () => {
    const { inputs, created, backupId } = await databaseWithSnapshot(mysql, base);
    // The restore runs until the test moves the clock, once the provider has looked at the status.
    await emulator().control.setTimings({ restoreSeconds: 3600 });
    const path = `/v4/databases/mysql/instances/${created.id}/backups/${backupId}/restore`;
    await emulator().control.addFault({ method: "POST", path, after: true, drop: true, times: 1 });
    await emulator().control.clearRequests();
    const pending = mysql.update(created.id, created.outs, { ...inputs, restore: { backupId } });
    const instance = `/v4/databases/mysql/instances/${created.id}`;
    await untilLogged(emulator(), (log) => {
      const posted = log.findIndex((r) => r.path === path);
      return posted >= 0 && log.slice(posted + 1).some((r) => r.method === "GET" && r.path === instance);
    });
    await emulator().control.advanceClock(3600);
    const restored = await pending;
    expect(restored.outs).toMatchObject({ status: "active", lastRestore: { backupId } });
    expect((await restoreRequests()).map((r) => [r.status, r.handled])).toEqual([[0, true]]);
  });

  test("a restore that leaves the cluster failed says why and what to do, and is recorded", async () => {
    const { inputs, created, backupId } = await databaseWithSnapshot(mysql, base);
    // A reset outside this stack: the provider cannot know of it.
    await api("POST", `/databases/mysql/instances/${created.id}/credentials/reset`);
    await emulator().control.advanceClock(5);
    const news = { ...inputs, restore: { backupId }, __provider: "p" };
    const err = await thrown(mysql.update(created.id, created.outs, news));
    expect(err.message).toMatch(/ended "failed" after the restore of backup \d+ \("beforemigration"/);
    expect(err.message).toMatch(/predates a reset of the root password/);
    expect(err.message).toMatch(/set restore\.backupId to a backup taken after the last reset/);
    expect(err.properties).toMatchObject({ status: "failed", restore: { backupId }, lastRestore: { backupId } });
  });

  test("a failed database is restored from a backup taken after the reset", async () => {
    const { inputs, created } = await databaseWithSnapshot(mysql, base);
    await api("POST", `/databases/mysql/instances/${created.id}/credentials/reset`);
    await emulator().control.advanceClock(86_400);
    const auto = ((await api("GET", `/databases/mysql/instances/${created.id}/backups`)).data as Bag[]).find(
      (b) => b.type === "auto",
    )!;
    await emulator().control.setStatus("mysql", Number(created.id), "failed");
    await emulator().control.clearRequests();
    const restored = await mysql.update(created.id, created.outs, { ...inputs, restore: { backupId: auto.id } });
    expect(restored.outs).toMatchObject({ status: "active", lastRestore: { backupId: auto.id } });
    expect(await restoreRequests()).toHaveLength(1);
  });
});
