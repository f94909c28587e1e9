/**
 * The state kept for a database: the API object in the resource's camelCase form, the inputs the
 * API cannot show (time limits, trigger values), the secrets, and what refresh reports as inputs.
 */
import type { Database, DatabaseEngineApi, EngineType } from "../../client/index.js";
import { compact, same, setInputsOf } from "../../shared/fields/diff.js";
import { DATABASE_FIELDS } from "./fields.js";
import { DATABASE_DIFF, IMMUTABLE } from "./inputs.js";
import { refreshInputs, stateFields } from "../../shared/fields/table.js";
import type { Bag } from "../../shared/fields/validate.js";

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
    setInputs: setInputsOf(inputs, DATABASE_DIFF.ifSet!),
    ...stateFields(DATABASE_FIELDS, db, inputs, engine),
    // Written by the provider, never by the program: the last restore and credentials reset it performed.
    lastRestore: inputs.lastRestore,
    lastCredentialsReset: inputs.lastCredentialsReset,
    // The API leaves replication out on some answers: the inputs, then the API's default, stand in.
    replicationType: db.replication_type ?? (inputs.replicationType as string | undefined) ?? "none",
    replicationCommitType:
      engine === "postgresql"
        ? (db.replication_commit_type ?? (inputs.replicationCommitType as string | undefined) ?? "local")
        : undefined,
    ...secrets,
    connectionUri: connectionUri(engine, db.hosts?.primary, db.port, secrets),
    secondaryConnectionUri: connectionUri(engine, db.hosts?.secondary, db.port, secrets),
  });
}

/** The inputs a refresh reports, so the next diff compares the program against reality. */
export function inputsOf(engine: EngineType, state: Bag): Bag {
  return refreshInputs(DATABASE_FIELDS, state, engine);
}

/** The secrets an old state holds. */
export function pickSecrets(state: Bag): Secrets {
  return compact({
    rootUsername: state.rootUsername as string | undefined,
    rootPassword: state.rootPassword as string | undefined,
    caCertificate: state.caCertificate as string | undefined,
  });
}

/**
 * The root credentials and CA certificate. Both reads end before either failure is thrown, so no
 * read outlives the operation that gave up (an error path reads them on its way out).
 */
export async function fetchSecrets(api: DatabaseEngineApi, id: number): Promise<Secrets> {
  const [credentials, certificate] = await Promise.allSettled([api.getCredentials(id), api.getCertificate(id)]);
  if (credentials.status === "rejected") throw credentials.reason;
  if (certificate.status === "rejected") throw certificate.reason;
  return {
    rootUsername: credentials.value.username,
    rootPassword: credentials.value.password,
    caCertificate: certificate.value.ca_certificate,
  };
}

/** Differences between an existing database and immutable inputs, as "field: actual vs wanted". */
export function immutableMismatches(engine: EngineType, db: Database, inputs: Bag): string[] {
  const actual = stateOf(engine, db, {});
  return IMMUTABLE.filter((k) => inputs[k] !== undefined && !same(actual[k], inputs[k])).map(
    (k) => `${k} is ${JSON.stringify(actual[k])} but the arguments say ${JSON.stringify(inputs[k])}`,
  );
}
