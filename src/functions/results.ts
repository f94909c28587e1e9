/**
 * API entities in the camelCase shapes the look-ups return, matching the resources' outputs: each
 * read from the API object through its field table (result-tables.ts), as the type generated from
 * that table (result-types.ts).
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
import { fromApi } from "../shared/fields/table.js";
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
import type {
  DatabaseBackupResult,
  DatabaseEngineResult,
  DatabaseResult,
  RegionAvailabilityResult,
  RegionResult,
  SubnetResult,
  VpcIpResult,
  VpcResult,
} from "./result-types.js";

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
