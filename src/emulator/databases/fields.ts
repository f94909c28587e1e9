/**
 * A database record and its fields of the API model (src/api `DATABASE`): the settings a create
 * body gives, with the rules of those that have their own (cluster size, replication, allow list;
 * the plain ones are plain.ts's), and the answer fields the record does not hold as answered.
 * Each of these wire names is spelled here only in the emulator; the model (model.ts) runs the
 * status machine around them. It reads no other module of the emulator's but the records' own
 * helpers, so that the store's records (records.ts) can name it.
 */
import {
  allowListFamilies,
  clusterSizesOf,
  DATABASE,
  enginesReason,
  type BACKUP,
  type CERTIFICATE,
  type CREDENTIALS,
  type DatabaseHosts,
  type CreateBody,
  type Engine,
  type EnumValue,
  type PlanFacts,
  type Platform,
  type UpdateBody,
} from "../../api/index.js";
import type { ErrorList } from "../failures.js";
import { parseIpRange, sortedIpRanges, type IpRange } from "../../api/ipv4.js";
import { applyPlain, plainAtCreate } from "../plain.js";
import type { Computed, Stored } from "../stored.js";
import { DATABASE_KEYS as KEYS } from "../model-names.js";
import { onToday, TODAYS_PORT, todaysHosts, todaysMembers } from "./platform.js";

/** Answer fields computed from the record, not held. */
type Derived = "port" | "hosts" | "total_disk_size_gb" | "used_disk_size_gb";

/** A managed database: its fields of the model, credentials and certificate, and the state behind them. */
export type DatabaseRecord = Stored<typeof DATABASE, Derived> &
  Stored<typeof CREDENTIALS> &
  Stored<typeof CERTIFICATE> & {
    backups: BackupRecord[];
    /** Emulated ms up to which daily backups were considered. */
    backupsCheckedUntil: number;
    /** Emulated ms of the most recent completed credentials reset, or null. */
    credentialsResetAt: number | null;
    pending: PendingChange[];
  };

/** A backup of a database. */
export type BackupRecord = Stored<typeof BACKUP>;

/**
 * Something that will happen to a database at `at` (emulated epoch ms). A `transition` is the
 * general step of the status machine: from status `from` to `to`, setting `settings` of the
 * record as it lands (today's resize, upgrade and provisioning); a status forced in between
 * (control API) cancels it.
 */
export interface PendingChange {
  at: number;
  kind: "provisioned" | "updated" | "snapshot" | "restored" | "credentials" | "transition";
  snapshot?: { label: string };
  failAfterRestore?: boolean;
  password?: string;
  from?: string;
  to?: EnumValue<typeof DATABASE.fields.status>;
  settings?: Partial<DatabaseRecord>;
}

/** Body of database create after schema validation. */
export type DatabaseCreate = CreateBody<typeof DATABASE>;

/** Body of database update after schema validation. */
export type DatabaseUpdate = UpdateBody<typeof DATABASE>;

/** Body of snapshot create after schema validation. */
export type SnapshotCreate = CreateBody<typeof BACKUP>;

/** What the answer of the record's fields reads besides it: the plans' disk sizes (the store's). */
interface Plans {
  state: { types: readonly PlanFacts[] };
}

const hosts = (db: DatabaseRecord): DatabaseHosts =>
  onToday(db)
    ? todaysHosts(db, db.cluster_size)
    : db.status === "provisioning"
      ? { primary: null, secondary: null }
      : {
          primary: `db-${db.id}-primary.${db.region}.emulator.internal`,
          secondary: `db-${db.id}-secondary.${db.region}.emulator.internal`,
        };

/**
 * The answer's fields of this file not held as answered (the other files' are theirs, joined in
 * views.ts); PostgreSQL spells `asynch` as `async`, as the real API may.
 */
export const FIELDS_ANSWER: Computed<DatabaseRecord, Plans> = {
  replication_type: (db) =>
    db.engine === "postgresql" && db.replication_type === "asynch" ? "async" : db.replication_type,
  port: (db) => (onToday(db) ? TODAYS_PORT : db.engine === "mysql" ? 3306 : 5432),
  hosts,
  members: (db) => todaysMembers(db, db.cluster_size),
  total_disk_size_gb: (db, store) => store.state.types.find((t) => t.id === db.type)?.disk ?? null,
  // Today's platform answers null while provisioning (todays-platform.md §7.2), the contract's 0.
  used_disk_size_gb: (db) => (db.status !== "provisioning" ? 1 : onToday(db) ? null : 0),
};

/** The cross-engine list entry's computed fields. */
export const SUMMARY_ANSWER: Computed<DatabaseRecord, Plans> = {
  hosts,
  instance_uri: (db) => `/v4/databases/${db.engine}/instances/${db.id}`,
};

/**
 * What today's platform sets once a database is active: its full version. (Its restore window is
 * fork.ts's, from the first backup on the clock.)
 */
export function activeSettings(full: string): Partial<DatabaseRecord> {
  return { version: full };
}

/**
 * The settings of a new database on today's platform: a cluster size its plan takes, the plain
 * fields as given, always encrypted and SSL (what the create refuses by field, the model's
 * `platforms`, was checked before).
 */
function todaysSettings(body: DatabaseCreate, errors: ErrorList) {
  const clusterSize = body.cluster_size ?? DATABASE.fields.cluster_size.default;
  const problem = clusterSizeProblem("rdbms-default", body.type, clusterSize);
  if (problem) errors.add("cluster_size", problem);
  return {
    cluster_size: clusterSize,
    // The plain fields as on the contract's platform (a field added to the model is stored here too).
    ...plainAtCreate(DATABASE, body),
    encrypted: true,
    ssl_connection: true,
    allow_list: normaliseAllowList(body.allow_list ?? [], errors, "rdbms-default"),
    replication_type: "none",
    replication_commit_type: null,
  } as const;
}

/**
 * Why a plan does not take a cluster size on `platform` (todays-platform.md §1.3: 2 nodes only
 * on dedicated plans); the API's text is UNVERIFIED (§12), this one names the plan and the sizes.
 */
function clusterSizeProblem(platform: Platform, type: string, size: number): string | undefined {
  const sizes = clusterSizesOf(platform, type);
  return sizes.includes(size) ? undefined : `Must be one of ${sizes.join(", ")} on plan ${type}`;
}

/** The settings of a new database as its record holds them, in the record's order. */
export function settingsAtCreate(engine: Engine, body: DatabaseCreate, errors: ErrorList, platform: Platform) {
  if (platform === "rdbms-default") return todaysSettings(body, errors);
  const clusterSize = body.cluster_size ?? DATABASE.fields.cluster_size.default;
  const requested = body.replication_type as string | undefined;
  const replication = replicationType(engine, clusterSize, requested, errors);
  const commit = body.replication_commit_type;
  if (engine === "mysql" && commit !== undefined)
    errors.add(
      "replication_commit_type",
      enginesReason("replication_commit_type", DATABASE.fields.replication_commit_type.engines),
    );
  else if (engine === "postgresql" && replication === "asynch" && !ASYNCH_COMMIT_TYPES.includes(commit ?? "local"))
    errors.add("replication_commit_type", "Must be local or off when replication_type is asynch");
  const allowList = normaliseAllowList(body.allow_list ?? [], errors, platform);
  return {
    cluster_size: clusterSize,
    ...plainAtCreate(DATABASE, body),
    allow_list: allowList,
    replication_type: replication,
    replication_commit_type:
      engine === "postgresql" ? (commit ?? DATABASE.fields.replication_commit_type.default) : null,
  } as const;
}

/** The allow list an update gives, normalised by `platform`'s rule; undefined when it gives none. */
export function updatedAllowList(body: DatabaseUpdate, errors: ErrorList, platform: Platform): string[] | undefined {
  return body.allow_list && normaliseAllowList(body.allow_list, errors, platform);
}

/** Why an update that resizes is refused: the API takes a resize and a new allow list only as two requests. */
function resizeConflict(body: DatabaseUpdate): string | undefined {
  return body.allow_list !== undefined
    ? "You can't update the allow_list and set a new type in the same request"
    : undefined;
}

/** A resize an update asks for: the settings it changes, once its status machine says so. */
export type Resize = Partial<Pick<DatabaseRecord, typeof KEYS.type | typeof KEYS.cluster_size>>;

/**
 * The resize an update asks for, checked; undefined when it asks for none. On the contract's
 * platform only a plan with more disk and never with a new allow list; on today's a plan up or
 * down and a cluster size the plan takes (todays-platform.md §2.2).
 */
export function resizeOf(
  db: DatabaseRecord,
  body: DatabaseUpdate,
  store: Plans,
  errors: ErrorList,
): Resize | undefined {
  const types = store.state.types;
  const type = body.type !== undefined && body.type !== db.type ? body.type : undefined;
  if (!onToday(db)) {
    if (type === undefined) return undefined;
    const conflict = resizeConflict(body);
    if (conflict) errors.add(KEYS.type, conflict);
    else {
      const current = types.find((t) => t.id === db.type);
      const next = types.find((t) => t.id === type);
      if (!next) errors.add(KEYS.type, "Type not found");
      else if (current && next.disk <= current.disk)
        errors.add(
          KEYS.type,
          `Resizing is only possible to a type with more disk space than ${db.type} (${current.disk} GB)`,
        );
    }
    return { type };
  }
  const size = body.cluster_size !== undefined && body.cluster_size !== db.cluster_size ? body.cluster_size : undefined;
  if (type === undefined && size === undefined) return undefined;
  if (type !== undefined && !types.some((t) => t.id === type)) errors.add(KEYS.type, "Type not found");
  const problem = clusterSizeProblem("rdbms-default", type ?? db.type, size ?? db.cluster_size);
  if (problem) errors.add("cluster_size", problem);
  return { ...(type !== undefined ? { type } : {}), ...(size !== undefined ? { cluster_size: size } : {}) };
}

/** Applies an update's settings: the plain ones and a normalised allow list. */
export function applySettings(db: DatabaseRecord, body: DatabaseUpdate, allowList: string[] | undefined): void {
  applyPlain(DATABASE, db, body);
  if (allowList) db.allow_list = allowList;
}

/** Why a snapshot cannot take `target`: a secondary needs a high-availability cluster. */
export function targetProblem(
  db: DatabaseRecord,
  target: EnumValue<typeof BACKUP.fields.target> | undefined,
): string | undefined {
  return target === "secondary" && db.cluster_size !== 3
    ? "A secondary target requires a high-availability cluster (cluster_size 3)"
    : undefined;
}

/** PostgreSQL commit types that asynchronous replication takes. */
const ASYNCH_COMMIT_TYPES = ["local", "off"];

/** Resolves the replication default and checks it against the cluster size. */
function replicationType(
  engine: Engine,
  clusterSize: number,
  requested: string | undefined,
  errors: ErrorList,
): "none" | "asynch" | "semi_synch" {
  const given = (requested === "async" ? "asynch" : requested) as "none" | "asynch" | "semi_synch" | undefined;
  if (given === undefined) return clusterSize === 1 ? "none" : engine === "mysql" ? "semi_synch" : "asynch";
  if (clusterSize === 1 && given !== "none")
    errors.add("replication_type", "Must be none for a single-node cluster (cluster_size 1)");
  if (clusterSize === 3 && given === "none")
    errors.add(
      "replication_type",
      `Must be ${engine === "mysql" ? "asynch or semi_synch" : "asynch"} for a high availability cluster (cluster_size 3)`,
    );
  return given;
}

/**
 * Validates and normalises an allow list by the IP families `platform` takes (the model's
 * `ipFamilies`: IPv4 on the contract's, IPv6 too on today's): single addresses become `/32` or
 * `/128`, duplicates collapse, and the result is sorted, IPv4 first, by address then prefix
 * length. A range with host bits set (`10.0.0.1/24`) matches the published pattern, so it is
 * taken and kept as sent.
 */
function normaliseAllowList(items: string[], errors: ErrorList, platform: Platform): string[] {
  const families = allowListFamilies(platform);
  const parsed: IpRange[] = [];
  items.forEach((item, i) => {
    const range = parseIpRange(item, families);
    if (!range) {
      errors.add(
        `allow_list[${i}]`,
        families.includes(6)
          ? "Must be an IPv4 or IPv6 address or CIDR range"
          : "Must be an IPv4 address or an IPv4 CIDR range",
      );
      return;
    }
    parsed.push(range);
  });
  return sortedIpRanges(parsed);
}
