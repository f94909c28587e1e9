/**
 * The state file on disk: read and checked at start, written after every change, and held by one
 * emulator at a time. The file holds tokens, so it is private to its owner (0600); it is written
 * to a new file of an unpredictable name beside it (created exclusively, so a planted file or link
 * is never opened) and renamed over it in one step. A lock file beside it (`<file>.lock`, holding
 * the owner's pid) keeps a second emulator from interleaving its writes with the first's.
 */
import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { DATABASE, type Entity } from "../api/index.js";
import type { State } from "./records.js";
import { SUBNET_LINK_KINDS } from "./vpcs/links.js";

/** A state file that cannot be used; the message names the file and what is wrong. */
export class StateFileError extends Error {}

/** What the file holds. */
export interface SavedState {
  version: 1;
  now: number;
  scale: number;
  timings: Record<string, number>;
  state: State;
}

/** What a file read back holds at its top, not yet checked. */
type Unchecked = { [K in keyof SavedState]?: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

type Kind = "integer" | "string" | "list" | "object";

/**
 * The lists of the state and, for each, the keys every record needs and their kinds: what the
 * routes read without checking, so a record without them would fail every request that meets it.
 */
const RECORDS: Record<string, Record<string, Kind>> = {
  regions: { id: "string", capabilities: "list", status: "string" },
  availability: { region: "string", plan: "string" },
  engines: { id: "string", engine: "string", version: "string" },
  types: { id: "string" },
  tokens: { token: "string" },
  computes: { id: "integer", interfaces: "list" },
  vpcs: { id: "integer", label: "string", region: "string" },
  subnets: { id: "integer", ...SUBNET_LINK_KINDS, label: "string" },
  databases: {
    id: "integer",
    engine: "string",
    label: "string",
    region: "string",
    status: "string",
    updates: "object",
    backups: "list",
    pending: "list",
  },
  events: { id: "integer", action: "string", entity: "object" },
};

/**
 * The lists whose records hold fields of an API model entity: a list field of the entity (an
 * allow list) may be missing, from a file saved before it existed, and answers its default; when
 * there, the routes read it as a list.
 */
const ENTITIES: Record<string, Entity> = { databases: DATABASE };

/** The list fields of `entity`, which a record may lack but must not hold as anything else. */
function listFields(entity: Entity): string[] {
  return Object.entries(entity.fields)
    .filter(([, f]) => f.type === "strings" && f.answer !== false)
    .map(([k]) => k);
}

const KIND: Record<Kind, (v: unknown) => boolean> = {
  integer: (v) => Number.isSafeInteger(v),
  string: (v) => typeof v === "string",
  list: (v) => Array.isArray(v),
  object: (v) => isObject(v),
};

/** Why `saved` is not a state this emulator wrote, or undefined when its shape is right. */
function shapeProblem(saved: unknown): string | undefined {
  if (!isObject(saved))
    return `holds ${saved === null ? "null" : Array.isArray(saved) ? "a list" : typeof saved}, not an object`;
  const file: Unchecked = saved;
  if (file.version !== 1) return `has version ${JSON.stringify(file.version)}, expected 1`;
  for (const key of ["now", "scale"])
    if (typeof saved[key] !== "number" || !Number.isFinite(saved[key])) return `has no number "${key}"`;
  if (!isObject(saved.timings) || Object.values(saved.timings).some((v) => typeof v !== "number"))
    return 'has no "timings" object of numbers';
  const state = saved.state;
  if (!isObject(state)) return 'has no "state" object';
  for (const [list, keys] of Object.entries(RECORDS)) {
    const items = state[list];
    if (!Array.isArray(items)) return `has no list "state.${list}"`;
    for (let i = 0; i < items.length; i++) {
      const r: unknown = items[i];
      if (!isObject(r)) return `has state.${list}[${i}] that is not an object`;
      const lists = ENTITIES[list] ? listFields(ENTITIES[list]) : [];
      const wrong =
        Object.entries(keys).find(([k, kind]) => !KIND[kind](r[k])) ??
        lists.map((k) => [k, "list"] as const).find(([k]) => r[k] !== undefined && !KIND.list(r[k]));
      if (wrong)
        return `has state.${list}[${i}].${wrong[0]} that is not ${wrong[1] === "integer" ? "an" : "a"} ${wrong[1]}`;
    }
  }
  if (!isObject(state.nextId) || Object.values(state.nextId).some((v) => !Number.isSafeInteger(v)))
    return 'has no "state.nextId" object of integers';
  return undefined;
}

/** The saved state in `file`, or undefined when there is no file yet; throws {@link StateFileError}. */
export function readStateFile(file: string): SavedState | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new StateFileError(`cannot read the state file ${file}: ${(err as Error).message}`);
  }
  let saved: unknown;
  try {
    saved = JSON.parse(text);
  } catch (err) {
    throw new StateFileError(
      `the state file ${file} is not valid JSON (${(err as Error).message}); move it away to start with an empty account`,
    );
  }
  const problem = shapeProblem(saved);
  if (problem !== undefined)
    throw new StateFileError(
      `the state file ${file} is not an emulator state: it ${problem}; move it away to start with an empty account`,
    );
  return saved as SavedState;
}

/** Writes `saved` to `file` as described above: private, never through a link, all or nothing. */
export function writeStateFile(file: string, saved: SavedState): void {
  const temp = join(dirname(file), `.${basename(file)}.${randomBytes(8).toString("hex")}.tmp`);
  const fd = openSync(
    temp,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
    0o600,
  );
  let renamed = false;
  try {
    try {
      writeSync(fd, JSON.stringify(saved));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
    renamed = true;
  } finally {
    if (!renamed) unlinkSync(temp);
  }
}

/** Whether process `pid` is alive (a process of another user counts). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes `<file>.lock` for this process, and returns what gives it back. A lock whose pid is no
 * longer running (an emulator that was killed) is stale and taken over; one held by a running
 * process is a refusal ({@link StateFileError}).
 */
export function lockStateFile(file: string): () => void {
  const lock = `${file}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(
        lock,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
        0o600,
      );
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST")
        throw new StateFileError(`cannot lock the state file ${file} (${lock}): ${(err as Error).message}`);
      const holder = lockHolder(lock);
      // A lock without a pid yet is one being taken right now, unless it is old.
      if (holder === undefined && Date.now() - modified(lock) < 10_000)
        throw new StateFileError(`the state file ${file} is being locked by another emulator (${lock})`);
      if (holder !== undefined && alive(holder))
        throw new StateFileError(
          `the state file ${file} is in use by another emulator (pid ${holder}, lock ${lock}); ` +
            "one emulator per state file: stop that one, or give this one another --state-file",
        );
      unlinkStale(lock);
      continue;
    }
    try {
      writeSync(fd, `${process.pid}\n`);
    } finally {
      closeSync(fd);
    }
    return () => {
      if (lockHolder(lock) === process.pid) unlinkStale(lock);
    };
  }
  throw new StateFileError(`cannot lock the state file ${file}: ${lock} keeps reappearing`);
}

/** The pid in a lock file; undefined when it cannot be read or holds no pid. */
function lockHolder(lock: string): number | undefined {
  try {
    const text = readFileSync(lock, "utf8").trim();
    return /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : undefined;
  } catch {
    return undefined;
  }
}

/** When `file` was last written (ms), or 0 when it is gone. */
function modified(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function unlinkStale(lock: string): void {
  try {
    unlinkSync(lock);
  } catch {
    // Already gone: another emulator cleared it first.
  }
}
