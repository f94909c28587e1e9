/**
 * The look-ups' result objects as field tables (see resources/fields.ts): the API name or codec
 * of every field, its type and description. shapes.ts reads results through them, and the package
 * schema declares them; fields a resource has as well are that resource's declaration.
 */
import type {
  Database,
  DatabaseBackup,
  DatabaseEngine,
  DatabaseSummary,
  Region,
  RegionAvailability,
  Subnet,
  Vpc,
  VpcIp,
} from "../client/index.js";
import { DATABASE_FIELDS } from "../resources/managed-database/fields.js";
import { asOutput, fromApi, type Codec, type Field, type FieldTable, type FieldType } from "../shared/fields/table.js";
import { SUBNET_FIELDS, VPC_FIELDS } from "../resources/vpc/fields.js";
import { SNAPSHOT_FIELDS } from "../resources/database-snapshot/fields.js";

/** A result field: read from `api` (a key or codec), never an input. */
function out<A>(description: string, type: FieldType, api?: (keyof A & string) | Codec<A>): Field<A> {
  return { description, change: "output", type, ...(api ? { api } : {}) };
}

/** A region. */
export const REGION_RESULT: FieldTable<Region> = {
  id: out("Region id, e.g. us-east.", "string", "id"),
  label: out("Display name.", "string", "label"),
  country: out("Country code.", "string", "country"),
  capabilities: out(
    "Capabilities, e.g. VPCs, Managed Databases.",
    { array: "string" },
    { read: (r) => [...r.capabilities] },
  ),
  resolvers: out("DNS resolvers.", { ref: "RegionResolvers" }, "resolvers"),
  status: out('"ok" or "outage".', "string", "status"),
};

/** Availability of one plan in one region. */
export const AVAILABILITY_RESULT: FieldTable<RegionAvailability> = {
  region: out("Region id.", "string", "region"),
  plan: out("Plan (instance type).", "string", "plan"),
  available: out("Whether the plan can be deployed there now.", "boolean", "available"),
};

/** An engine of the catalogue. */
export const ENGINE_RESULT: FieldTable<DatabaseEngine> = {
  id: out("`<engine>/<version>`, what the database resources take as engineId.", "string", "id"),
  engine: out("Engine type.", "string", "engine"),
  version: out("Engine version.", "string", "version"),
  totalDiskSizeGb: out("Disk size of a database of this engine, in GB.", "integer", "total_disk_size_gb"),
  usedDiskSizeGb: out("Disk in use by the engine itself, in GB.", "integer", "used_disk_size_gb"),
};

type AnyDatabase = DatabaseSummary | Database;
const db = DATABASE_FIELDS;

/** A database as the cross-engine list shows it; its fields are the database resources' own. */
export const DATABASE_RESULT: FieldTable<AnyDatabase> = {
  instanceId: out("The database's numeric id.", "integer", "id"),
  label: asOutput(db.label),
  region: asOutput(db.region),
  type: asOutput(db.type),
  engineType: asOutput(db.engineType),
  engineId: asOutput(db.engineId),
  version: asOutput(db.version),
  clusterSize: asOutput(db.clusterSize),
  encrypted: asOutput(db.encrypted),
  // As the API lists it (the resource's output is the same list, normalised).
  allowList: { ...asOutput(db.allowList), api: { read: (d: AnyDatabase) => [...(d.allow_list ?? [])] } },
  hosts: asOutput(db.hosts),
  instanceUri: {
    ...out("The database's API path.", "string"),
    api: { read: (d) => ("instance_uri" in d ? d.instance_uri : `/v4/databases/${d.engine}/instances/${d.id}`) },
  },
  status: asOutput(db.status),
  updates: asOutput(db.updates),
  created: out("Creation time.", "string", "created"),
  updated: out("Time of the last change (null when never changed).", "string", { read: (d) => d.updated ?? null }),
};

/**
 * One database as getDatabase reads it: the list's fields, the settings only the engine's own
 * route gives, and its credentials and certificate (read by their own routes; secrets).
 */
export const DATABASE_DETAIL_RESULT: FieldTable<Database> = {
  ...(DATABASE_RESULT as FieldTable<Database>),
  sslConnection: asOutput(db.sslConnection),
  replicationType: asOutput(db.replicationType),
  replicationCommitType: asOutput(db.replicationCommitType),
  port: asOutput(db.port),
  rootUsername: asOutput(db.rootUsername),
  rootPassword: { ...asOutput(db.rootPassword), description: "Root password." },
  caCertificate: asOutput(db.caCertificate),
};

/** A backup of a database: an automatic daily one or an on-demand snapshot. */
export const BACKUP_RESULT: FieldTable<DatabaseBackup> = {
  id: out("The backup's id (a DatabaseSnapshot's backupId).", "integer", "id"),
  label: asOutput(SNAPSHOT_FIELDS.label),
  type: out('"auto" (daily) or "snapshot" (on demand).', "string", "type"),
  created: asOutput(SNAPSHOT_FIELDS.created),
};

/** A subnet. */
export const SUBNET_RESULT: FieldTable<Subnet> = {
  subnetId: asOutput(SUBNET_FIELDS.subnetId),
  label: asOutput(SUBNET_FIELDS.label),
  ipv4: asOutput(SUBNET_FIELDS.ipv4),
  computes: asOutput(SUBNET_FIELDS.computes),
  created: out("Creation time.", "string", "created"),
  updated: out("Time of the last change (null when never changed).", "string", { read: (s) => s.updated ?? null }),
};

/** A VPC with its subnets. */
export const VPC_RESULT: FieldTable<Vpc> = {
  vpcId: asOutput(VPC_FIELDS.vpcId),
  label: asOutput(VPC_FIELDS.label),
  description: asOutput(VPC_FIELDS.description),
  region: asOutput(VPC_FIELDS.region),
  subnets: out(
    "The VPC's subnets.",
    { array: { ref: "SubnetResult" } },
    {
      read: (v) => v.subnets.map((s) => fromApi(SUBNET_RESULT, s)),
    },
  ),
  created: out("Creation time.", "string", "created"),
  updated: out("Time of the last change (null when never changed).", "string", { read: (v) => v.updated ?? null }),
};

const nullable = <K extends keyof VpcIp>(key: K) => ({ read: (ip: VpcIp) => ip[key] ?? null });

/** One VPC address or range of an interface. */
export const VPC_IP_RESULT: FieldTable<VpcIp> = {
  active: out("Whether the interface is active.", "boolean", "active"),
  address: out("The address (null for a range).", "string", nullable("address")),
  addressRange: out("The range (null for a single address).", "string", nullable("address_range")),
  configId: out("Configuration profile id.", "integer", "config_id"),
  gateway: out("Gateway of the subnet.", "string", nullable("gateway")),
  interfaceId: out("Interface id.", "integer", "interface_id"),
  computeId: out("Compute instance id.", "integer", "compute_id"),
  nat11: out("1:1 NAT address.", "string", "nat_1_1"),
  prefix: out("Prefix length.", "integer", nullable("prefix")),
  region: out("Region id.", "string", "region"),
  subnetId: out("Subnet id.", "integer", "subnet_id"),
  subnetMask: out("Subnet mask.", "string", "subnet_mask"),
  vpcId: out("VPC id.", "integer", "vpc_id"),
};
