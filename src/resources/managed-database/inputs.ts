/**
 * The inputs of `MysqlDatabase` and `PostgresqlDatabase`: diff and the rules `check` applies are
 * read from the field table (database-fields.ts); what spans fields (replication defaults and rules
 * by cluster size, the MySQL refusal of a commit type) and the list and object inputs are code here.
 */
import { DATABASE, isEngine } from "../../api/index.js";
import type { EngineType } from "../../client/index.js";
import { changedFields, same, type DiffSpec } from "../../shared/fields/diff.js";
import { DATABASE_FIELDS } from "./fields.js";
import { checkFields, diffSpec, fieldsOf, type FieldCheck, type FieldTable } from "../../shared/fields/table.js";
import { hasUnknown, Rules, UNKNOWN, type Bag } from "../../shared/fields/validate.js";
import { DATABASE_KEYS as KEYS, type DatabaseBag } from "./bag.js";
import { clusterSizesOf } from "../../api/index.js";
import { allowListFamilies, allowListInput, maintenanceWindowInput } from "./rules.js";
import { timeoutsCheck } from "../../shared/runtime/wait.js";
import { restoreRule } from "./restore.js";
import { forkRule } from "./fork.js";
import { engineConfigCheck } from "./engine-config.js";
import { LEGACY, majorOf, newDatabasePlatform, platformOf, TODAYS, type DatabasePlatform } from "./platform.js";

/** What a 3-node cluster may replicate with. */
const HA_ALLOWED: Record<EngineType, string> = { mysql: '"asynch" or "semi_synch"', postgresql: '"asynch"' };
/** The PostgreSQL commit types asynchronous replication takes. */
const ASYNCH_COMMIT_TYPES = ["local", "off"];

/** What each engine's 3-node cluster replicates with when the program leaves it to the legacy API. */
export const HA_REPLICATION: Record<EngineType, string> = { mysql: "semi_synch", postgresql: "asynch" };

/**
 * The values the API takes for the inputs `news` leaves out, on `platform`: each field's default
 * in the table (today's own where it declares one: disks always encrypted), none for a field the
 * platform refuses; on the contract's platform the replication by cluster size too. A create
 * sends only what the program sets; diff, update and adoption compare the program with what the
 * API would have picked, so an unset input whose state holds the API's default is no change.
 */
export function apiDefaults(engine: EngineType, platform: DatabasePlatform, news: Bag): Bag {
  const out: Bag = {};
  for (const [k, f] of fieldsOf(DATABASE_FIELDS as FieldTable<never>, engine)) {
    const today = platform === TODAYS ? f.todays : undefined;
    if (f.change === "output" || today?.change === "refused") continue;
    const value = today && "default" in today ? today.default : f.default;
    if (value !== undefined) out[k] = value;
  }
  if (platform === TODAYS) return out;
  const cluster = news.clusterSize ?? 1;
  return {
    ...out,
    replicationType: cluster === UNKNOWN ? UNKNOWN : cluster === 3 ? HA_REPLICATION[engine] : "none",
  };
}

/** `news` with the API's value for each input it leaves out (see {@link apiDefaults}). */
export function withApiDefaults(engine: EngineType, platform: DatabasePlatform, news: Bag): Bag {
  const out: Bag = { ...news };
  for (const [k, v] of Object.entries(apiDefaults(engine, platform, news)))
    if (out[k] === undefined || out[k] === null) out[k] = v;
  return out;
}

/** Fields that cannot change without replacing the database. */
export const IMMUTABLE = diffSpec(DATABASE_FIELDS).replace;

/**
 * How each input takes part in diff (and in telling a timeouts-only update apart). An input the
 * program leaves out is compared as the value the database's platform gives it (platform.ts); the
 * engine is the state's.
 */
export const DATABASE_DIFF: DiffSpec = {
  ...diffSpec(DATABASE_FIELDS, (o: DatabaseBag, n: DatabaseBag) => o.label === n.label || hasUnknown(n.label)),
  unset: (olds, news) => {
    // A state names its engine; inputs (check's olds) only in their engine id.
    const engine = olds.engineType ?? String(olds.engineId ?? news.engineId ?? "").split("/")[0];
    return isEngine(engine) ? apiDefaults(engine, platformOf(olds), news) : {};
  },
};

/**
 * Replication: "none" on one node, anything else needs three (the values each engine takes are
 * the model's, checked before this runs). Left out, it is left to the API (which picks by cluster
 * size), so nothing is filled in.
 */
function replication(engine: EngineType, platform: DatabasePlatform | undefined): FieldCheck {
  return (rules, news, inputs) => {
    // Today's platform takes no replication setting: its own refusal says so (provider.ts).
    if (platform === TODAYS) return;
    // PostgreSQL answers spell asynch as "async"; accept it in inputs too and store one spelling.
    if (engine === "postgresql" && news.replicationType === "async") inputs.replicationType = "asynch";
    // The API's own cluster size when the program leaves it out.
    const cluster = inputs.clusterSize ?? 1;
    const given = inputs.replicationType;
    const value = typeof given === "string" && given !== UNKNOWN ? given : undefined;
    if (value !== undefined && value !== "none" && cluster === 1) {
      rules.fail(
        "replicationType",
        `replicationType must be "none" for a single-node database (clusterSize 1); "${value}" needs clusterSize 3`,
      );
    }
  };
}

/**
 * The inputs whose change replaces the database in `olds` (its platform's rules): the table's
 * `replace` fields, except, on today's platform, the cluster size and a newer major version of
 * the same engine, which the API changes in place. An unknown new value counts as a change.
 */
export function replacedFields(olds: Bag, news: Bag): string[] {
  const changed = changedFields(olds, news, { ...DATABASE_DIFF, update: [] });
  if (platformOf(olds) !== TODAYS) return changed;
  // The engine id changes in place only to a newer major of the same engine.
  const inPlace = (k: string): boolean =>
    (DATABASE_FIELDS as FieldTable<never>)[k]?.todays?.change === "update" &&
    (k !== "engineId" || isUpgrade(olds.engineId, news.engineId));
  return changed.filter((k) => !inPlace(k));
}

/** Whether `next` is a newer major version of the engine of `current` (`mysql/8` to `mysql/9`). */
export function isUpgrade(current: unknown, next: unknown): boolean {
  const [a, b] = [majorOf(current), majorOf(next)];
  const engine = (v: unknown): string | undefined => (typeof v === "string" ? v.split("/")[0] : undefined);
  return a !== undefined && b !== undefined && b > a && engine(current) === engine(next);
}

/**
 * Whether `up` would send a create for these checked inputs: a new database that is not adopted,
 * or a replacement (an input changes that its platform cannot change in place, or is not known yet).
 */
export function sendsCreate(olds: Bag, inputs: Bag): boolean {
  if (Object.keys(olds).length === 0) return inputs.adoptId === undefined;
  return replacedFields(olds, inputs).length > 0;
}

/**
 * The platform whose rules judge the program: the database's own when it stays, the one the API
 * makes new databases on when `up` creates one (new, or a replacement), undefined when it cannot
 * be told yet (an adoption, read at create; a catalogue that cannot be read).
 */
export async function judgingPlatform(
  engine: EngineType,
  olds: Bag,
  inputs: Bag,
): Promise<DatabasePlatform | undefined> {
  if (!sendsCreate(olds, inputs)) return Object.keys(olds).length === 0 ? undefined : platformOf(olds);
  return newDatabasePlatform(engine);
}

/**
 * The API's replication rules for a high-availability cluster, which it applies to a create: three
 * nodes need replication ("none" is refused), and PostgreSQL's "asynch" takes the commit types
 * "local" and "off" only. Runs on checked inputs (defaults filled), for a create only: a database
 * that already exists is not judged again, as the API does not judge it.
 */
export function replicationRules(engine: EngineType, rules: Rules, inputs: Bag): void {
  const failed = (p: string): boolean => rules.failures.some((f) => f.property === p);
  // What the API takes for what the program leaves out (a create sends only what it sets).
  const type = inputs.replicationType ?? apiDefaults(engine, platformOf(undefined), inputs).replicationType;
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

/** The allow list, by the IP families the platform takes (IPv6 too on today's; both when not told yet). */
const allowList =
  (platform: DatabasePlatform | undefined): FieldCheck =>
  (rules, news, inputs) => {
    const allow = allowListInput(rules, news, allowListFamilies(platform), platform);
    if (allow !== undefined && allow !== UNKNOWN) inputs.allowList = allow;
  };

/** The maintenance window, by the rules of the platform that takes it (the contract's when not told). */
const updates =
  (platform: DatabasePlatform | undefined): FieldCheck =>
  (rules, news, inputs: DatabaseBag) => {
    const window = maintenanceWindowInput(rules, news, KEYS.updates, platform ?? LEGACY);
    if (window !== undefined && window !== UNKNOWN) inputs.updates = window;
  };

/**
 * The cluster sizes a platform takes on the program's plan, with the reason shown: the contract's
 * 1 or 3; today's 1, 2 or 3 on dedicated plans and 1 or 3 on shared ones (src/api/platforms.ts);
 * a platform not told yet (an adoption, an unreadable catalogue) any of them: the API judges.
 */
function clusterSizes(platform: DatabasePlatform | undefined, type: unknown): [readonly number[], string] {
  // The contract's sizes are the model's, judged before this runs.
  if (platform === LEGACY) return [DATABASE_FIELDS.clusterSize.choices.values, ""];
  if (platform === undefined || typeof type !== "string" || type === UNKNOWN) return [[1, 2, 3], ""];
  return [
    clusterSizesOf(platform, type),
    ` on the ${platform} platform with plan "${type}" (2 nodes only on dedicated plans)`,
  ];
}

/**
 * Runs every input rule (check, and create again before its first call). Returns inputs with
 * defaults filled. `creating`: there is no database yet (create, or the check of a new resource).
 */
export function checkDatabase(
  engine: EngineType,
  news: DatabaseBag,
  creating = false,
  platform?: DatabasePlatform | null,
): { rules: Rules; inputs: DatabaseBag } {
  const checked = checkFields(
    DATABASE_FIELDS,
    news,
    engine,
    {
      clusterSize: (rules) => void rules.oneOf(news, "clusterSize", ...clusterSizes(platform ?? undefined, news.type)),
      replicationType: replication(engine, platform ?? undefined),
      allowList: allowList(platform ?? undefined),
      updates: updates(platform ?? undefined),
      engineConfig: engineConfigCheck(engine),
      // Whether a restore can apply depends on whether the database exists yet.
      restore: (rules) => restoreRule(rules, news, creating),
      fork: forkRule,
      timeouts: timeoutsCheck,
    },
    DATABASE,
    // The model's rules are the contract's: a field today's platform (or a platform not told yet)
    // treats otherwise is judged by the platform's own rules instead (provider.ts, rules.ts).
    platform === LEGACY ? undefined : (platform ?? "unknown"),
  );
  // A create sends only what the program sets: the API's defaults are not inputs.
  for (const [k, f] of Object.entries(DATABASE_FIELDS))
    if ("default" in f && (news[k] === undefined || news[k] === null)) delete checked.inputs[k];
  return checked;
}

/** The inputs an object holds that a request sends only when the program changes them. */
const HELD: string[] = [KEYS.label, KEYS.updates];

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
