/**
 * What the database providers send and plan on today's platform (rdbms-default), from the
 * emulator's record of the exchanges and its request log: a create carries the program's keys
 * only, changes go in place or replace as the API does, and an account holds both platforms.
 */
import type { Bag } from "../../src/shared/fields/validate.js";
import { resetCaches } from "../../src/shared/runtime/context.js";
import { mysql, pg, upThenPreview, usePlatformsEmulator } from "./database-platforms-env.js";

const { emulator, exchanges, bodies, writes } = usePlatformsEmulator();

describe("today's platform (rdbms-default)", () => {
  beforeEach(async () => {
    await emulator().control.setPlatform("rdbms-default");
    await emulator().control.clearRequests();
  });

  const mysqlToday = { label: "orders-db", region: "us-east", type: "g6-standard-1", engineId: "mysql/8" };
  const pgToday = {
    label: "pg-ha",
    region: "us-east",
    type: "g6-dedicated-4",
    engineId: "postgresql/16",
    clusterSize: 3,
  };

  test("a default MySQL and a 3-node PostgreSQL: the program's keys only, today's answers in the state, clean previews", async () => {
    const my = await upThenPreview(mysql, mysqlToday);
    const ha = await upThenPreview(pg, pgToday);
    expect(bodies("POST /databases/mysql/instances")).toEqual([
      { label: "orders-db", region: "us-east", type: "g6-standard-1", engine: "mysql/8" },
    ]);
    expect(bodies("POST /databases/postgresql/instances")).toEqual([
      { label: "pg-ha", region: "us-east", type: "g6-dedicated-4", engine: "postgresql/16", cluster_size: 3 },
    ]);
    // The answers once active: the full version, always encrypted, the standby of a cluster.
    expect(my.outs).toMatchObject({
      platform: "rdbms-default",
      engineId: "mysql/8",
      encrypted: true,
      sslConnection: true,
    });
    expect(my.outs.version).toMatch(/^8\.0\.\d+$/);
    expect(my.outs).not.toHaveProperty("standbyHost");
    expect(my.outs).not.toHaveProperty("replicationType");
    expect(ha.outs).toMatchObject({ platform: "rdbms-default", engineId: "postgresql/16", clusterSize: 3 });
    expect(ha.outs.standbyHost).toEqual(expect.stringMatching(/^replica-/));
    expect(my.diff).toEqual({ changes: false });
    expect(ha.diff).toEqual({ changes: false });
    // The window the API chose (4 hours, weekly) written out in the program is no change either.
    const window = {
      frequency: "weekly",
      duration: 4,
      hourOfDay: (my.outs.updates as Bag).hourOfDay,
      dayOfWeek: (my.outs.updates as Bag).dayOfWeek,
    };
    const written = await mysql.check(my.inputs, {
      ...mysqlToday,
      updates: window,
      encrypted: true,
      sslConnection: true,
    });
    expect(written.failures ?? []).toEqual([]);
    expect(await mysql.diff(my.id, my.outs, written.inputs as Bag)).toEqual({ changes: false });
    expect(await writes()).toEqual(["POST /v4/databases/mysql/instances", "POST /v4/databases/postgresql/instances"]);
  });

  test("clusterSize 1 -> 3 and a plan change go in place: one PUT, no DELETE, no second POST, the same id", async () => {
    const { id, outs, inputs } = await upThenPreview(mysql, mysqlToday);
    const program = { ...mysqlToday, type: "g6-standard-2", clusterSize: 3 };
    const checked = await mysql.check(inputs, program);
    expect(checked.failures ?? []).toEqual([]);
    expect(await mysql.diff(id, outs, checked.inputs as Bag)).toEqual({ changes: true });
    await emulator().control.clearRequests();
    exchanges.length = 0;
    const updated = await mysql.update(id, outs, checked.inputs as Bag);
    expect(bodies("PUT /databases/mysql/instances/{instanceId}")).toEqual([{ type: "g6-standard-2", cluster_size: 3 }]);
    expect(await writes()).toEqual([`PUT /v4/databases/mysql/instances/${id}`]);
    expect(updated.outs).toMatchObject({ type: "g6-standard-2", clusterSize: 3, status: "active" });
    expect((updated.outs as Bag).standbyHost).toEqual(expect.stringMatching(/^replica-/));
    const again = await mysql.check(checked.inputs as Bag, program);
    expect(await mysql.diff(id, updated.outs as Bag, again.inputs as Bag)).toEqual({ changes: false });
  });

  test("a newer major version upgrades in place; an older one replaces", async () => {
    const program = { ...pgToday, clusterSize: 1 };
    const { id, outs, inputs } = await upThenPreview(pg, program);
    const up = await pg.check(inputs, { ...program, engineId: "postgresql/17" });
    expect(up.failures ?? []).toEqual([]);
    expect(await pg.diff(id, outs, up.inputs as Bag)).toEqual({ changes: true });
    await emulator().control.clearRequests();
    exchanges.length = 0;
    const updated = await pg.update(id, outs, up.inputs as Bag);
    expect(bodies("PUT /databases/postgresql/instances/{instanceId}")).toEqual([{ version: "17" }]);
    expect(await writes()).toEqual([`PUT /v4/databases/postgresql/instances/${id}`]);
    expect(updated.outs).toMatchObject({ engineId: "postgresql/17", status: "active" });
    expect((updated.outs as Bag).version).toMatch(/^17\./);
    const down = await pg.check(up.inputs as Bag, program);
    expect(await pg.diff(id, updated.outs as Bag, down.inputs as Bag)).toMatchObject({
      changes: true,
      replaces: ["engineId"],
    });
  });

  test.each([
    [
      "replicationType",
      { replicationType: "semi_synch", clusterSize: 3 },
      /replicationType "semi_synch" is refused on the rdbms-default platform.*Configuring replication_type is no longer supported.*leave replicationType out/,
    ],
    ["encrypted", { encrypted: false }, /encrypted false is refused on the rdbms-default platform/],
    ["sslConnection", { sslConnection: false }, /sslConnection false is refused on the rdbms-default platform/],
    ["clusterSize", { clusterSize: 2 }, /one of 1, 3 on the rdbms-default platform with plan "g6-standard-1"/],
    [
      "updates",
      { updates: { frequency: "weekly", duration: 3, hourOfDay: 1, dayOfWeek: 1 } },
      /updates\.duration must be 4 on the rdbms-default platform/,
    ],
  ])("%s the platform does not take is refused at preview, and nothing is sent", async (property, extra, reason) => {
    const res = await mysql.check({}, { ...mysqlToday, ...extra });
    expect(res.failures).toEqual([{ property, reason: expect.stringMatching(reason) }]);
    expect(await writes()).toEqual([]);
  });

  test("a label of 43 characters, as the API took, is created and answered back; 2 characters are refused", async () => {
    const label = "go-postgres-testing-def-123456789-updated-1";
    expect(label).toHaveLength(43);
    const { outs, diff } = await upThenPreview(mysql, { ...mysqlToday, label });
    expect(outs.label).toBe(label);
    expect(diff).toEqual({ changes: false });
    const short = await mysql.check({}, { ...mysqlToday, label: "db" });
    expect(short.failures).toEqual([
      { property: "label", reason: expect.stringMatching(/rdbms-default platform.*Length must be at least 3/) },
    ]);
  });

  test("an allow list with IPv6 is taken, sent and kept in the API's form (/128, IPv4 first, sorted), and previews clean", async () => {
    const allowList = ["2001:db8::/32", "192.0.2.7", "1234:0::5678"];
    const { outs, diff } = await upThenPreview(pg, { ...pgToday, allowList });
    expect(bodies("POST /databases/postgresql/instances")[0]!.allow_list).toEqual([
      "192.0.2.7/32",
      "1234::5678/128",
      "2001:db8::/32",
    ]);
    expect(outs.allowList).toEqual(["192.0.2.7/32", "1234::5678/128", "2001:db8::/32"]);
    expect(diff).toEqual({ changes: false });
    const bad = await pg.check({}, { ...pgToday, allowList: ["fe80::1%eth0"] });
    expect(bad.failures).toEqual([
      {
        property: "allowList",
        reason: 'allowList[0] must be an IPv4 or IPv6 address or CIDR range, got "fe80::1%eth0"',
      },
    ]);
  });

  test("2 nodes pass on a dedicated plan", async () => {
    const res = await pg.check({}, { ...pgToday, clusterSize: 2 });
    expect(res.failures ?? []).toEqual([]);
  });

  test("an account with a legacy and a today's database: each changed by its own rules", async () => {
    await emulator().control.setPlatform("rdbms-legacy");
    const legacyProgram = { label: "old-db", region: "us-east", type: "g6-standard-1", engineId: "mysql/8.0.30" };
    const legacy = await upThenPreview(mysql, legacyProgram);
    await emulator().control.setPlatform("rdbms-default");
    // A provider process reads the catalogue once; this one starts again after the switch.
    resetCaches();
    const today = await upThenPreview(mysql, mysqlToday);
    expect([legacy.outs.platform, today.outs.platform]).toEqual([undefined, "rdbms-default"]);
    expect([legacy.diff, today.diff]).toEqual([{ changes: false }, { changes: false }]);

    // The same change: the contract's platform replaces (and its replacement is made on today's
    // platform, which takes no full-version engine id), today's resizes in place.
    const legacyNext = await mysql.check(legacy.inputs, { ...legacyProgram, clusterSize: 3 });
    expect(legacyNext.failures).toEqual([
      {
        property: "engineId",
        reason: expect.stringMatching(/"mysql\/8\.0\.30" is refused on the rdbms-default.*invalid engine/),
      },
    ]);
    const moved = await mysql.check(legacy.inputs, { ...legacyProgram, engineId: "mysql/8", clusterSize: 3 });
    expect(moved.failures ?? []).toEqual([]);
    expect(await mysql.diff(legacy.id, legacy.outs, moved.inputs as Bag)).toMatchObject({
      replaces: expect.arrayContaining(["engineId", "clusterSize"]),
    });
    const todayNext = await mysql.check(today.inputs, { ...mysqlToday, clusterSize: 3 });
    expect(await mysql.diff(today.id, today.outs, todayNext.inputs as Bag)).toEqual({ changes: true });
    await emulator().control.clearRequests();
    const resized = await mysql.update(today.id, today.outs, todayNext.inputs as Bag);
    expect(resized.outs).toMatchObject({ clusterSize: 3 });
    // The legacy database's own in-place change: a bigger plan, as the contract's platform resizes.
    const grown = await mysql.check(legacy.inputs, { ...legacyProgram, type: "g6-standard-2" });
    expect(await mysql.diff(legacy.id, legacy.outs, grown.inputs as Bag)).toEqual({ changes: true });
    const legacyResized = await mysql.update(legacy.id, legacy.outs, grown.inputs as Bag);
    expect(legacyResized.outs).toMatchObject({ type: "g6-standard-2", clusterSize: 1 });
    expect(await writes()).toEqual([
      `PUT /v4/databases/mysql/instances/${today.id}`,
      `PUT /v4/databases/mysql/instances/${legacy.id}`,
    ]);

    // A setting the legacy database holds stays its own: its replication is no refusal there.
    const held = await mysql.check(legacy.inputs, { ...legacyProgram, replicationType: "none" });
    expect(held.failures ?? []).toEqual([]);
    // A replacement of the legacy database would be made on today's platform: judged by its rules.
    const replaced = await mysql.check(legacy.inputs, {
      ...legacyProgram,
      engineId: "mysql/8",
      region: "us-west",
      replicationType: "none",
    });
    expect(replaced.failures).toEqual([
      { property: "replicationType", reason: expect.stringMatching(/rdbms-default/) },
    ]);
  });
});
