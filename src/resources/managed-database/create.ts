/**
 * A database's create: the request the inputs send, what today's platform refuses of it, and the
 * create itself, or the claim of the database an interrupted earlier attempt made; then the wait
 * until it is the arguments' (takeOver, which adoption ends with too).
 */
import type * as pulumi from "@pulumi/pulumi";
import type { CreateDatabaseRequest, Database, DatabaseSummary, EngineType } from "../../client/index.js";
import { claimedCreate, lookIn } from "../../shared/account/label-claim.js";
import { databaseAsHolder } from "../../shared/account/lists.js";
import { urnFor } from "../../shared/account/this-run.js";
import { inputNames, toApi } from "../../shared/fields/table.js";
import { hasUnknown, type Bag } from "../../shared/fields/validate.js";
import { DATABASE_KEYS as KEYS, type DatabaseBag } from "./bag.js";
import { client } from "../../shared/runtime/context.js";
import { ResourceInitError } from "../../shared/runtime/provider-errors.js";
import { timeoutMs } from "../../shared/runtime/wait.js";
import { converge } from "./converge.js";
import { DATABASE_FIELDS } from "./fields.js";
import { awaitForkSource, forkBody, forkOf } from "./fork.js";
import { platformRefusals, TODAYS } from "./platform.js";
import { stateOf } from "./state.js";

/**
 * Default limits: provisioning is documented at 15..30 minutes and observed up to 45. `resize`
 * is the update limit when today's platform resizes or upgrades a database in place, which its
 * console warns may take up to 2 hours for a cluster (todays-platform.md §2.2): 3 hours.
 */
export const DATABASE_TIMEOUTS_MS = {
  create: 45 * 60_000,
  update: 45 * 60_000,
  resize: 180 * 60_000,
  delete: 30 * 60_000,
};

/** The inputs a create sends when set (the API takes no maintenance window then). */
function createNames(engine: EngineType): string[] {
  return inputNames(DATABASE_FIELDS, engine).filter((k) => k !== KEYS.updates);
}

/** The create request: the inputs the program sets that the API takes at create. */
function createRequest(engine: EngineType, inputs: Bag): CreateDatabaseRequest {
  const fork = forkOf(inputs);
  return {
    ...toApi(DATABASE_FIELDS, inputs, createNames(engine)),
    ...(fork ? forkBody(fork) : {}),
  } as unknown as CreateDatabaseRequest;
}

/**
 * What today's platform refuses of the create these inputs send (each input judged by the
 * request entries it sends, by the API model's rules for the platform).
 */
export function createRefusals(engine: EngineType, inputs: Bag): { property: string; reason: string }[] {
  return createNames(engine).flatMap((k) => {
    if (hasUnknown(inputs[k])) return [];
    return platformRefusals(TODAYS, toApi(DATABASE_FIELDS, inputs, [k]), () => k, true);
  });
}

/**
 * Makes an existing database this resource's result (just created, adopted, or left by an
 * interrupted create): waits out provisioning and brings it to the arguments. A failure on the way
 * still records the database with its id, so the next `pulumi up` resumes instead of creating another.
 */
export async function takeOver(engine: EngineType, db: Database, inputs: Bag): Promise<pulumi.dynamic.CreateResult> {
  const id = String(db.id);
  let last = db;
  try {
    const limit = timeoutMs(inputs.timeouts, "create", DATABASE_TIMEOUTS_MS.create);
    return { id, outs: await converge(engine, db, undefined, inputs, limit, (d) => (last = d)) };
  } catch (err) {
    throw new ResourceInitError(id, stateOf(engine, last, inputs), inputs, err);
  }
}

/**
 * Creates the database, or takes over the one this resource's interrupted earlier attempt provably
 * made (label-claim.ts). The look reads every engine's databases: labels are unique across both.
 */
export async function createOrClaim(
  engine: EngineType,
  carried: string | undefined,
  inputs: DatabaseBag,
): Promise<pulumi.dynamic.CreateResult> {
  const api = client().database(engine);
  const label = inputs.label as string;
  const scope = `database:${label}`;
  const byLabel = async (): Promise<Database | undefined> =>
    (await api.list({ filter: { label } satisfies Partial<Database> })).find((d) => d.label === label);
  return claimedCreate(
    { scope, label, urn: urnFor(scope, carried) },
    {
      // The whole list (500 to a page): no filterable database field tells the highest id.
      look: async () => lookIn<Database | DatabaseSummary>(await client().databases.list(), label),
      holder: (d) => databaseAsHolder(engine, d),
      send: async () => {
        // A fork waits for its source's first backup before anything is made.
        const fork = forkOf(inputs);
        if (fork)
          await awaitForkSource(engine, api, fork, timeoutMs(inputs.timeouts, "create", DATABASE_TIMEOUTS_MS.create));
        return api.create(createRequest(engine, inputs), { recover: byLabel });
      },
      // The cross-engine list gives a summary; the engine's own record is what the wait starts from.
      finish: async (d, earlier) => takeOver(engine, earlier ? await api.get(d.id) : (d as Database), inputs),
    },
  );
}
