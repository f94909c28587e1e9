/**
 * Database look-ups: the engine catalogue (no token needed) and the account's databases.
 */
// The SDK's output module (output, secret, Input, Output), not its index, which also loads the
// Automation API (about a second in each test file).
import * as pulumi from "@pulumi/pulumi/output";
import type { BackupFilter, DatabaseFilter } from "../api/index.js";
import { ENGINE_TYPES, type DatabaseBackup, type EngineType } from "../client/index.js";
import { toId } from "../shared/fields/validate.js";
import { lookupClient } from "./client.js";
import type { InputArgs, TextFilters } from "./look-up-args.js";
import { backupResult, databaseResult, engineResult } from "./results.js";
import type { DatabaseBackupResult, DatabaseEngineResult, DatabaseResult } from "./result-types.js";

/** Filters of {@link getDatabaseEngines}. */
export interface GetDatabaseEnginesArgs {
  /** Keep only this engine type, "mysql" or "postgresql". */
  engine?: string;
}

/** Result of {@link getDatabaseEngines}. */
export interface GetDatabaseEnginesResult {
  engines: DatabaseEngineResult[];
  /** The id of the newest version per engine type, e.g. `{ mysql: "mysql/8.0.30" }`. */
  latest: Record<string, string>;
}

/** Lists the engine catalogue; `latest` picks the highest version of each engine type. */
export async function getDatabaseEngines(args: GetDatabaseEnginesArgs = {}): Promise<GetDatabaseEnginesResult> {
  const all = await lookupClient(false).engines.list();
  const engines = all.filter((e) => args.engine === undefined || e.engine === args.engine).map(engineResult);
  const latest: Record<string, string> = {};
  for (const e of engines) {
    const current = engines.find((x) => x.id === latest[e.engine]);
    if (!current || compareVersions(e.version, current.version) > 0) latest[e.engine] = e.id;
  }
  return { engines, latest };
}

/** {@link getDatabaseEngines} taking Outputs. */
export function getDatabaseEnginesOutput(
  args: pulumi.Input<{ engine?: pulumi.Input<string> }> = {},
): pulumi.Output<GetDatabaseEnginesResult> {
  return pulumi.output(args).apply((a) => getDatabaseEngines(a as GetDatabaseEnginesArgs));
}

/** Arguments of {@link getDatabaseEngine}. */
export interface GetDatabaseEngineArgs {
  /** Engine id `<engine>/<version>`. */
  id: string;
}

/** Reads one engine of the catalogue. */
export async function getDatabaseEngine(args: GetDatabaseEngineArgs): Promise<DatabaseEngineResult> {
  return engineResult(await lookupClient(false).engines.get(args.id));
}

/** {@link getDatabaseEngine} taking Outputs. */
export function getDatabaseEngineOutput(args: { id: pulumi.Input<string> }): pulumi.Output<DatabaseEngineResult> {
  return pulumi.output(args).apply((a) => getDatabaseEngine(a));
}

/**
 * Filters of {@link getDatabases}: `engine` (an engine type), `label`, `region` and `status`, each
 * keeping only the databases whose field holds that value.
 */
export type GetDatabasesArgs = TextFilters<DatabaseFilter>;

/** Result of {@link getDatabases}. */
export interface GetDatabasesResult {
  databases: DatabaseResult[];
}

/** Lists the account's databases of all engines (needs a token). */
export async function getDatabases(args: GetDatabasesArgs = {}): Promise<GetDatabasesResult> {
  const all = await lookupClient().databases.list();
  const databases = all
    .filter((d) => args.engine === undefined || d.engine === args.engine)
    .filter((d) => args.label === undefined || d.label === args.label)
    .filter((d) => args.region === undefined || d.region === args.region)
    .filter((d) => args.status === undefined || d.status === args.status)
    .map(databaseResult);
  return { databases };
}

/** {@link getDatabases} taking Outputs. */
export function getDatabasesOutput(
  args: pulumi.Input<InputArgs<GetDatabasesArgs>> = {},
): pulumi.Output<GetDatabasesResult> {
  return pulumi.output(args).apply((a) => getDatabases(a as GetDatabasesArgs));
}

/**
 * Arguments of {@link getDatabaseBackups}; its filters, the backup's `type` ("auto", the daily ones,
 * or "snapshot") and `label` (snapshot labels are unique per database), keep only the backups
 * whose field holds that value.
 */
export interface GetDatabaseBackupsArgs extends Partial<Pick<DatabaseBackup, BackupFilter>> {
  /** Engine of the database, "mysql" or "postgresql" (a database's `engineType`). */
  engine: EngineType;
  /** Id of the database (a database's `instanceId` or `id`). */
  databaseId: number | string;
}

/** Result of {@link getDatabaseBackups}. */
export interface GetDatabaseBackupsResult {
  /** The database's backups (those matching `type` and `label`), in the order the API lists them. */
  backups: DatabaseBackupResult[];
  /** The newest of `backups` by `created` (e.g. the latest automatic backup); undefined when there is none. */
  latest?: DatabaseBackupResult;
}

/**
 * The engine and id of one database a look-up names, checked before any request; `fn` and `idName`
 * name the look-up and its argument in the error.
 */
export function databaseRef(
  fn: string,
  engine: unknown,
  idName: "id" | "databaseId",
  rawId: unknown,
): [engine: EngineType, id: number] {
  if (!ENGINE_TYPES.includes(engine as EngineType))
    throw new Error(`${fn}: engine must be "mysql" or "postgresql", got ${JSON.stringify(engine)}`);
  const id = toId(rawId);
  if (id === undefined) throw new Error(`${fn}: ${idName} must be a positive integer id, got ${JSON.stringify(rawId)}`);
  return [engine as EngineType, id];
}

/**
 * Lists the backups of one database (needs a token): the automatic daily ones and the on-demand
 * snapshots. The API refuses the list while the database is provisioning.
 */
export async function getDatabaseBackups(args: GetDatabaseBackupsArgs): Promise<GetDatabaseBackupsResult> {
  const [engine, id] = databaseRef("getDatabaseBackups", args.engine, "databaseId", args.databaseId);
  if (args.type !== undefined && args.type !== "auto" && args.type !== "snapshot")
    throw new Error(`getDatabaseBackups: type must be "auto" or "snapshot", got ${JSON.stringify(args.type)}`);
  const backups = (await lookupClient().database(engine).listBackups(id))
    .filter(
      (b) => (args.type === undefined || b.type === args.type) && (args.label === undefined || b.label === args.label),
    )
    .map(backupResult);
  // API times share one format (ISO 8601 without a zone), so they order as text.
  const latest = backups.reduce<DatabaseBackupResult | undefined>(
    (acc, b) => (acc === undefined || b.created > acc.created ? b : acc),
    undefined,
  );
  return latest ? { backups, latest } : { backups };
}

/** {@link getDatabaseBackups} taking Outputs, e.g. `{ engine: db.engineType, databaseId: db.instanceId }`. */
export function getDatabaseBackupsOutput(
  args: InputArgs<GetDatabaseBackupsArgs>,
): pulumi.Output<GetDatabaseBackupsResult> {
  return pulumi.output(args).apply((a) => getDatabaseBackups(a as GetDatabaseBackupsArgs));
}

/** Compares dotted versions numerically ("8.0.30" > "8.0.4"). */
function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map((x) => parseInt(x, 10) || 0);
  const pb = b.split(".").map((x) => parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
