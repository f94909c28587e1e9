import * as log from "@pulumi/pulumi/log";
import { provider as mysqlProvider } from "../../src/resources/mysql-database.js";
import { parseSnapshotId, provider } from "../../src/resources/database-snapshot/provider.js";
import { client, configure, resetCaches } from "../../src/shared/runtime/context.js";
import { UNKNOWN } from "../../src/shared/fields/validate.js";
import { configBag, thrown, untilLogged, useProviderEmulator } from "./provider-env.js";

const emulator = useProviderEmulator();
const p = provider as Required<typeof provider>;
const mysql = mysqlProvider as Required<typeof mysqlProvider>;

async function activeDatabase(): Promise<number> {
  const inputs = (
    await mysql.check({}, { label: "snap-db", region: "us-east", type: "g6-standard-1", engineId: "mysql/8.0.30" })
  ).inputs;
  return Number((await mysql.create(inputs)).id);
}

describe("DatabaseSnapshot check and diff", () => {
  test.each([
    [{ engine: "oracle" }, "engine", /"mysql", "postgresql"/],
    [{ instanceId: 0 }, "instanceId", /positive integer/],
    [{ label: "with-hyphen" }, "label", /^label: Must match the pattern \^\[A-Za-z0-9_\]\+\$$/],
    [{ label: "a".repeat(31) }, "label", /^label: Length must be 1-30 characters$/],
    [{ target: "replica" }, "target", /"primary", "secondary"/],
    [{ adoptId: "mysql/1" }, "adoptId", /<engine>\/<instanceId>\/<backupId>/],
    [{ adoptId: "mysql/2/3" }, "adoptId", /names database 2 but instanceId is 1/],
  ])("%j fails on %s", async (change, property, reason) => {
    const res = await p.check({}, { engine: "mysql", instanceId: 1, label: "nightly1", ...change });
    expect(res.failures).toEqual([{ property, reason: expect.stringMatching(reason) }]);
  });

  test("unknown values pass and ids normalise", async () => {
    expect((await p.check({}, { engine: UNKNOWN, instanceId: UNKNOWN, label: UNKNOWN })).failures).toBeUndefined();
    expect((await p.check({}, { engine: "mysql", instanceId: "12", label: "a1" })).inputs).toMatchObject({
      instanceId: 12,
    });
  });

  test("every input but timeouts and adoptId replaces", async () => {
    const olds = { engine: "mysql", instanceId: 1, label: "a1", backupId: 5 };
    expect(await p.diff("mysql/1/5", olds, { engine: "mysql", instanceId: 1, label: "a1" })).toEqual({
      changes: false,
    });
    expect(await p.diff("mysql/1/5", olds, { engine: "mysql", instanceId: 1, label: "a2" })).toEqual({
      changes: true,
      replaces: ["label"],
    });
    expect(await p.diff("mysql/1/5", olds, { engine: "mysql", instanceId: 2, label: "a1" })).toEqual({
      changes: true,
      replaces: ["instanceId"],
    });
    expect(
      await p.diff("mysql/1/5", olds, { engine: "mysql", instanceId: 1, label: "a1", target: "secondary" }),
    ).toEqual({ changes: true, replaces: ["target"], deleteBeforeReplace: true });
    expect(
      await p.diff("mysql/1/5", olds, { engine: "mysql", instanceId: 1, label: "a1", timeouts: { create: "1h" } }),
    ).toEqual({ changes: true });
  });

  test("writing out the default target replaces nothing", async () => {
    const olds = { engine: "mysql", instanceId: 1, label: "a1", backupId: 5 };
    const news = { engine: "mysql", instanceId: 1, label: "a1", target: "primary" };
    expect(await p.diff("mysql/1/5", olds, news)).toEqual({ changes: false });
    expect(await p.diff("mysql/1/5", { ...olds, target: "primary" }, { ...news, target: undefined })).toEqual({
      changes: false,
    });
  });

  test("ids have the form engine/instance/backup", () => {
    expect(parseSnapshotId("postgresql/12/34")).toEqual({ engine: "postgresql", instanceId: 12, backupId: 34 });
    expect(parseSnapshotId("mysql/12")).toBeUndefined();
  });
});

describe("DatabaseSnapshot lifecycle", () => {
  test("create finds the backup, read and delete it, delete tolerates 404", async () => {
    const instanceId = await activeDatabase();
    // The create request takes underscores, as the API's does.
    expect((await p.check({}, { engine: "mysql", instanceId, label: "first_1" })).failures).toBeUndefined();
    const created = await p.create({ engine: "mysql", instanceId, label: "first_1" });
    expect(created.id).toMatch(new RegExp(`^mysql/${instanceId}/\\d+$`));
    expect(created.outs).toMatchObject({
      engine: "mysql",
      instanceId,
      label: "first_1",
      type: "snapshot",
      backupId: expect.any(Number),
    });
    const read = await p.read(created.id, created.outs);
    expect(read.inputs).toEqual({ engine: "mysql", instanceId, label: "first_1" });
    await p.delete(created.id, created.outs);
    expect(await p.read(created.id, created.outs)).toEqual({ id: "" });
    await expect(p.delete(created.id, created.outs)).resolves.toBeUndefined();
  });

  test("a second snapshot waits while the first one runs", async () => {
    const instanceId = await activeDatabase();
    // The first snapshot runs until the test moves the clock, once the second was refused for it
    // and its create has read the database's status.
    await emulator().control.setTimings({ snapshotSeconds: 3600 });
    await emulator().control.clearRequests();
    const both = Promise.all([
      p.create({ engine: "mysql", instanceId, label: "one1" }),
      p.create({ engine: "mysql", instanceId, label: "two2" }),
    ]);
    const instance = `/v4/databases/mysql/instances/${instanceId}`;
    await untilLogged(emulator(), (log) => {
      const refused = log.findIndex((r) => r.method === "POST" && r.path === `${instance}/backups` && r.status === 400);
      return refused >= 0 && log.slice(refused + 1).some((r) => r.method === "GET" && r.path === instance);
    });
    await emulator().control.setTimings({ snapshotSeconds: 1 });
    await emulator().control.advanceClock(3600);
    const [a, b] = await both;
    expect([a.outs.label, b.outs.label].sort()).toEqual(["one1", "two2"]);
  });

  test("the 3-snapshot limit fails before calling the API, naming the snapshots", async () => {
    const instanceId = await activeDatabase();
    await emulator().control.setTimings({ snapshotSeconds: 1 });
    for (const label of ["s1", "s2", "s3"]) await p.create({ engine: "mysql", instanceId, label });
    await emulator().control.clearRequests();
    const err = await thrown(p.create({ engine: "mysql", instanceId, label: "s4" }));
    expect(err.message).toMatch(/already has 3 snapshots.*"s1".*"s2".*"s3".*Delete one/);
    const posts = (await emulator().control.requests()).filter((r) => r.method === "POST");
    expect(posts).toEqual([]);
  });

  test('target "secondary" on a single-node database fails before the snapshot POST, naming target', async () => {
    const instanceId = await activeDatabase();
    // check cannot see the database (during a preview it often does not exist yet): it passes.
    expect(
      (await p.check({}, { engine: "mysql", instanceId: UNKNOWN, label: "sec1", target: "secondary" })).failures,
    ).toBeUndefined();
    await emulator().control.clearRequests();
    const err = await thrown(p.create({ engine: "mysql", instanceId, label: "sec1", target: "secondary" }));
    expect(err.message).toMatch(
      new RegExp(`target "secondary" needs a 3-node cluster, but mysql database ${instanceId} has clusterSize 1`),
    );
    expect(err.message).toMatch(/Leave target out \(or set it to "primary"\)/);
    const posts = (await emulator().control.requests()).filter((r) => r.method === "POST");
    expect(posts).toEqual([]);
  });

  test("a snapshot under the label is refused without proof, and check says so first; adoption takes it on purpose", async () => {
    const instanceId = await activeDatabase();
    const created = await p.create({ engine: "mysql", instanceId, label: "keep1" });
    const backupId = created.outs.backupId as number;
    // Another resource (another stack of the program) wants the same label: refused, nothing sent.
    const checked = await p.check({}, { engine: "mysql", instanceId, label: "keep1" });
    expect(checked.failures).toEqual([
      {
        property: "label",
        reason: expect.stringContaining(
          `label "keep1" is already taken by backup ${backupId} of mysql database ${instanceId}`,
        ),
      },
    ]);
    await emulator().control.clearRequests();
    const again = await thrown(p.create({ engine: "mysql", instanceId, label: "keep1" }));
    expect(again.message).toContain(`The label "keep1" is already taken by backup ${backupId}`);
    expect(again.message).toContain(`add \`adoptId: "mysql/${instanceId}/${backupId}"\``);
    expect((await emulator().control.requests()).filter((r) => r.method !== "GET")).toEqual([]);
    // An automatic backup is never a create's own, and cannot be adopted by a snapshot either.
    await emulator().control.advanceClock(24 * 3600);
    const auto = (await client().mysql.listBackups(instanceId)).find((b) => b.type === "auto")!;
    const dup = await thrown(p.create({ engine: "mysql", instanceId, label: auto.label }));
    expect(dup.message).toContain(`The label "${auto.label}" is already taken by backup ${auto.id}`);
    expect(dup.message).toContain("it is an automatic backup");
    const wrong = await thrown(p.create({ engine: "mysql", instanceId, label: "other1", adoptId: created.id }));
    expect(wrong.message).toMatch(/its label is "keep1" but the arguments say "other1"/);
    const adopted = await p.create({ engine: "mysql", instanceId, label: "keep1", adoptId: created.id });
    expect(adopted).toMatchObject({ id: created.id, outs: { backupId: created.outs.backupId } });
  });
});

describe("DatabaseSnapshot replacement at the 3-snapshot limit", () => {
  /** A database holding snapshots with these labels, and their create results by label. */
  async function databaseWith(labels: string[]) {
    const instanceId = await activeDatabase();
    await emulator().control.setTimings({ snapshotSeconds: 1 });
    const made: Record<string, Awaited<ReturnType<typeof p.create>>> = {};
    for (const label of labels) made[label] = await p.create({ engine: "mysql", instanceId, label });
    return { instanceId, made };
  }

  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(log, "warn").mockResolvedValue(undefined);
  });
  afterEach(() => warn.mockRestore());

  test("a rename on a full database deletes first and warns", async () => {
    const { instanceId, made } = await databaseWith(["s1", "s2", "s3"]);
    const old = made.s2!;
    expect(await p.diff(old.id, old.outs, { engine: "mysql", instanceId, label: "s9" })).toEqual({
      changes: true,
      replaces: ["label"],
      deleteBeforeReplace: true,
    });
    expect(warn.mock.calls).toEqual([
      [
        `snapshot "s2" of mysql database ${instanceId} is deleted before its replacement "s9" is made: ` +
          "the database already holds 3 snapshots, the most it may keep",
      ],
    ]);
    // A label not known yet (preview) still replaces delete-first; the warning leaves it out.
    expect(await p.diff(old.id, old.outs, { engine: "mysql", instanceId, label: UNKNOWN })).toMatchObject({
      deleteBeforeReplace: true,
    });
    expect(warn.mock.calls[1]![0]).toContain("is deleted before its replacement is made");
    // A replacement of an adopted snapshot makes a new one too (its create does not adopt again),
    // so the same rule holds for it.
    const adopting = { engine: "mysql", instanceId, label: "s9", adoptId: old.id };
    expect(await p.diff(old.id, { ...old.outs, adoptId: old.id }, adopting)).toEqual({
      changes: true,
      replaces: ["label"],
      deleteBeforeReplace: true,
    });
    expect(warn).toHaveBeenCalledTimes(3);
  });

  test("under the limit, to another database, or with nothing to replace, nothing changes", async () => {
    const { instanceId, made } = await databaseWith(["s1", "s2"]);
    const old = made.s2!;
    expect(await p.diff(old.id, old.outs, { engine: "mysql", instanceId, label: "s9" })).toEqual({
      changes: true,
      replaces: ["label"],
    });
    await p.create({ engine: "mysql", instanceId, label: "s3" });
    // The replacement goes to another database (or one not known yet): the old one's count is beside the point.
    for (const elsewhere of [instanceId + 1, UNKNOWN]) {
      expect(await p.diff(old.id, old.outs, { engine: "mysql", instanceId: elsewhere, label: "s9" })).toEqual({
        changes: true,
        replaces: ["instanceId", "label"],
      });
    }
    // No replacement, no list: an unchanged snapshot costs no API call.
    await emulator().control.clearRequests();
    expect(
      await p.diff(old.id, old.outs, { engine: "mysql", instanceId, label: "s2", timeouts: { delete: "1h" } }),
    ).toEqual({ changes: true });
    expect(await emulator().control.requests()).toEqual([]);
    // Same label, other target: delete-first already because of the label, without a warning.
    expect(await p.diff(old.id, old.outs, { engine: "mysql", instanceId, label: "s2", target: "secondary" })).toEqual({
      changes: true,
      replaces: ["target"],
      deleteBeforeReplace: true,
    });
    expect(warn).not.toHaveBeenCalled();
  });

  test("when the list cannot be read (no token, database gone), diff answers as before: create first", async () => {
    const { instanceId, made } = await databaseWith(["s1", "s2", "s3"]);
    const old = made.s2!;
    const news = { engine: "mysql", instanceId, label: "s9" };
    const createFirst = { changes: true, replaces: ["label"] };

    // An offline preview: no token configured.
    resetCaches();
    await configure({ config: configBag({ "cloudplatform:apiUrl": emulator().url }) });
    expect(() => client()).toThrow(/token/);
    expect(await p.diff(old.id, old.outs, news)).toEqual(createFirst);

    // The database is gone (404).
    resetCaches();
    await configure({
      config: configBag({ "cloudplatform:token": emulator().token, "cloudplatform:apiUrl": emulator().url }),
    });
    await mysql.delete(String(instanceId), {});
    await thrown(client().mysql.listBackups(instanceId));
    expect(await p.diff(old.id, old.outs, news)).toEqual(createFirst);
    expect(warn).not.toHaveBeenCalled();
  });
});

test.each(["suspended", "suspending", "degraded", "failed"])(
  "a snapshot of a %s database stops waiting at once, naming the status",
  async (status) => {
    const instanceId = await activeDatabase();
    await emulator().control.setStatus("mysql", instanceId, status);
    const err = await thrown(p.create({ engine: "mysql", instanceId, label: "stuck1", timeouts: { create: "30m" } }));
    expect(err.message).toContain(
      `Gave up waiting for mysql database ${instanceId} to be active with no backup running`,
    );
    expect(err.message).toContain(`its status is "${status}"`);
  },
);
