/**
 * Managed databases: the cross-engine list (#19) and the per-engine operations, which MySQL
 * (#20 to #33) and PostgreSQL (#34 to #39 and their unnumbered analogues) share path for path.
 */
import type { HttpClient, RequestOptions } from "./http.js";
import { apiPath } from "./paths.js";
import { asArray, asRecord, orNull } from "./normalize.js";
import { collectAll, paginate, toPage } from "./paginate.js";
import type {
  CreateDatabaseRequest,
  CreateOptions,
  CreateSnapshotRequest,
  Database,
  DatabaseBackup,
  DatabaseCertificate,
  DatabaseCredentials,
  DatabaseSummary,
  EngineType,
  ListOptions,
  MaintenanceWindow,
  ReplicationType,
  UpdateDatabaseRequest,
} from "./types.js";

/** The engine families, in the order the spec lists them. */
export const ENGINE_TYPES: readonly EngineType[] = ["mysql", "postgresql"];

/** Operations of one engine family; `mysql` and `postgresql` of {@link CloudClient} are two of these. */
export interface DatabaseEngineApi {
  /** #20 / #34: every database of this engine, all pages. */
  list(options?: ListOptions): Promise<Database[]>;
  /** #22 / #36 */
  get(id: number): Promise<Database>;
  /** #21 / #35: answers at once with status `provisioning`. */
  create(request: CreateDatabaseRequest, options?: CreateOptions<Database>): Promise<Database>;
  /** #23 / #37: label, allow_list (replaces the whole list), type (resize), maintenance window. */
  update(id: number, request: UpdateDatabaseRequest): Promise<Database>;
  /** #24 / #38 */
  delete(id: number): Promise<void>;
  /** #25 / #39: auto and snapshot backups, all pages. */
  listBackups(id: number, options?: ListOptions): Promise<DatabaseBackup[]>;
  /** #27 */
  getBackup(id: number, backupId: number): Promise<DatabaseBackup>;
  /** #26: the backup appears in the list later; the answer carries nothing. */
  createSnapshot(id: number, request: CreateSnapshotRequest): Promise<void>;
  /** #28 */
  deleteBackup(id: number, backupId: number): Promise<void>;
  /**
   * #29: replaces all data of the database with the backup's. Not idempotent: pass `recover` to
   * tell after an unclear answer whether the restore was carried out (see {@link RequestOptions}).
   */
  restoreBackup(id: number, backupId: number, options?: Pick<RequestOptions, "recover">): Promise<void>;
  /** #30 */
  getCredentials(id: number): Promise<DatabaseCredentials>;
  /**
   * #31: a new root password, readable through getCredentials after a few seconds. Retried like a
   * PUT when its outcome is unclear: two resets leave one new password, as one does.
   */
  resetCredentials(id: number): Promise<void>;
  /** #32: applies OS patches now, outside the maintenance window. */
  patch(id: number): Promise<void>;
  /** #33: base64 CA certificate. */
  getCertificate(id: number): Promise<DatabaseCertificate>;
}

/** Cross-engine operations of {@link CloudClient}. */
export interface DatabasesApi {
  /** #19: every database of every engine, all pages. */
  list(options?: ListOptions): Promise<DatabaseSummary[]>;
}

/** PostgreSQL may answer `async`; it is the same mode as `asynch`, and callers see one spelling. */
export function toReplicationType(value: unknown): ReplicationType | null {
  if (value === undefined || value === null) return null;
  return (value === "async" ? "asynch" : value) as ReplicationType;
}

function toWindow(raw: unknown): MaintenanceWindow | null {
  if (raw === undefined || raw === null) return null;
  const r = asRecord(raw);
  return { ...r, week_of_month: orNull(r.week_of_month) } as MaintenanceWindow;
}

function toHosts(raw: unknown): { primary: string | null; secondary: string | null } {
  const r = asRecord(raw);
  return {
    ...r,
    primary: orNull(r.primary as string | undefined),
    secondary: orNull(r.secondary as string | undefined),
  };
}

/** Responses name the engine type only; an id form (`mysql/8.0.30`) is cut to the type. */
function toEngineType(value: unknown): EngineType {
  return (typeof value === "string" ? value.split("/")[0] : value) as EngineType;
}

/** Reads a database answer; absent optional keys read as null. */
export function toDatabase(raw: unknown): Database {
  const r = asRecord(raw);
  return {
    ...r,
    engine: toEngineType(r.engine),
    allow_list: asArray(r.allow_list),
    replication_type: toReplicationType(r.replication_type),
    replication_commit_type: orNull(r.replication_commit_type),
    hosts: toHosts(r.hosts),
    total_disk_size_gb: orNull(r.total_disk_size_gb),
    used_disk_size_gb: orNull(r.used_disk_size_gb),
    updates: toWindow(r.updates),
    updated: orNull(r.updated),
  } as Database;
}

/** Reads an entry of the cross-engine list. */
export function toDatabaseSummary(raw: unknown): DatabaseSummary {
  const r = asRecord(raw);
  return {
    ...r,
    engine: toEngineType(r.engine),
    allow_list: asArray(r.allow_list),
    hosts: toHosts(r.hosts),
    updates: toWindow(r.updates),
    updated: orNull(r.updated),
  } as DatabaseSummary;
}

/** Reads a backup. */
export function toBackup(raw: unknown): DatabaseBackup {
  return { ...asRecord(raw) } as unknown as DatabaseBackup;
}

/** Binds one engine family's operations to a transport. */
export function databaseEngineApi(http: HttpClient, engine: EngineType): DatabaseEngineApi {
  const base = apiPath("databases", engine, "instances");
  const item = (id: number, ...rest: (string | number)[]) => apiPath("databases", engine, "instances", id, ...rest);
  const action = async (path: string, options: RequestOptions = {}): Promise<void> => {
    await http.request("POST", path, options);
  };
  return {
    list: (options) =>
      collectAll(
        paginate(
          async (query) => toPage(await http.request("GET", base, { query, filter: options?.filter }), toDatabase),
          options,
        ),
      ),
    get: async (id) => toDatabase(await http.request("GET", item(id))),
    create: async (request, options) => toDatabase(await http.request("POST", base, { ...options, body: request })),
    update: async (id, request) => toDatabase(await http.request("PUT", item(id), { body: request })),
    delete: async (id) => {
      await http.request("DELETE", item(id));
    },
    listBackups: (id, options) =>
      collectAll(
        paginate(async (query) => toPage(await http.request("GET", item(id, "backups"), { query }), toBackup), options),
      ),
    getBackup: async (id, backupId) => toBackup(await http.request("GET", item(id, "backups", backupId))),
    createSnapshot: (id, request) => action(item(id, "backups"), { body: request }),
    deleteBackup: async (id, backupId) => {
      await http.request("DELETE", item(id, "backups", backupId));
    },
    restoreBackup: (id, backupId, options) => action(item(id, "backups", backupId, "restore"), { ...options }),
    getCredentials: async (id) =>
      ({ ...asRecord(await http.request("GET", item(id, "credentials"))) }) as unknown as DatabaseCredentials,
    resetCredentials: (id) => action(item(id, "credentials", "reset"), { idempotent: true }),
    patch: (id) => action(item(id, "patch")),
    getCertificate: async (id) =>
      ({ ...asRecord(await http.request("GET", item(id, "ssl"))) }) as unknown as DatabaseCertificate,
  };
}

/** Binds the cross-engine list to a transport. */
export function databasesApi(http: HttpClient): DatabasesApi {
  return {
    list: (options) =>
      collectAll(
        paginate(
          async (query) =>
            toPage(
              await http.request("GET", apiPath("databases", "instances"), { query, filter: options?.filter }),
              toDatabaseSummary,
            ),
          options,
        ),
      ),
  };
}
