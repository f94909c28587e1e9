/**
 * The `fork` input of a database on today's platform (todays-platform.md §4): a new database
 * restored from another (`source`) at a point in time (`restoreTime`, within the source's restore
 * window, the latest when left out). Create-only: a change replaces. `restoreTime` is compared as
 * an instant (`2025-01-02T03:04:05` and `2025-01-02T03:04:05Z` are one), kept and sent as the API
 * writes times (UTC, no zone). A source whose first backup does not exist yet is waited for before
 * the create is sent, so a refusal leaves nothing half-made.
 */
import { ApiError, type Database, type DatabaseEngineApi, type EngineType } from "../../client/index.js";
import { hasUnknown, shown, type Bag, type Rules } from "../../shared/fields/validate.js";
import { QUICK, waitFor } from "../../shared/runtime/wait.js";
import { platformOf, TODAYS } from "./platform.js";
import { DATABASE, FORK } from "../../api/index.js";
import { wireOf } from "../../shared/fields/model-rows.js";

/** The answer's key of the restore window's start, its fork's, and the fork's key of the instant (the model spells them). */
const OLDEST = wireOf(DATABASE, "oldestRestoreTime");
const ANSWERED_FORK = wireOf(DATABASE, "fork");
const RESTORE_TIME = wireOf(FORK, "restoreTime");

/** The fork a program asks for, its restore time as the API writes it. */
export interface ForkInput {
  source: number;
  restoreTime?: string;
}

/** A date and time, with an optional fraction and zone (none is UTC, as the API writes them). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

/** The instant (ms) a restore time names, or undefined when it is not a date and time. */
export function instantOf(text: unknown): number | undefined {
  if (typeof text !== "string" || !DATE_TIME.test(text)) return undefined;
  const ms = Date.parse(/(Z|[+-]\d{2}:\d{2})$/.test(text) ? text : `${text}Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

/** An instant as the API writes times: `YYYY-MM-DDTHH:MM:SS`, UTC, no zone. */
export function apiTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

/** The fork with its restore time as the API writes it, so that one instant is one value. */
export function normaliseFork(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value) || hasUnknown(value)) return value;
  const v = value as Bag;
  const at = instantOf(v.restoreTime);
  // Whole seconds, as the API keeps them.
  return at === undefined ? v : { ...v, restoreTime: apiTime(Math.floor(at / 1000) * 1000) };
}

/** The rule `check` applies to `fork`: an object of a source id and, optionally, a restore time. */
export function forkRule(rules: Rules, news: Bag, inputs: Bag): void {
  const value = news.fork;
  if (value === undefined || value === null || hasUnknown(value)) return;
  if (typeof value !== "object" || Array.isArray(value)) {
    rules.fail("fork", "fork must be an object {source, restoreTime?}");
    return;
  }
  const v = value as Bag;
  const before = rules.failures.length;
  for (const k of Object.keys(v))
    if (k !== "source" && k !== "restoreTime")
      rules.fail(`fork.${k}`, `fork.${k} is not known; use source or restoreTime`);
  if (!Number.isSafeInteger(v.source) || (v.source as number) < 1)
    rules.fail("fork.source", `fork.source must be the id of a database (a positive integer), got ${shown(v.source)}`);
  if (v.restoreTime !== undefined && v.restoreTime !== null && instantOf(v.restoreTime) === undefined)
    rules.fail(
      "fork.restoreTime",
      `fork.restoreTime must be a date and time such as 2025-01-02T03:04:05 (UTC) or 2025-01-02T03:04:05Z, got ${shown(v.restoreTime)}`,
    );
  if (rules.failures.length === before) inputs.fork = normaliseFork(v);
}

/**
 * The `fork` output: the fork the database's answer tells (its source and restore time), so the
 * moment restored from shows also when the program gave none; the program's own where the answer
 * tells none (an answer from before the API had the key), never nothing: a replacement is never
 * planned from what an answer lacks. Diff compares only the keys the program sets (`partial`).
 */
export function forkOutput(db: Database, inputs: Bag): unknown {
  const answered = (db as unknown as Bag)[ANSWERED_FORK];
  if (answered === null || typeof answered !== "object" || !Number.isSafeInteger((answered as Bag).source))
    return inputs.fork;
  const at = (answered as Bag)[RESTORE_TIME];
  return normaliseFork({ source: (answered as Bag).source, ...(typeof at === "string" ? { restoreTime: at } : {}) });
}

/** The fork's part of a create body. */
export function forkBody(fork: ForkInput): Bag {
  return { fork: { source: fork.source, ...(fork.restoreTime ? { [RESTORE_TIME]: fork.restoreTime } : {}) } };
}

/** The fork of checked inputs, or undefined when there is none or a part is not known yet. */
export function forkOf(inputs: Bag): ForkInput | undefined {
  const f = inputs.fork;
  if (f === undefined || f === null || typeof f !== "object" || hasUnknown(f)) return undefined;
  return f as ForkInput;
}

/**
 * Why `restoreTime` is before the source's restore window, or undefined when it is not (or the
 * window is not told yet). The window's end is the API's now, which only the API's clock tells:
 * a later time is the API's to refuse, before it makes anything.
 */
function windowProblem(source: Database, restoreTime: string | undefined): string | undefined {
  if (restoreTime === undefined) return undefined;
  const oldest = instantOf(source[OLDEST]);
  if (oldest === undefined || instantOf(restoreTime)! >= oldest) return undefined;
  return (
    `fork.restoreTime ${restoreTime} is outside the restore window of database ${source.id}: ` +
    `${source[OLDEST]} to now (UTC; the API keeps 14 days of backups)`
  );
}

/**
 * What the preview refuses of a fork whose source is known: a source this engine's API does not
 * hold, one on the contract's platform (it restores from backups instead), a restore time before
 * its window. A source whose first backup does not exist yet is no refusal: the create waits for it.
 */
export async function forkProblem(
  api: DatabaseEngineApi,
  engine: EngineType,
  fork: ForkInput,
): Promise<{ property: string; reason: string } | undefined> {
  let source: Database;
  try {
    source = await api.get(fork.source);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404)
      return { property: "fork.source", reason: `fork.source: there is no ${engine} database ${fork.source} to fork` };
    throw err;
  }
  if (platformOf(source) !== TODAYS)
    return {
      property: "fork.source",
      reason: `fork.source: database ${fork.source} is on the rdbms-legacy platform, which restores from its backups (the restore argument), not by a fork`,
    };
  const problem = windowProblem(source, fork.restoreTime);
  return problem ? { property: "fork.restoreTime", reason: problem } : undefined;
}

/**
 * Waits until the source has its first backup (the start of its restore window), within `limitMs`, and
 * refuses a restore time outside its window, before anything is created.
 */
export async function awaitForkSource(
  engine: EngineType,
  api: DatabaseEngineApi,
  fork: ForkInput,
  limitMs: number,
): Promise<void> {
  const source = await waitFor({
    what: `${engine} database ${fork.source} (the fork's source) to have its first backup, from which a fork restores`,
    poll: () => api.get(fork.source),
    done: (d) => typeof d[OLDEST] === "string",
    describe: (d) => `status ${d.status}, no backup yet`,
    timeoutMs: limitMs,
    profile: QUICK,
  });
  const problem = windowProblem(source, fork.restoreTime);
  if (problem) throw new Error(`Cannot create the fork: ${problem}. Nothing was created.`);
}
