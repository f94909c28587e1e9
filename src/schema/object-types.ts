/**
 * The object types the resources and look-ups share, as field tables, and SHARED_TYPES naming each
 * for the package schema's `types`: a field of `type: { ref: "Name" }` needs its object here only.
 * Look-up results are the tables of functions/result-tables.ts.
 */
import * as API from "../api/databases.js";
import type { Field, FieldFacts, FieldTable } from "../shared/fields/table.js";
import { modelObjectFacts, modelResultFacts } from "../shared/fields/model-rows.js";
import { PRIVATE_NETWORK } from "../api/network.js";
import { engineConfigTypes } from "../shared/fields/engine-config-types.js";
import { listObjectTypes } from "../shared/fields/object-list.js";
import { SUBNET_FIELDS, VPC_FIELDS } from "../resources/vpc/fields.js";

const text = (description: string): Field => ({ description, change: "update", type: "string" });
const whole = (description: string): Field => ({ description, change: "update", type: "integer" });

/** Per-operation time limits. */
export const TIMEOUTS: FieldFacts = {
  create: text('Create limit, a duration such as "45m", "1h30m" or "90s".'),
  update: text("Update limit."),
  delete: text("Delete limit."),
};

/** A maintenance window, in UTC: the API model's, by camelCase name. */
export const MAINTENANCE_WINDOW: FieldFacts = modelObjectFacts(
  API.MAINTENANCE_WINDOW,
  {
    frequency: '"weekly" or "monthly".',
    duration: "Length of the window in hours, 1..3.",
    hourOfDay: "Start hour, 0..23 (UTC).",
    dayOfWeek: "Day, 1..7 with 1 = Monday.",
    weekOfMonth: "Week of the month, 1..4: required for monthly, left out for weekly.",
  },
  // Any string compiles (a window kept in a `const` widens it); check refuses others.
  { frequency: { tsType: 'pulumi.Input<"weekly" | "monthly" | (string & {})>' } },
);

/** A database's place in a VPC (today's platform): the API model's, by camelCase name. */
export const DATABASE_PRIVATE_NETWORK: FieldFacts = modelObjectFacts(
  PRIVATE_NETWORK,
  {
    vpcId: "Id of the VPC, in the database's region.",
    subnetId: "Id of a subnet of that VPC.",
    publicAccess: "Whether the database is also reachable from outside the VPC (default false).",
  },
  // The API's default is false: a program may leave it out.
  { publicAccess: { required: false } },
);

/** The `restore` input of a database. */
export const DATABASE_RESTORE: FieldFacts = {
  backupId: {
    ...whole("Id of a backup of this database, automatic or snapshot (see getDatabaseBackups)."),
    required: true,
  },
  trigger: text("Any text; changing it restores the same backup again."),
};

/** The last restore a database's stack performed (its `lastRestore` output). */
export const RESTORE_RECORD: FieldFacts = {
  backupId: { ...whole("Id of the backup restored."), required: true },
  label: { ...text("The backup's label."), required: true },
  type: { ...text('The backup\'s type, "auto" or "snapshot".'), required: true },
  created: { ...text("When the backup was taken (the API's time)."), required: true },
  restoredAt: { ...text("When the restore was accepted."), required: true },
};

/** An inline subnet of a VPC, as the arguments list it. */
export const VPC_SUBNET_SPEC: FieldFacts = {
  label: { ...text("1..64 ASCII letters, digits and hyphens, unique within the VPC."), required: true },
  ipv4: { ...text("RFC 1918 range in canonical CIDR form, prefix 1..29, outside 192.168.128.0/17."), required: true },
  ipv6: {
    description:
      "Its IPv6 range in a dual-stack VPC (`auto`, `/52`..`/62` or a CIDR in the VPC's prefix), made with it.",
    change: "update",
    type: { array: { ref: "SubnetIpv6" } },
  },
};

/** An inline subnet as the VPC reports it. */
export const VPC_INLINE_SUBNET: FieldFacts = {
  id: { ...whole("The subnet's id."), required: true },
  label: { ...text("The subnet's label."), required: true },
  ipv4: { ...text("The subnet's range."), required: true },
  ipv6: {
    description: "Its allocated IPv6 range, where it has one.",
    change: "output",
    type: { array: { ref: "SubnetIpv6" } },
    absent: "undefined",
  },
};

/** A database's host names. */
export const DATABASE_HOSTS: FieldFacts = {
  primary: { ...text("Primary host name (null while provisioning)."), absent: "null" },
  secondary: { ...text("Secondary host name, where the API gives one."), absent: "null" },
};

/** The `fork` input of a database (today's platform): the API model's, by camelCase name. */
export const DATABASE_FORK: FieldFacts = modelObjectFacts(
  API.FORK,
  {
    source: "Id of the database to fork (same engine).",
    restoreTime:
      'Instant to restore, e.g. "2025-01-02T03:04:05" (UTC) or with a zone; within the source\'s restore window; the latest when left out.',
  },
  { restoreTime: { required: false, absent: "null" } },
);

/** A maintenance the API has planned for a database (today's platform): the API model's, by camelCase name. */
export const PENDING_UPDATE: FieldFacts = modelResultFacts(API.PENDING_UPDATE, {
  deadline: "When it is applied at the latest (the API's time, UTC); null where the API gives none.",
  description: 'What it is, e.g. "Platform Updates".',
  plannedFor: "When it is planned (the API's time, UTC); null where the API gives none.",
});

/** A compute instance using a subnet. */
export const SUBNET_COMPUTE: FieldFacts = {
  id: { ...whole("Compute instance id."), required: true },
  interfaces: {
    description: "Its interfaces in the subnet.",
    change: "update",
    type: { array: { ref: "SubnetComputeInterface" } },
    required: true,
  },
};

/** An interface of a compute instance. */
export const SUBNET_COMPUTE_INTERFACE: FieldFacts = {
  id: { ...whole("Interface id."), required: true },
  active: { description: "Whether it is active.", change: "update", type: "boolean", required: true },
};

/** A database in a subnet (today's platform), as the subnet's answer lists it. */
export const SUBNET_DATABASE: FieldFacts = {
  id: { ...whole("Database id."), required: true },
  ipv4Range: { ...text("The database's IPv4 range in the subnet."), required: true },
  ipv6Ranges: {
    description: "Its IPv6 ranges in the subnet.",
    change: "update",
    type: { array: "string" },
    required: true,
  },
};

/** A NodeBalancer in a subnet, as the subnet's answer lists it. */
export const SUBNET_NODEBALANCER: FieldFacts = {
  id: { ...whole("NodeBalancer id."), required: true },
  ipv4Range: { ...text("The NodeBalancer's IPv4 range in the subnet."), required: true },
  ipv6Ranges: {
    description: "Its IPv6 ranges in the subnet (empty where the API gives none).",
    change: "update",
    type: { array: "string" },
    required: true,
  },
};

/** A region's DNS resolvers. */
export const REGION_RESOLVERS: FieldFacts = {
  ipv4: { description: "IPv4 resolvers.", change: "update", type: { array: "string" }, required: true },
  ipv6: { description: "IPv6 resolvers.", change: "update", type: { array: "string" }, required: true },
};

/**
 * The shared object types, by schema name, each with what it is (look-up results apart) and, where
 * it is not `<Name>Args`, the name of its TypeScript arguments interface (src/codegen).
 */
export const SHARED_TYPES: Record<string, [string, FieldFacts, string?]> = {
  Timeouts: ['Per-operation time limits, e.g. { create: "45m" }.', TIMEOUTS, "Timeouts"],
  MaintenanceWindow: ["A maintenance window for OS patching, in UTC.", MAINTENANCE_WINDOW],
  VpcSubnetSpec: ["An inline subnet of a VPC, as the arguments list it.", VPC_SUBNET_SPEC, "VpcSubnetSpec"],
  VpcInlineSubnet: ["An inline subnet as the VPC reports it, with its id.", VPC_INLINE_SUBNET],
  DatabaseHosts: ["A database's host names.", DATABASE_HOSTS],
  DatabasePrivateNetwork: [
    "A database's place in a VPC subnet (today's platform), and whether it is also reachable from outside it.",
    DATABASE_PRIVATE_NETWORK,
  ],
  DatabaseRestore: ["A restore of a database from one of its backups (all its data is replaced).", DATABASE_RESTORE],
  RestoreRecord: ["The last restore a stack performed on a database: the backup and when.", RESTORE_RECORD],
  DatabaseFork: ["A fork of a database of today's platform: its source and the instant restored.", DATABASE_FORK],
  PendingUpdate: ["A maintenance the API has planned for a database (today's platform).", PENDING_UPDATE],
  SubnetCompute: ["A compute instance using a subnet.", SUBNET_COMPUTE],
  SubnetComputeInterface: ["An interface of a compute instance in a subnet.", SUBNET_COMPUTE_INTERFACE],
  SubnetDatabase: ["A database in a subnet (today's platform) with its ranges.", SUBNET_DATABASE],
  SubnetNodeBalancer: ["A NodeBalancer in a subnet with its ranges.", SUBNET_NODEBALANCER],
  RegionResolvers: ["A region's DNS resolvers.", REGION_RESOLVERS],
  ...engineConfigTypes(),
  // The entries of the lists of objects in the resources' tables (object-list.ts) declare their own.
  ...listObjectTypes(VPC_FIELDS as FieldTable<never>, SUBNET_FIELDS as FieldTable<never>),
};
