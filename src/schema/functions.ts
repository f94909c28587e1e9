/**
 * The look-ups as the package schema declares them: each function's arguments (a field table)
 * and its result (a result table of functions/result-tables.ts, or a wrapper listing them).
 */
import {
  AVAILABILITY_RESULT,
  BACKUP_RESULT,
  DATABASE_DETAIL_RESULT,
  DATABASE_RESULT,
  ENGINE_RESULT,
  REGION_RESULT,
  SUBNET_RESULT,
  VPC_IP_RESULT,
  VPC_RESULT,
} from "../functions/result-tables.js";
import {
  VPC_AVAILABILITY_RESULT,
  VPC_DEFAULT_RANGES_RESULT,
  VPC_IPV6_ADDRESS_RESULT,
  VPC_IPV6_RESULT,
} from "../functions/vpc-today-results.js";
import type { Field, FieldFacts, FieldType } from "../shared/fields/table.js";

/** A look-up: what it does, its arguments and its result. */
export interface FunctionDecl {
  description: string;
  inputs: FieldFacts;
  outputs: FieldFacts;
}

const arg = (description: string, type: FieldType = "string", required = false): Field => ({
  description,
  change: "update",
  type,
  ...(required ? { required } : {}),
});
const list = (description: string, ref: string): Field => ({
  description,
  change: "output",
  type: { array: { ref } },
  required: true,
});

/** Every look-up, by name. */
export const FUNCTIONS: Record<string, FunctionDecl> = {
  getRegions: {
    description: "Lists the regions, optionally only those with a capability or a status (no token needed).",
    inputs: {
      capability: arg('Keep regions with this capability, e.g. "VPCs".'),
      status: arg('Keep regions with this status, "ok" or "outage".'),
    },
    outputs: { regions: list("The regions.", "RegionResult") },
  },
  getRegion: {
    description: "Reads one region (no token needed).",
    inputs: { id: arg("Region id.", "string", true) },
    outputs: REGION_RESULT,
  },
  getRegionAvailability: {
    description: "Lists plan availability per region (select premium and GPU plans).",
    inputs: { regionId: arg("Keep this region."), plan: arg("Keep this plan.") },
    outputs: { availability: list("Availability entries.", "RegionAvailabilityResult") },
  },
  getDatabaseEngines: {
    description: "Lists the database engine catalogue; latest is the newest id per engine type (no token needed).",
    inputs: { engine: arg('Keep only this engine type, "mysql" or "postgresql".') },
    outputs: {
      engines: list("The engines.", "DatabaseEngineResult"),
      latest: {
        description: "The newest engine id per engine type.",
        change: "output",
        type: { map: "string" },
        required: true,
      },
    },
  },
  getDatabaseEngine: {
    description: "Reads one engine of the catalogue (no token needed).",
    inputs: { id: arg("Engine id `<engine>/<version>`.", "string", true) },
    outputs: ENGINE_RESULT,
  },
  getDatabases: {
    description: "Lists the account's databases of all engines.",
    inputs: {
      engine: arg("Keep only this engine type."),
      label: arg("Keep only the database with this label."),
      region: arg("Keep only databases in this region."),
      status: arg("Keep only databases with this status."),
    },
    outputs: { databases: list("The databases.", "DatabaseResult") },
  },
  getDatabase: {
    description:
      "Reads one database with its settings and, as secrets, its credentials and certificate (read only while it is active).",
    inputs: {
      engine: arg('Engine of the database, "mysql" or "postgresql" (a database\'s engineType).', "string", true),
      id: arg("Id of the database (a database's instanceId).", "integer", true),
    },
    outputs: DATABASE_DETAIL_RESULT,
  },
  getDatabaseBackups: {
    description: "Lists one database's backups, automatic and snapshot; refused while it is provisioning.",
    inputs: {
      engine: arg('Engine of the database, "mysql" or "postgresql" (a database\'s engineType).', "string", true),
      databaseId: arg("Id of the database (a database's instanceId).", "integer", true),
      type: arg('Keep only backups of this type, "auto" (the daily ones) or "snapshot".'),
      label: arg("Keep only the backup with this label."),
    },
    outputs: {
      backups: list(
        "The backups (those matching type and label), in the order the API lists them.",
        "DatabaseBackupResult",
      ),
      latest: {
        description: "The newest of backups by created; left out when there is none.",
        change: "output",
        type: { ref: "DatabaseBackupResult" },
      },
    },
  },
  getVpcs: {
    description: "Lists the account's VPCs with their subnets.",
    inputs: { label: arg("Keep only the VPC with this label."), region: arg("Keep only VPCs in this region.") },
    outputs: { vpcs: list("The VPCs.", "VpcResult") },
  },
  getVpcSubnets: {
    description: "Lists the subnets of one VPC with the compute instances using them.",
    inputs: { vpcId: arg("Id of the VPC.", "integer", true), label: arg("Keep only the subnet with this label.") },
    outputs: { subnets: list("The subnets.", "SubnetResult") },
  },
  getVpcIps: {
    description: "Lists VPC addresses: of one VPC, or account-wide when vpcId is left out.",
    inputs: {
      vpcId: arg("Id of the VPC.", "integer"),
      ipv6: arg("true: list the interfaces' IPv6 ranges (`/vpcs/ipv6s`) in ipv6s instead.", "boolean"),
    },
    outputs: {
      ips: list("The IPv4 addresses and ranges (empty when ipv6 is true).", "VpcIpResult"),
      ipv6s: list("The IPv6 ranges (empty unless ipv6 is true).", "VpcIpv6Result"),
    },
  },
  getRegionVpcAvailability: {
    description: "Whether VPCs are offered in one region, and which IPv6 prefix lengths a VPC there may take.",
    inputs: { region: arg("Region id.", "string", true) },
    outputs: VPC_AVAILABILITY_RESULT,
  },
  getRegionsVpcAvailability: {
    description: "Every region's VPC availability and IPv6 prefix lengths.",
    inputs: {},
    outputs: { regions: list("The regions' VPC availability.", "RegionVpcAvailabilityResult") },
  },
  getVpcDefaultRanges: {
    description: "The IPv4 ranges a VPC gets when it names none of its own, and the ranges no VPC may use.",
    inputs: {},
    outputs: VPC_DEFAULT_RANGES_RESULT,
  },
};

/** The result object types the look-ups return, by schema name, each with what it is. */
export const RESULT_TYPES: Record<string, [string, FieldFacts]> = {
  RegionResult: ["A region.", REGION_RESULT],
  RegionAvailabilityResult: ["Availability of one plan in one region.", AVAILABILITY_RESULT],
  DatabaseEngineResult: ["A database engine of the catalogue.", ENGINE_RESULT],
  DatabaseResult: ["A database as the cross-engine list shows it.", DATABASE_RESULT],
  DatabaseBackupResult: ["A backup of a database: an automatic daily one or an on-demand snapshot.", BACKUP_RESULT],
  SubnetResult: ["A subnet with the compute instances using it.", SUBNET_RESULT],
  VpcResult: ["A VPC with its subnets.", VPC_RESULT],
  VpcIpResult: ["One VPC address or range of an interface.", VPC_IP_RESULT],
  VpcIpv6Result: ["One IPv6 range of a VPC interface.", VPC_IPV6_RESULT],
  VpcIpv6AddressResult: ["A SLAAC address in an interface's IPv6 range.", VPC_IPV6_ADDRESS_RESULT],
  RegionVpcAvailabilityResult: ["One region's VPC availability.", VPC_AVAILABILITY_RESULT],
  VpcDefaultRangesResult: ["The default and forbidden IPv4 ranges of VPCs.", VPC_DEFAULT_RANGES_RESULT],
};
