/**
 * Suspend and resume on today's platform (todays-platform.md §3): `POST …/suspend` takes an active
 * database through `suspending` to `suspended`; `POST …/resume` leaves it `suspended` for the
 * first eighth of the resume (the recordings: about a minute of eight), then `resuming`, then
 * `active`, all on the emulator's clock. A legacy database is refused: no recording shows either
 * call on the contract's platform (docs/emulator.md).
 */
import type { FastifyInstance } from "fastify";
import { BadRequest } from "../failures.js";
import type { DatabaseRecord, EngineType } from "../records.js";
import type { Store } from "../store.js";
import { action, id } from "../route-helpers.js";
import { onToday } from "./platform.js";
import { checkStatus, type StatusGate } from "./model.js";

/** The reason a suspend or resume of a legacy database is refused (chosen; docs/emulator.md). */
export const LEGACY_SUSPENSION =
  "Suspending and resuming are available only for databases on the rdbms-default platform";

/** The share of a resume the database still reads `suspended` (about 70 s of 8 min in the recordings). */
const STILL_SUSPENDED = 1 / 8;

function refuseLegacy(db: DatabaseRecord): void {
  if (!onToday(db)) throw new BadRequest(LEGACY_SUSPENSION);
}

/** Statuses in which today's platform refuses the credentials and certificate (§2.3, §3). */
const SECRETS_REFUSED = ["provisioning", "suspending", "suspended", "resuming"];

/**
 * When the credentials and certificate may be read: on today's platform in any status but those
 * of provisioning and suspension (TF and ANS comments); on the contract's, only when active.
 */
export function secretsGate(db: DatabaseRecord): StatusGate {
  return onToday(db) ? { statusNot: SECRETS_REFUSED } : { status: ["active"] };
}

/** When a database may be deleted: a suspended one of today's platform too (chosen; docs/emulator.md). */
export function deleteGate(db: DatabaseRecord): StatusGate {
  return { status: ["active", "failed", "degraded", ...(onToday(db) ? ["suspended"] : [])] };
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

/** `POST …/instances/{id}/suspend` and `/resume`: body `{}` or none, answer `{}`. */
export function suspensionRoutes(app: FastifyInstance, store: Store, engine: EngineType, base: string): void {
  const scope = action({ scope: "databases:read_write" });
  const instance = (req: { params: { instanceId: string } }) => id(req.params.instanceId);
  app.post<{ Params: { instanceId: string } }>(`${base}/:instanceId/suspend`, scope, async (req) => {
    const db = store.databases.get(engine, instance(req), req.actor, true);
    refuseLegacy(db);
    checkStatus(db, { status: ["active"] });
    suspend(store, db);
    return {};
  });
  app.post<{ Params: { instanceId: string } }>(`${base}/:instanceId/resume`, scope, async (req) => {
    const db = store.databases.get(engine, instance(req), req.actor, true);
    refuseLegacy(db);
    checkStatus(db, { status: ["suspended"] });
    if (db.pending.some((p) => p.kind === "transition" && p.from === "suspended"))
      throw new BadRequest("Your database is already resuming; please wait until it becomes active.");
    resume(store, db);
    return {};
  });
}
