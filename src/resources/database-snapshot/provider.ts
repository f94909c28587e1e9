/**
 * The provider of `DatabaseSnapshot`: an on-demand backup of a managed database.
 */
import * as pulumi from "@pulumi/pulumi";
import type { Database, DatabaseBackup, EngineType } from "../../client/index.js";
import { adopts, assertValid, compact, computeDiff, noteReplacement } from "../../shared/common.js";
import { client, configure, warn } from "../../shared/context.js";
import { isNotFound, readAdopted, unlessNotFound } from "../../shared/errors.js";
import { claimInterruptedCreate } from "../../shared/label-claim.js";
import { checkFields, diffSpec, refreshInputs, stateFields, type FieldCheck } from "../../shared/fields.js";
import { fullDatabase, parseSnapshotId, requestSnapshot, SNAPSHOT_LIMIT, waitReady } from "./requests.js";
import { takeProgramFailures } from "../../shared/program-args.js";
import { SNAPSHOT_FIELDS } from "./fields.js";
import { Rules, UNKNOWN, type Bag } from "../../shared/validate.js";
import { QUICK, timeoutMs, timeoutsCheck, waitFor } from "../../shared/wait.js";

const DEFAULT_CREATE_MS = 30 * 60_000;
const DEFAULT_DELETE_MS = 10 * 60_000;

/** `adoptId` names a snapshot of the very engine and database the arguments name. */
const adoptIdCheck: FieldCheck = (rules, news, inputs) => {
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

function checkInputs(news: Bag): { rules: Rules; inputs: Bag } {
  return checkFields(SNAPSHOT_FIELDS, news, undefined, {
    adoptId: adoptIdCheck,
    timeouts: timeoutsCheck,
  });
}

function stateOf(inputs: Bag, backup: DatabaseBackup): Bag {
  return compact(stateFields(SNAPSHOT_FIELDS, backup, inputs));
}

async function adopt(inputs: Bag): Promise<pulumi.dynamic.CreateResult> {
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

/** How each input takes part in diff; the plugin names the changed fields from it. */
const SNAPSHOT_DIFF = diffSpec(
  SNAPSHOT_FIELDS,
  // Labels are unique per database: a replacement of the same label must follow the delete.
  (o, n) => o.engine === n.engine && o.instanceId === n.instanceId && o.label === n.label,
);

export { parseSnapshotId, SNAPSHOT_LIMIT } from "./requests.js";

/** The implementation the lazy provider loads in the provider process. */
export const provider: pulumi.dynamic.ResourceProvider = {
  configure,

  async check(_olds: Bag, news: Bag) {
    const { rules, inputs } = checkInputs(news);
    for (const f of takeProgramFailures(inputs)) rules.fail(f.property, f.reason);
    // A database that exists already can be asked whether it has a secondary node. One still to be
    // created is checked in the program (see secondaryOfSingleNode), and again by create.
    if (rules.failures.length === 0 && inputs.target === "secondary" && typeof inputs.instanceId === "number") {
      const engine = inputs.engine as EngineType;
      const db = await existingDatabase(engine, inputs.instanceId);
      if (db && db.cluster_size !== 3)
        rules.fail(
          "target",
          `target "secondary" needs a 3-node cluster, but ${engine} database ${db.id} has clusterSize ${db.cluster_size}`,
        );
    }
    return rules.result(inputs, news);
  },

  async diff(id: string, olds: Bag, news: Bag) {
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

  async create(news: Bag) {
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
    // Checked here, not in check: during a preview the database is often not created yet.
    if (inputs.target === "secondary" && db.cluster_size !== 3) {
      throw new Error(
        `target "secondary" needs a 3-node cluster, but ${engine} database ${instanceId} has clusterSize ` +
          `${db.cluster_size} and so no secondary node. Leave target out (or set it to "primary") for this database.`,
      );
    }
    // Backups cannot be listed while provisioning, and one in progress (perhaps this resource's own,
    // from an interrupted run) is listed only when it ends: look once the database is ready.
    if (db.status !== "active") db = await waitReady(engine, api, instanceId, db, left());
    const backups = await api.listBackups(instanceId);
    const existing = backups.find((b) => b.label === label);
    if (existing) {
      const holder = {
        what: `backup ${existing.id} of ${engine} database ${instanceId}`,
        created: existing.created,
        adoptWith: `adoptId: "${engine}/${instanceId}/${existing.id}"`,
        mismatches: existing.type === "snapshot" ? [] : ["it is an automatic backup"],
      };
      claimInterruptedCreate(label, holder, limit);
      return { id: `${engine}/${instanceId}/${existing.id}`, outs: stateOf(inputs, existing) };
    }
    const snapshots = backups.filter((b) => b.type === "snapshot");
    if (snapshots.length >= SNAPSHOT_LIMIT) {
      throw new Error(
        `${engine} database ${instanceId} already has ${snapshots.length} snapshots, the most it may keep ` +
          `(${snapshots.map((s) => `"${s.label}" (backup ${s.id})`).join(", ")}). Delete one before creating another.`,
      );
    }
    const request = { label, ...(inputs.target ? { target: inputs.target as "primary" | "secondary" } : {}) };
    await requestSnapshot(engine, api, instanceId, db, request, left);
    let backup: DatabaseBackup | undefined;
    try {
      // The create answers {}; the backup shows up in the list later.
      backup = await waitFor({
        what: `snapshot "${label}" of ${engine} database ${instanceId} to appear`,
        poll: async () => (await api.listBackups(instanceId)).find((b) => b.label === label),
        done: (b) => b !== undefined,
        timeoutMs: left(),
        profile: QUICK,
      });
    } catch (err) {
      throw new Error(
        `${(err as Error).message} The snapshot was requested; once it appears, the next \`pulumi up\` finds it ` +
          "by its label and takes it over (within this resource's create limit).",
        { cause: err },
      );
    }
    return { id: `${engine}/${instanceId}/${backup!.id}`, outs: stateOf(inputs, backup!) };
  },

  async read(id: string, props?: Bag) {
    const ref = parseSnapshotId(id);
    if (!ref) return { id: "" };
    const backup = await unlessNotFound(() => client().database(ref.engine).getBackup(ref.instanceId, ref.backupId));
    if (!backup) return { id: "" };
    const state = stateOf({ ...props, engine: ref.engine, instanceId: ref.instanceId }, backup);
    return { id, props: state, inputs: refreshInputs(SNAPSHOT_FIELDS, state) };
  },

  async update(_id: string, olds: Bag, news: Bag) {
    // Only timeouts reach update; they change nothing at the API.
    return { outs: compact({ ...olds, adoptId: news.adoptId, timeouts: news.timeouts }) };
  },

  async delete(id: string, props: Bag) {
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

/** The database, or undefined when it cannot be read during check (no token offline, gone, unreachable). */
async function existingDatabase(engine: EngineType, instanceId: number): Promise<Database | undefined> {
  try {
    return await client().database(engine).get(instanceId);
  } catch {
    return undefined;
  }
}
