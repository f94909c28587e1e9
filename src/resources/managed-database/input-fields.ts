/**
 * The input rows of `MysqlDatabase` and `PostgresqlDatabase`'s field table (fields.ts joins them
 * to the outputs), one declaration each; the maintenance window is read through the API model
 * (model-rows.ts).
 */
import type { Database } from "../../client/index.js";
import { normaliseRestore } from "./restore.js";
import { engineIdOf, platformOf, TODAYS } from "./platform.js";
import { suspendedOf } from "./suspension.js";
import { normaliseFork } from "./fork.js";
import type { Codec, FieldTable } from "../../shared/fields/table.js";
import { modelObjectCodec } from "../../shared/fields/model-rows.js";
import { DATABASE, wireKeys, type CreateBody } from "../../api/index.js";
import { hasUnknown, type Bag } from "../../shared/fields/validate.js";
import { ENGINE_CONFIG_CODEC } from "./engine-config.js";
import { engineConfigType } from "../../shared/fields/engine-config-types.js";
import { canonicalAllowList, databaseLabelRule, engineIdRule, normaliseAllowList } from "./rules.js";

/**
 * The database's network in the API's `private_network`: read as the API holds it (none, the
 * client's null, is undefined: no key in the state of a database outside a VPC); written as the
 * program gives it, and `null` when the program leaves it out, which takes the database out.
 */
function privateNetworkCodec(): Codec<Database> {
  const model = modelObjectCodec<typeof DATABASE, Database>(DATABASE, "private_network");
  const key = model.key!;
  return {
    key,
    read: (d) => model.read(d) ?? undefined,
    write: (v) => (v === null || v === undefined ? { [key]: null } : model.write!(v)),
  };
}

/** A database's wire names, read from the model. */
const KEYS = wireKeys(DATABASE);

/** The answers that carry no replication settings (api-behaviour.md, "Later versions of the API"). */
const LATE_2024 = "database answers from late 2024 on (linodego's recordings of 2025 and 2026)";

/** The inputs of both database resources, in the order docs, state and schema list them; `engines` marks the PostgreSQL-only one. */
export const DATABASE_INPUT_FIELDS = {
  label: {
    description: "Label, 3..32 letters, digits, '.', '_' or '-' (3 or more on rdbms-default), unique in the account.",
    change: "update",
    type: "string",
    api: KEYS.label,
    required: true,
    output: true,
    rule: databaseLabelRule,
    notes:
      "3..32 letters, digits, `.`, `_`, `-` (character set: our choice, the API documents only the length); unique in the account",
    todays: { notes: "3 characters or more: no maximum is known (the API took 43 and answered them back)" },
  },
  region: {
    description: 'Region id with the "Managed Databases" capability (a region in outage gets a warning).',
    change: "replace",
    type: "string",
    api: KEYS.region,
    required: true,
    output: true,
    notes: "capability `Managed Databases`; a region whose status is not `ok` gets a warning at preview",
  },
  type: {
    description: "Compute instance type of the nodes; a change resizes (only to a type with more disk).",
    change: "update",
    type: "string",
    api: KEYS.type,
    required: true,
    output: true,
    rule: (t) => (t.trim() === "" ? "must not be empty" : undefined),
    notes:
      "a change resizes in place; the API only resizes to a type with more disk; with an `allowList` change, it goes as a second update",
    todays: {
      notes: "resized in place, smaller or larger, with `clusterSize` in the same update; waited out (up to 3h)",
    },
  },
  engineId: {
    description:
      "Engine id from the catalogue (see getDatabaseEngines): `<engine>/<version>`, or `<engine>/<major>` on today's platform.",
    change: "replace",
    type: "string",
    // Today's platform answers the full version once active (`8.0.35`): its id keeps the major.
    api: {
      read: (d) => engineIdOf(d.engine, d.version, platformOf(d)),
      write: (v): Partial<CreateBody<typeof DATABASE>> => ({ engine: v as string }),
    },
    required: true,
    output: true,
    rule: (id, engine) => engineIdRule(engine!)(id),
    notes: "`<engine>/<version>` of the resource's engine, present in the catalogue",
    todays: {
      change: "update",
      notes:
        "`<engine>/<major>` (`mysql/8`, `postgresql/16`); a newer major upgrades in place (`version` sent), an older one replaces",
    },
  },
  clusterSize: {
    description: "Number of nodes: 1 or 3 on the contract's platform; 1, 2 or 3 on today's, which resizes in place.",
    change: "replace",
    type: "integer",
    api: "cluster_size",
    default: 1,
    output: true,
    choices: { values: DATABASE.fields.cluster_size.enum },
    notes: "`1` or `3` (typed `number`; `check` refuses any other value)",
    todays: {
      change: "update",
      notes: "`1`, `2` (dedicated plans only) or `3`, changed in place; waited out (up to 3h)",
    },
  },
  encrypted: {
    description: "Encrypt the disks.",
    change: "replace",
    type: "boolean",
    api: "encrypted",
    default: false,
    output: true,
    todays: { default: true, notes: "always; `false` is refused" },
  },
  sslConnection: {
    description: "Require SSL to connect.",
    change: "replace",
    type: "boolean",
    api: "ssl_connection",
    default: true,
    output: true,
    todays: { notes: "always `true`; `false` is refused" },
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
    unanswered: LATE_2024,
    todays: { change: "refused", notes: "the platform replicates by itself" },
    notes:
      "MySQL `none`/`asynch`/`semi_synch`, PostgreSQL `none`/`asynch` (`async` accepted); default `none` for 1 node, `semi_synch` (MySQL) / `asynch` (PostgreSQL) for 3; `none`: on 1 node, not on 3 nodes",
  },
  replicationCommitType: {
    description:
      'Commit mode of the replicas: "on", "local", "remote_write", "remote_apply" or "off"; "local" or "off" with "asynch".',
    change: "replace",
    type: "string",
    api: "replication_commit_type",
    default: "local",
    output: true,
    choices: { values: DATABASE.fields.replication_commit_type.enum },
    engines: ["postgresql"],
    unanswered: LATE_2024,
    todays: { change: "refused", notes: "the platform replicates by itself" },
    notes:
      "`on`, `local`, `remote_write`, `remote_apply`, `off`; `asynch` replication (every 3-node cluster) takes only `local` or `off`",
  },
  allowList: {
    description:
      "IPv4 addresses or CIDR ranges allowed to connect (IPv6 too on rdbms-default; stored as /32 or /128, sorted, unique).",
    change: "update",
    type: { array: "string" },
    api: { key: "allow_list", read: (d) => normaliseAllowList(d.allow_list ?? []), write: (v) => ({ allow_list: v }) },
    default: [],
    output: true,
    normalise: (v) => (Array.isArray(v) && !hasUnknown(v) ? canonicalAllowList(v as string[]) : v),
    notes:
      "empty: no access; IPv4 addresses or CIDR ranges; stored as `/32`, sorted, unique; compared with host bits cleared",
    todays: { notes: "IPv6 addresses and ranges too, stored as `/128`, after the IPv4 ones" },
  },
  updates: {
    description: "Maintenance window for OS patching, in UTC; the API's window is kept when left out.",
    change: "update",
    type: { ref: "MaintenanceWindow" },
    api: modelObjectCodec(DATABASE, KEYS.updates),
    ifSet: true,
    output: true,
    absent: "null",
    normalise: (v) => (v && typeof v === "object" && !hasUnknown(v) ? { weekOfMonth: null, ...(v as Bag) } : v),
    notes:
      "API's window when left out; `{frequency: weekly|monthly, duration: 1..3, hourOfDay: 0..23, dayOfWeek: 1..7 (1 = Monday), weekOfMonth: 1..4 for monthly only}`",
    todays: { notes: "`frequency` `weekly` and `duration` `4` only, no `weekOfMonth`; set by an update once active" },
  },
  fork: {
    description:
      "Today's platform only: make the database as a fork of another of this engine, restored at a point in time.",
    change: "replace",
    type: { ref: "DatabaseFork" },
    ifSet: true,
    partial: true,
    output: true,
    absent: "undefined",
    normalise: normaliseFork,
    notes:
      "object `{source, restoreTime?}`: the source database's id and the instant to restore (`2025-01-02T03:04:05`, UTC when no zone is given; compared as an instant; the latest when left out; the output holds the instant the API restored from even then, and a program without `restoreTime` never differs from it), within the source's restore window (`oldestRestoreTime` to now); a source without its first backup yet is waited for (create limit) before anything is created; refused on `rdbms-legacy`; see [Forks](#forks-todays-platform)",
  },
  suspended: {
    description:
      "Today's platform only: true suspends the database, false resumes it (waited out: a resume takes minutes).",
    change: "update",
    type: "boolean",
    // Read from the status, never written to a body: suspend and resume are calls of their own.
    api: { read: (d) => (platformOf(d) === TODAYS ? suspendedOf(d) : undefined) },
    default: false,
    output: true,
    notes:
      "`true` suspends (`/suspend`, waited until `suspended`), `false` resumes (`/resume`, waited until `active`, about 8 minutes); never a replacement; other changes of the same `up` are made after a resume and before a suspend; while suspended, the credentials and certificate are not read (the API refuses them) and keep their last values; `true` is refused on `rdbms-legacy`",
    todays: { change: "update", notes: "suspends and resumes in place" },
  },
  privateNetwork: {
    description:
      "The VPC subnet the database joins (today's platform): a change moves it in place; removed, it leaves the VPC.",
    change: "update",
    type: { ref: "DatabasePrivateNetwork" },
    api: privateNetworkCodec(),
    output: true,
    absent: "undefined",
    normalise: (v) =>
      v === null || v === undefined ? undefined : hasUnknown(v) ? v : { publicAccess: false, ...(v as Bag) },
    notes:
      "`{vpcId, subnetId, publicAccess?}`: a subnet of a VPC in the database's region (checked at preview); `rdbms-default` only, refused at preview on `rdbms-legacy`",
    todays: {
      notes:
        "joins the subnet at create; another subnet, VPC or `publicAccess` changes in place; removed, it leaves (sends `null`)",
    },
  },
  engineConfig: {
    description:
      "Engine settings (today's platform): only those set here are managed; the output shows every setting the API answers.",
    change: "update",
    type: { ref: engineConfigType("mysql") },
    engineTypes: { postgresql: { ref: engineConfigType("postgresql") } },
    api: ENGINE_CONFIG_CODEC,
    ifSet: true,
    partial: true,
    output: true,
    absent: "undefined",
    notes: "**refused** on this platform (`rdbms-legacy`), naming the field: engine settings are today's platform's",
    todays: {
      notes:
        "the API's `engine_config` in camelCase, nested as the API nests it (`pg_partman_bgw.interval` is `pg: { pgPartmanBgw: { interval } }`); settings, rules and restarts from `GET /databases/{engine}/config` (see [Engine settings](#engine-settings)); a change updates only the settings changed; a setting left out (or removed) keeps the API's value",
    },
  },
  credentialsRotation: {
    description: "Any text; a change from one value to another resets the root password.",
    change: "trigger",
    type: "string",
    notes:
      "any text; a change from one value to another resets the root password and waits for the new one; a first value (on create, or added later) only starts tracking",
  },
  patchNow: {
    description: "Any text; a change from one value to another applies OS patches now.",
    change: "trigger",
    type: "string",
    notes:
      "any text; a change from one value to another applies OS patches now and waits until active; a first value only starts tracking",
  },
  restore: {
    description:
      "Restore from one of the database's backups (replaces all its data); a new backupId or trigger restores again.",
    change: "trigger",
    type: { ref: "DatabaseRestore" },
    ifSet: true,
    normalise: normaliseRestore,
    notes:
      "object `{backupId, trigger?}`; restores this database from one of its backups (ALL data replaced); left out, nothing happens: see [Restoring from a backup](#restoring-from-a-backup)",
  },
  adoptId: {
    description: "Id of an existing database of this engine to take under management instead of creating one.",
    change: "ignored",
    type: "id",
    notes: "changing it later changes nothing (see Adoption)",
  },
  timeouts: {
    description:
      "Time limits; defaults create 45m, update 45m (3h for a resize or upgrade on today's platform), delete 30m.",
    change: "state",
    type: { ref: "Timeouts" },
    notes: "limits: create 45m, update 45m (3h when `rdbms-default` resizes or upgrades in place), delete 30m",
  },
} satisfies FieldTable<Database>;
