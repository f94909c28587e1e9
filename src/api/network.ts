/** VPCs, their subnets and their IP entries: the contract's "VPC", "VPC subnet", "VPC IP address entry". */
import { entity, pick } from "./field.js";
import { DEFAULT_VPC_IPV4_RANGES } from "./vpc-rules.js";
import { IPV6_RANGE, SUBNET_IPV6, VPC_IPV4, VPC_IPV6, VPC_TYPES } from "./vpc-today.js";

const INTERFACE = entity({
  name: "compute interface",
  fields: {
    id: { type: "integer", source: "VPC subnet, Compute entry: `interfaces` ... `id` integer" },
    active: { type: "boolean", source: "VPC subnet, Compute entry: `interfaces` ... `active` boolean" },
  },
});

/** A compute instance assigned to a subnet, with the interfaces that use it. */
export const SUBNET_COMPUTE = entity({
  name: "compute entry",
  fields: {
    id: { type: "integer", source: "VPC subnet, Compute entry: `id` integer (the compute instance id)" },
    interfaces: { type: { array: INTERFACE }, source: "VPC subnet, Compute entry: `interfaces` array of objects" },
  },
});

/** A database in a subnet, as the subnet's answer lists it (today's platform). */
export const SUBNET_DATABASE = entity({
  name: "subnet's database",
  fields: {
    id: { type: "integer", source: "todays-platform.md §5: subnet `databases:[{id, ipv4_range, ipv6_ranges}]`" },
    ipv4_range: {
      type: "string",
      source: "todays-platform.md §5: `ipv4_range` (ANS vpc test asserts it non-null)",
    },
    ipv6_ranges: { type: "strings", source: "todays-platform.md §5: `ipv6_ranges` (ANS vpc test asserts it present)" },
  },
});

/**
 * A database's place in a VPC on today's platform: the VPC, one of its subnets, and whether the
 * database is also reachable from outside the VPC.
 */
export const PRIVATE_NETWORK = entity({
  name: "private network",
  fields: {
    vpc_id: {
      type: "integer",
      create: "required",
      update: true,
      source: "todays-platform.md §5: `vpc_id` int; the VPC must be in the database's region (CM)",
    },
    subnet_id: {
      type: "integer",
      create: "required",
      update: true,
      source: "todays-platform.md §5: `subnet_id` int, a subnet of that VPC",
    },
    public_access: {
      type: "boolean",
      create: "optional",
      update: true,
      default: false,
      source: "todays-platform.md §5: `public_access` bool; TF default false; CM and ANS flip it in place",
    },
  },
});

/** A NodeBalancer in a subnet, as the subnet's answer lists it. */
export const SUBNET_NODEBALANCER = entity({
  name: "subnet's NodeBalancer",
  fields: {
    id: { type: "integer", source: "todays-vpcs.md §2: subnet `nodebalancers[].id` (LGO, 2026-02-02)" },
    ipv4_range: {
      type: "string",
      source: "todays-vpcs.md §2: `nodebalancers[].ipv4_range` recorded `192.168.0.64/30`",
    },
    ipv6_ranges: {
      type: { array: IPV6_RANGE },
      absent: true,
      source: "todays-vpcs.md §2: `ipv6_ranges:[{range}]` (LGO unit fixture); the 2026-02 recording lacks the key",
    },
  },
});

/** A VPC subnet. */
export const SUBNET = entity({
  name: "VPC subnet",
  published: "VPCSubnet",
  fields: {
    id: { type: "integer", filterable: true, source: "VPC subnet: | id | integer |" },
    label: {
      type: "string",
      create: "required",
      update: true,
      minLength: 1,
      maxLength: 64,
      filterable: true,
      source: "VPC subnet: | label | string, 1..64 characters | required on create; the only updatable field |",
    },
    ipv4: {
      type: "string",
      create: "optional",
      nullable: true,
      source:
        "VPC subnet: | ipv4 | string, IPv4 range in CIDR canonical form | required on create; not updatable |; today optional: IPv4, IPv6 or both (todays-vpcs.md §1.3, CM, TF); null for an IPv6-only subnet UNVERIFIED",
    },
    ipv6: {
      type: { array: SUBNET_IPV6 },
      create: "optional",
      nullable: true,
      absent: true,
      published: false,
      source: "todays-vpcs.md §1.1–1.2: subnet `ipv6: [{range}]` on create; answered `[{range}]` or null, or missing",
    },
    computes: {
      type: { array: SUBNET_COMPUTE },
      published: "linodes",
      source: "VPC subnet: | computes | array of compute entries |",
    },
    databases: {
      type: { array: SUBNET_DATABASE },
      absent: true,
      published: false,
      source: "todays-platform.md §5: `GET /vpcs/{id}/subnets/{id}` lists `databases` (ANS vpc test, 2025-10 on)",
    },
    nodebalancers: {
      type: { array: SUBNET_NODEBALANCER },
      absent: true,
      published: false,
      source: "todays-vpcs.md §2: subnet `nodebalancers[] {id, ipv4_range, ipv6_ranges}` (LGO, 2026-02-02)",
    },
    vpc_type: {
      type: "string",
      enum: VPC_TYPES,
      absent: true,
      published: false,
      source:
        "todays-vpcs.md §2: subnets answer their VPC's `vpc_type` (LGO `TestVPC_Subnet_WithRDMAType`, 2026-07-28)",
    },
    created: { type: "date-time", filterable: true, source: "VPC subnet: | created | string, date-time |" },
    updated: {
      type: "date-time",
      nullable: true,
      filterable: true,
      source: "VPC subnet: | updated | string, date-time, nullable |",
    },
  },
});

/**
 * A subnet as an item of a VPC create's `subnets`: the contract's request items carry `label` and
 * `ipv4` only, a subset of its own, so a field a later subnet create takes is not taken here too;
 * today's API takes `ipv6` there as well (todays-vpcs.md §1.1).
 */
export const INLINE_SUBNET = entity({
  name: "VPC create's subnet",
  fields: pick(SUBNET.fields, ["label", "ipv4", "ipv6"]),
});

/** A VPC with its subnets. */
export const VPC = entity({
  name: "VPC",
  published: "VPC",
  fields: {
    id: { type: "integer", filterable: true, source: "VPC: | id | integer |" },
    label: {
      type: "string",
      create: "required",
      update: true,
      minLength: 1,
      maxLength: 64,
      filterable: true,
      source: "VPC: | label | string, 1..64 characters | required on create; optional on update |",
    },
    description: {
      type: "string",
      create: "optional",
      update: true,
      maxLength: 255,
      default: "",
      missing: "",
      source: "VPC: | description | string, at most 255 characters | optional on create and update |",
    },
    region: {
      type: "string",
      create: "required",
      filterable: true,
      source: "VPC: | region | string | region id; required on create; not changeable |",
    },
    ipv4: {
      type: { array: VPC_IPV4 },
      create: "optional",
      update: true,
      default: DEFAULT_VPC_IPV4_RANGES.map((range) => ({ range })),
      absent: true,
      published: false,
      source:
        "todays-vpcs.md §2: VPC `ipv4: [{range}]` on create and PUT where the region offers custom ranges; answers the defaults when none were set (LGO `TestVPC_IPv4Ranges`, 2026-06)",
    },
    ipv6: {
      type: { array: VPC_IPV6 },
      create: "optional",
      nullable: true,
      absent: true,
      maxItems: 1,
      published: false,
      source:
        "todays-vpcs.md §1.1–1.2: VPC `ipv6` (a range and an allocation class) at most 1 entry (CM), create only; answered `[{range}]`, null, or missing",
    },
    subnets: {
      type: { array: SUBNET },
      request: { type: { array: INLINE_SUBNET } },
      create: "optional",
      source:
        "VPC: | subnets | array of subnet objects | optional on create (request items carry `label` and `ipv4`) |",
    },
    vpc_type: {
      type: "string",
      enum: VPC_TYPES,
      create: "optional",
      default: "regular",
      absent: true,
      filterable: true,
      published: false,
      source:
        "todays-vpcs.md §2: `vpc_type: regular | rdma` on create, answered (LGO `TestVPC_WithRDMAType`, 2026-07-28); omitted for accounts without access",
    },
    created: { type: "date-time", filterable: true, source: "VPC: | created | string, date-time |" },
    updated: {
      type: "date-time",
      nullable: true,
      filterable: true,
      source: "VPC: | updated | string, date-time, nullable |",
    },
  },
});

/** One VPC IP address or range of an interface. */
export const VPC_IP = entity({
  name: "VPC IP address entry",
  published: "IPAddressesVPC",
  fields: {
    active: { type: "boolean", filterable: true, source: "VPC IP address entry: | active | boolean |" },
    address: { type: "string", nullable: true, source: "VPC IP address entry: | address | string (IP), nullable |" },
    address_range: {
      type: "string",
      nullable: true,
      source: "VPC IP address entry: | address_range | string, nullable |",
    },
    config_id: { type: "integer", filterable: true, source: "VPC IP address entry: | config_id | integer |" },
    gateway: { type: "string", nullable: true, source: "VPC IP address entry: | gateway | string (IP), nullable |" },
    interface_id: { type: "integer", source: "VPC IP address entry: | interface_id | integer |" },
    compute_id: {
      type: "integer",
      published: "linode_id",
      filterable: true,
      source:
        "VPC IP address entry: | compute_id | integer | id of the compute instance the interface currently belongs to |",
    },
    nat_1_1: {
      type: "string",
      missing: "",
      source: "VPC IP address entry: | nat_1_1 | string (IP) | empty when NAT 1:1 is not used |",
    },
    prefix: { type: "integer", nullable: true, source: "VPC IP address entry: | prefix | integer, nullable |" },
    region: { type: "string", filterable: true, source: "VPC IP address entry: | region | string |" },
    subnet_id: { type: "integer", source: "VPC IP address entry: | subnet_id | integer |" },
    subnet_mask: { type: "string", source: "VPC IP address entry: | subnet_mask | string (IP) |" },
    vpc_id: { type: "integer", filterable: true, source: "VPC IP address entry: | vpc_id | integer |" },
  },
});

const SLAAC_ADDRESS = entity({
  name: "VPC IPv6 address",
  fields: { slaac_address: { type: "string", source: "todays-vpcs.md §1.2: `ipv6_addresses:[{slaac_address}]`" } },
});

/** An entry of `GET /vpcs/ipv6s` and `/vpcs/{id}/ipv6s`: one interface's IPv6 range (recorded key order). */
export const VPC_IPV6_ENTRY = entity({
  name: "VPC IPv6 address entry",
  fields: {
    address: { type: "string", nullable: true, source: "todays-vpcs.md §1.2: `address:null`" },
    address_range: { type: "string", nullable: true, source: "todays-vpcs.md §1.2: `address_range:null`" },
    vpc_id: { type: "integer", filterable: true, source: "todays-vpcs.md §1.2: `vpc_id`" },
    subnet_id: { type: "integer", source: "todays-vpcs.md §1.2: `subnet_id`" },
    region: { type: "string", filterable: true, source: "todays-vpcs.md §1.2: `region`" },
    linode_id: {
      type: "integer",
      nullable: true,
      filterable: true,
      source: 'todays-vpcs.md §1.2, §1.6: `linode_id` (X-Filter `{"linode_id": N}` recorded)',
    },
    config_id: { type: "integer", nullable: true, filterable: true, source: "todays-vpcs.md §1.2: `config_id`" },
    interface_id: { type: "integer", source: "todays-vpcs.md §1.2: `interface_id`" },
    nodebalancer_id: { type: "integer", nullable: true, source: "todays-vpcs.md §1.2: `nodebalancer_id:null`" },
    database_id: { type: "integer", nullable: true, source: "todays-vpcs.md §1.2: `database_id:null`" },
    active: { type: "boolean", filterable: true, source: "todays-vpcs.md §1.2: `active`" },
    nat_1_1: { type: "string", missing: "", source: 'todays-vpcs.md §1.2: `nat_1_1:""`' },
    gateway: { type: "string", nullable: true, source: "todays-vpcs.md §1.2: `gateway:null`" },
    prefix: { type: "integer", nullable: true, source: "todays-vpcs.md §1.2: `prefix:64`" },
    subnet_mask: { type: "string", missing: "", source: 'todays-vpcs.md §1.2: `subnet_mask:""`' },
    ipv6_range: { type: "string", nullable: true, source: 'todays-vpcs.md §1.2: `ipv6_range:"<p>/64"`' },
    ipv6_is_public: { type: "boolean", nullable: true, source: "todays-vpcs.md §1.2: `ipv6_is_public`" },
    ipv6_addresses: { type: { array: SLAAC_ADDRESS }, source: "todays-vpcs.md §1.2: `ipv6_addresses`" },
  },
});
