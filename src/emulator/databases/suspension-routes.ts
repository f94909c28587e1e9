/** The routes of suspend and resume on today's platform (suspension.ts holds their rules). */
import type { FastifyInstance } from "fastify";
import { BadRequest } from "../failures.js";
import type { EngineType } from "../records.js";
import { action, id } from "../route-helpers.js";
import type { Account } from "../account.js";
import { checkStatus } from "./status.js";
import { refuseLegacy, resume, suspend } from "./suspension.js";

/** `POST …/instances/{id}/suspend` and `/resume`: body `{}` or none, answer `{}`. */
export function suspensionRoutes(app: FastifyInstance, store: Account, engine: EngineType, base: string): void {
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
