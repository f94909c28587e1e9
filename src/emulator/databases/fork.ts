/**
 * Point-in-time restores on today's platform (todays-platform.md §4, §8): a create with
 * `fork: {source, restore_time}` makes a new database from another's backups, and an answer's
 * `oldest_restore_time` says how far back a fork may go. The first backup is taken a while after
 * provisioning (`firstBackupSeconds` of the emulator's clock); until then the key is absent and a
 * fork of the database is refused. Daily backups after it are kept 14 days, so the oldest restore
 * time moves forward a day at a time. The texts of the refusals are chosen (docs/emulator.md).
 * These wire names are spelled here only in the emulator.
 */
import { FORK } from "../../api/index.js";
import { timestamp } from "../clock.js";
import { answerOf } from "../stored.js";
import type { ErrorList } from "../failures.js";
import type { DatabaseRecord, EngineType } from "../records.js";
import type { Store } from "../store.js";
import { onToday, platformOf } from "./platform.js";

const DAY = 24 * 60 * 60 * 1000;

/** The restore window's start's wire name, for the files that answer it without its rules (answer-shapes.ts). */
export const OLDEST_RESTORE_FIELD = "oldest_restore_time";

/** Days a daily backup is kept (Cloud Manager's description of today's platform, §8). */
export const BACKUP_DAYS = 14;

/** What a fork body gives. */
interface ForkBody {
  source: number;
  restore_time?: string;
}

/** What a record holds of its backups' start and of the fork it was made by. */
interface Held {
  /** Emulated ms of the first backup (on provisioning, plus `firstBackupSeconds`). */
  firstBackupAt?: number;
  /** The fork this database was made by: its source and the instant restored (emulated ms). */
  forkedFrom?: { source: number; at: number };
}

/** A timestamp as the API writes them, with an optional fraction and zone (none is UTC). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

/** An instant of a `restore_time`, or undefined when it is not a timestamp. */
export function instantOf(text: string): number | undefined {
  if (!DATE_TIME.test(text)) return undefined;
  const ms = Date.parse(/(Z|[+-]\d{2}:\d{2})$/.test(text) ? text : `${text}Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The oldest instant a fork of `db` may restore at `now`, or undefined before its first backup. */
export function oldestRestoreTime(db: DatabaseRecord, now: number): number | undefined {
  const first = (db as Held).firstBackupAt;
  if (!onToday(db) || db.status === "provisioning" || first === undefined || now < first) return undefined;
  const horizon = now - BACKUP_DAYS * DAY;
  return first >= horizon ? first : first + Math.ceil((horizon - first) / DAY) * DAY;
}

/** The answer's fields of this file: the restore window's start, and the fork a database was made by. */
export const FORK_ANSWER = {
  [OLDEST_RESTORE_FIELD]: (db: DatabaseRecord, store: Store) => {
    const oldest = oldestRestoreTime(db, store.clock.now());
    return oldest === undefined ? undefined : timestamp(oldest);
  },
  fork: (db: DatabaseRecord) => {
    const fork = (db as Held).forkedFrom;
    // Keys in today's order (alphabetical), as every object of its answers.
    return fork
      ? answerOf(FORK, { source: fork.source, restore_time: fork.at }, {}, undefined, undefined, platformOf(db))
      : undefined;
  },
};

/**
 * What a new database's record holds of this file: when its first backup will be, and the fork
 * a create body asks for, checked against the source's restore window (`provisioned`: emulated ms
 * when provisioning ends).
 */
export function forkAtCreate(
  store: Store,
  engine: EngineType,
  body: object,
  visible: (db: DatabaseRecord) => boolean,
  provisioned: number,
  errors: ErrorList,
): Held {
  const held: Held = { firstBackupAt: provisioned + store.timings.firstBackupSeconds * 1000 };
  const fork = (body as { fork?: ForkBody }).fork;
  if (fork === undefined) return held;
  const source = store.state.databases.find((d) => d.id === fork.source && d.engine === engine && visible(d));
  if (!source) {
    errors.add("fork.source", `No ${engine} database ${fork.source} to fork`);
    return held;
  }
  if (!onToday(source)) {
    errors.add("fork.source", `Database ${source.id} is on the rdbms-legacy platform, which restores from backups`);
    return held;
  }
  const now = store.clock.now();
  const oldest = oldestRestoreTime(source, now);
  if (oldest === undefined) {
    errors.add("fork.source", `Database ${source.id} has no backup yet; it can be forked after its first backup`);
    return held;
  }
  let at = Math.floor(now / 1000) * 1000;
  if (fork.restore_time !== undefined) {
    const instant = instantOf(fork.restore_time);
    const window = `${timestamp(oldest)} to ${timestamp(now)} (UTC)`;
    if (instant === undefined)
      errors.add("fork.restore_time", "Must be a date and time such as 2025-01-02T03:04:05 (UTC)");
    else if (instant < Math.floor(oldest / 1000) * 1000 || instant > now)
      errors.add("fork.restore_time", `Must be within the restore window of database ${source.id}: ${window}`);
    else at = instant;
  }
  return { ...held, forkedFrom: { source: source.id, at } };
}
