/**
 * API entities in the camelCase shapes the look-ups return, matching the resources' outputs: the
 * types programs see, each read from the API object through its field table (result-tables.ts); an
 * entity the look-up returns whole is its answer in the API model with camelCase keys.
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
import type { AVAILABILITY, ENGINE, VPC_IP } from "../api/index.js";
import { fromApi } from "../shared/fields/table.js";
import type { CamelAnswer } from "../shared/fields/model-rows.js";
import {
  AVAILABILITY_RESULT,
  BACKUP_RESULT,
  DATABASE_RESULT,
  ENGINE_RESULT,
  REGION_RESULT,
  SUBNET_RESULT,
  VPC_IP_RESULT,
  VPC_RESULT,
} from "./result-tables.js";
import type { MaintenanceWindowInput } from "../resources/managed-database/rules.js";

/** A region. */
export interface RegionResult {
  id: string;
  label: string;
  country: string;
  capabilities: string[];
  resolvers: { ipv4: string[]; ipv6: string[] };
  status: string;
}

/** Availability of one plan in one region. */
export type RegionAvailabilityResult = CamelAnswer<typeof AVAILABILITY>;

/** A database engine of the catalogue; its `id`, `<engine>/<version>`, is what the database resources take as `engineId`. */
export type DatabaseEngineResult = CamelAnswer<typeof ENGINE>;

/** A database as the cross-engine list shows it. */
export interface DatabaseResult {
  instanceId: number;
  label: string;
  region: string;
  type: string;
  engineType: string;
  engineId: string;
  version: string;
  clusterSize: number;
  encrypted: boolean;
  allowList: string[];
  hosts: { primary: string | null; secondary: string | null };
  standbyHost: string | null;
  instanceUri: string;
  status: string;
  updates: MaintenanceWindowInput | null;
  platform: string | null;
  created: string;
  updated: string | null;
}

/** A backup of a database: an automatic daily one or an on-demand snapshot. */
export interface DatabaseBackupResult {
  /** The backup's id (a `DatabaseSnapshot`'s `backupId`). */
  id: number;
  label: string;
  /** "auto" (daily) or "snapshot" (on demand). */
  type: string;
  created: string;
}

/** A subnet. */
export interface SubnetResult {
  subnetId: number;
  label: string;
  ipv4: string;
  computes: { id: number; interfaces: { id: number; active: boolean }[] }[];
  created: string;
  updated: string | null;
}

/** A VPC with its subnets. */
export interface VpcResult {
  vpcId: number;
  label: string;
  description: string;
  region: string;
  subnets: SubnetResult[];
  created: string;
  updated: string | null;
}

/** One VPC address or range of an interface. */
export type VpcIpResult = CamelAnswer<typeof VPC_IP>;

/** Region to result. */
export function regionResult(r: Region): RegionResult {
  return fromApi(REGION_RESULT, r) as unknown as RegionResult;
}

/** Availability entry to result. */
export function availabilityResult(a: RegionAvailability): RegionAvailabilityResult {
  return fromApi(AVAILABILITY_RESULT, a) as unknown as RegionAvailabilityResult;
}

/** Engine to result. */
export function engineResult(e: DatabaseEngine): DatabaseEngineResult {
  return fromApi(ENGINE_RESULT, e) as unknown as DatabaseEngineResult;
}

/** Cross-engine list entry (or full database) to result. */
export function databaseResult(d: DatabaseSummary | Database): DatabaseResult {
  return fromApi(DATABASE_RESULT, d) as unknown as DatabaseResult;
}

/** Backup to result. */
export function backupResult(b: DatabaseBackup): DatabaseBackupResult {
  return fromApi(BACKUP_RESULT, b) as unknown as DatabaseBackupResult;
}

/** Subnet to result. */
export function subnetResult(s: Subnet): SubnetResult {
  return fromApi(SUBNET_RESULT, s) as unknown as SubnetResult;
}

/** VPC to result. */
export function vpcResult(v: Vpc): VpcResult {
  return fromApi(VPC_RESULT, v) as unknown as VpcResult;
}

/** VPC IP entry to result. */
export function vpcIpResult(ip: VpcIp): VpcIpResult {
  return fromApi(VPC_IP_RESULT, ip) as unknown as VpcIpResult;
}
