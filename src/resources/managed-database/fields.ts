/**
 * The fields of `MysqlDatabase` and `PostgresqlDatabase`, one declaration each (see fields.ts),
 * and the codec of the maintenance window they share with the look-ups.
 */
import type { Database, MaintenanceWindow } from "../../client/index.js";
import { normaliseRestore } from "./restore.js";
import type { FieldTable } from "../../shared/fields.js";
import {
  canonicalAllowList,
  databaseLabelRule,
  engineIdRule,
  hasUnknown,
  normaliseAllowList,
  type Bag,
  type MaintenanceWindowInput,
} from "../../shared/validate.js";

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

/** The maintenance window in the API's form. */
export function apiWindow(w: MaintenanceWindowInput): MaintenanceWindow {
  return {
    frequency: w.frequency,
    duration: w.duration,
    hour_of_day: w.hourOfDay,
    day_of_week: w.dayOfWeek,
    week_of_month: w.weekOfMonth ?? null,
  };
}

/** The replication commit types PostgreSQL takes. */
const COMMIT_TYPES = ["on", "local", "remote_write", "remote_apply", "off"] as const;

/** Every field of both database resources; `engines` marks the PostgreSQL-only one. */
export const DATABASE_FIELDS = {
  label: {
    description: "Label, 3..32 letters, digits, '.', '_' or '-', unique in the account.",
    change: "update",
    type: "string",
    api: "label",
    required: true,
    output: true,
    rule: databaseLabelRule,
  },
  region: {
    description: 'Region id with the "Managed Databases" capability (a region in outage gets a warning).',
    change: "replace",
    type: "string",
    api: "region",
    required: true,
    output: true,
  },
  type: {
    description: "Compute instance type of the nodes; a change resizes (only to a type with more disk).",
    change: "update",
    type: "string",
    api: "type",
    required: true,
    output: true,
    rule: (t) => (t.trim() === "" ? "must not be empty" : undefined),
  },
  engineId: {
    description: "Engine id `<engine>/<version>` from the catalogue (see getDatabaseEngines).",
    change: "replace",
    type: "string",
    api: { read: (d) => `${d.engine}/${d.version}`, write: (v) => ({ engine: v }) },
    required: true,
    output: true,
    rule: (id, engine) => engineIdRule(engine!)(id),
  },
  clusterSize: {
    description: "Number of nodes: 1 (single node) or 3 (primary and two replicas).",
    change: "replace",
    type: "integer",
    api: "cluster_size",
    default: 1,
    output: true,
    choices: { values: [1, 3], why: " (a single node, or a primary and two replicas)" },
  },
  encrypted: {
    description: "Encrypt the disks.",
    change: "replace",
    type: "boolean",
    api: "encrypted",
    default: false,
    output: true,
  },
  sslConnection: {
    description: "Require SSL to connect.",
    change: "replace",
    type: "boolean",
    api: "ssl_connection",
    default: true,
    output: true,
  },
  replicationType: {
    description: 'Replication mode; "none" for one node, "semi_synch" (MySQL) or "asynch" (PostgreSQL) for three.',
    change: "replace",
    type: "string",
    api: "replication_type",
    output: true,
    tsType: {
      mysql: 'pulumi.Input<"none" | "asynch" | "semi_synch">',
      postgresql: 'pulumi.Input<"none" | "asynch" | "async">',
    },
    normalise: (v) => (v === "async" ? "asynch" : v),
  },
  replicationCommitType: {
    description:
      'Commit mode of the replicas: "on", "local", "remote_write", "remote_apply" or "off"; "local" or "off" with "asynch".',
    change: "replace",
    type: "string",
    api: "replication_commit_type",
    default: "local",
    output: true,
    choices: { values: COMMIT_TYPES },
    engines: ["postgresql"],
  },
  allowList: {
    description: "IPv4 addresses or CIDR ranges allowed to connect (stored as /32, sorted, unique).",
    change: "update",
    type: { array: "string" },
    api: { read: (d) => normaliseAllowList(d.allow_list ?? []), write: (v) => ({ allow_list: v }) },
    default: [],
    output: true,
    normalise: (v) => (Array.isArray(v) && !hasUnknown(v) ? canonicalAllowList(v as string[]) : v),
  },
  updates: {
    description: "Maintenance window for OS patching, in UTC; the API's window is kept when left out.",
    change: "update",
    type: { ref: "MaintenanceWindow" },
    api: { read: (d) => windowOf(d.updates), write: (v) => ({ updates: apiWindow(v as MaintenanceWindowInput) }) },
    ifSet: true,
    output: true,
    absent: "null",
    normalise: (v) => (v && typeof v === "object" && !hasUnknown(v) ? { weekOfMonth: null, ...(v as Bag) } : v),
  },
  credentialsRotation: {
    description: "Any text; a change from one value to another resets the root password.",
    change: "trigger",
    type: "string",
  },
  patchNow: {
    description: "Any text; a change from one value to another applies OS patches now.",
    change: "trigger",
    type: "string",
  },
  restore: {
    description:
      "Restore from one of the database's backups (replaces all its data); a new backupId or trigger restores again.",
    change: "trigger",
    type: { ref: "DatabaseRestore" },
    ifSet: true,
    normalise: normaliseRestore,
  },
  adoptId: {
    description: "Id of an existing database of this engine to take under management instead of creating one.",
    change: "ignored",
    type: "id",
  },
  timeouts: {
    description: "Time limits; defaults create 45m, update 45m, delete 30m.",
    change: "state",
    type: { ref: "Timeouts" },
  },
  instanceId: {
    description: "The database's numeric id (the resource id as a number).",
    change: "output",
    type: "integer",
  },
  engineType: { description: "Engine type, mysql or postgresql.", change: "output", type: "string", api: "engine" },
  version: { description: "Engine version.", change: "output", type: "string", api: "version" },
  port: {
    description: "Access port (3306 for MySQL, 5432 for PostgreSQL).",
    change: "output",
    type: "integer",
    api: "port",
  },
  hosts: {
    description: "Primary and secondary host names (null while provisioning).",
    change: "output",
    type: { ref: "DatabaseHosts" },
    api: { read: (d) => ({ primary: d.hosts?.primary ?? null, secondary: d.hosts?.secondary ?? null }) },
  },
  status: {
    description: "Status as of the last create, update or refresh.",
    change: "output",
    type: "string",
    api: "status",
  },
  rootUsername: { description: "Root user name.", change: "output", type: "string", secret: true },
  rootPassword: {
    description: "Root password; changes when credentialsRotation changes.",
    change: "output",
    type: "string",
    secret: true,
  },
  caCertificate: { description: "Base64 SSL CA certificate.", change: "output", type: "string", secret: true },
  connectionUri: {
    description: "Connection URI of the primary host with the root credentials and TLS required.",
    change: "output",
    type: "string",
    secret: true,
  },
  secondaryConnectionUri: {
    description: "The same for the secondary host; undefined where the API gives none.",
    change: "output",
    type: "string",
    secret: true,
    absent: "undefined",
  },
  lastRestore: {
    description: "The last restore this stack performed: the backup and restoredAt; undefined when none.",
    change: "output",
    type: { ref: "RestoreRecord" },
    absent: "undefined",
  },
} satisfies FieldTable<Database>;
