/**
 * The state kept for a database: the API object in the resource's camelCase form, the inputs the
 * API cannot show (time limits, trigger values), the secrets, and what refresh reports as inputs.
 */
import type { Database, DatabaseEngineApi, EngineType } from "../../client/index.js";
import { compact, same, setInputsOf } from "../../shared/fields/diff.js";
import { DATABASE_FIELDS, secretsOf } from "./fields.js";
import { DATABASE_DIFF, IMMUTABLE } from "./inputs.js";
import { refreshInputs, stateFields } from "../../shared/fields/table.js";
import type { Bag } from "../../shared/fields/validate.js";
import { forkOutput } from "./fork.js";

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
  const fields = stateFields(DATABASE_FIELDS, db, inputs, engine);
  return compact({
    setInputs: setInputsOf(inputs, DATABASE_DIFF.ifSet!),
    ...fields,
    fork: forkOutput(db, inputs),
    // Written by the provider, never by the program: the last restore and credentials reset it performed.
    lastRestore: inputs.lastRestore,
    lastCredentialsReset: inputs.lastCredentialsReset,
    ...replicationOf(engine, db, inputs),
    ...secrets,
    connectionUri: connectionUri(engine, db.hosts?.primary, db.port, secrets),
    // Today's platform answers no secondary host: its second host is the standby.
    secondaryConnectionUri: connectionUri(
      engine,
      db.hosts?.secondary ?? (fields.standbyHost as string | undefined),
      db.port,
      secrets,
    ),
  });
}

/**
 * The replication settings the state keeps. Database answers from late 2024 on carry neither
 * replication setting (api-behaviour.md, "Later versions of the API"):
 * then what was known stands, the old state's value on refresh, the program's on create, adoption
 * and update; with nothing known (an import's first read) the field stays out of the state, and
 * diff takes a field an answer lacks for no difference (`unanswered` in the field table). Never a
 * default: a 3-node cluster read as "none" was a replacement waiting to happen. A "none" of a
 * 3-node cluster in an old state was such an invention (the API refuses it), so it is dropped.
 */
const FIELDS = DATABASE_FIELDS;

function replicationOf(engine: EngineType, db: Database, inputs: Bag): Bag {
  const known = (answered: string | null, held: unknown): unknown => {
    if (answered !== null) return answered;
    return held === "none" && db[FIELDS.clusterSize.api] === 3 ? undefined : held;
  };
  return {
    replicationType: known(db[FIELDS.replicationType.api], inputs.replicationType),
    replicationCommitType:
      engine === "postgresql" ? known(db[FIELDS.replicationCommitType.api], inputs.replicationCommitType) : undefined,
  };
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
  return secretsOf(credentials.value, certificate.value);
}

/** Differences between an existing database and immutable inputs, as "field: actual vs wanted". */
export function immutableMismatches(engine: EngineType, db: Database, inputs: Bag): string[] {
  const actual = stateOf(engine, db, {});
  // A field the answer lacks (undefined in `actual`) is unknown, not a mismatch.
  return IMMUTABLE.filter((k) => inputs[k] !== undefined && actual[k] !== undefined && !same(actual[k], inputs[k])).map(
    (k) => `${k} is ${JSON.stringify(actual[k])} but the arguments say ${JSON.stringify(inputs[k])}`,
  );
}
