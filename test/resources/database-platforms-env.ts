/**
 * What the tests of the database providers on each platform share: the providers, one emulator per
 * file that records the exchanges (request bodies) and is reset before each test, and the checks
 * of what a create sends and what the preview right after plans.
 */
import { provider as mysqlProvider } from "../../src/resources/mysql-database.js";
import { provider as pgProvider } from "../../src/resources/postgresql-database.js";
import { configure, resetCaches } from "../../src/shared/runtime/context.js";
import type { Bag } from "../../src/shared/fields/validate.js";
import { provider as snapshotProvider } from "../../src/resources/database-snapshot/provider.js";
import { startTestEmulator, type TestEmulator } from "../support/emulator.js";
import type { Exchange } from "../support/exchanges.js";
import { configBag, TEST_CLOCK_SCALE, TEST_POLL_SCALE } from "./provider-env.js";

/** The MySQL database provider, every method present. */
export const mysql = mysqlProvider as Required<typeof mysqlProvider>;
/** The PostgreSQL database provider, every method present. */
export const pg = pgProvider as Required<typeof pgProvider>;
/** The database snapshot provider, every method present. */
export const snapshot = snapshotProvider as Required<typeof snapshotProvider>;

/** A database on the contract's platform with only the required inputs. */
export const LEGACY_MYSQL = { label: "orders-db", region: "us-east", type: "g6-standard-1", engineId: "mysql/8.0.30" };

/**
 * One emulator for the file (provisioning in a second, the test clock and poll scales), reset
 * before each test with the providers configured for it and its exchanges emptied.
 */
export function usePlatformsEmulator() {
  const exchanges: Exchange[] = [];
  let emulator: TestEmulator | undefined;
  const savedScale = process.env.CLOUDPLATFORM_POLL_SCALE;
  beforeAll(async () => {
    process.env.CLOUDPLATFORM_POLL_SCALE = TEST_POLL_SCALE;
    emulator = await startTestEmulator({ provisioningSeconds: 1 }, exchanges);
  });
  afterAll(async () => {
    await emulator?.close();
    if (savedScale === undefined) delete process.env.CLOUDPLATFORM_POLL_SCALE;
    else process.env.CLOUDPLATFORM_POLL_SCALE = savedScale;
  });
  beforeEach(async () => {
    const em = current();
    await em.control.reset();
    await em.control.setClockScale(TEST_CLOCK_SCALE);
    resetCaches();
    await configure({
      config: configBag({ "cloudplatform:token": em.token, "cloudplatform:apiUrl": em.url }),
    });
    exchanges.length = 0;
  });
  const current = (): TestEmulator => {
    if (!emulator) throw new Error("emulator not started (use inside a test)");
    return emulator;
  };

  /** The bodies of the requests `operation` names (`POST /databases/mysql/instances`). */
  const bodies = (operation: string): Bag[] =>
    exchanges.filter((x) => x.operation === operation).map((x) => x.request as Bag);

  /** The writes the emulator's request log holds, as `METHOD path`. */
  async function writes(): Promise<string[]> {
    return (await current().control.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
  }

  return { emulator: current, exchanges, bodies, writes };
}

/** Check, create, then the preview right after: check against the state and diff. */
export async function upThenPreview(
  provider: typeof mysql,
  program: Bag,
): Promise<{ id: string; outs: Bag; inputs: Bag; diff: unknown }> {
  const checked = await provider.check({}, program);
  expect(checked.failures ?? []).toEqual([]);
  const created = await provider.create(checked.inputs as Bag);
  const outs = created.outs as Bag;
  // As the engine does: check gets the inputs it returned last time, diff the state.
  const again = await provider.check(checked.inputs as Bag, program);
  expect(again.failures ?? []).toEqual([]);
  return {
    id: created.id,
    outs,
    inputs: checked.inputs as Bag,
    diff: await provider.diff(created.id, outs, again.inputs as Bag),
  };
}
