/**
 * The inputs of `MysqlDatabase` and `PostgresqlDatabase`: diff and the rules `check` applies are
 * read from the field table (database-fields.ts); what spans fields (replication defaults by
 * cluster size, the MySQL refusal of a commit type) and the list and object inputs are code here.
 */
import type { EngineType } from "../../client/index.js";
import type { DiffSpec } from "../../shared/common.js";
import { DATABASE_FIELDS } from "./fields.js";
import { checkFields, diffSpec, type FieldCheck } from "../../shared/fields.js";
import { allowListInput, hasUnknown, maintenanceWindowInput, Rules, UNKNOWN, type Bag } from "../../shared/validate.js";
import { timeoutsCheck } from "../../shared/wait.js";
import { restoreRule } from "./restore.js";

const REPLICATION: Record<EngineType, readonly string[]> = {
  mysql: ["none", "asynch", "semi_synch"],
  postgresql: ["none", "asynch"],
};
const HA_REPLICATION: Record<EngineType, string> = { mysql: "semi_synch", postgresql: "asynch" };

/** Fields that cannot change without replacing the database. */
export const IMMUTABLE = diffSpec(DATABASE_FIELDS).replace;

/** How each input takes part in diff (and in telling a timeouts-only update apart). */
export const DATABASE_DIFF: DiffSpec = diffSpec(DATABASE_FIELDS, (o, n) => o.label === n.label || hasUnknown(n.label));

/** The default replication follows the cluster size; anything but "none" needs three nodes. */
function replication(engine: EngineType): FieldCheck {
  return (rules, news, inputs) => {
    // PostgreSQL answers spell asynch as "async"; accept it in inputs too and store one spelling.
    if (engine === "postgresql" && news.replicationType === "async") inputs.replicationType = "asynch";
    const cluster = inputs.clusterSize;
    const knownCluster = cluster === UNKNOWN ? undefined : cluster;
    const value = rules.oneOf(inputs, "replicationType", REPLICATION[engine], ` for ${engine}`);
    if (inputs.replicationType === undefined || inputs.replicationType === null) {
      if (cluster === UNKNOWN) inputs.replicationType = UNKNOWN;
      else if (knownCluster !== undefined)
        inputs.replicationType = knownCluster === 3 ? HA_REPLICATION[engine] : "none";
    } else if (value !== undefined && value !== "none" && knownCluster === 1) {
      rules.fail(
        "replicationType",
        `replicationType must be "none" for a single-node database (clusterSize 1); "${value}" needs clusterSize 3`,
      );
    }
  };
}

const allowList: FieldCheck = (rules, news, inputs) => {
  const allow = allowListInput(rules, news);
  if (allow !== undefined && allow !== UNKNOWN) inputs.allowList = allow;
};

const updates: FieldCheck = (rules, news, inputs) => {
  const window = maintenanceWindowInput(rules, news);
  if (window !== undefined && window !== UNKNOWN) inputs.updates = window;
};

/**
 * Runs every input rule (check, and create again before its first call). Returns inputs with
 * defaults filled. `creating`: there is no database yet (create, or the check of a new resource).
 */
export function checkDatabase(engine: EngineType, news: Bag, creating = false): { rules: Rules; inputs: Bag } {
  const checked = checkFields(DATABASE_FIELDS, news, engine, {
    replicationType: replication(engine),
    allowList,
    updates,
    // Whether a restore can apply depends on whether the database exists yet.
    restore: (rules) => restoreRule(rules, news, creating),
    timeouts: timeoutsCheck,
  });
  if (engine === "mysql" && news.replicationCommitType !== undefined && news.replicationCommitType !== null)
    checked.rules.fail("replicationCommitType", "replicationCommitType is PostgreSQL-only; MySQL does not accept it");
  return checked;
}
