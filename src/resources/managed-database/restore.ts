/**
 * Restoring a database from one of its backups, the `restore` input of `MysqlDatabase` and
 * `PostgresqlDatabase`: the input rule, the checks that refuse a restore that can only end badly
 * (before any write), the restore request (never sent twice for one change) and its wait.
 */
import type { Database, DatabaseBackup, DatabaseEngineApi, DatabaseStatus, EngineType } from "../../client/index.js";
import type { RestoreRecord } from "../types.js";
import type { MysqlDatabaseArgs } from "../mysql-database/args.js";
import type { PostgresqlDatabaseArgs } from "../postgresql-database/args.js";
import { compact, same } from "../../shared/fields/diff.js";
import { client, warn } from "../../shared/runtime/context.js";
import { messageOf } from "../../shared/runtime/provider-errors.js";
import { hasUnknown, shown, toId, UNKNOWN, type Bag, type InputBag, type Rules } from "../../shared/fields/validate.js";
import { QUICK, waitFor } from "../../shared/runtime/wait.js";

/** Statuses the API restores from (spec: "Restore | active, degraded or failed"). */
export const RESTORABLE: readonly DatabaseStatus[] = ["active", "degraded", "failed"];

/** The `restore` input: which backup, and a trigger whose change restores the same backup again. */
export interface RestoreInput {
  backupId: number;
  trigger?: string;
}

/** The record of a restore in the state, as the `lastRestore` output gives it (a generated type). */
export type { RestoreRecord };

/**
 * What the state records of the last credentials reset (`credentialsRotation`): when, and the time
 * of the newest backup that existed then. Every backup up to that time was taken before the reset;
 * the API fails the cluster when one of those is restored. The backup times are the API's own, so
 * the rule holds whatever the provider's clock says. `newestBackup` is null when there was none,
 * and absent when the list could not be read.
 */
export interface CredentialsResetRecord {
  at: string;
  newestBackup?: string | null;
}

/** The `restore` input in the form state and diff compare; undefined when unset or not known yet. */
export function restoreOf(value: unknown): RestoreInput | undefined {
  if (value === undefined || value === null || typeof value !== "object" || hasUnknown(value)) return undefined;
  const v = value as Bag;
  const backupId = toId(v.backupId);
  if (backupId === undefined) return undefined;
  return compact({ backupId, trigger: typeof v.trigger === "string" ? v.trigger : undefined });
}

/** Diff normalisation: ids given as digit strings compare equal to numbers. */
export function normaliseRestore(value: unknown): unknown {
  return restoreOf(value) ?? value;
}

/** Whether the program asks for a restore this database has not had: set, and other than the last one. */
export function wantsRestore(olds: Bag, news: Bag): boolean {
  if (news.restore === undefined || news.restore === null) return false;
  if (hasUnknown(news.restore)) return true;
  return !same(restoreOf(olds.restore), restoreOf(news.restore));
}

/** The rule `check` applies to `restore`; `creating` when there is no database yet. */
export function restoreRule(rules: Rules, news: Bag, creating: boolean): void {
  const value = news.restore;
  if (value === undefined || value === null || value === UNKNOWN) return;
  if (typeof value !== "object" || Array.isArray(value)) {
    rules.fail("restore", 'restore must be an object such as { backupId: 5012, trigger: "undo-migration" }');
    return;
  }
  if (creating) {
    rules.fail(
      "restore.backupId",
      "restore.backupId cannot apply to a database this stack has not created yet: a new database has no " +
        "backups (and an adopted one is restored only once it is managed). Run `pulumi up` without restore first, " +
        "then add it",
    );
    return;
  }
  const v = value as Bag;
  for (const key of Object.keys(v))
    if (key !== "backupId" && key !== "trigger")
      rules.fail(`restore.${key}`, `restore.${key} is not known; restore takes backupId and trigger`);
  if (v.backupId === undefined || v.backupId === null)
    rules.fail("restore.backupId", "restore.backupId is required: the id of a backup of this database");
  else if (v.backupId !== UNKNOWN && toId(v.backupId) === undefined)
    rules.fail("restore.backupId", `restore.backupId must be a positive integer backup id, got ${shown(v.backupId)}`);
  if (v.trigger !== undefined && v.trigger !== null && v.trigger !== UNKNOWN && typeof v.trigger !== "string")
    rules.fail("restore.trigger", `restore.trigger must be a string, got ${shown(v.trigger)}`);
}

/** Milliseconds of an API time (ISO 8601, UTC when it has no zone designator). */
function timeOf(text: string): number {
  return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`);
}

/**
 * Checks a wanted restore against the database and its backups, before any write: run by `diff`
 * (so a preview shows the refusal) and again by `update` right before the request. Returns the
 * backup; throws an error naming `restore.backupId` when the restore can only end badly. Warns
 * where the provider cannot know whether the backup predates a credentials reset.
 */
export async function checkRestore(
  engine: EngineType,
  id: number,
  olds: Bag,
  wanted: RestoreInput,
): Promise<DatabaseBackup> {
  const backups = await client().database(engine).listBackups(id);
  const backup = backups.find((b) => b.id === wanted.backupId);
  if (!backup) {
    const listed = backups.map((b) => `${b.id} (${b.type} "${b.label}", ${b.created})`).join(", ");
    throw new Error(
      `restore.backupId: backup ${wanted.backupId} is not a backup of ${engine} database ${id}; ` +
        (listed ? `its backups are ${listed}.` : "it has no backups yet.") +
        " Choose one of these (getDatabaseBackups lists them).",
    );
  }
  const reset = olds.lastCredentialsReset as CredentialsResetRecord | undefined;
  if (reset && typeof reset.newestBackup === "string" && timeOf(backup.created) <= timeOf(reset.newestBackup)) {
    throw new Error(
      `restore.backupId: backup ${backup.id} ("${backup.label}", ${backup.created}) was taken before the root ` +
        `password was reset by credentialsRotation (at ${reset.at}); the API fails the cluster when such a backup ` +
        "is restored. Choose a backup taken after the reset, or take a snapshot (DatabaseSnapshot) and restore that.",
    );
  }
  if (reset && reset.newestBackup === undefined)
    warn(
      `${engine} database ${id}: the backups that existed when credentialsRotation last reset the root password ` +
        `(at ${reset.at}) could not be read, so it is not known whether backup ${backup.id} predates that reset. ` +
        "Restoring a backup taken before a reset fails the cluster.",
    );
  if (olds.adoptId !== undefined)
    warn(
      `${engine} database ${id} was adopted: a credentials reset made before adoption (or outside Pulumi) is not ` +
        `known here. If the root password was reset after backup ${backup.id} was taken (${backup.created}), ` +
        "this restore fails the cluster.",
    );
  return backup;
}

/** The warning a preview shows for a restore: it replaces every row. */
export function restoreWarning(
  engine: EngineType,
  id: string | number,
  olds: InputBag<MysqlDatabaseArgs & PostgresqlDatabaseArgs>,
  backup?: DatabaseBackup,
): string {
  const which = backup ? `backup ${backup.id} (${backup.type} "${backup.label}", ${backup.created})` : "a backup";
  return (
    `${engine} database ${id} ("${String(olds.label)}") is restored from ${which}: ALL its data is replaced by ` +
    "the backup's, and writes made since that backup are lost."
  );
}

/**
 * The diff step of a restore: refuses one that the same `up` would apply to a new database (a
 * replacement), checks the backup when it can be read, and warns that all data is replaced.
 */
export async function diffRestore(engine: EngineType, id: string, olds: Bag, news: Bag, replaces: string[]) {
  if (news.restore === undefined || news.restore === null) return;
  if (replaces.length > 0)
    throw new Error(
      `restore.backupId: ${engine} database ${id} is replaced by this update (${replaces.join(", ")} changed), and ` +
        "its backups belong to the old database, which the replacement deletes. Remove restore from the arguments " +
        "to replace the database, or undo the change to restore this one.",
    );
  if (!wantsRestore(olds, news)) return;
  const wanted = restoreOf(news.restore);
  if (!wanted) {
    warn(restoreWarning(engine, id, olds));
    return;
  }
  let backup: DatabaseBackup;
  try {
    backup = await checkRestore(engine, Number(id), olds, wanted);
  } catch (err) {
    if (messageOf(err).startsWith("restore.")) throw err;
    // No token in an offline preview, or the API unreachable: update checks again before restoring.
    warn(`${restoreWarning(engine, id, olds)} Its backups could not be read now (${messageOf(err)}).`);
    return;
  }
  warn(restoreWarning(engine, id, olds, backup));
}

/** Why the cluster ended failed after a restore, and what to do. */
function failedAfterRestore(engine: EngineType, id: number, backup: DatabaseBackup): string {
  return (
    `${engine} database ${id} ended "failed" after the restore of backup ${backup.id} ("${backup.label}", ` +
    `${backup.created}). The API fails the cluster when the backup predates a reset of the root password (one ` +
    "made outside this stack, or before it was adopted). A failed database can be restored again: set " +
    "restore.backupId to a backup taken after the last reset (getDatabaseBackups lists them) and run " +
    "`pulumi up`; or replace it with `pulumi up --replace <urn>`"
  );
}

/**
 * Restores the database from the wanted backup and waits until it is active again. Waits first
 * while the database is busy (updating, backing up); `degraded` and `failed` are restored at once.
 * When the request's answer is unclear, the status tells whether it was accepted (`restoring`)
 * before anything is sent again, so one change never restores twice. Records the restore in
 * `applied` as soon as it is accepted.
 */
export async function performRestore(
  engine: EngineType,
  api: DatabaseEngineApi,
  start: Database,
  olds: Bag,
  news: Bag,
  limitMs: number,
  seen: (db: Database) => void,
  applied: Bag,
): Promise<Database> {
  const id = start.id;
  const wanted = restoreOf(news.restore)!;
  const backup = await checkRestore(engine, id, olds, wanted);
  let db = start;
  if (!RESTORABLE.includes(db.status))
    db = await waitFor({
      what: `${engine} database ${id} to reach a status that allows a restore (${RESTORABLE.join(", ")})`,
      poll: async () => {
        const d = await api.get(id);
        seen(d);
        return d;
      },
      done: (d) => RESTORABLE.includes(d.status),
      failed: (d) =>
        d.status === "suspended" || d.status === "suspending"
          ? `its status is "${d.status}"; resume the database, then run \`pulumi up\` again`
          : undefined,
      describe: (d) => `status ${d.status}`,
      timeoutMs: limitMs,
      profile: QUICK,
    });
  const before = db.status;
  await api.restoreBackup(id, backup.id, {
    // A lost or unclear answer: the database reads `restoring` exactly when the request was carried out.
    recover: async () => ((await api.get(id)).status === "restoring" ? {} : undefined),
  });
  applied.restore = wanted;
  applied.lastRestore = {
    backupId: backup.id,
    label: backup.label,
    type: backup.type,
    created: backup.created,
    restoredAt: new Date().toISOString(),
  } satisfies RestoreRecord;
  let started = false;
  return waitFor({
    what: `${engine} database ${id} to finish restoring backup ${backup.id}`,
    poll: async () => {
      const d = await api.get(id);
      seen(d);
      // Until the database has left its old status, a `failed` read may still be the one from before.
      started ||= d.status !== before;
      return d;
    },
    done: (d) => d.status === "active",
    failed: (d) =>
      !started || !RESTORABLE.includes(d.status)
        ? undefined
        : d.status === "failed"
          ? failedAfterRestore(engine, id, backup)
          : `its status is "${d.status}" after the restore; restore another backup or replace it with \`pulumi up --replace <urn>\``,
    describe: (d) => `status ${d.status}`,
    timeoutMs: limitMs,
    profile: QUICK,
  });
}

/**
 * The time of the newest backup before a credentials reset, recorded with it (see
 * {@link CredentialsResetRecord}); `undefined` when the list cannot be read.
 */
export async function resetRecord(api: DatabaseEngineApi, id: number): Promise<CredentialsResetRecord> {
  const at = new Date().toISOString();
  try {
    const backups = await api.listBackups(id);
    const newest = backups.reduce<DatabaseBackup | undefined>(
      (acc, b) => (acc === undefined || timeOf(b.created) > timeOf(acc.created) ? b : acc),
      undefined,
    );
    return { at, newestBackup: newest?.created ?? null };
  } catch {
    return { at };
  }
}
