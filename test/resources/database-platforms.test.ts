/**
 * What the database providers send and plan on each platform, from the emulator's own record of
 * the exchanges (request bodies) and its request log: a create carries only what the program
 * sets, and a state holding the API's default previews clean.
 */
import { provider as mysqlProvider } from "../../src/resources/mysql-database.js";
import { provider as pgProvider } from "../../src/resources/postgresql-database.js";
import { configure, resetCaches } from "../../src/shared/runtime/context.js";
import type { Bag } from "../../src/shared/fields/validate.js";
import { startTestEmulator, type TestEmulator } from "../support/emulator.js";
import type { Exchange } from "../support/exchanges.js";
import { configBag, TEST_CLOCK_SCALE, TEST_POLL_SCALE } from "./provider-env.js";

const mysql = mysqlProvider as Required<typeof mysqlProvider>;
const pg = pgProvider as Required<typeof pgProvider>;

const exchanges: Exchange[] = [];
let emulator: TestEmulator;
const savedScale = process.env.CLOUDPLATFORM_POLL_SCALE;
beforeAll(async () => {
  process.env.CLOUDPLATFORM_POLL_SCALE = TEST_POLL_SCALE;
  emulator = await startTestEmulator({ provisioningSeconds: 1 }, exchanges);
});
afterAll(async () => {
  await emulator.close();
  if (savedScale === undefined) delete process.env.CLOUDPLATFORM_POLL_SCALE;
  else process.env.CLOUDPLATFORM_POLL_SCALE = savedScale;
});
beforeEach(async () => {
  await emulator.control.reset();
  await emulator.control.setClockScale(TEST_CLOCK_SCALE);
  resetCaches();
  await configure({
    config: configBag({ "cloudplatform:token": emulator.token, "cloudplatform:apiUrl": emulator.url }),
  });
  exchanges.length = 0;
});

/** The bodies of the requests `operation` names (`POST /databases/mysql/instances`). */
const bodies = (operation: string): Bag[] =>
  exchanges.filter((x) => x.operation === operation).map((x) => x.request as Bag);

/** Check, create, then the preview right after: check against the state and diff. */
async function upThenPreview(provider: typeof mysql, program: Bag): Promise<{ id: string; outs: Bag; diff: unknown }> {
  const checked = await provider.check({}, program);
  expect(checked.failures ?? []).toEqual([]);
  const created = await provider.create(checked.inputs as Bag);
  const outs = created.outs as Bag;
  const again = await provider.check(outs, program);
  expect(again.failures ?? []).toEqual([]);
  return { id: created.id, outs, diff: await provider.diff(created.id, outs, again.inputs as Bag) };
}

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
    const checked = await mysql.check(old, program);
    expect(await mysql.diff(id, old, checked.inputs as Bag)).toEqual({ changes: false });
  });

  test("an unset input whose state holds another value is planned as the API's default", async () => {
    const program = { label: "orders-db", region: "us-east", type: "g6-standard-1", engineId: "mysql/8.0.30" };
    const created = await mysql.create(
      (await mysql.check({}, { ...program, allowList: ["10.0.0.1"], encrypted: true })).inputs as Bag,
    );
    const outs = created.outs as Bag;
    const checked = await mysql.check(outs, program);
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
