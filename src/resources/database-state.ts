/**
 * The state kept for a database: the API object in the resource's camelCase form, the inputs the
 * API cannot show (time limits, trigger values), the secrets, and what refresh reports as inputs.
 */
import type { Database, DatabaseEngineApi, EngineType, MaintenanceWindow } from "../client/index.js";
import { compact, same, setInputsOf, withoutUnset } from "./common.js";
import { DIFF, IMMUTABLE, MUTABLE } from "./database-inputs.js";
import { normaliseAllowList, type Bag, type MaintenanceWindowInput } from "./validate.js";

/** The maintenance window in the resource's camelCase form. */
export function windowOf(w: MaintenanceWindow | null | undefined): MaintenanceWindowInput | null {
  if (!w) return null;
  return {
    frequency: w.frequency,
    duration: w.duration,
    hourOfDay: w.hour_of_day,
    dayOfWeek: w.day_of_week,
    weekOfMonth: w.week_of_month ?? null,
  };
}

export function apiWindow(w: MaintenanceWindowInput): MaintenanceWindow {
  return {
    frequency: w.frequency,
    duration: w.duration,
    hour_of_day: w.hourOfDay,
    day_of_week: w.dayOfWeek,
    week_of_month: w.weekOfMonth ?? null,
  };
}

/** Root credentials and CA certificate, kept as secret outputs. */
export interface Secrets {
  rootUsername?: string;
  rootPassword?: string;
  caCertificate?: string;
}

/**
 * A connection URI for one host, in the form each engine's clients take, with TLS required:
 * `mysql://user:password@host:port/?ssl-mode=REQUIRED` (MySQL Shell, Connector/Node.js and the
 * other MySQL connectors' URI form) and `postgresql://user:password@host:port/postgres?sslmode=require`
 * (libpq and every client built on it). Undefined until the host and credentials are known.
 */
export function connectionUri(
  engine: EngineType,
  host: string | null | undefined,
  port: number | undefined,
  secrets: Secrets,
): string | undefined {
  if (!host || port === undefined || secrets.rootUsername === undefined || secrets.rootPassword === undefined)
    return undefined;
  const auth = `${encodeURIComponent(secrets.rootUsername)}:${encodeURIComponent(secrets.rootPassword)}`;
  return engine === "mysql"
    ? `mysql://${auth}@${host}:${port}/?ssl-mode=REQUIRED`
    : `postgresql://${auth}@${host}:${port}/postgres?sslmode=require`;
}

/**
 * The state kept for a database: what a user reads (the API object's settings, hosts, port,
 * status, secrets and connection URIs) plus the inputs the API cannot show. Figures the API keeps
 * changing or can give back on demand (disk use, timestamps) are left out: stale copies of them
 * would only make the state bigger and refreshes noisy.
 */
export function stateOf(engine: EngineType, db: Database, inputs: Bag, given: Secrets = {}): Bag {
  const secrets: Secrets = {
    rootUsername: given.rootUsername ?? (inputs.rootUsername as string | undefined),
    rootPassword: given.rootPassword ?? (inputs.rootPassword as string | undefined),
    caCertificate: given.caCertificate ?? (inputs.caCertificate as string | undefined),
  };
  return compact({
    setInputs: setInputsOf(inputs, DIFF.ifSet!),
    adoptId: inputs.adoptId,
    timeouts: inputs.timeouts,
    credentialsRotation: inputs.credentialsRotation,
    patchNow: inputs.patchNow,
    restore: inputs.restore,
    lastRestore: inputs.lastRestore,
    lastCredentialsReset: inputs.lastCredentialsReset,
    label: db.label,
    region: db.region,
    type: db.type,
    engineId: `${db.engine}/${db.version}`,
    engineType: db.engine,
    version: db.version,
    clusterSize: db.cluster_size,
    encrypted: db.encrypted,
    sslConnection: db.ssl_connection,
    replicationType: db.replication_type ?? (inputs.replicationType as string | undefined) ?? "none",
    replicationCommitType:
      engine === "postgresql"
        ? (db.replication_commit_type ?? (inputs.replicationCommitType as string | undefined) ?? "local")
        : undefined,
    allowList: normaliseAllowList(db.allow_list ?? []),
    updates: windowOf(db.updates),
    port: db.port,
    hosts: { primary: db.hosts?.primary ?? null, secondary: db.hosts?.secondary ?? null },
    status: db.status,
    ...secrets,
    connectionUri: connectionUri(engine, db.hosts?.primary, db.port, secrets),
    secondaryConnectionUri: connectionUri(engine, db.hosts?.secondary, db.port, secrets),
  });
}

/** The inputs a refresh reports, so the next diff compares the program against reality. */
export function inputsOf(state: Bag): Bag {
  const keys = [...IMMUTABLE, ...MUTABLE];
  const inputs = Object.fromEntries(keys.map((k) => [k, state[k] === null && k === "updates" ? undefined : state[k]]));
  return compact(withoutUnset(inputs, state, DIFF.ifSet!));
}

/** The secrets an old state holds. */
export function pickSecrets(state: Bag): Secrets {
  return compact({
    rootUsername: state.rootUsername as string | undefined,
    rootPassword: state.rootPassword as string | undefined,
    caCertificate: state.caCertificate as string | undefined,
  });
}

export async function fetchSecrets(api: DatabaseEngineApi, id: number): Promise<Secrets> {
  const [credentials, certificate] = await Promise.all([api.getCredentials(id), api.getCertificate(id)]);
  return {
    rootUsername: credentials.username,
    rootPassword: credentials.password,
    caCertificate: certificate.ca_certificate,
  };
}

/** Differences between an existing database and immutable inputs, as "field: actual vs wanted". */
export function immutableMismatches(engine: EngineType, db: Database, inputs: Bag): string[] {
  const actual = stateOf(engine, db, {});
  return IMMUTABLE.filter((k) => inputs[k] !== undefined && !same(actual[k], inputs[k])).map(
    (k) => `${k} is ${JSON.stringify(actual[k])} but the arguments say ${JSON.stringify(inputs[k])}`,
  );
}
