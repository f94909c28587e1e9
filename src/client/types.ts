/**
 * Entity, request and list shapes of the Cloud Platform API v4, as the client returns them.
 *
 * Response types describe what callers may rely on after normalisation: absent optional keys
 * are read as `null`, unknown keys are kept but not typed, and PostgreSQL's `async` spelling is
 * read as `asynch`. Request types are separate so that "not set" (key left out) differs from an
 * explicit value.
 */

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
export interface SubnetCompute {
  id: number;
  interfaces: { id: number; active: boolean }[];
}

/** A VPC subnet. */
export interface Subnet {
  id: number;
  label: string;
  ipv4: string;
  computes: SubnetCompute[];
  created: string;
  updated: string | null;
}

/** A VPC with its subnets. */
export interface Vpc {
  id: number;
  label: string;
  description: string;
  region: string;
  subnets: Subnet[];
  created: string;
  updated: string | null;
}

/** Body of VPC create. */
export interface CreateVpcRequest {
  label: string;
  region: string;
  description?: string;
  subnets?: CreateSubnetRequest[];
}

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
export interface UpdateVpcRequest {
  label?: string;
  description?: string;
}

/** Body of subnet create. */
export interface CreateSubnetRequest {
  label: string;
  ipv4: string;
}

/** Body of subnet update. */
export interface UpdateSubnetRequest {
  label?: string;
}

/** One VPC IP address or range of an interface. */
export interface VpcIp {
  active: boolean;
  address: string | null;
  address_range: string | null;
  config_id: number;
  gateway: string | null;
  interface_id: number;
  compute_id: number;
  nat_1_1: string;
  prefix: number | null;
  region: string;
  subnet_id: number;
  subnet_mask: string;
  vpc_id: number;
}

/** A region. `resolvers` are split and trimmed from the API's comma-separated strings. */
export interface Region {
  id: string;
  label: string;
  country: string;
  capabilities: string[];
  resolvers: { ipv4: string[]; ipv6: string[] };
  status: "ok" | "outage";
}

/** Availability of one plan in one region. */
export interface RegionAvailability {
  region: string;
  plan: string;
  available: boolean;
}

/** A database engine of the catalogue; `id` is `<engine>/<version>`. */
export interface DatabaseEngine {
  id: string;
  engine: string;
  version: string;
  total_disk_size_gb: number;
  used_disk_size_gb: number;
}

/** The two engine families. */
export type EngineType = "mysql" | "postgresql";

/** Database statuses. */
export type DatabaseStatus =
  | "provisioning"
  | "active"
  | "suspending"
  | "suspended"
  | "resuming"
  | "restoring"
  | "failed"
  | "degraded"
  | "updating"
  | "backing_up";

/** Replication modes; PostgreSQL's `async` is normalised to `asynch`. */
export type ReplicationType = "none" | "asynch" | "semi_synch";

/** PostgreSQL commit modes. */
export type ReplicationCommitType = "on" | "local" | "remote_write" | "remote_apply" | "off";

/** Maintenance window for automatic OS patching (UTC). */
export interface MaintenanceWindow {
  frequency: "weekly" | "monthly";
  duration: number;
  hour_of_day: number;
  day_of_week: number;
  week_of_month: number | null;
}

/**
 * The fields of a database that a create sets and an update may change, declared once for the
 * entity and both requests. A field newer than some API versions is optional (`?`).
 */
export interface DatabaseUpdatable {
  label: string;
  type: string;
  allow_list: string[];
}

/** The settings of a database that only a create sets, stored as given. */
export interface DatabaseSettings {
  encrypted: boolean;
  ssl_connection: boolean;
}

/** A managed MySQL or PostgreSQL database. */
export interface Database extends DatabaseUpdatable, DatabaseSettings {
  id: number;
  region: string;
  /** The engine type only (`mysql`), never the id. */
  engine: EngineType;
  version: string;
  cluster_size: 1 | 3;
  replication_type: ReplicationType | null;
  /** PostgreSQL only; null for MySQL. */
  replication_commit_type: ReplicationCommitType | null;
  port: number;
  hosts: { primary: string | null; secondary: string | null };
  status: DatabaseStatus;
  total_disk_size_gb: number | null;
  used_disk_size_gb: number | null;
  updates: MaintenanceWindow | null;
  created: string;
  updated: string | null;
}

/** An entry of the cross-engine database list. */
export interface DatabaseSummary {
  id: number;
  label: string;
  region: string;
  type: string;
  engine: EngineType;
  version: string;
  cluster_size: 1 | 3;
  encrypted: boolean;
  allow_list: string[];
  hosts: { primary: string | null; secondary: string | null };
  instance_uri: string;
  status: DatabaseStatus;
  updates: MaintenanceWindow | null;
  created: string;
  updated: string | null;
}

/** Body of database create (MySQL and PostgreSQL). */
export interface CreateDatabaseRequest extends Partial<DatabaseUpdatable>, Partial<DatabaseSettings> {
  label: string;
  region: string;
  type: string;
  /** Engine id, `<engine>/<version>`. */
  engine: string;
  cluster_size?: 1 | 3;
  replication_type?: ReplicationType;
  /** PostgreSQL only. */
  replication_commit_type?: ReplicationCommitType;
}

/** Body of database update. */
export interface UpdateDatabaseRequest extends Partial<DatabaseUpdatable> {
  updates?: Partial<MaintenanceWindow>;
}

/** A backup of a database. */
export interface DatabaseBackup {
  id: number;
  label: string;
  type: "snapshot" | "auto";
  created: string;
}

/** Body of snapshot create. */
export interface CreateSnapshotRequest {
  label: string;
  target?: "primary" | "secondary";
}

/** Root credentials of a database. */
export interface DatabaseCredentials {
  username: string;
  password: string;
}

/** SSL CA certificate of a database, base64-encoded. */
export interface DatabaseCertificate {
  ca_certificate: string;
}
