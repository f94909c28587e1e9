/**
 * Managed databases: the cross-engine list (#19) and the per-engine operations, which MySQL
 * (#20 to #33) and PostgreSQL (#34 to #39 and their unnumbered analogues) share path for path.
 */
import type { HttpClient, RequestOptions } from "./http.js";
import { apiPath } from "./paths.js";
import { BACKUP, CERTIFICATE, CREDENTIALS, DATABASE, DATABASE_SUMMARY, ENGINES, PATH_WORDS } from "../api/index.js";
import { readAnswer, reader } from "./normalize.js";
import { listAll } from "./paginate.js";
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
  UpdateDatabaseRequest,
} from "./wire-types.js";

/** The engine families, in the order the spec lists them (the model's). */
export const ENGINE_TYPES: readonly EngineType[] = ENGINES;

/** Operations of one engine family; `mysql` and `postgresql` of {@link CloudClient} are two of these. */
export interface DatabaseEngineApi {
  /** #20 / #34: every database of this engine, all pages. */
  list(options?: ListOptions): Promise<Database[]>;
  /** #22 / #36 */
  get(id: number): Promise<Database>;
  /** #21 / #35: answers at once with status `provisioning`. */
  create(request: CreateDatabaseRequest, options?: CreateOptions<Database>): Promise<Database>;
  /** #23 / #37: label, allow list (replaces the whole list), type (resize), maintenance window. */
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
  /**
   * Today's platform only (todays-platform.md §3): suspends an active database (`suspending`, then
   * `suspended`).
   */
  suspend(id: number): Promise<void>;
  /** Today's platform only (§3): resumes a suspended database (`suspended` a while, `resuming`, `active`). */
  resume(id: number): Promise<void>;
}

/** Cross-engine operations of {@link CloudClient}. */
export interface DatabasesApi {
  /** #19: every database of every engine, all pages. */
  list(options?: ListOptions): Promise<DatabaseSummary[]>;
}

/** Reads a database answer (see readAnswer: PostgreSQL's `async` and an engine id form are model data). */
export const toDatabase = reader(DATABASE);

/** Reads an entry of the cross-engine list. */
export const toDatabaseSummary = reader(DATABASE_SUMMARY);

/** Reads a backup. */
export const toBackup = reader(BACKUP);

/** Binds one engine family's operations to a transport. */
export function databaseEngineApi(http: HttpClient, engine: EngineType): DatabaseEngineApi {
  const base = apiPath(PATH_WORDS.databases, engine, PATH_WORDS.instances);
  const item = (id: number, ...rest: (string | number)[]) =>
    apiPath(PATH_WORDS.databases, engine, PATH_WORDS.instances, id, ...rest);
  const action = async (path: string, options: RequestOptions = {}): Promise<void> => {
    await http.request("POST", path, options);
  };
  return {
    list: (options) =>
      listAll((query) => http.request("GET", base, { query, filter: options?.filter }), toDatabase, options),
    get: async (id) => toDatabase(await http.request("GET", item(id))),
    create: async (request, options) => toDatabase(await http.request("POST", base, { ...options, body: request })),
    update: async (id, request) => toDatabase(await http.request("PUT", item(id), { body: request })),
    delete: async (id) => {
      await http.request("DELETE", item(id));
    },
    listBackups: (id, options) =>
      listAll((query) => http.request("GET", item(id, "backups"), { query }), toBackup, options),
    getBackup: async (id, backupId) => toBackup(await http.request("GET", item(id, "backups", backupId))),
    createSnapshot: (id, request) => action(item(id, "backups"), { body: request }),
    deleteBackup: async (id, backupId) => {
      await http.request("DELETE", item(id, "backups", backupId));
    },
    restoreBackup: (id, backupId, options) => action(item(id, "backups", backupId, "restore"), { ...options }),
    getCredentials: async (id) => readAnswer(CREDENTIALS, await http.request("GET", item(id, "credentials"))),
    resetCredentials: (id) => action(item(id, "credentials", "reset"), { idempotent: true }),
    patch: (id) => action(item(id, "patch")),
    getCertificate: async (id) => readAnswer(CERTIFICATE, await http.request("GET", item(id, "ssl"))),
    // linodego sends `{}`; the API answers `{}`.
    suspend: (id) => action(item(id, "suspend"), { body: {} }),
    resume: (id) => action(item(id, "resume"), { body: {} }),
  };
}

/** Binds the cross-engine list to a transport. */
export function databasesApi(http: HttpClient): DatabasesApi {
  return {
    list: (options) =>
      listAll(
        (query) =>
          http.request("GET", apiPath(PATH_WORDS.databases, PATH_WORDS.instances), { query, filter: options?.filter }),
        toDatabaseSummary,
        options,
      ),
  };
}
