/**
 * Suspend and resume on today's platform (todays-platform.md §3): `POST …/suspend` takes an active
 * database through `suspending` to `suspended`; `POST …/resume` leaves it `suspended` for the
 * first eighth of the resume (the recordings: about a minute of eight), then `resuming`, then
 * `active`, all on the emulator's clock. A legacy database is refused: no recording shows either
 * call on the contract's platform (docs/emulator.md).
 */
import { BadRequest } from "../failures.js";
import type { Store } from "../store.js";
import { onToday } from "./platform.js";
import type { DatabaseRecord } from "./fields.js";
import type { DatabaseStatus, StatusGate } from "./status.js";

/** The reason a suspend or resume of a legacy database is refused (chosen; docs/emulator.md). */
export const LEGACY_SUSPENSION =
  "Suspending and resuming are available only for databases on the rdbms-default platform";

/** The share of a resume the database still reads `suspended` (about 70 s of 8 min in the recordings). */
const STILL_SUSPENDED = 1 / 8;

/** Refuses a suspend or resume of a database of the contract's platform. */
export function refuseLegacy(db: DatabaseRecord): void {
  if (!onToday(db)) throw new BadRequest(LEGACY_SUSPENSION);
}

/** Statuses in which today's platform refuses the credentials and certificate (§2.3, §3). */
const SECRETS_REFUSED: readonly DatabaseStatus[] = ["provisioning", "suspending", "suspended", "resuming"];

/**
 * When the credentials and certificate may be read: on today's platform in any status but those
 * of provisioning and suspension (TF and ANS comments); on the contract's, only when active.
 */
export function secretsGate(db: DatabaseRecord): StatusGate {
  return onToday(db) ? { statusNot: SECRETS_REFUSED } : { status: ["active"] };
}

/** When a database may be deleted: a suspended one of today's platform too (chosen; docs/emulator.md). */
export function deleteGate(db: DatabaseRecord): StatusGate {
  return { status: ["active", "failed", "degraded", ...(onToday(db) ? (["suspended"] as const) : [])] };
}

/** Starts suspending an active database. */
export function suspend(store: Store, db: DatabaseRecord): void {
  db.status = "suspending";
  const at = store.clock.now() + store.timings.suspendSeconds * 1000;
  db.pending.push({ at, kind: "transition", from: "suspending", to: "suspended" });
}

/** Starts resuming a suspended database: `resuming` after a while, `active` at the end. */
export function resume(store: Store, db: DatabaseRecord): void {
  const now = store.clock.now();
  const seconds = store.timings.resumeSeconds;
  db.pending.push(
    { at: now + seconds * STILL_SUSPENDED * 1000, kind: "transition", from: "suspended", to: "resuming" },
    { at: now + seconds * 1000, kind: "transition", from: "resuming", to: "active" },
  );
}
