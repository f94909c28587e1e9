/**
 * The records the store keeps. They are plain JSON so that the whole state can be written to and
 * read from the optional persistence file as is; API views are derived from them in views.ts.
 */
import type { SUBNET } from "../api/index.js";
import type { DatabaseSettings } from "./databases/settings.js";
import type { Plain } from "./plain.js";

/** Database engine families. */
export type EngineType = "mysql" | "postgresql";

/** Permission levels of a grant. */
export type Permission = "read_only" | "read_write";

/** A region of the catalogue. */
export interface RegionRecord {
  id: string;
  label: string;
  country: string;
  capabilities: string[];
  resolvers: { ipv4: string; ipv6: string };
  status: "ok" | "outage";
}

/** Availability of one plan in one region. */
export interface AvailabilityRecord {
  region: string;
  plan: string;
  available: boolean;
}

/** An engine of the catalogue. */
export interface EngineRecord {
  id: string;
  engine: EngineType;
  version: string;
  total_disk_size_gb: number;
  used_disk_size_gb: number;
}

/** A compute instance type (plan) that databases run on. */
export interface InstanceTypeRecord {
  id: string;
  label: string;
  disk: number;
}

/** Grants of a restricted user. */
export interface Grants {
  global: { add_vpc: boolean; add_databases: boolean };
  vpc: Record<string, Permission>;
  database: Record<string, Permission>;
}

/** A personal access token and the user it acts for. */
export interface TokenRecord {
  token: string;
  username: string;
  /** OAuth scopes; `*` grants every scope. */
  scopes: string[] | "*";
  restricted: boolean;
  grants: Grants;
}

/** A VPC interface of a compute instance's configuration profile. */
export interface InterfaceRecord {
  id: number;
  config_id: number;
  subnet_id: number;
  vpc_id: number;
  address: string;
  ip_ranges: string[];
  nat_1_1: string;
  active: boolean;
}

/** A compute instance, only as far as VPC attachments need it. */
export interface ComputeRecord {
  id: number;
  label: string;
  region: string;
  interfaces: InterfaceRecord[];
}

/** A VPC; its subnets are separate records. */
export interface VpcRecord {
  id: number;
  label: string;
  description: string;
  region: string;
  created: number;
  updated: number | null;
}

/** A subnet of a VPC; its plain fields are the API model's (plain.ts). */
export interface SubnetRecord extends Plain<typeof SUBNET> {
  id: number;
  vpc_id: number;
  label: string;
  ipv4: string;
  created: number;
  updated: number | null;
}

/** Maintenance window (UTC). */
export interface UpdatesRecord {
  frequency: "weekly" | "monthly";
  duration: number;
  hour_of_day: number;
  day_of_week: number;
  week_of_month: number | null;
}

/** A backup of a database. */
export interface BackupRecord {
  id: number;
  label: string;
  type: "snapshot" | "auto";
  created: number;
}

/** Something that will happen to a database at `at` (emulated epoch ms). */
export interface PendingChange {
  at: number;
  kind: "provisioned" | "updated" | "snapshot" | "restored" | "credentials";
  snapshot?: { label: string };
  failAfterRestore?: boolean;
  password?: string;
}

/** A managed database with the internal state behind its API fields. */
export interface DatabaseRecord extends DatabaseSettings {
  id: number;
  engine: EngineType;
  label: string;
  region: string;
  type: string;
  version: string;
  cluster_size: 1 | 3;
  allow_list: string[];
  replication_type: string;
  replication_commit_type: string | null;
  status: string;
  updates: UpdatesRecord;
  created: number;
  updated: number;
  username: string;
  password: string;
  ca_certificate: string;
  backups: BackupRecord[];
  /** Emulated ms up to which daily backups were considered. */
  backupsCheckedUntil: number;
  /** Emulated ms of the most recent completed credentials reset, or null. */
  credentialsResetAt: number | null;
  pending: PendingChange[];
}

/** An event of the account's event log. */
export interface EventRecord {
  id: number;
  action: string;
  entity: { id: number; type: string; label: string };
  created: number;
}

/** The whole emulated account. */
export interface State {
  regions: RegionRecord[];
  availability: AvailabilityRecord[];
  engines: EngineRecord[];
  types: InstanceTypeRecord[];
  tokens: TokenRecord[];
  computes: ComputeRecord[];
  vpcs: VpcRecord[];
  subnets: SubnetRecord[];
  databases: DatabaseRecord[];
  events: EventRecord[];
  nextId: Record<string, number>;
}
