/**
 * An in-memory stand-in for the API client, for tests that compare what the providers send and
 * keep: every call is logged with its arguments, objects get fixed ids and timestamps, and every
 * database reads `active`, so no provider operation waits. What a create body leaves out takes
 * the API model's default (src/api), so a new defaulted field needs nothing here.
 */
import { createNames, DATABASE, VPC, type Engine, type Entity } from "../../src/api/index.js";
import type {
  CreateDatabaseRequest,
  Database,
  DatabaseBackup,
  EngineType,
  Subnet,
  Vpc,
} from "../../src/client/index.js";

/** One call the provider made: the client method and its arguments (callbacks left out). */
export interface Call {
  method: string;
  args: unknown[];
}

const T0 = "2026-01-02T03:04:05";

/** What the fake holds, seeded by each case. */
export interface FakeWorld {
  vpcs: Vpc[];
  databases: Database[];
  backups: Record<number, DatabaseBackup[]>;
}

/** The answer fields a create body sets: as given, or the model's default (null when it has none). */
function fromBody(entity: Entity, req: object, engine?: Engine): Record<string, unknown> {
  const body = req as Record<string, unknown>;
  return Object.fromEntries(
    createNames(entity, engine)
      .filter((k) => entity.fields[k]!.answer !== false)
      .map((k) => [k, body[k] ?? entity.fields[k]!.default ?? null]),
  );
}

/** A fake client over `world`, logging into `calls`. */
export function fakeClient(world: FakeWorld, calls: Call[]) {
  let nextId = 9000;
  const log = (method: string, ...args: unknown[]) =>
    calls.push({ method, args: args.filter((a) => typeof a !== "object" || a === null || !("recover" in a)) });
  const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
  const vpc = (id: number): Vpc => {
    const v = world.vpcs.find((x) => x.id === id);
    if (!v) throw Object.assign(new Error(`no vpc ${id}`), { status: 404 });
    return v;
  };
  const db = (id: number): Database => {
    const d = world.databases.find((x) => x.id === id);
    if (!d) throw Object.assign(new Error(`no database ${id}`), { status: 404 });
    return d;
  };
  const engineApi = (engine: EngineType) => ({
    list: async () => (log(`${engine}.list`), clone(world.databases.filter((d) => d.engine === engine))),
    get: async (id: number) => (log(`${engine}.get`, id), clone(db(id))),
    create: async (req: CreateDatabaseRequest) => {
      log(`${engine}.create`, req);
      const [, version] = req.engine.split("/");
      const made = {
        ...fromBody(DATABASE, req, engine),
        id: nextId++,
        engine,
        version: version!,
        // The API's default when a create leaves it out: by cluster size.
        replication_type:
          req.replication_type ?? (req.cluster_size === 3 ? (engine === "mysql" ? "semi_synch" : "asynch") : "none"),
        ...(engine === "mysql" ? { replication_commit_type: null } : {}),
        port: engine === "mysql" ? 3306 : 5432,
        hosts: { primary: `${req.label}.db.example`, secondary: null },
        status: "active",
        total_disk_size_gb: 15,
        used_disk_size_gb: 1,
        updates: { frequency: "weekly", duration: 3, hour_of_day: 0, day_of_week: 1, week_of_month: null },
        created: T0,
        updated: null,
      } as Database;
      world.databases.push(made);
      return clone(made);
    },
    update: async (id: number, req: Record<string, unknown>) => {
      log(`${engine}.update`, id, req);
      Object.assign(db(id), req);
      return clone(db(id));
    },
    getCredentials: async (id: number) => (
      log(`${engine}.getCredentials`, id),
      { username: "root", password: `pw-${id}-${calls.filter((c) => c.method.endsWith("resetCredentials")).length}` }
    ),
    getCertificate: async (id: number) => (log(`${engine}.getCertificate`, id), { ca_certificate: `Y2Et${id}` }),
    resetCredentials: async (id: number) => void log(`${engine}.resetCredentials`, id),
    patch: async (id: number) => void log(`${engine}.patch`, id),
    listBackups: async (id: number) => (log(`${engine}.listBackups`, id), clone(world.backups[id] ?? [])),
    getBackup: async (id: number, backupId: number) => {
      log(`${engine}.getBackup`, id, backupId);
      const b = (world.backups[id] ?? []).find((x) => x.id === backupId);
      if (!b) throw Object.assign(new Error("no backup"), { status: 404 });
      return clone(b);
    },
    createSnapshot: async (id: number, req: { label: string; target?: string }) => {
      log(`${engine}.createSnapshot`, id, req);
      (world.backups[id] ??= []).push({ id: nextId++, label: req.label, type: "snapshot", created: T0 });
    },
  });
  return {
    databases: { list: async () => (log("databases.list"), clone(world.databases)) },
    vpcs: {
      // A filter is logged, not applied: a look finds what it wants among all of them all the same.
      list: async (options?: object) => (log("vpcs.list", ...(options ? [options] : [])), clone(world.vpcs)),
      iterate: async function* (options?: object) {
        log("vpcs.iterate", ...(options ? [options] : []));
        yield* clone(world.vpcs).sort((a, b) => b.id - a.id);
      },
      get: async (id: number) => (log("vpcs.get", id), clone(vpc(id))),
      create: async (req: { label: string; region: string; description?: string; subnets?: Subnet[] }) => {
        log("vpcs.create", req);
        const made = {
          ...fromBody(VPC, req),
          id: nextId++,
          subnets: (req.subnets ?? []).map((s) => ({
            id: nextId++,
            label: s.label,
            ipv4: s.ipv4,
            computes: [],
            created: T0,
            updated: null,
          })),
          created: T0,
          updated: null,
        } as unknown as Vpc;
        world.vpcs.push(made);
        return clone(made);
      },
      update: async (id: number, req: Partial<Vpc>) => {
        log("vpcs.update", id, req);
        Object.assign(vpc(id), req);
        return clone(vpc(id));
      },
    },
    subnets: {
      list: async (vpcId: number) => (log("subnets.list", vpcId), clone(vpc(vpcId).subnets)),
      get: async (vpcId: number, id: number) => {
        log("subnets.get", vpcId, id);
        const s = vpc(vpcId).subnets.find((x) => x.id === id);
        if (!s) throw Object.assign(new Error("no subnet"), { status: 404 });
        return clone(s);
      },
      create: async (vpcId: number, req: { label: string; ipv4: string }) => {
        log("subnets.create", vpcId, req);
        const made: Subnet = { id: nextId++, ...req, computes: [], created: T0, updated: null };
        vpc(vpcId).subnets.push(made);
        return clone(made);
      },
      update: async (vpcId: number, id: number, req: { label?: string }) => {
        log("subnets.update", vpcId, id, req);
        const s = vpc(vpcId).subnets.find((x) => x.id === id)!;
        Object.assign(s, req);
        return clone(s);
      },
      delete: async (vpcId: number, id: number) => {
        log("subnets.delete", vpcId, id);
        vpc(vpcId).subnets = vpc(vpcId).subnets.filter((x) => x.id !== id);
      },
    },
    database: engineApi,
  };
}
