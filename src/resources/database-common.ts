/**
 * What `MysqlDatabase` and `PostgresqlDatabase` share: arguments, rules, state shape and the
 * provider, parameterised by engine. The two engines differ only in replication options.
 */
import * as pulumi from "@pulumi/pulumi";
import {
  ApiError,
  type CreateDatabaseRequest,
  type Database,
  type DatabaseEngineApi,
  type EngineType,
  type MaintenanceWindow,
  type UpdateDatabaseRequest,
} from "../client/index.js";
import { engineProblem, regionProblem } from "./catalogue.js";
import {
  adopts,
  assertValid,
  compact,
  computeDiff,
  idOutput,
  noteReplacement,
  isNewValue,
  same,
  setInputsOf,
  timeoutsOnlyUpdate,
  withoutUnset,
  TOKEN_MODULE,
  withSecretOutputs,
  type DiffSpec,
} from "./common.js";
import { client, configure, warn } from "./context.js";
import { isNotFound, ResourceInitError, unlessNotFound } from "./errors.js";
import { claimInterruptedCreate } from "./label-claim.js";
import { remember } from "./program-args.js";
import {
  allowListInput,
  databaseLabelRule,
  engineIdRule,
  hasUnknown,
  maintenanceWindowInput,
  normaliseAllowList,
  Rules,
  UNKNOWN,
  type Bag,
  type MaintenanceWindowInput,
} from "./validate.js";
import { PROVISIONING, QUICK, timeoutMs, timeoutsRule, waitFor, type PollProfile, type Timeouts } from "./wait.js";

/** Maintenance window for automatic OS patching, in UTC. */
export interface MaintenanceWindowArgs {
  /** "weekly" or "monthly". */
  frequency: pulumi.Input<"weekly" | "monthly">;
  /** Length of the window in hours, 1..3. */
  duration: pulumi.Input<number>;
  /** Start hour, 0..23 (UTC). */
  hourOfDay: pulumi.Input<number>;
  /** Day, 1..7 with 1 = Monday. */
  dayOfWeek: pulumi.Input<number>;
  /** Week of the month, 1..4: required for monthly, left out for weekly. */
  weekOfMonth?: pulumi.Input<number>;
}

/** Arguments both database resources accept. */
export interface DatabaseArgsBase {
  /** Label, 3..32 letters, digits, '.', '_' or '-', unique in the account; changed in place. */
  label: pulumi.Input<string>;
  /** Region id with status ok and the "Managed Databases" capability; changing it replaces the database. */
  region: pulumi.Input<string>;
  /** Compute instance type of the nodes; changing it resizes in place (only to a type with more disk). */
  type: pulumi.Input<string>;
  /** Engine id `<engine>/<version>` from the catalogue (see `getDatabaseEngines`); changing it replaces the database. */
  engineId: pulumi.Input<string>;
  /** 1 (single node) or 3 (primary and two replicas); default 1; changing it replaces the database. */
  clusterSize?: pulumi.Input<1 | 3>;
  /** Encrypt the disks; default false; changing it replaces the database. */
  encrypted?: pulumi.Input<boolean>;
  /** Require SSL to connect; default true; changing it replaces the database. */
  sslConnection?: pulumi.Input<boolean>;
  /** IPv4 addresses or CIDR ranges allowed to connect; default [] (no access); updated in place. */
  allowList?: pulumi.Input<pulumi.Input<string>[]>;
  /** Maintenance window; the API's default window is kept when left out. */
  updates?: pulumi.Input<MaintenanceWindowArgs>;
  /** Any text; changing it resets the root password and waits for the new one. */
  credentialsRotation?: pulumi.Input<string>;
  /** Any text; changing it applies OS patches now and waits until the database is active again. */
  patchNow?: pulumi.Input<string>;
  /** Id of an existing database of this engine to take under management instead of creating one. */
  adoptId?: pulumi.Input<number | string>;
  /** Time limits; defaults create 45m, update 45m, delete 30m. */
  timeouts?: pulumi.Input<Timeouts>;
}

/** Default limits: provisioning is documented at 15..30 minutes and observed up to 45. */
export const DATABASE_TIMEOUTS_MS = { create: 45 * 60_000, update: 45 * 60_000, delete: 30 * 60_000 };

const REPLICATION: Record<EngineType, readonly string[]> = {
  mysql: ["none", "asynch", "semi_synch"],
  postgresql: ["none", "asynch"],
};
const HA_REPLICATION: Record<EngineType, string> = { mysql: "semi_synch", postgresql: "asynch" };
const COMMIT_TYPES = ["on", "local", "remote_write", "remote_apply", "off"] as const;
const DELETABLE = ["active", "failed", "degraded"];
const SECRET_OUTPUTS = ["rootUsername", "rootPassword", "caCertificate"];
/** Why a wait for `active` stops at once, and the way out (a failed database never becomes active). */
const FAILED_HINT =
  'its status is "failed", from which it does not recover. Replace it with `pulumi up --replace <urn>`, ' +
  "or remove it with `pulumi destroy --target <urn>` and run `pulumi up` again";

/**
 * Statuses a database does not leave for `active` by itself, with the way out. A wait for
 * `active` stops at once on these; transitional statuses (provisioning, updating, backing_up,
 * restoring, resuming) are waited out. The API only updates an `active` database.
 */
const STUCK_HINTS: Record<string, string> = {
  failed: FAILED_HINT,
  degraded:
    'its status is "degraded" (a node is unhealthy), which the API does not update and which does not ' +
    "turn active by itself. Restore it from a backup or replace it with `pulumi up --replace <urn>`, " +
    'or run `pulumi up` again once it reads "active"',
  suspended:
    'its status is "suspended", which the API does not update and which does not turn active by itself. ' +
    'Resume the database, then run `pulumi up` again once it reads "active"',
  suspending:
    'its status is "suspending": it is on its way to "suspended", not "active", and the API does not update it. ' +
    'Resume the database once it is suspended, then run `pulumi up` again once it reads "active"',
};

/** The reason to stop waiting for `active` at once, or undefined to keep waiting. */
export function stuckReason(status: string): string | undefined {
  return STUCK_HINTS[status];
}

/** Fields that cannot change without replacing the database. */
const IMMUTABLE = [
  "region",
  "engineId",
  "clusterSize",
  "encrypted",
  "sslConnection",
  "replicationType",
  "replicationCommitType",
];

/** Inputs changed in place by `update`. */
const MUTABLE = ["label", "type", "allowList", "updates", "credentialsRotation", "patchNow", "timeouts"];

/** How each input takes part in diff (and in telling a timeouts-only update apart). */
const DIFF: DiffSpec = {
  replace: IMMUTABLE,
  update: MUTABLE,
  ifSet: ["updates"],
  normalise: {
    allowList: (v) => (Array.isArray(v) && !hasUnknown(v) ? normaliseAllowList(v as string[]) : v),
    replicationType: (v) => (v === "async" ? "asynch" : v),
    updates: (v) => (v && typeof v === "object" && !hasUnknown(v) ? { weekOfMonth: null, ...(v as Bag) } : v),
  },
  // Database labels are unique in the account.
  collides: (o, n) => o.label === n.label || hasUnknown(n.label),
};

/** Runs every input rule; lenient (check) or strict (create). Returns inputs with defaults filled. */
export function checkDatabase(engine: EngineType, news: Bag, strict: boolean): { rules: Rules; inputs: Bag } {
  const rules = new Rules(strict);
  const inputs: Bag = { ...news };
  rules.string(news, "label", true, databaseLabelRule);
  rules.string(news, "region", true);
  rules.string(news, "type", true, (t) => (t.trim() === "" ? "must not be empty" : undefined));
  rules.string(news, "engineId", true, engineIdRule(engine));

  if (news.clusterSize === undefined || news.clusterSize === null) inputs.clusterSize = 1;
  const cluster = rules.oneOf(news, "clusterSize", [1, 3] as const);
  if (news.encrypted === undefined || news.encrypted === null) inputs.encrypted = false;
  else rules.boolean(news, "encrypted");
  if (news.sslConnection === undefined || news.sslConnection === null) inputs.sslConnection = true;
  else rules.boolean(news, "sslConnection");

  // PostgreSQL answers spell asynch as "async"; accept it in inputs too and store one spelling.
  if (engine === "postgresql" && news.replicationType === "async") inputs.replicationType = "asynch";
  const knownCluster = inputs.clusterSize === UNKNOWN ? undefined : (cluster ?? (inputs.clusterSize as number));
  const replication = rules.oneOf(inputs, "replicationType", REPLICATION[engine], ` for ${engine}`);
  if (inputs.replicationType === undefined || inputs.replicationType === null) {
    if (inputs.clusterSize === UNKNOWN) inputs.replicationType = UNKNOWN;
    else if (knownCluster !== undefined) inputs.replicationType = knownCluster === 3 ? HA_REPLICATION[engine] : "none";
  } else if (replication !== undefined && replication !== "none" && knownCluster === 1) {
    rules.fail(
      "replicationType",
      `replicationType must be "none" for a single-node database (clusterSize 1); "${replication}" needs clusterSize 3`,
    );
  }

  if (engine === "mysql") {
    if (news.replicationCommitType !== undefined && news.replicationCommitType !== null)
      rules.fail("replicationCommitType", "replicationCommitType is PostgreSQL-only; MySQL does not accept it");
  } else {
    if (news.replicationCommitType === undefined || news.replicationCommitType === null)
      inputs.replicationCommitType = "local";
    else rules.oneOf(news, "replicationCommitType", COMMIT_TYPES);
  }

  const allow = allowListInput(rules, news);
  if (allow !== undefined && allow !== UNKNOWN) inputs.allowList = allow;
  else if (news.allowList === undefined || news.allowList === null) inputs.allowList = [];

  const window = maintenanceWindowInput(rules, news);
  if (window !== undefined && window !== UNKNOWN) inputs.updates = window;

  rules.string(news, "credentialsRotation", false);
  rules.string(news, "patchNow", false);
  if (news.adoptId !== undefined && news.adoptId !== UNKNOWN) {
    const id = rules.id(news, "adoptId", false);
    if (id !== undefined) inputs.adoptId = id;
  }
  for (const f of timeoutsRule(news.timeouts === UNKNOWN ? undefined : news.timeouts)) rules.fail(f.property, f.reason);
  return { rules, inputs };
}

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

function apiWindow(w: MaintenanceWindowInput): MaintenanceWindow {
  return {
    frequency: w.frequency,
    duration: w.duration,
    hour_of_day: w.hourOfDay,
    day_of_week: w.dayOfWeek,
    week_of_month: w.weekOfMonth ?? null,
  };
}

/** Root credentials and CA certificate, kept as secret outputs. */
interface Secrets {
  rootUsername?: string;
  rootPassword?: string;
  caCertificate?: string;
}

/** The state kept for a database: the API object in camelCase plus the inputs it cannot show. */
export function stateOf(engine: EngineType, db: Database, inputs: Bag, secrets: Secrets = {}): Bag {
  return compact({
    setInputs: setInputsOf(inputs, DIFF.ifSet!),
    adoptId: inputs.adoptId,
    timeouts: inputs.timeouts,
    credentialsRotation: inputs.credentialsRotation,
    patchNow: inputs.patchNow,
    instanceId: db.id,
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
    totalDiskSizeGb: db.total_disk_size_gb ?? null,
    usedDiskSizeGb: db.used_disk_size_gb ?? null,
    created: db.created,
    updated: db.updated ?? null,
    rootUsername: secrets.rootUsername ?? inputs.rootUsername,
    rootPassword: secrets.rootPassword ?? inputs.rootPassword,
    caCertificate: secrets.caCertificate ?? inputs.caCertificate,
  });
}

/** The inputs a refresh reports, so the next diff compares the program against reality. */
function inputsOf(state: Bag): Bag {
  const keys = [...IMMUTABLE, ...MUTABLE];
  const inputs = Object.fromEntries(keys.map((k) => [k, state[k] === null && k === "updates" ? undefined : state[k]]));
  return compact(withoutUnset(inputs, state, DIFF.ifSet!));
}

/** The secrets an old state holds. */
function pickSecrets(state: Bag): Secrets {
  return compact({
    rootUsername: state.rootUsername as string | undefined,
    rootPassword: state.rootPassword as string | undefined,
    caCertificate: state.caCertificate as string | undefined,
  });
}

async function fetchSecrets(api: DatabaseEngineApi, id: number): Promise<Secrets> {
  const [credentials, certificate] = await Promise.all([api.getCredentials(id), api.getCertificate(id)]);
  return {
    rootUsername: credentials.username,
    rootPassword: credentials.password,
    caCertificate: certificate.ca_certificate,
  };
}

function waitActive(
  engine: EngineType,
  api: DatabaseEngineApi,
  id: number,
  limitMs: number,
  profile: PollProfile,
  seen?: (db: Database) => void,
): Promise<Database> {
  return waitFor({
    what: `${engine} database ${id} to become active`,
    poll: async () => {
      const db = await api.get(id);
      seen?.(db);
      return db;
    },
    done: (db) => db.status === "active",
    failed: (db) => stuckReason(db.status),
    describe: (db) => `status ${db.status}`,
    timeoutMs: limitMs,
    profile,
  });
}

/**
 * Brings an existing database to the mutable inputs: label, allow list, type (resize), maintenance
 * window; then, on update only (`olds` given), a changed `credentialsRotation` resets the root
 * password and a changed `patchNow` applies patches. Waits for `active` before and after
 * operations that need or cause another status. Returns the fresh state.
 */
async function converge(
  engine: EngineType,
  start: Database,
  olds: Bag | undefined,
  news: Bag,
  limitMs: number,
  seen: (db: Database) => void,
  applied: Bag = {},
): Promise<Bag> {
  const api = client().database(engine);
  const id = start.id;
  let db = start;
  if (db.status !== "active")
    db = await waitActive(engine, api, id, limitMs, db.status === "provisioning" ? PROVISIONING : QUICK, seen);

  // A second round runs only when a lost answer's update turned out to be someone else's.
  for (let round = 0; round < 2; round++) {
    const body = updateBody(db, news);
    if (Object.keys(body).length === 0) break;
    db = await sendUpdate(api, id, body);
    seen(db);
    // A resize or an allow-list change keeps the database "updating" for a while.
    if (body.type !== undefined || body.allow_list !== undefined || db.status !== "active")
      db = await waitActive(engine, api, id, limitMs, QUICK, seen);
  }

  // A first value only starts tracking: a rotation is a change from one value to another.
  if (
    olds &&
    typeof olds.credentialsRotation === "string" &&
    typeof news.credentialsRotation === "string" &&
    news.credentialsRotation !== olds.credentialsRotation
  ) {
    const before = await api.getCredentials(id);
    await api.resetCredentials(id);
    applied.credentialsRotation = news.credentialsRotation;
    await waitFor({
      what: `the new root password of ${engine} database ${id} (credentialsRotation)`,
      poll: async () => {
        const current = await api.get(id);
        seen(current);
        const credentials = current.status === "active" ? await api.getCredentials(id) : undefined;
        return { status: current.status, credentials };
      },
      done: (r) => r.credentials !== undefined && r.credentials.password !== before.password,
      failed: (r) => stuckReason(r.status),
      describe: (r) => (r.credentials ? "the old password" : `status ${r.status}`),
      timeoutMs: limitMs,
      profile: QUICK,
    });
  }

  if (
    olds &&
    typeof olds.patchNow === "string" &&
    typeof news.patchNow === "string" &&
    news.patchNow !== olds.patchNow
  ) {
    await api.patch(id);
    applied.patchNow = news.patchNow;
    db = await waitActive(engine, api, id, limitMs, QUICK, seen);
  }

  db = await api.get(id);
  seen(db);
  return stateOf(engine, db, news, await fetchSecrets(api, id));
}

/** The update that brings `db` to the mutable inputs; empty when it already matches. */
function updateBody(db: Database, news: Bag): UpdateDatabaseRequest {
  const body: UpdateDatabaseRequest = {};
  if (typeof news.label === "string" && news.label !== db.label) body.label = news.label;
  const allow = news.allowList as string[] | undefined;
  if (Array.isArray(allow) && !same(normaliseAllowList(db.allow_list ?? []), allow)) body.allow_list = allow;
  if (typeof news.type === "string" && news.type !== db.type) body.type = news.type;
  const window = news.updates as MaintenanceWindowInput | undefined;
  if (window && !same(windowOf(db.updates), { ...window, weekOfMonth: window.weekOfMonth ?? null }))
    body.updates = apiWindow(window);
  return body;
}

function createRequest(engine: EngineType, inputs: Bag): CreateDatabaseRequest {
  const req: CreateDatabaseRequest = {
    label: inputs.label as string,
    region: inputs.region as string,
    type: inputs.type as string,
    engine: inputs.engineId as string,
    cluster_size: inputs.clusterSize as 1 | 3,
    encrypted: inputs.encrypted as boolean,
    ssl_connection: inputs.sslConnection as boolean,
    replication_type: inputs.replicationType as CreateDatabaseRequest["replication_type"] & string,
    allow_list: inputs.allowList as string[],
  };
  if (engine === "postgresql")
    req.replication_commit_type = inputs.replicationCommitType as CreateDatabaseRequest["replication_commit_type"] &
      string;
  return req;
}

/** Differences between an existing database and immutable inputs, as "field: actual vs wanted". */
function immutableMismatches(engine: EngineType, db: Database, inputs: Bag): string[] {
  const actual = stateOf(engine, db, {});
  return IMMUTABLE.filter((k) => inputs[k] !== undefined && !same(actual[k], inputs[k])).map(
    (k) => `${k} is ${JSON.stringify(actual[k])} but the arguments say ${JSON.stringify(inputs[k])}`,
  );
}

async function adopt(engine: EngineType, inputs: Bag): Promise<pulumi.dynamic.CreateResult> {
  const instanceId = inputs.adoptId as number;
  const db = await client().database(engine).get(instanceId);
  const mismatches = immutableMismatches(engine, db, inputs);
  if (mismatches.length > 0) {
    throw new Error(
      `Cannot adopt ${engine} database ${instanceId}: ${mismatches.join("; ")}. ` +
        "These fields cannot be changed, so make the arguments match the database or drop adoptId.",
    );
  }
  return takeOver(engine, db, inputs);
}

/**
 * Makes an existing database this resource's result (just created, adopted, or left by an
 * interrupted create): waits out provisioning and brings it to the arguments. A failure on the way
 * still records the database with its id, so the next `pulumi up` resumes instead of creating another.
 */
async function takeOver(engine: EngineType, db: Database, inputs: Bag): Promise<pulumi.dynamic.CreateResult> {
  const id = String(db.id);
  let last = db;
  try {
    const limit = timeoutMs(inputs.timeouts, "create", DATABASE_TIMEOUTS_MS.create);
    return { id, outs: await converge(engine, db, undefined, inputs, limit, (d) => (last = d)) };
  } catch (err) {
    throw new ResourceInitError(id, stateOf(engine, last, inputs), inputs, err);
  }
}

/**
 * Creates the database, or finds the one an interrupted or unanswered earlier attempt made: the
 * label (unique in the account) is looked up before the POST and again when its outcome is unclear.
 */
async function createOrClaim(engine: EngineType, inputs: Bag): Promise<Database> {
  const api = client().database(engine);
  const label = inputs.label as string;
  const byLabel = async (): Promise<Database | undefined> => (await api.list()).find((d) => d.label === label);
  const existing = await byLabel();
  if (existing) {
    const holder = {
      what: `${engine} database ${existing.id}`,
      created: existing.created,
      adoptWith: `adoptId: ${existing.id}`,
      inProgress: existing.status === "provisioning",
      mismatches: immutableMismatches(engine, existing, inputs),
    };
    claimInterruptedCreate(label, holder, timeoutMs(inputs.timeouts, "create", DATABASE_TIMEOUTS_MS.create));
    return existing;
  }
  return api.create(createRequest(engine, inputs), { recover: byLabel });
}

/**
 * Sends an update. When an attempt's answer was lost and the resend is refused because the first
 * one already moved the database to `updating`, that update is the one in progress: its state is
 * returned for the caller to wait on, instead of failing the step.
 */
async function sendUpdate(api: DatabaseEngineApi, id: number, body: UpdateDatabaseRequest): Promise<Database> {
  try {
    return await api.update(id, body);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 400 || err.attempts < 2) throw err;
    const now = await api.get(id);
    if (now.status === "updating") return now;
    throw err;
  }
}

/** The provider of one engine. */
export function databaseProvider(engine: EngineType): pulumi.dynamic.ResourceProvider {
  return {
    configure,

    async check(olds: Bag, news: Bag) {
      const { rules, inputs } = checkDatabase(engine, news, false);
      const failed = (p: string): boolean => rules.failures.some((f) => f.property === p);
      const region = news.region;
      const engineId = news.engineId;
      const [regionIssue, engineIssue] = await Promise.all([
        typeof region === "string" && region !== UNKNOWN && !failed("region") && isNewValue(olds, news, "region")
          ? regionProblem(region, "Managed Databases")
          : undefined,
        typeof engineId === "string" &&
        engineId !== UNKNOWN &&
        !failed("engineId") &&
        isNewValue(olds, news, "engineId")
          ? engineProblem(engineId)
          : undefined,
      ]);
      if (regionIssue) rules.fail("region", regionIssue);
      if (engineIssue) rules.fail("engineId", engineIssue);
      return rules.failures.length ? { inputs, failures: rules.failures } : { inputs };
    },

    async diff(id: string, olds: Bag, news: Bag) {
      const result = noteReplacement(engine, news, computeDiff(olds, news, DIFF));
      if (result.deleteBeforeReplace)
        warn(
          `${engine} database ${id} ("${String(olds.label)}") is deleted, with all its backups, before its ` +
            `replacement is created (${result.replaces!.join(", ")} changed and the label stays the same; labels ` +
            "are unique). Give the replacement another label to create it first.",
        );
      return result;
    },

    async create(news: Bag) {
      const { rules, inputs } = checkDatabase(engine, news, true);
      assertValid(`${engine} database`, rules.failures);
      if (adopts(engine, inputs)) return adopt(engine, inputs);
      return takeOver(engine, await createOrClaim(engine, inputs), inputs);
    },

    async read(id: string, props?: Bag) {
      const api = client().database(engine);
      const db = await unlessNotFound(() => api.get(Number(id)));
      if (!db) return { id: "" };
      let secrets: Secrets = {};
      if (db.status === "active") {
        // Keep the last known secrets when they cannot be read (e.g. a read-only token).
        secrets = await fetchSecrets(api, db.id).catch(() => ({}));
      }
      const state = stateOf(engine, db, props ?? {}, secrets);
      return { id, props: state, inputs: inputsOf(state) };
    },

    async update(id: string, olds: Bag, news: Bag) {
      // A create that stopped before the database was ready (no secrets yet) resumes whatever changed.
      const resuming = olds.status === "provisioning" || olds.rootPassword === undefined;
      const quiet = resuming ? undefined : timeoutsOnlyUpdate(olds, news, DIFF);
      if (quiet) return { outs: quiet };
      const api = client().database(engine);
      const db = await api.get(Number(id));
      // A create interrupted during provisioning resumes here: give it the create limit.
      const limit =
        db.status === "provisioning"
          ? timeoutMs(news.timeouts, "create", DATABASE_TIMEOUTS_MS.create)
          : timeoutMs(news.timeouts, "update", DATABASE_TIMEOUTS_MS.update);
      // Trigger values (credentialsRotation, patchNow) whose action was sent, and the last read.
      const applied: Bag = {};
      let last = db;
      try {
        return { outs: await converge(engine, db, olds, news, limit, (d) => (last = d), applied) };
      } catch (err) {
        // Recorded as far as it went, so the next `up` neither rotates again nor keeps the old password.
        const reached = {
          ...news,
          credentialsRotation: applied.credentialsRotation ?? olds.credentialsRotation,
          patchNow: applied.patchNow ?? olds.patchNow,
        };
        const secrets = await fetchSecrets(api, db.id).catch(() => pickSecrets(olds));
        throw new ResourceInitError(id, stateOf(engine, last, reached, secrets), news, err, "updated part-way");
      }
    },

    async delete(id: string, props: Bag) {
      const api = client().database(engine);
      const instanceId = Number(id);
      const limit = timeoutMs(props.timeouts, "delete", DATABASE_TIMEOUTS_MS.delete);
      let db = await unlessNotFound(() => api.get(instanceId));
      if (!db) return;
      if (!DELETABLE.includes(db.status)) {
        db = await waitFor({
          what: `${engine} database ${instanceId} to reach a status that allows deletion (${DELETABLE.join(", ")})`,
          poll: () => unlessNotFound(() => api.get(instanceId)),
          done: (d) => d === undefined || DELETABLE.includes(d.status),
          describe: (d) => `status ${d?.status ?? "deleted"}`,
          timeoutMs: limit,
          profile: db.status === "provisioning" ? PROVISIONING : QUICK,
        });
        if (!db) return;
      }
      try {
        await api.delete(instanceId);
      } catch (err) {
        if (isNotFound(err)) return;
        throw err;
      }
      await waitFor({
        what: `${engine} database ${instanceId} to be deleted`,
        poll: () => unlessNotFound(() => api.get(instanceId)),
        done: (d) => d === undefined,
        describe: (d) => `status ${d?.status ?? "deleted"}`,
        timeoutMs: limit,
        profile: QUICK,
      });
    },
  };
}

/**
 * Output properties of both database resources, declared once. Each engine's class adds its
 * own engine-specific ones.
 */
export abstract class ManagedDatabase extends pulumi.dynamic.Resource {
  /** The database's numeric id (the same as `id`, as a number). */
  declare public readonly instanceId: pulumi.Output<number>;
  /** The label. */
  declare public readonly label: pulumi.Output<string>;
  /** The region. */
  declare public readonly region: pulumi.Output<string>;
  /** Compute instance type of the nodes. */
  declare public readonly type: pulumi.Output<string>;
  /** Engine id `<engine>/<version>`. */
  declare public readonly engineId: pulumi.Output<string>;
  /** Engine type, `mysql` or `postgresql`. */
  declare public readonly engineType: pulumi.Output<string>;
  /** Engine version. */
  declare public readonly version: pulumi.Output<string>;
  /** Number of nodes, 1 or 3. */
  declare public readonly clusterSize: pulumi.Output<number>;
  /** Whether the disks are encrypted. */
  declare public readonly encrypted: pulumi.Output<boolean>;
  /** Whether SSL is required to connect. */
  declare public readonly sslConnection: pulumi.Output<boolean>;
  /** Replication mode. */
  declare public readonly replicationType: pulumi.Output<string>;
  /** Allowed sources, normalised: single addresses as /32, sorted. */
  declare public readonly allowList: pulumi.Output<string[]>;
  /** The maintenance window in effect. */
  declare public readonly updates: pulumi.Output<MaintenanceWindowInput | null>;
  /** Access port (3306 for MySQL, 5432 for PostgreSQL). */
  declare public readonly port: pulumi.Output<number>;
  /** Primary and secondary host names (null while provisioning). */
  declare public readonly hosts: pulumi.Output<{ primary: string | null; secondary: string | null }>;
  /** Status as of the last create, update or refresh. */
  declare public readonly status: pulumi.Output<string>;
  /** Total disk size in GB. */
  declare public readonly totalDiskSizeGb: pulumi.Output<number | null>;
  /** Used disk size in GB. */
  declare public readonly usedDiskSizeGb: pulumi.Output<number | null>;
  /** Root user name (secret). */
  declare public readonly rootUsername: pulumi.Output<string>;
  /** Root password (secret); changes when `credentialsRotation` changes. */
  declare public readonly rootPassword: pulumi.Output<string>;
  /** Base64 SSL CA certificate (secret). */
  declare public readonly caCertificate: pulumi.Output<string>;
  /** Creation time. */
  declare public readonly created: pulumi.Output<string>;
  /** Time of the most recent update. */
  declare public readonly updated: pulumi.Output<string | null>;

  protected constructor(
    provider: pulumi.dynamic.ResourceProvider,
    typeName: string,
    name: string,
    args: DatabaseArgsBase & Bag,
    opts: pulumi.CustomResourceOptions | undefined,
    engineOutputs: Bag,
  ) {
    super(
      provider,
      name,
      {
        ...args,
        clusterSize: args.clusterSize,
        encrypted: args.encrypted,
        sslConnection: args.sslConnection,
        allowList: args.allowList,
        updates: args.updates,
        ...engineOutputs,
        instanceId: undefined,
        engineType: undefined,
        version: undefined,
        port: undefined,
        hosts: undefined,
        status: undefined,
        totalDiskSizeGb: undefined,
        usedDiskSizeGb: undefined,
        rootUsername: undefined,
        rootPassword: undefined,
        caCertificate: undefined,
        created: undefined,
        updated: undefined,
      },
      withSecretOutputs(opts, SECRET_OUTPUTS),
      TOKEN_MODULE,
      typeName,
    );
    // Known during the preview of an update, so snapshots taking `instanceId` are not shown as replaced.
    this.instanceId = idOutput(this, Number);
    remember([this.id, this.instanceId], args);
  }
}
