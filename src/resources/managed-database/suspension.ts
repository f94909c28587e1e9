/**
 * The `suspended` input of a database on today's platform (todays-platform.md §3): `true` suspends
 * (`POST …/suspend`), `false` resumes (`POST …/resume`), each waited out to its status. A resume
 * comes before every other change of an `up` and a suspend after them, as the API updates only an
 * active database; a suspended database's credentials and certificate are refused, so they are
 * not read then and the state keeps those it had.
 */
import {
  ApiError,
  type Database,
  type DatabaseEngineApi,
  type DatabaseStatus,
  type EngineType,
} from "../../client/index.js";
import type { Bag } from "../../shared/fields/validate.js";
import { CONTRACT_PLATFORM, type Platform } from "../../api/index.js";
import { QUICK, waitFor } from "../../shared/runtime/wait.js";

/** The statuses a suspend leads through and ends in. */
export const SUSPENDED_STATUSES: readonly string[] = ["suspending", "suspended"];

/** Whether a database in `status` is suspended or on its way there. */
export function isSuspended(status: string): boolean {
  return SUSPENDED_STATUSES.includes(status);
}

/** The `suspended` output of a database answer: true while suspending or suspended. */
export function suspendedOf(db: Database): boolean {
  return isSuspended(db.status);
}

/**
 * Why `suspended` cannot be as the program says, or undefined: the contract's platform has no
 * suspend (a `true` would be sent as one); a database that is suspended and stays so takes no
 * other change (the API refuses every update of it), so one is refused at preview.
 */
export function suspensionProblem(
  platform: Platform | undefined,
  olds: Bag,
  inputs: Bag,
  changed: string[],
): string | undefined {
  if (inputs.suspended !== true) return undefined;
  if (platform === CONTRACT_PLATFORM && olds.suspended !== true)
    return `suspended true is refused on the ${platform} platform (the contract's): only databases on rdbms-default can be suspended`;
  if (olds.suspended === true && changed.length > 0)
    return (
      `the database is suspended and stays so (suspended true), and the API changes nothing of a suspended database ` +
      `(${changed.join(", ")} would change): set suspended to false to resume it and make the changes in the same up`
    );
  return undefined;
}

/** Whether the program asks for the database to be suspended. */
export function wantsSuspended(news: Bag): boolean {
  return news.suspended === true;
}

/**
 * Sends a suspend or a resume. An unclear answer is settled by reading the database: a status the
 * call led to means it was carried out (a second call would be refused as the wrong status).
 */
async function send(
  api: DatabaseEngineApi,
  id: number,
  what: "suspend" | "resume",
  took: (db: Database) => boolean,
): Promise<void> {
  try {
    await api[what](id);
  } catch (err) {
    if (!(err instanceof ApiError) || err.attempts < 2) throw err;
    if (!took(await api.get(id))) throw err;
  }
}

/**
 * Resumes a suspended (or suspending) database and waits until it is active: first until a
 * suspend under way has ended, then through the `suspended` and `resuming` a resume reads for
 * minutes. `stuck`: why a status ends the wait at once (converge.ts). Returns the active database.
 */
export async function resumeDatabase(
  engine: EngineType,
  api: DatabaseEngineApi,
  db: Database,
  limitMs: number,
  seen: (db: Database) => void,
  stuck: (status: string) => string | undefined,
): Promise<Database> {
  const id = db.id;
  const poll = async (): Promise<Database> => {
    const now = await api.get(id);
    seen(now);
    return now;
  };
  let current = db;
  if (current.status === "suspending")
    current = await waitFor({
      known: current,
      what: `${engine} database ${id} to finish suspending before it is resumed`,
      poll,
      done: (d) => d.status !== "suspending",
      describe: (d) => `status ${d.status}`,
      timeoutMs: limitMs,
      profile: QUICK,
    });
  if (current.status === "suspended")
    await send(api, id, "resume", (d) => (["resuming", "active"] as DatabaseStatus[]).includes(d.status));
  return waitFor({
    what: `${engine} database ${id} to resume (about 8 minutes on the API) and become active`,
    poll,
    done: (d) => d.status === "active",
    // A resume reads `suspended` for its first minute: only statuses a resume never passes end the wait.
    failed: (d) => (isSuspended(d.status) ? undefined : stuck(d.status)),
    describe: (d) => `status ${d.status}`,
    timeoutMs: limitMs,
    profile: QUICK,
  });
}

/** Suspends an active database and waits until it is suspended. Returns it as last read. */
export async function suspendDatabase(
  engine: EngineType,
  api: DatabaseEngineApi,
  id: number,
  limitMs: number,
  seen: (db: Database) => void,
  stuck: (status: string) => string | undefined,
): Promise<Database> {
  await send(api, id, "suspend", (d) => isSuspended(d.status));
  return waitFor({
    what: `${engine} database ${id} to be suspended`,
    poll: async () => {
      const now = await api.get(id);
      seen(now);
      return now;
    },
    done: (d) => d.status === "suspended",
    failed: (d) => (d.status === "suspending" ? undefined : stuck(d.status)),
    describe: (d) => `status ${d.status}`,
    timeoutMs: limitMs,
    profile: QUICK,
  });
}
