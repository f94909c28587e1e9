/**
 * The API side of a snapshot: its id form, asking for one (looking the label up when an answer is
 * unclear), waiting until the database takes one, and whether a database is full.
 */
import {
  ApiError,
  DEFAULT_RETRY,
  isUnclearOutcome,
  type CreateSnapshotRequest,
  type Database,
  type DatabaseBackup,
  type DatabaseEngineApi,
  type EngineType,
} from "../../client/index.js";
import { client } from "../../shared/runtime/context.js";
import { stuckReason } from "../managed-database/converge.js";
import type { InputBag } from "../../shared/fields/validate.js";
import type { DatabaseSnapshotArgs } from "./args.js";
import { PROVISIONING, QUICK, waitFor } from "../../shared/runtime/wait.js";

/** The API allows this many snapshots per database at a time. */
export const SNAPSHOT_LIMIT = 3;
/** Splits `<engine>/<instanceId>/<backupId>`; undefined when malformed. */
export function parseSnapshotId(
  text: string,
): { engine: EngineType; instanceId: number; backupId: number } | undefined {
  const m = /^(mysql|postgresql)\/([1-9][0-9]*)\/([1-9][0-9]*)$/.exec(text);
  return m ? { engine: m[1] as EngineType, instanceId: Number(m[2]), backupId: Number(m[3]) } : undefined;
}

/** How many create attempts with an unclear outcome a snapshot sends before giving up: the client's retry budget. */
const UNCLEAR_ATTEMPTS = DEFAULT_RETRY.retries + 1;

/**
 * Asks for the snapshot. The create answers `{}` and the backup is listed only when it ends, so
 * when an attempt's outcome is unclear, or the database turns out busy with a backup (a sibling
 * snapshot, or this very request whose answer was lost), it waits until the database is ready and
 * reads the list: the label there means the request took effect; otherwise it is sent again.
 */
export async function requestSnapshot(
  engine: EngineType,
  api: DatabaseEngineApi,
  instanceId: number,
  start: Database,
  request: CreateSnapshotRequest,
  left: () => number,
): Promise<void> {
  let db = start;
  for (let unclear = 0; ;) {
    if (db.status !== "active") db = await waitReady(engine, api, instanceId, db, left());
    try {
      await api.createSnapshot(instanceId, request);
      return;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const lost = isUnclearOutcome(err);
      db = await api.get(instanceId);
      if (!lost && !(err.status === 400 && (db.status === "backing_up" || saysBusy(err)))) throw err;
      if (lost && ++unclear >= UNCLEAR_ATTEMPTS) throw err;
      if (db.status !== "active") db = await waitReady(engine, api, instanceId, db, left());
      if ((await api.listBackups(instanceId)).some((b) => b.label === request.label)) return;
    }
  }
}

/**
 * Whether a 400 refused the snapshot because the database was busy (another backup, or an update)
 * rather than because of the request. The status read after it can already be `active` again when
 * the other backup ended in between, so the answer's own reason is what tells.
 */
function saysBusy(err: ApiError): boolean {
  return err.errors.some((e) => e.field === undefined && /please wait|in progress/i.test(e.reason));
}

/** Waits until the database accepts a snapshot: active, with no other backup running. */
export function waitReady(
  engine: EngineType,
  api: DatabaseEngineApi,
  instanceId: number,
  db: Database,
  limitMs: number,
): Promise<Database> {
  return waitFor({
    what: `${engine} database ${instanceId} to be active with no backup running`,
    poll: () => api.get(instanceId),
    done: (d) => d.status === "active",
    // Statuses that do not become active by themselves end the wait at once, with the way out.
    failed: (d) => stuckReason(d.status),
    describe: (d) => `status ${d.status}`,
    timeoutMs: limitMs,
    profile: db.status === "provisioning" ? PROVISIONING : QUICK,
  });
}

/**
 * The database a replacement goes to, when it is the old snapshot's database and that database
 * already holds {@link SNAPSHOT_LIMIT} snapshots, the old one among them: then the replacement can
 * only be made once the old one is deleted (create, like the API, refuses a snapshot over the limit).
 * Undefined otherwise, and also when the list cannot be read: diff runs during preview, perhaps
 * offline or without a token, or after the database is gone, and must not fail there; the answer
 * then stays create-first, and `create` explains the limit if it is hit.
 */
export async function fullDatabase(
  id: string,
  news: InputBag<DatabaseSnapshotArgs>,
): Promise<{ engine: EngineType; instanceId: number; count: number } | undefined> {
  const old = parseSnapshotId(id);
  // An unknown engine or instanceId arrives as UNKNOWN and so never equals the old value.
  if (!old || old.engine !== news.engine || old.instanceId !== news.instanceId) return undefined;
  let backups: DatabaseBackup[];
  try {
    backups = await client().database(old.engine).listBackups(old.instanceId);
  } catch {
    return undefined;
  }
  const snapshots = backups.filter((b) => b.type === "snapshot");
  // Deleting the old snapshot frees a place only if it is one of them.
  if (snapshots.length < SNAPSHOT_LIMIT || !snapshots.some((b) => b.id === old.backupId)) return undefined;
  return { engine: old.engine, instanceId: old.instanceId, count: snapshots.length };
}
