/**
 * Entity, request and list shapes of the Cloud Platform API v4, as the client returns them.
 *
 * Response types describe what callers may rely on after normalisation: absent optional keys
 * are read as `null`, unknown keys are kept but not typed, and PostgreSQL's `async` spelling is
 * read as `asynch`. Request types are separate so that "not set" (key left out) differs from an
 * explicit value. Every entity and body is mapped from the API model (src/api), where each field
 * is declared once.
 */
import type { Answer, CreateBody, EnumValue, UpdateBody } from "../api/index.js";
import type {
  AVAILABILITY,
  BACKUP,
  CERTIFICATE,
  CREDENTIALS,
  DATABASE,
  DATABASE_SUMMARY,
  ENGINE,
  MAINTENANCE_WINDOW,
  REGION,
  REPLICATION_COMMIT_TYPES,
  REPLICATION_TYPES,
  SUBNET,
  SUBNET_COMPUTE,
  VPC,
  VPC_AVAILABILITY,
  VPC_DEFAULT_RANGES,
  VPC_IP,
  VPC_IPV6_ENTRY,
} from "../api/index.js";

/** One page of a list operation. */
export interface Page<T> {
  data: T[];
  page: number;
  pages: number;
  results: number;
}

/** Query options of every list operation. */
export interface ListOptions {
  /** 1-based page number. */
  page?: number;
  /** Page size, 25..500 (default 500, the largest: a whole list in the fewest requests). */
  pageSize?: number;
  /**
   * The API's `X-Filter` (sent as that header): equality on filterable fields such as `label`,
   * `+and`/`+or`, comparisons (`{ id: { "+gt": 5 } }`), `+order_by`/`+order`. The API filters
   * before it paginates, so a look-up by label is one request whatever the account holds.
   */
  filter?: Record<string, unknown>;
}

/** A compute instance assigned to a subnet, with the interfaces that use it. */
export type SubnetCompute = Answer<typeof SUBNET_COMPUTE>;

/** A VPC subnet. */
export type Subnet = Answer<typeof SUBNET>;

/** A VPC with its subnets. */
export type Vpc = Answer<typeof VPC>;

/** Body of VPC create. */
export type CreateVpcRequest = CreateBody<typeof VPC>;

/**
 * Options of the create operations (VPC, subnet, database). `recover` looks the object up by its
 * unique label, so that a create whose answer was lost is found instead of failing or being made
 * twice; see `RequestOptions.recover`.
 */
export interface CreateOptions<T> {
  /** Returns the object this create made, or undefined when there is none. */
  recover?: () => Promise<T | undefined>;
}

/** Body of VPC update. */
export type UpdateVpcRequest = UpdateBody<typeof VPC>;

/** Body of subnet create. */
export type CreateSubnetRequest = CreateBody<typeof SUBNET>;

/** Body of subnet update. */
export type UpdateSubnetRequest = UpdateBody<typeof SUBNET>;

/** One VPC IP address or range of an interface. */
export type VpcIp = Answer<typeof VPC_IP>;

/** One interface's IPv6 range in a VPC (`GET /vpcs/ipv6s`, today's API). */
export type VpcIpv6 = Answer<typeof VPC_IPV6_ENTRY>;

/** Whether a region offers VPCs, and the IPv6 prefix lengths it offers the account (today's API). */
export type RegionVpcAvailability = Answer<typeof VPC_AVAILABILITY>;

/** The IPv4 ranges a VPC gets when it names none, and those no VPC may use (today's API). */
export type VpcDefaultRanges = Answer<typeof VPC_DEFAULT_RANGES>;

/** A region; the lists the API holds as comma-separated strings are split and trimmed (the model's `separator`). */
export type Region = Answer<typeof REGION>;

/** Availability of one plan in one region. */
export type RegionAvailability = Answer<typeof AVAILABILITY>;

/** A database engine of the catalogue; `id` is `<engine>/<version>`. */
export type DatabaseEngine = Answer<typeof ENGINE>;

/** The two engine families. */
export type EngineType = EnumValue<typeof DATABASE.fields.engine>;

/** Database statuses. */
export type DatabaseStatus = EnumValue<typeof DATABASE.fields.status>;

/** Replication modes; PostgreSQL's `async` is normalised to `asynch`. */
export type ReplicationType = (typeof REPLICATION_TYPES)[number];

/** PostgreSQL commit modes. */
export type ReplicationCommitType = (typeof REPLICATION_COMMIT_TYPES)[number];

/** Maintenance window for automatic OS patching (UTC). */
export type MaintenanceWindow = Answer<typeof MAINTENANCE_WINDOW>;

/** A managed MySQL or PostgreSQL database. */
export type Database = Answer<typeof DATABASE>;

/** An entry of the cross-engine database list. */
export type DatabaseSummary = Answer<typeof DATABASE_SUMMARY>;

/** Body of database create (MySQL and PostgreSQL). */
export type CreateDatabaseRequest = CreateBody<typeof DATABASE>;

/** Body of database update. */
export type UpdateDatabaseRequest = UpdateBody<typeof DATABASE>;

/** A backup of a database. */
export type DatabaseBackup = Answer<typeof BACKUP>;

/** Body of snapshot create. */
export type CreateSnapshotRequest = CreateBody<typeof BACKUP>;

/** Root credentials of a database. */
export type DatabaseCredentials = Answer<typeof CREDENTIALS>;

/** SSL CA certificate of a database, base64-encoded. */
export type DatabaseCertificate = Answer<typeof CERTIFICATE>;
