/**
 * What the database providers send and plan on each platform, from the emulator's own record of
 * the exchanges (request bodies) and its request log: a create carries only what the program
 * sets, and a state holding the API's default previews clean. Today's platform's creates and
 * changes: database-todays-platform.test.ts.
 */
import { UNKNOWN, type Bag } from "../../src/shared/fields/validate.js";
import { configure, resetCaches } from "../../src/shared/runtime/context.js";
import { LEGACY_MYSQL, mysql, pg, snapshot, upThenPreview, usePlatformsEmulator } from "./database-platforms-env.js";
import { configBag } from "./provider-env.js";

const { emulator, exchanges, bodies, writes } = usePlatformsEmulator();

describe("the contract's platform: a create sends only what the program sets", () => {
  test("a default MySQL database: four keys, the API's defaults in the state, a clean preview", async () => {
    const program = { label: "orders-db", region: "us-east", type: "g6-standard-1", engineId: "mysql/8.0.30" };
    const { outs, diff } = await upThenPreview(mysql, program);
    expect(bodies("POST /databases/mysql/instances")).toEqual([
      { label: "orders-db", region: "us-east", type: "g6-standard-1", engine: "mysql/8.0.30" },
    ]);
    expect(outs).toMatchObject({
      clusterSize: 1,
      encrypted: false,
      sslConnection: true,
      allowList: [],
      replicationType: "none",
    });
    expect(diff).toEqual({ changes: false });
    // No write after the create's own.
    expect(exchanges.filter((x) => !x.operation.startsWith("GET")).map((x) => x.operation)).toEqual([
      "POST /databases/mysql/instances",
    ]);
  });

  test("a 3-node PostgreSQL cluster: the API picks its replication, the preview is clean", async () => {
    const program = {
      label: "pg-ha",
      region: "us-east",
      type: "g6-standard-1",
      engineId: "postgresql/14.6",
      clusterSize: 3,
    };
    const { outs, diff } = await upThenPreview(pg, program);
    expect(bodies("POST /databases/postgresql/instances")).toEqual([
      { label: "pg-ha", region: "us-east", type: "g6-standard-1", engine: "postgresql/14.6", cluster_size: 3 },
    ]);
    expect(outs).toMatchObject({ clusterSize: 3, replicationType: "asynch", replicationCommitType: "local" });
    expect(diff).toEqual({ changes: false });
  });

  test("a label longer than 32 characters is refused at preview, naming the rule, and nothing is sent", async () => {
    const res = await mysql.check({}, { ...LEGACY_MYSQL, label: "x".repeat(33) });
    expect(res.failures).toEqual([{ property: "label", reason: expect.stringMatching(/3.*32/) }]);
    expect(exchanges.filter((x) => !x.operation.startsWith("GET"))).toEqual([]);
  });

  test("an IPv6 allow list is refused at preview, naming the platform, and nothing is sent", async () => {
    const res = await mysql.check({}, { ...LEGACY_MYSQL, allowList: ["192.0.2.7", "1234::5678"] });
    expect(res.failures).toEqual([
      {
        property: "allowList",
        reason:
          'allowList[1] must be an IPv4 address or an IPv4 CIDR range on the rdbms-legacy platform, got "1234::5678"',
      },
    ]);
    expect(exchanges.filter((x) => !x.operation.startsWith("GET"))).toEqual([]);
  });

  test("a state from the last release, which held every default as an input, previews clean", async () => {
    const program = { label: "orders-db", region: "us-east", type: "g6-standard-1", engineId: "mysql/8.0.30" };
    const { id, outs } = await upThenPreview(mysql, program);
    // What the last release's check filled in and its state kept.
    const old = {
      ...outs,
      clusterSize: 1,
      encrypted: false,
      sslConnection: true,
      allowList: [],
      replicationType: "none",
    };
    const checked = await mysql.check(
      { ...program, clusterSize: 1, encrypted: false, sslConnection: true, allowList: [], replicationType: "none" },
      program,
    );
    expect(await mysql.diff(id, old, checked.inputs as Bag)).toEqual({ changes: false });
  });

  test("an unset input whose state holds another value is planned as the API's default", async () => {
    const program = { label: "orders-db", region: "us-east", type: "g6-standard-1", engineId: "mysql/8.0.30" };
    const first = (await mysql.check({}, { ...program, allowList: ["10.0.0.1"], encrypted: true })).inputs as Bag;
    const created = await mysql.create(first);
    const outs = created.outs as Bag;
    const checked = await mysql.check(first, program);
    // Left out means the API's value: no allow list (in place), unencrypted disks (a replacement).
    expect(await mysql.diff(created.id, outs, checked.inputs as Bag)).toEqual({
      changes: true,
      replaces: ["encrypted"],
      deleteBeforeReplace: true,
    });
    exchanges.length = 0;
    const updated = await mysql.update(created.id, outs, { ...(checked.inputs as Bag), encrypted: true });
    expect(bodies("PUT /databases/mysql/instances/{instanceId}")).toEqual([{ allow_list: [] }]);
    expect((updated.outs as Bag).allowList).toEqual([]);
  });
});

describe("a snapshot and the platform setting", () => {
  test("a DatabaseSnapshot of a database on today's platform is refused at preview, pointing to a fork; a legacy one's passes", async () => {
    const legacy = await upThenPreview(mysql, {
      label: "old-db",
      region: "us-east",
      type: "g6-standard-1",
      engineId: "mysql/8.0.30",
    });
    await emulator().control.setPlatform("rdbms-default");
    resetCaches();
    const today = await upThenPreview(mysql, {
      label: "new-db",
      region: "us-east",
      type: "g6-standard-1",
      engineId: "mysql/8",
    });
    await emulator().control.clearRequests();
    const refused = await snapshot.check({}, { engine: "mysql", instanceId: Number(today.id), label: "nightly" });
    expect(refused.failures).toEqual([
      {
        property: "instanceId",
        reason: expect.stringMatching(
          /mysql database \d+ is on the rdbms-default platform, which takes no snapshots.*fork/,
        ),
      },
    ]);
    // A database still to be made (its id unknown in the preview) will be on today's platform too.
    const unknownId = await snapshot.check({}, { engine: "mysql", instanceId: UNKNOWN, label: "nightly" });
    expect(unknownId.failures).toEqual([
      {
        property: "instanceId",
        reason: expect.stringMatching(/the new mysql database is on the rdbms-default platform/),
      },
    ]);
    const passed = await snapshot.check({}, { engine: "mysql", instanceId: Number(legacy.id), label: "nightly" });
    expect(passed.failures ?? []).toEqual([]);
    expect(await writes()).toEqual([]);
  });

  test("cloudplatform:databasePlatform decides over the catalogue; another value is refused by name", async () => {
    await emulator().control.setPlatform("rdbms-default");
    const configured = async (platform: string): Promise<void> => {
      resetCaches();
      await configure({
        config: configBag({
          "cloudplatform:token": emulator().token,
          "cloudplatform:apiUrl": emulator().url,
          "cloudplatform:databasePlatform": platform,
        }),
      });
    };
    const program = {
      label: "orders-db",
      region: "us-east",
      type: "g6-standard-1",
      engineId: "mysql/8",
      clusterSize: 3,
    };
    // Told the contract's platform, a replication setting passes (the catalogue alone would refuse it).
    await configured("rdbms-legacy");
    expect((await mysql.check({}, { ...program, replicationType: "semi_synch" })).failures ?? []).toEqual([]);
    await configured("rdbms-default");
    expect((await mysql.check({}, { ...program, replicationType: "semi_synch" })).failures).toEqual([
      { property: "replicationType", reason: expect.stringMatching(/rdbms-default/) },
    ]);
    await configured("rdbms-2030");
    expect((await mysql.check({}, program)).failures).toEqual([
      {
        property: "engineId",
        reason: expect.stringMatching(
          /cloudplatform:databasePlatform \(or CLOUDPLATFORM_DATABASE_PLATFORM\) must be "rdbms-legacy" or "rdbms-default", got "rdbms-2030"/,
        ),
      },
    ]);
  });
});

describe("today's platform, an existing database", () => {
  test("a replication setting added to the program of a database that stays is refused too, by the platform's rule alone", async () => {
    await emulator().control.setPlatform("rdbms-default");
    const program = { label: "orders-db", region: "us-east", type: "g6-standard-1", engineId: "mysql/8" };
    const { inputs } = await upThenPreview(mysql, program);
    const res = await mysql.check(inputs, { ...program, replicationType: "semi_synch" });
    expect(res.failures).toEqual([
      {
        property: "replicationType",
        reason: expect.stringMatching(/^replicationType "semi_synch" is refused on the rdbms-default platform/),
      },
    ]);
  });
});
