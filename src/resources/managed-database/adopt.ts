/**
 * A database's adoption (`adoptId`): the database is read, held to the fields no update can
 * change, its own platform's rules judge what adoption may send, and it is taken over as a create
 * would take over the database it made.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { EngineType } from "../../client/index.js";
import { assertValid } from "../../shared/fields/diff.js";
import { fromApi } from "../../shared/fields/table.js";
import type { Bag } from "../../shared/fields/validate.js";
import { client } from "../../shared/runtime/context.js";
import { readAdopted } from "../../shared/runtime/provider-errors.js";
import { createRefusals, takeOver } from "./create.js";
import { DATABASE_FIELDS } from "./fields.js";
import { checkDatabase, forgive, heldFields, heldProblems, withApiDefaults } from "./inputs.js";
import { platformOf, TODAYS } from "./platform.js";
import { immutableMismatches } from "./state.js";

/**
 * Takes over the database `adoptId` names. `deferred`: the rule failures of values it may already
 * hold (label, window), refused only when they differ from the database's and so would be sent.
 */
export async function adopt(
  engine: EngineType,
  inputs: Bag,
  deferred: pulumi.dynamic.CheckFailure[],
): Promise<pulumi.dynamic.CreateResult> {
  const instanceId = inputs.adoptId as number;
  const db = await readAdopted(`${engine} database ${instanceId}`, () => client().database(engine).get(instanceId));
  // What the program leaves out is what the API would have made: the database must hold that too.
  const mismatches = immutableMismatches(engine, db, withApiDefaults(engine, platformOf(db), inputs));
  if (mismatches.length > 0) {
    throw new Error(
      `Cannot adopt ${engine} database ${instanceId}: ${mismatches.join("; ")}. ` +
        "These fields cannot be changed, so make the arguments match the database or drop adoptId.",
    );
  }
  // The database's platform is known now: its own rules judge the values adoption may send (a
  // label today's platform takes beyond the contract's 32 characters, one it refuses as too short).
  const platform = platformOf(db);
  const { rules } = checkDatabase(engine, inputs, true, platform);
  if (platform === TODAYS) for (const f of createRefusals(engine, inputs)) rules.fail(f.property, f.reason);
  const judged = [...deferred, ...forgive(rules, heldFields({}, inputs))];
  const unique = judged.filter(
    (f, i) => judged.findIndex((g) => g.property === f.property && g.reason === f.reason) === i,
  );
  assertValid(`${engine} database`, heldProblems(unique, fromApi(DATABASE_FIELDS, db, engine), inputs));
  return takeOver(engine, db, inputs);
}
