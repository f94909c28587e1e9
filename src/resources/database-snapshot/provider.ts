/**
 * The provider of `DatabaseSnapshot`: an on-demand backup of a managed database.
 */
import * as pulumi from "@pulumi/pulumi";
import type { CreateSnapshotRequest, Database, DatabaseBackup, EngineType } from "../../client/index.js";
import type { DatabaseSnapshotArgs } from "./args.js";
import { adopts, assertValid, compact, computeDiff, noteReplacement } from "../../shared/fields/diff.js";
import { client, configure, warn } from "../../shared/runtime/context.js";
import { isNotFound, readAdopted, unlessNotFound } from "../../shared/runtime/provider-errors.js";
import { claimedCreate, CreateInFlightError, lookIn, takenProblem } from "../../shared/account/label-claim.js";
import { backupAsHolder, backupHolder } from "../../shared/account/lists.js";
import { takeUrn } from "../../shared/engine/resource-urn.js";
import { noteCurrentLabel, noteUrn, urnFor } from "../../shared/account/this-run.js";
import { BACKUP, isEngine } from "../../api/index.js";
import { checkFields, diffSpec, refreshInputs, stateFields, type FieldCheck } from "../../shared/fields/table.js";
import { fullDatabase, parseSnapshotId, requestSnapshot, SNAPSHOT_LIMIT, waitReady } from "./requests.js";
import { takeProgramFailures } from "../../shared/engine/program-args.js";
import { SNAPSHOT_FIELDS, SNAPSHOT_INPUTS as KEYS } from "./fields.js";
import { DATABASE_FIELDS } from "../managed-database/fields.js";
import { newDatabasePlatform, platformOf, type DatabasePlatform } from "../managed-database/platform.js";
import { PLATFORM_RULES } from "../../api/index.js";
import { Rules, UNKNOWN, type Bag, type InputBag } from "../../shared/fields/validate.js";
import { QUICK, timeoutMs, timeoutsCheck, waitFor } from "../../shared/runtime/wait.js";

/** A snapshot's inputs as the engine hands them over. */
type Inputs = InputBag<DatabaseSnapshotArgs>;

const DEFAULT_CREATE_MS = 30 * 60_000;
const DEFAULT_DELETE_MS = 10 * 60_000;

/** A database's node count, read through the database resources' field table. */
const clusterSize = (db: Database): number => db[DATABASE_FIELDS.clusterSize.api];
/** The snapshot's target input, as the API's create body types it. */
const targetOf = (inputs: Inputs) => inputs.target as CreateSnapshotRequest["target"];

/** `adoptId` names a snapshot of the very engine and database the arguments name. */
const adoptIdCheck: FieldCheck = (rules, news: Inputs, inputs: Inputs) => {
  const adopt = rules.string(news, "adoptId", false, (v) =>
    parseSnapshotId(v)
      ? undefined
      : `must have the form <engine>/<instanceId>/<backupId>, such as mysql/123/456 (got "${v}")`,
  );
  if (adopt === undefined) return;
  const parsed = parseSnapshotId(adopt)!;
  if (typeof news.engine === "string" && news.engine !== UNKNOWN && parsed.engine !== news.engine)
    rules.fail("adoptId", `adoptId names engine ${parsed.engine} but engine is ${news.engine}`);
  const id = inputs.instanceId;
  if (typeof id === "number" && parsed.instanceId !== id)
    rules.fail("adoptId", `adoptId names database ${parsed.instanceId} but instanceId is ${id}`);
};

function checkInputs(news: Inputs): { rules: Rules; inputs: Inputs } {
  return checkFields(SNAPSHOT_FIELDS, news, undefined, { adoptId: adoptIdCheck, timeouts: timeoutsCheck }, BACKUP);
}

function stateOf(inputs: Inputs, backup: DatabaseBackup): Bag {
  return compact(stateFields(SNAPSHOT_FIELDS, backup, inputs));
}

async function adopt(inputs: Inputs): Promise<pulumi.dynamic.CreateResult> {
  const ref = parseSnapshotId(inputs.adoptId as string)!;
  const backup = await readAdopted(`backup ${ref.backupId} of ${ref.engine} database ${ref.instanceId}`, () =>
    client().database(ref.engine).getBackup(ref.instanceId, ref.backupId),
  );
  if (backup.label !== inputs.label) {
    throw new Error(
      `Cannot adopt snapshot ${inputs.adoptId as string}: its label is "${backup.label}" but the arguments say ` +
        `"${String(inputs.label)}"; a snapshot cannot be changed, so make label match or drop adoptId.`,
    );
  }
  return { id: inputs.adoptId as string, outs: stateOf(inputs, backup) };
}

/**
 * A snapshot to be made (a create, or a replacement: every input but the time limits replaces it)
 * of a database that exists already: the label must not be one of its backups' already. The
 * backups cannot be listed while the database provisions; the create judges then.
 */
async function labelCheck(olds: Inputs, inputs: Inputs, urn: string | undefined, rules: Rules): Promise<void> {
  const { engine, instanceId, label } = inputs;
  if (rules.failures.length > 0 || inputs.adoptId !== undefined) return;
  if (typeof instanceId !== "number" || typeof label !== "string" || label === UNKNOWN) return;
  if (!isEngine(engine)) return;
  const scope = `${engine}/${instanceId}/backup:${label}`;
  noteUrn(scope, urn);
  if (Object.keys(olds).length > 0)
    noteCurrentLabel(`${String(olds.engine)}/${String(olds.instanceId)}/backup:${String(olds.label)}`, urn);
  // The resource's own snapshot keeps its label: a change of time limits only, or delete-first replacement.
  if (olds.engine === engine && olds.instanceId === instanceId && olds.label === label) return;
  const problem = await takenProblem(
    { scope, label, urn },
    await backupHolder(engine, instanceId, label),
    "backup labels are unique per database",
  );
  if (problem) rules.fail(KEYS.label, problem);
}

/** How each input takes part in diff; the plugin names the changed fields from it. */
const SNAPSHOT_DIFF = diffSpec(
  SNAPSHOT_FIELDS,
  // Labels are unique per database: a replacement of the same label must follow the delete.
  (o: Inputs, n: Inputs) => o.engine === n.engine && o.instanceId === n.instanceId && o.label === n.label,
);

export { parseSnapshotId, SNAPSHOT_LIMIT } from "./requests.js";

/** The implementation the lazy provider loads in the provider process. */
export const provider: pulumi.dynamic.ResourceProvider = {
  configure,

  async check(olds: Inputs, news: Inputs) {
    const { rules, inputs } = checkInputs(news);
    const urn = takeUrn(inputs);
    for (const f of takeProgramFailures(inputs)) rules.fail(f.property, f.reason);
    await labelCheck(olds, inputs, urn, rules);
    // A snapshot that will be made (new, or a replacement) needs a platform that keeps backups; a
    // database that exists already is read once for that and for whether it has a secondary node.
    const creates =
      Object.keys(olds).length === 0 || (computeDiff(olds, inputs, SNAPSHOT_DIFF).replaces ?? []).length > 0;
    const engine = inputs.engine;
    const id = inputs.instanceId;
    if (rules.failures.length === 0 && isEngine(engine)) {
      const judged = creates && !adopts("database-snapshot", inputs);
      const db =
        typeof id === "number" && (judged || targetOf(inputs) === "secondary")
          ? await existingDatabase(engine, id)
          : undefined;
      const refusal = !judged
        ? undefined
        : db
          ? backupsRefusal(engine, db.id, platformOf(db))
          : typeof id === "number"
            ? undefined
            : await newDatabaseRefusal(engine);
      if (refusal) rules.fail("instanceId", refusal);
      // One still to be created is checked in the program (see secondaryOfSingleNode), and again by create.
      if (targetOf(inputs) === "secondary" && db && clusterSize(db) !== 3)
        rules.fail(
          "target",
          `target "secondary" needs a 3-node cluster, but ${engine} database ${db.id} has clusterSize ${clusterSize(db)}`,
        );
    }
    return rules.result(inputs, news);
  },

  async diff(id: string, olds: Inputs, news: Inputs) {
    const result = computeDiff(olds, news, SNAPSHOT_DIFF);
    // Create-before-delete keeps a backup until its successor exists; give that up only when the
    // successor could not be made otherwise. The list is read only for a replacement still planned
    // create-first, so an unchanged snapshot costs no API call.
    noteReplacement("database-snapshot", news, result);
    if (!result.replaces || result.deleteBeforeReplace) return result;
    const full = await fullDatabase(id, news);
    if (!full) return result;
    warn(
      `snapshot "${String(olds.label)}" of ${full.engine} database ${full.instanceId} is deleted before its ` +
        `replacement${typeof news.label === "string" && news.label !== UNKNOWN ? ` "${news.label}"` : ""} is made: ` +
        `the database already holds ${full.count} snapshots, the most it may keep`,
    );
    return { ...result, deleteBeforeReplace: true };
  },

  async create(news: Inputs) {
    const carried = takeUrn(news);
    const { rules, inputs } = checkInputs(news);
    assertValid("database snapshot", rules.failures);
    if (adopts("database-snapshot", inputs)) return adopt(inputs);
    const engine = inputs.engine as EngineType;
    const instanceId = inputs.instanceId as number;
    const label = inputs.label as string;
    const api = client().database(engine);
    const limit = timeoutMs(inputs.timeouts, "create", DEFAULT_CREATE_MS);
    const started = Date.now();
    const left = (): number => Math.max(1, limit - (Date.now() - started));

    let db = await api.get(instanceId);
    const refusal = backupsRefusal(engine, instanceId, platformOf(db));
    if (refusal) throw new Error(refusal);
    // Checked here, not in check: during a preview the database is often not created yet.
    if (targetOf(inputs) === "secondary" && clusterSize(db) !== 3) {
      throw new Error(
        `target "secondary" needs a 3-node cluster, but ${engine} database ${instanceId} has clusterSize ` +
          `${clusterSize(db)} and so no secondary node. Leave target out (or set it to "primary") for this database.`,
      );
    }
    // Backups cannot be listed while provisioning, and one in progress (perhaps this resource's own,
    // from an interrupted run) is listed only when it ends: look once the database is ready.
    if (db.status !== "active") db = await waitReady(engine, api, instanceId, db, left());
    const scope = `${engine}/${instanceId}/backup:${label}`;
    let backups: DatabaseBackup[] = [];
    return claimedCreate(
      { scope, label, urn: urnFor(scope, carried) },
      {
        look: async () => lookIn((backups = await api.listBackups(instanceId)), label),
        holder: (b) => backupAsHolder(engine, instanceId, b),
        send: async () => {
          const snapshots = backups.filter((b) => b.type === "snapshot");
          if (snapshots.length >= SNAPSHOT_LIMIT) {
            throw new Error(
              `${engine} database ${instanceId} already has ${snapshots.length} snapshots, the most it may keep ` +
                `(${snapshots.map((s) => `"${s.label}" (backup ${s.id})`).join(", ")}). Delete one before creating another.`,
            );
          }
          const request = { label, ...(inputs.target ? { target: targetOf(inputs) } : {}) };
          await requestSnapshot(engine, api, instanceId, db, request, left);
          try {
            // The create answers {}; the backup shows up in the list later.
            return (await waitFor({
              what: `snapshot "${label}" of ${engine} database ${instanceId} to appear`,
              poll: async () => (await api.listBackups(instanceId)).find((b) => b.label === label),
              done: (b): b is DatabaseBackup => b !== undefined,
              timeoutMs: left(),
              profile: QUICK,
            })) as DatabaseBackup;
          } catch (err) {
            throw new CreateInFlightError(
              `${(err as Error).message} The snapshot was requested; once it appears, the next \`pulumi up\` on ` +
                "this machine finds it by its label and takes it over (its record of this create proves it is this resource's own).",
              { cause: err },
            );
          }
        },
        finish: async (backup) => ({ id: `${engine}/${instanceId}/${backup.id}`, outs: stateOf(inputs, backup) }),
      },
    );
  },

  async read(id: string, props?: Inputs) {
    const ref = parseSnapshotId(id);
    if (!ref) return { id: "" };
    const backup = await unlessNotFound(() => client().database(ref.engine).getBackup(ref.instanceId, ref.backupId));
    if (!backup) return { id: "" };
    const state = stateOf({ ...props, engine: ref.engine, instanceId: ref.instanceId }, backup);
    return { id, props: state, inputs: refreshInputs(SNAPSHOT_FIELDS, state) };
  },

  async update(_id: string, olds: Inputs, news: Inputs) {
    // Only timeouts reach update; they change nothing at the API.
    return { outs: compact({ ...olds, adoptId: news.adoptId, timeouts: news.timeouts }) };
  },

  async delete(id: string, props: Inputs) {
    const ref = parseSnapshotId(id);
    if (!ref) return;
    const api = client().database(ref.engine);
    try {
      await api.deleteBackup(ref.instanceId, ref.backupId);
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    await waitFor({
      what: `snapshot ${id} to be deleted`,
      poll: () => unlessNotFound(() => api.getBackup(ref.instanceId, ref.backupId)),
      done: (b) => b === undefined,
      timeoutMs: timeoutMs(props.timeouts, "delete", DEFAULT_DELETE_MS),
      profile: QUICK,
    });
  },
};

/** Why a snapshot of a database not made yet (its id unknown in a preview) is refused: the platform new ones get. */
async function newDatabaseRefusal(engine: EngineType): Promise<string | undefined> {
  const platform = await newDatabasePlatform(engine);
  return platform ? backupsRefusal(engine, undefined, platform) : undefined;
}

/** The refusal of a snapshot of a database on `platform`, saying what that platform offers instead. */
function backupsRefusal(engine: EngineType, id: number | undefined, platform: DatabasePlatform): string | undefined {
  if (PLATFORM_RULES[platform].backups) return undefined;
  const which = id === undefined ? `the new ${engine} database` : `${engine} database ${id}`;
  return (
    `${which} is on the ${platform} platform, which takes no snapshots and lists no backups: it backs up ` +
    "by itself (daily, with point-in-time recovery). To keep a copy of its data, fork it: create a new database " +
    "from it with the API's `fork` ({source, restore_time}); remove this DatabaseSnapshot"
  );
}

/** The database, or undefined when it cannot be read during check (no token offline, gone, unreachable). */
async function existingDatabase(engine: EngineType, instanceId: number): Promise<Database | undefined> {
  try {
    return await client().database(engine).get(instanceId);
  } catch {
    return undefined;
  }
}
