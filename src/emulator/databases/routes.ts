import type { FastifyInstance } from "fastify";
import type { DatabaseCreate, DatabaseUpdate, SnapshotCreate } from "./fields.js";
import { FILTERABLE } from "../x-filter.js";
import { listPage } from "../pagination.js";
import { databaseCreate, databaseUpdate, snapshotCreate } from "../schemas.js";
import type { EngineType } from "../records.js";
import type { Account } from "../account.js";
import { backupView, databaseSummaryView, databaseView } from "../views.js";
import { BadRequest } from "../failures.js";
import { action, id, op, type Q } from "../route-helpers.js";
import { suspensionRoutes } from "./suspension-routes.js";

type Instance = { Params: { instanceId: string } };
type Backup = { Params: { instanceId: string; backupId: string } };

/** Reads the per-request provisioning override header of a create. */
function provisioningOverride(header: string | string[] | undefined): number | undefined {
  if (header === undefined) return undefined;
  const value = Number(Array.isArray(header) ? header[0] : header);
  if (!Number.isFinite(value) || value < 0)
    throw new BadRequest("Must be a non-negative number of seconds", "X-Emulator-Provisioning-Seconds");
  return value;
}

/** The cross-engine list (#19) and, per engine, the instance operations (#20..#39 and the PostgreSQL twins). */
export function databaseRoutes(app: FastifyInstance, store: Account): void {
  const dbs = store.databases;
  app.get<Q>("/v4/databases/instances", op({ scope: "databases:read_only" }), async (req) =>
    listPage(
      dbs.list(req.actor).map((db) => databaseSummaryView(store, db)),
      req,
      FILTERABLE.databases,
    ),
  );
  for (const engine of ["mysql", "postgresql"] as EngineType[]) {
    const base = `/v4/databases/${engine}/instances`;
    const read = op({ scope: "databases:read_only" });
    const writeScope = { scope: "databases:read_write" } as const;
    const write = (body?: object) => op(writeScope, body);
    const view = (db: Parameters<typeof databaseView>[1]) => databaseView(store, db);
    const instance = (req: { params: { instanceId: string } }) => id(req.params.instanceId);

    app.get<Q>(base, read, async (req) => listPage(dbs.list(req.actor, engine).map(view), req, FILTERABLE.databases));
    app.post<{ Body: DatabaseCreate }>(base, write(databaseCreate(engine)), async (req) =>
      view(
        dbs.create(engine, req.body, req.actor, provisioningOverride(req.headers["x-emulator-provisioning-seconds"])),
      ),
    );
    app.get<Instance>(`${base}/:instanceId`, read, async (req) => view(dbs.get(engine, instance(req), req.actor)));
    app.put<Instance & { Body: DatabaseUpdate }>(`${base}/:instanceId`, write(databaseUpdate), async (req) =>
      view(dbs.update(engine, instance(req), req.body ?? {}, req.actor)),
    );
    app.delete<Instance>(
      `${base}/:instanceId`,
      op({ scope: "databases:read_write", unrestricted: true }),
      async (req) => {
        dbs.delete(engine, instance(req), req.actor);
        return {};
      },
    );
    app.get<Instance & Q>(`${base}/:instanceId/backups`, write(), async (req) =>
      listPage(dbs.backups(engine, instance(req), req.actor).map(backupView), req, FILTERABLE.backups),
    );
    app.post<Instance & { Body: SnapshotCreate }>(`${base}/:instanceId/backups`, write(snapshotCreate), async (req) => {
      dbs.snapshot(engine, instance(req), req.body, req.actor);
      return {};
    });
    app.get<Backup>(`${base}/:instanceId/backups/:backupId`, write(), async (req) =>
      backupView(dbs.backup(engine, instance(req), id(req.params.backupId), req.actor).backup),
    );
    app.delete<Backup>(`${base}/:instanceId/backups/:backupId`, write(), async (req) => {
      dbs.deleteBackup(engine, instance(req), id(req.params.backupId), req.actor);
      return {};
    });
    app.post<Backup>(`${base}/:instanceId/backups/:backupId/restore`, action(writeScope), async (req) => {
      dbs.restore(engine, instance(req), id(req.params.backupId), req.actor);
      return {};
    });
    app.get<Instance>(`${base}/:instanceId/credentials`, read, async (req) =>
      dbs.credentials(engine, instance(req), req.actor),
    );
    app.post<Instance>(
      `${base}/:instanceId/credentials/reset`,
      action({ scope: "databases:read_write", unrestricted: true }),
      async (req) => {
        dbs.resetCredentials(engine, instance(req), req.actor);
        return {};
      },
    );
    app.post<Instance>(`${base}/:instanceId/patch`, action(writeScope), async (req) => {
      dbs.patch(engine, instance(req), req.actor);
      return {};
    });
    app.get<Instance>(`${base}/:instanceId/ssl`, read, async (req) =>
      dbs.certificate(engine, instance(req), req.actor),
    );
    suspensionRoutes(app, store, engine, base);
  }
}
