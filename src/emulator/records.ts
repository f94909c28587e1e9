/**
 * The records the store keeps. They are plain JSON so that the whole state can be written to and
 * read from the optional persistence file as is. A record of an entity of the API model keeps its
 * fields under their wire names (stored.ts); answers are read back from them by the model.
 */
import type {
  AVAILABILITY,
  ComputeFacts,
  Engine,
  ENGINE,
  EventEntity,
  MAINTENANCE_WINDOW,
  PlanFacts,
  REGION,
  SUBNET,
  VPC,
} from "../api/index.js";
import type { BackupRecord, DatabaseRecord, PendingChange } from "./databases/fields.js";
import type { Stored } from "./stored.js";
import type { VPC_KEYS } from "./model-names.js";
import type { InterfaceRecord, SubnetLink } from "./vpcs/links.js";

/** The records whose fields their area names (databases/record.ts, vpcs/links.ts), kept with the rest. */
export type { BackupRecord, DatabaseRecord, InterfaceRecord, PendingChange };

/** Database engine families. */
export type EngineType = Engine;

/** Permission levels of a grant. */
export type Permission = "read_only" | "read_write";

/** A region of the catalogue. */
export type RegionRecord = Stored<typeof REGION>;

/** Availability of one plan in one region. */
export type AvailabilityRecord = Stored<typeof AVAILABILITY>;

/** An engine of the catalogue. */
export type EngineRecord = Stored<typeof ENGINE>;

/** A compute instance type (plan) that databases run on. */
export type InstanceTypeRecord = PlanFacts;

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

/** A compute instance, only as far as VPC attachments need it. */
export interface ComputeRecord extends ComputeFacts {
  interfaces: InterfaceRecord[];
}

/** A VPC; its subnets are separate records. */
export type VpcRecord = Stored<typeof VPC, typeof VPC_KEYS.subnets>;

/** A subnet of a VPC, which it names by its link (vpcs/links.ts). */
export type SubnetRecord = Stored<typeof SUBNET, "computes"> & SubnetLink;

/** Maintenance window (UTC). */
export type UpdatesRecord = Stored<typeof MAINTENANCE_WINDOW>;

/** An event of the account's event log. */
export interface EventRecord {
  id: number;
  action: string;
  entity: EventEntity;
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
