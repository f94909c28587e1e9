/** VPCs, their subnets and their IP entries: the contract's "VPC", "VPC subnet", "VPC IP address entry". */
import { entity, pick } from "./field.js";

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
      create: "required",
      source: "VPC subnet: | ipv4 | string, IPv4 range in CIDR canonical form | required on create; not updatable |",
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
 * `ipv4` only, a subset of its own, so a field a later subnet create takes is not taken here too.
 */
export const INLINE_SUBNET = entity({
  name: "VPC create's subnet",
  fields: pick(SUBNET.fields, ["label", "ipv4"]),
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
    subnets: {
      type: { array: SUBNET },
      request: { type: { array: INLINE_SUBNET } },
      create: "optional",
      source:
        "VPC: | subnets | array of subnet objects | optional on create (request items carry `label` and `ipv4`) |",
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
