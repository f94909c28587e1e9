/**
 * API entities in the camelCase shapes the look-ups return, matching the resources' outputs.
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
import { windowOf } from "../resources/database-fields.js";
import type { MaintenanceWindowInput } from "../resources/validate.js";

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
export interface RegionAvailabilityResult {
  region: string;
  plan: string;
  available: boolean;
}

/** A database engine of the catalogue. */
export interface DatabaseEngineResult {
  /** `<engine>/<version>`, what the database resources take as `engineId`. */
  id: string;
  engine: string;
  version: string;
  totalDiskSizeGb: number;
  usedDiskSizeGb: number;
}

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
  instanceUri: string;
  status: string;
  updates: MaintenanceWindowInput | null;
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
export interface VpcIpResult {
  active: boolean;
  address: string | null;
  addressRange: string | null;
  configId: number;
  gateway: string | null;
  interfaceId: number;
  computeId: number;
  nat11: string;
  prefix: number | null;
  region: string;
  subnetId: number;
  subnetMask: string;
  vpcId: number;
}

/** Region to result. */
export function regionResult(r: Region): RegionResult {
  return {
    id: r.id,
    label: r.label,
    country: r.country,
    capabilities: [...r.capabilities],
    resolvers: r.resolvers,
    status: r.status,
  };
}

/** Availability entry to result. */
export function availabilityResult(a: RegionAvailability): RegionAvailabilityResult {
  return { region: a.region, plan: a.plan, available: a.available };
}

/** Engine to result. */
export function engineResult(e: DatabaseEngine): DatabaseEngineResult {
  return {
    id: e.id,
    engine: e.engine,
    version: e.version,
    totalDiskSizeGb: e.total_disk_size_gb,
    usedDiskSizeGb: e.used_disk_size_gb,
  };
}

/** Cross-engine list entry (or full database) to result. */
export function databaseResult(d: DatabaseSummary | Database): DatabaseResult {
  return {
    instanceId: d.id,
    label: d.label,
    region: d.region,
    type: d.type,
    engineType: d.engine,
    engineId: `${d.engine}/${d.version}`,
    version: d.version,
    clusterSize: d.cluster_size,
    encrypted: d.encrypted,
    allowList: [...(d.allow_list ?? [])],
    hosts: { primary: d.hosts?.primary ?? null, secondary: d.hosts?.secondary ?? null },
    instanceUri: "instance_uri" in d ? d.instance_uri : `/v4/databases/${d.engine}/instances/${d.id}`,
    status: d.status,
    updates: windowOf(d.updates),
    created: d.created,
    updated: d.updated ?? null,
  };
}

/** Backup to result. */
export function backupResult(b: DatabaseBackup): DatabaseBackupResult {
  return { id: b.id, label: b.label, type: b.type, created: b.created };
}

/** Subnet to result. */
export function subnetResult(s: Subnet): SubnetResult {
  return {
    subnetId: s.id,
    label: s.label,
    ipv4: s.ipv4,
    computes: s.computes.map((c) => ({
      id: c.id,
      interfaces: c.interfaces.map((i) => ({ id: i.id, active: i.active })),
    })),
    created: s.created,
    updated: s.updated ?? null,
  };
}

/** VPC to result. */
export function vpcResult(v: Vpc): VpcResult {
  return {
    vpcId: v.id,
    label: v.label,
    description: v.description ?? "",
    region: v.region,
    subnets: v.subnets.map(subnetResult),
    created: v.created,
    updated: v.updated ?? null,
  };
}

/** VPC IP entry to result. */
export function vpcIpResult(ip: VpcIp): VpcIpResult {
  return {
    active: ip.active,
    address: ip.address ?? null,
    addressRange: ip.address_range ?? null,
    configId: ip.config_id,
    gateway: ip.gateway ?? null,
    interfaceId: ip.interface_id,
    computeId: ip.compute_id,
    nat11: ip.nat_1_1,
    prefix: ip.prefix ?? null,
    region: ip.region,
    subnetId: ip.subnet_id,
    subnetMask: ip.subnet_mask,
    vpcId: ip.vpc_id,
  };
}
