/**
 * The inputs of `MysqlDatabase` and `PostgresqlDatabase`: which replace, which update in place, and
 * the rules `check` applies (with the defaults the API would fill in), per engine.
 */
import type { EngineType } from "../client/index.js";
import { hasUnknown, type Bag } from "./validate.js";
import type { DiffSpec } from "./common.js";
import {
  allowListInput,
  databaseLabelRule,
  engineIdRule,
  maintenanceWindowInput,
  normaliseAllowList,
  Rules,
  UNKNOWN,
} from "./validate.js";
import { timeoutsRule } from "./wait.js";
import { normaliseRestore, restoreRule } from "./database-restore.js";

const REPLICATION: Record<EngineType, readonly string[]> = {
  mysql: ["none", "asynch", "semi_synch"],
  postgresql: ["none", "asynch"],
};
const HA_REPLICATION: Record<EngineType, string> = { mysql: "semi_synch", postgresql: "asynch" };
const COMMIT_TYPES = ["on", "local", "remote_write", "remote_apply", "off"] as const;

/** Fields that cannot change without replacing the database. */
export const IMMUTABLE = [
  "region",
  "engineId",
  "clusterSize",
  "encrypted",
  "sslConnection",
  "replicationType",
  "replicationCommitType",
];

/** Inputs changed in place by `update`. */
export const MUTABLE = [
  "label",
  "type",
  "allowList",
  "updates",
  "credentialsRotation",
  "patchNow",
  "restore",
  "timeouts",
];

/** How each input takes part in diff (and in telling a timeouts-only update apart). */
export const DIFF: DiffSpec = {
  replace: IMMUTABLE,
  update: MUTABLE,
  // A restore left out of the program does nothing: the state keeps the last one performed.
  ifSet: ["updates", "restore"],
  normalise: {
    allowList: (v) => (Array.isArray(v) && !hasUnknown(v) ? normaliseAllowList(v as string[]) : v),
    replicationType: (v) => (v === "async" ? "asynch" : v),
    updates: (v) => (v && typeof v === "object" && !hasUnknown(v) ? { weekOfMonth: null, ...(v as Bag) } : v),
    restore: normaliseRestore,
  },
  // Database labels are unique in the account.
  collides: (o, n) => o.label === n.label || hasUnknown(n.label),
};

/**
 * Runs every input rule (check, and create again before its first call). Returns inputs with
 * defaults filled. `creating`: there is no database yet (create, or the check of a new resource).
 */
export function checkDatabase(engine: EngineType, news: Bag, creating = false): { rules: Rules; inputs: Bag } {
  const rules = new Rules();
  const inputs: Bag = { ...news };
  rules.string(news, "label", true, databaseLabelRule);
  rules.string(news, "region", true);
  rules.string(news, "type", true, (t) => (t.trim() === "" ? "must not be empty" : undefined));
  rules.string(news, "engineId", true, engineIdRule(engine));

  if (news.clusterSize === undefined || news.clusterSize === null) inputs.clusterSize = 1;
  const cluster = rules.oneOf(news, "clusterSize", [1, 3] as const, " (a single node, or a primary and two replicas)");
  if (news.encrypted === undefined || news.encrypted === null) inputs.encrypted = false;
  else rules.boolean(news, "encrypted");
  if (news.sslConnection === undefined || news.sslConnection === null) inputs.sslConnection = true;
  else rules.boolean(news, "sslConnection");

  // PostgreSQL answers spell asynch as "async"; accept it in inputs too and store one spelling.
  if (engine === "postgresql" && news.replicationType === "async") inputs.replicationType = "asynch";
  const knownCluster = inputs.clusterSize === UNKNOWN ? undefined : (cluster ?? (inputs.clusterSize as number));
  const replication = rules.oneOf(inputs, "replicationType", REPLICATION[engine], ` for ${engine}`);
  if (inputs.replicationType === undefined || inputs.replicationType === null) {
    if (inputs.clusterSize === UNKNOWN) inputs.replicationType = UNKNOWN;
    else if (knownCluster !== undefined) inputs.replicationType = knownCluster === 3 ? HA_REPLICATION[engine] : "none";
  } else if (replication !== undefined && replication !== "none" && knownCluster === 1) {
    rules.fail(
      "replicationType",
      `replicationType must be "none" for a single-node database (clusterSize 1); "${replication}" needs clusterSize 3`,
    );
  }

  if (engine === "mysql") {
    if (news.replicationCommitType !== undefined && news.replicationCommitType !== null)
      rules.fail("replicationCommitType", "replicationCommitType is PostgreSQL-only; MySQL does not accept it");
  } else {
    if (news.replicationCommitType === undefined || news.replicationCommitType === null)
      inputs.replicationCommitType = "local";
    else rules.oneOf(news, "replicationCommitType", COMMIT_TYPES);
  }

  const allow = allowListInput(rules, news);
  if (allow !== undefined && allow !== UNKNOWN) inputs.allowList = allow;
  else if (news.allowList === undefined || news.allowList === null) inputs.allowList = [];

  const window = maintenanceWindowInput(rules, news);
  if (window !== undefined && window !== UNKNOWN) inputs.updates = window;

  rules.string(news, "credentialsRotation", false);
  rules.string(news, "patchNow", false);
  restoreRule(rules, news, creating);
  if (news.adoptId !== undefined && news.adoptId !== UNKNOWN) {
    const id = rules.id(news, "adoptId", false);
    if (id !== undefined) inputs.adoptId = id;
  }
  for (const f of timeoutsRule(news.timeouts === UNKNOWN ? undefined : news.timeouts)) rules.fail(f.property, f.reason);
  return { rules, inputs };
}
