/**
 * What test/conformance/official-client.test.ts checks the official client's answers against: the
 * fixture naming its functions, the contract's operations, and each declared type's required keys
 * (checked by the compiler against the client's .d.ts) with the contract key each one has.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type {
  Database,
  DatabaseBackup,
  DatabaseCredentials,
  DatabaseEngine,
  DatabaseInstance,
  Region,
  RegionAvailability,
  ResourcePage,
  SSLFields,
  Subnet,
  SubnetAssignedLinodeData,
  SubnetLinodeInterfaceData,
  UpdatesSchedule,
  VPC,
  VPCIP,
} from "@linode/api-v4";
import { differences } from "../support/openapi.js";

export const fixture = JSON.parse(readFileSync(join(__dirname, "..", "fixtures", "official-client.json"), "utf8")) as {
  version: string;
  functions: Record<string, string>;
  lacking: Record<string, string>;
  newer_than_contract: Record<string, string[]>;
};
export const operations = (
  JSON.parse(readFileSync(join(__dirname, "..", "..", "spec", "operations.json"), "utf8")) as {
    operations: { method: string; path: string }[];
  }
).operations.map((op) => `${op.method} ${op.path}`);

/** The keys of T that are not optional. */
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T] & string;

/** Exactly the required keys of T: one missing, or one T does not require, fails to compile. */
const requiredKeys =
  <T>() =>
  <const K extends readonly RequiredKeys<T>[]>(keys: K & ([RequiredKeys<T>] extends [K[number]] ? unknown : never)) =>
    keys;

type Hosts = NonNullable<Database["hosts"]>;
type Page = ResourcePage<unknown>;

/** The keys both declared database types require (the cross-engine list entry and the engine-specific record). */
export const DATABASE_SUMMARY_KEYS = [
  "allow_list",
  "cluster_size",
  "connection_strings",
  "created",
  "encrypted",
  "engine",
  "engine_config",
  "hosts",
  "id",
  "label",
  "members",
  "region",
  "status",
  "type",
  "updated",
  "updates",
  "version",
] as const;

/** Each declared type the answers are checked against: its required keys and its published schema. */
export const TYPES = {
  page: { keys: requiredKeys<Page>()(["data", "page", "pages", "results"]), schema: "PaginationEnvelope" },
  vpc: {
    keys: requiredKeys<VPC>()(["created", "description", "id", "label", "region", "subnets", "updated"]),
    schema: "VPC",
  },
  subnet: {
    keys: requiredKeys<Subnet>()(["created", "id", "label", "linodes", "nodebalancers", "updated"]),
    schema: "VPCSubnet",
  },
  subnetLinode: { keys: requiredKeys<SubnetAssignedLinodeData>()(["id", "interfaces"]), schema: "VPCSubnet.computes" },
  subnetInterface: {
    keys: requiredKeys<SubnetLinodeInterfaceData>()(["active", "config_id", "id"]),
    schema: "VPCSubnet.computes.interfaces",
  },
  vpcIp: {
    keys: requiredKeys<VPCIP>()([
      "active",
      "address",
      "address_range",
      "config_id",
      "gateway",
      "interface_id",
      "ipv6_addresses",
      "ipv6_is_public",
      "ipv6_range",
      "linode_id",
      "nat_1_1",
      "nodebalancer_id",
      "prefix",
      "region",
      "subnet_id",
      "subnet_mask",
      "vpc_id",
    ]),
    schema: "IPAddressesVPC",
  },
  region: {
    keys: requiredKeys<Region>()([
      "capabilities",
      "country",
      "id",
      "label",
      "placement_group_limits",
      "resolvers",
      "site_type",
      "status",
    ]),
    schema: "Region",
  },
  availability: {
    keys: requiredKeys<RegionAvailability>()(["available", "plan", "region"]),
    schema: "RegionAvailability",
  },
  engine: { keys: requiredKeys<DatabaseEngine>()(["engine", "id", "version"]), schema: "DatabaseEngine" },
  instance: { keys: requiredKeys<DatabaseInstance>()(DATABASE_SUMMARY_KEYS), schema: "Database" },
  database: {
    keys: requiredKeys<Database>()([
      ...DATABASE_SUMMARY_KEYS,
      "port",
      "ssl_connection",
      "total_disk_size_gb",
      "used_disk_size_gb",
    ]),
    schema: "DatabaseMySQL",
  },
  hosts: { keys: requiredKeys<Hosts>()(["endpoints", "primary"]), schema: "Database.hosts" },
  updates: {
    keys: requiredKeys<UpdatesSchedule>()(["day_of_week", "duration", "frequency", "hour_of_day", "week_of_month"]),
    schema: "Database.updates",
  },
  backup: { keys: requiredKeys<DatabaseBackup>()(["created", "id", "label", "type"]), schema: "DatabaseBackup" },
  credentials: { keys: requiredKeys<DatabaseCredentials>()(["password", "username"]), schema: "DatabaseCredentials" },
  ssl: { keys: requiredKeys<SSLFields>()(["ca_certificate"]), schema: "DatabaseSSL" },
} as const;
export type TypeName = keyof typeof TYPES;

/** The key a declared (published) key has in the contract, by the one list of renames. */
export function contractKey(schema: string, key: string): string {
  const component = schema.split(".")[0];
  const rename = differences.fields.find((f) => f.schema === component && f.published === key);
  return rename?.contract ?? key;
}

/** The keys of an answer's declared type that the emulator must give. */
export function expectedKeys(type: TypeName): string[] {
  const { keys, schema } = TYPES[type];
  const newer = fixture.newer_than_contract[schema] ?? [];
  return keys.map((k) => contractKey(schema, k)).filter((k) => !newer.includes(k));
}
