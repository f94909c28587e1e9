/**
 * The inputs of `MysqlDatabase` and `PostgresqlDatabase`: diff and the rules `check` applies are
 * read from the field table (database-fields.ts); what spans fields (replication defaults and rules
 * by cluster size, the MySQL refusal of a commit type) and the list and object inputs are code here.
 */
import { DATABASE } from "../../api/index.js";
import type { EngineType } from "../../client/index.js";
import { changedFields, same, type DiffSpec } from "../../shared/fields/diff.js";
import { DATABASE_FIELDS } from "./fields.js";
import { checkFields, diffSpec, type FieldCheck } from "../../shared/fields/table.js";
import { hasUnknown, Rules, UNKNOWN, type Bag } from "../../shared/fields/validate.js";
import { allowListInput, maintenanceWindowInput } from "./rules.js";
import { timeoutsCheck } from "../../shared/runtime/wait.js";
import { restoreRule } from "./restore.js";
import { engineConfigCheck } from "./engine-config.js";

const HA_REPLICATION: Record<EngineType, string> = { mysql: "semi_synch", postgresql: "asynch" };
/** What a 3-node cluster may replicate with. */
const HA_ALLOWED: Record<EngineType, string> = { mysql: '"asynch" or "semi_synch"', postgresql: '"asynch"' };
/** The PostgreSQL commit types asynchronous replication takes. */
const ASYNCH_COMMIT_TYPES = ["local", "off"];

/** Fields that cannot change without replacing the database. */
export const IMMUTABLE = diffSpec(DATABASE_FIELDS).replace;

/** How each input takes part in diff (and in telling a timeouts-only update apart). */
export const DATABASE_DIFF: DiffSpec = diffSpec(DATABASE_FIELDS, (o, n) => o.label === n.label || hasUnknown(n.label));

/**
 * The default replication follows the cluster size; anything but "none" needs three nodes. The
 * values each engine takes are the model's (checked before this runs).
 */
function replication(engine: EngineType): FieldCheck {
  return (rules, news, inputs) => {
    // PostgreSQL answers spell asynch as "async"; accept it in inputs too and store one spelling.
    if (engine === "postgresql" && news.replicationType === "async") inputs.replicationType = "asynch";
    const cluster = inputs.clusterSize;
    const knownCluster = cluster === UNKNOWN ? undefined : cluster;
    const given = inputs.replicationType;
    const value = typeof given === "string" && given !== UNKNOWN ? given : undefined;
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

/**
 * Whether `up` would send a create for these checked inputs: a new database that is not adopted,
 * or a replacement (an immutable input changes, or is not known yet).
 */
export function sendsCreate(olds: Bag, inputs: Bag): boolean {
  if (Object.keys(olds).length === 0) return inputs.adoptId === undefined;
  return changedFields(olds, inputs, { ...DATABASE_DIFF, update: [] }).length > 0;
}

/**
 * The API's replication rules for a high-availability cluster, which it applies to a create: three
 * nodes need replication ("none" is refused), and PostgreSQL's "asynch" takes the commit types
 * "local" and "off" only. Runs on checked inputs (defaults filled), for a create only: a database
 * that already exists is not judged again, as the API does not judge it.
 */
export function replicationRules(engine: EngineType, rules: Rules, inputs: Bag): void {
  const failed = (p: string): boolean => rules.failures.some((f) => f.property === p);
  const type = inputs.replicationType;
  if (inputs.clusterSize === 3 && type === "none" && !failed("replicationType"))
    rules.fail(
      "replicationType",
      `replicationType "none" is refused for a 3-node cluster (clusterSize 3): use ${HA_ALLOWED[engine]}, ` +
        `or leave it out for "${HA_REPLICATION[engine]}"`,
    );
  const commit = inputs.replicationCommitType;
  if (
    engine === "postgresql" &&
    type === "asynch" &&
    typeof commit === "string" &&
    commit !== UNKNOWN &&
    !ASYNCH_COMMIT_TYPES.includes(commit) &&
    !failed("replicationCommitType")
  )
    rules.fail(
      "replicationCommitType",
      `replicationCommitType must be "local" or "off" with replicationType "asynch" (which a 3-node PostgreSQL ` +
        `cluster needs); got "${commit}"`,
    );
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
  return checkFields(
    DATABASE_FIELDS,
    news,
    engine,
    {
      replicationType: replication(engine),
      allowList,
      updates,
      engineConfig: engineConfigCheck(engine),
      // Whether a restore can apply depends on whether the database exists yet.
      restore: (rules) => restoreRule(rules, news, creating),
      timeouts: timeoutsCheck,
    },
    DATABASE,
  );
}

/** The inputs an object holds that a request sends only when the program changes them. */
const HELD = ["label", "updates"];

/**
 * The fields whose value the database holds and the program keeps, so nothing of them is sent:
 * today's rules do not judge them (the API checks what a request sends, not what an object holds:
 * database labels of 33 to 39 characters it accepted for years, maintenance windows of later
 * versions; api-behaviour.md, "Later versions of the API"). With a state, the ones the program
 * keeps as they are; on adoption (`adoptId`, no state yet), the label and window, which create
 * compares with the object once it has read it ({@link heldProblems}).
 */
export function heldFields(olds: Bag, news: Bag): string[] {
  if (Object.keys(olds).length === 0) return news.adoptId !== undefined && news.adoptId !== UNKNOWN ? HELD : [];
  return HELD.filter(
    (k) => news[k] !== undefined && news[k] !== null && !hasUnknown(news[k]) && same(olds[k], news[k]),
  );
}

/** Takes the failures of `fields` (and of their parts, `updates.duration`) out of `rules`; returns them. */
export function forgive(rules: Rules, fields: readonly string[]): Rules["failures"] {
  const ofField = (p: string): boolean => fields.some((f) => p === f || p.startsWith(`${f}.`));
  const taken = rules.failures.filter((f) => ofField(f.property));
  const kept = rules.failures.filter((f) => !ofField(f.property));
  rules.failures.splice(0, rules.failures.length, ...kept);
  return taken;
}

/**
 * What adoption would send that today's rules refuse: the deferred failures of the fields whose
 * value differs from the adopted object's (`current`, in the resource's form). A value the object
 * already holds is sent nowhere, so it passes.
 */
export function heldProblems(deferred: Rules["failures"], current: Bag, inputs: Bag): Rules["failures"] {
  const normalise = DATABASE_DIFF.normalise ?? {};
  const differs = (k: string): boolean => {
    const norm = normalise[k] ?? ((v: unknown) => v);
    return !same(norm(current[k]), norm(inputs[k]));
  };
  return deferred.filter((f) => differs(f.property.split(".")[0]));
}
