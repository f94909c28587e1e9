/**
 * The look-ups' result objects as field tables (see resources/fields.ts): the API name or codec
 * of every field, its type and description. A row of a field of the API model (src/api) takes its
 * name, type and nullability from it (model-rows.ts); fields a resource has as well are that
 * resource's declaration. results.ts reads results through them, `npm run generate` writes their
 * types (result-types.ts), and the package schema declares them.
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
import { AVAILABILITY, BACKUP, DATABASE_SUMMARY, ENGINE, REGION, SUBNET, VPC, VPC_IP } from "../api/index.js";
import { DATABASE_FIELDS } from "../resources/managed-database/fields.js";
import { asOutput, fromApi, type Codec, type Field, type FieldTable, type FieldType } from "../shared/fields/table.js";
import { SUBNET_FIELDS, VPC_FIELDS } from "../resources/vpc/fields.js";
import { SNAPSHOT_FIELDS } from "../resources/database-snapshot/fields.js";
import { asResult, asResults, modelRow, modelRows, wireOf } from "../shared/fields/model-rows.js";
import { ANY_ENGINE_CONFIG } from "../shared/fields/engine-config-types.js";

/** A result field: read from `api` (a key or codec), never an input. */
function out<A>(description: string, type: FieldType, api?: (keyof A & string) | Codec<A>): Field<A> {
  return { description, change: "output", type, ...(api ? { api } : {}) };
}

/** A region. */
export const REGION_RESULT: FieldTable<Region> = {
  ...modelRows<typeof REGION, Region>(REGION, {
    id: "Region id, e.g. us-east.",
    label: "Display name.",
    country: "Country code.",
    capabilities: "Capabilities, e.g. VPCs, Managed Databases.",
  }),
  resolvers: out("DNS resolvers.", { ref: "RegionResolvers" }, "resolvers"),
  status: modelRow(REGION, "status", '"ok" or "outage".'),
};

/** Availability of one plan in one region. */
export const AVAILABILITY_RESULT: FieldTable<RegionAvailability> = modelRows(AVAILABILITY, {
  region: "Region id.",
  plan: "Plan (instance type).",
  available: "Whether the plan can be deployed there now.",
});

/** An engine of the catalogue. */
export const ENGINE_RESULT: FieldTable<DatabaseEngine> = modelRows(ENGINE, {
  id: "`<engine>/<version>`, what the database resources take as engineId.",
  engine: "Engine type.",
  version: "Engine version.",
  totalDiskSizeGb: "Disk size of a database of this engine, in GB.",
  usedDiskSizeGb: "Disk in use by the engine itself, in GB.",
});

type AnyDatabase = DatabaseSummary | Database;

/**
 * The engine settings as the API holds them (all of them, the API's defaults too), of either
 * engine: null where an answer has none (the contract's platform).
 */
function engineConfigResult(): Field<AnyDatabase> {
  const {
    engineTypes: _engineTypes,
    ifSet: _ifSet,
    partial: _partial,
    ...row
  } = asResult<Database, AnyDatabase>(DATABASE_FIELDS.engineConfig);
  return {
    ...row,
    description: "The engine's settings as the API holds them; null where the answer has none (`rdbms-legacy`).",
    type: { ref: ANY_ENGINE_CONFIG },
    absent: "null",
  };
}
const db = DATABASE_FIELDS;
/** The list entry's key of the database's API path (a full database has none). */
const INSTANCE_URI = wireOf(DATABASE_SUMMARY, "instanceUri");

/** A database as the cross-engine list shows it; its fields are the database resources' own. */
export const DATABASE_RESULT: FieldTable<AnyDatabase> = {
  instanceId: modelRow(DATABASE_SUMMARY, "id", "The database's numeric id."),
  label: asOutput(db.label),
  region: asOutput(db.region),
  type: asOutput(db.type),
  engineType: asOutput(db.engineType),
  engineId: asOutput(db.engineId),
  version: asOutput(db.version),
  clusterSize: asOutput(db.clusterSize),
  encrypted: asOutput(db.encrypted),
  // As the API lists it (the resource's output is the same list, normalised).
  allowList: { ...asOutput(db.allowList), api: { read: (d: AnyDatabase) => [...(d[db.allowList.api.key] ?? [])] } },
  hosts: asOutput(db.hosts),
  // The resources' outputs an answer may lack (standbyHost, platform): null here where absent.
  ...asResults<Database, AnyDatabase>(db),
  instanceUri: {
    ...out("The database's API path.", "string"),
    api: { read: (d) => (INSTANCE_URI in d ? d[INSTANCE_URI] : `/v4/databases/${d.engine}/instances/${d.id}`) },
  },
  status: asOutput(db.status),
  updates: asOutput(db.updates),
  // An input the API may lack in its answers (not a model output row): null where absent.
  privateNetwork: asResult(db.privateNetwork),
  engineConfig: engineConfigResult(),
  ...modelRows<typeof DATABASE_SUMMARY, AnyDatabase>(DATABASE_SUMMARY, {
    created: "Creation time.",
    updated: "Time of the last change (null when never changed).",
  }),
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
  // Read by their own routes while the database is active (getDatabase), and left out otherwise.
  rootUsername: {
    ...asOutput(db.rootUsername),
    description: "Root user name; left out while the database is not active.",
  },
  rootPassword: {
    ...asOutput(db.rootPassword),
    description: "Root password; left out while the database is not active.",
  },
  caCertificate: {
    ...asOutput(db.caCertificate),
    description: "Base64 SSL CA certificate; left out while the database is not active.",
  },
};

/** A backup of a database: an automatic daily one or an on-demand snapshot. */
export const BACKUP_RESULT: FieldTable<DatabaseBackup> = {
  ...modelRows<typeof BACKUP, DatabaseBackup>(BACKUP, { id: "The backup's id (a DatabaseSnapshot's backupId)." }),
  label: asOutput(SNAPSHOT_FIELDS.label),
  ...modelRows<typeof BACKUP, DatabaseBackup>(BACKUP, { type: '"auto" (daily) or "snapshot" (on demand).' }),
  created: asOutput(SNAPSHOT_FIELDS.created),
};

/** A subnet. */
export const SUBNET_RESULT: FieldTable<Subnet> = {
  subnetId: asOutput(SUBNET_FIELDS.subnetId),
  label: asOutput(SUBNET_FIELDS.label),
  ipv4: asOutput(SUBNET_FIELDS.ipv4),
  ipv6: asOutput(SUBNET_FIELDS.ipv6),
  computes: asOutput(SUBNET_FIELDS.computes),
  databases: asOutput(SUBNET_FIELDS.databases),
  nodebalancers: asOutput(SUBNET_FIELDS.nodebalancers),
  ...modelRows<typeof SUBNET, Subnet>(SUBNET, {
    created: "Creation time.",
    updated: "Time of the last change (null when never changed).",
  }),
};

/** A VPC with its subnets. */
export const VPC_RESULT: FieldTable<Vpc> = {
  vpcId: asOutput(VPC_FIELDS.vpcId),
  label: asOutput(VPC_FIELDS.label),
  description: asOutput(VPC_FIELDS.description),
  region: asOutput(VPC_FIELDS.region),
  ipv4: asOutput(VPC_FIELDS.ipv4),
  ipv6: asOutput(VPC_FIELDS.ipv6),
  vpcType: asOutput(VPC_FIELDS.vpcType),
  subnets: out(
    "The VPC's subnets.",
    { array: { ref: "SubnetResult" } },
    {
      read: (v) => v.subnets.map((s) => fromApi(SUBNET_RESULT, s)),
    },
  ),
  ...modelRows<typeof VPC, Vpc>(VPC, {
    created: "Creation time.",
    updated: "Time of the last change (null when never changed).",
  }),
};

/** One VPC address or range of an interface. */
export const VPC_IP_RESULT: FieldTable<VpcIp> = modelRows(VPC_IP, {
  active: "Whether the interface is active.",
  address: "The address (null for a range).",
  addressRange: "The range (null for a single address).",
  configId: "Configuration profile id.",
  gateway: "Gateway of the subnet.",
  interfaceId: "Interface id.",
  computeId: "Compute instance id.",
  nat11: "1:1 NAT address.",
  prefix: "Prefix length.",
  region: "Region id.",
  subnetId: "Subnet id.",
  subnetMask: "Subnet mask.",
  vpcId: "VPC id.",
});
