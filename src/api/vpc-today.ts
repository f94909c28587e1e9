/**
 * What today's API (2025–26) adds to the contract's VPCs, declared once (todays-vpcs.md, every
 * fact with its source): dual stack (an IPv6 prefix per VPC, a range per subnet), the customer's
 * own IPv4 ranges, VPC types, where each is offered (`/regions/vpc-availability`), the default
 * ranges, the IPv6 listing of VPC addresses, and the texts the API refuses with. network.ts puts
 * the new fields on `VPC` and `SUBNET`; this module names no entity of the contract.
 */
import { entity } from "./field.js";

/** The VPC types a create takes (todays-vpcs.md §2, linodego v2.5.0 `VPCType`). */
export const VPC_TYPES = ["regular", "rdma"] as const;

/** A VPC type. */
export type VpcType = (typeof VPC_TYPES)[number];

/** An allocated IPv6 prefix as answers carry it: the range only. */
export const IPV6_RANGE = entity({
  name: "IPv6 range",
  fields: {
    range: { type: "string", source: 'todays-vpcs.md §1.2: VPC and subnet `ipv6: [{range: "<prefix>/52"}]`' },
  },
});

/**
 * One entry of a VPC's `ipv6`: a create asks for a prefix length, `auto` or a prefix (or leaves
 * `range` out), and may name an allocation class, which no answer carries back.
 */
export const VPC_IPV6 = entity({
  name: "VPC IPv6 range",
  fields: {
    range: {
      type: "string",
      create: "optional",
      source: "todays-vpcs.md §1.1: `range` optional: `/52`, `/48`, `/44`, `auto` or left out (LGO, CM, PY, CLI)",
    },
    allocation_class: {
      type: "string",
      create: "optional",
      answer: false,
      source: "todays-vpcs.md §1.1–1.2: `allocation_class` optional free string, never answered (LGO, CM)",
    },
  },
});

/** One entry of a subnet's `ipv6`: `auto`, `/52`..`/62` or a prefix inside the VPC's, or left out. */
export const SUBNET_IPV6 = entity({
  name: "VPC subnet IPv6 range",
  fields: {
    range: {
      type: "string",
      create: "optional",
      source: "todays-vpcs.md §1.1, §1.3: subnet `range` optional: `auto`, `/52`..`/62`, or a CIDR in the VPC's",
    },
  },
});

/** One of a VPC's IPv4 ranges: the defaults, or the customer's own where the region offers them. */
export const VPC_IPV4 = entity({
  name: "VPC IPv4 range",
  fields: {
    range: {
      type: "string",
      create: "required",
      source: "todays-vpcs.md §2: VPC `ipv4: [{range}]` on create and PUT (LGO `TestVPC_IPv4Ranges`)",
    },
  },
});

/** Where VPCs are offered, and which IPv6 prefix lengths a VPC may take there. */
export const VPC_AVAILABILITY = entity({
  name: "region VPC availability",
  fields: {
    region: { type: "string", source: "todays-vpcs.md §1.6: `GET /regions/{id}/vpc-availability` `region`" },
    available: { type: "boolean", source: "todays-vpcs.md §1.6: `available` bool" },
    available_ipv6_prefix_lengths: {
      type: "integers",
      source: "todays-vpcs.md §1.3, §1.6: `available_ipv6_prefix_lengths` int list (recorded `[]`)",
    },
  },
});

/** `GET /vpcs/default-ranges`: the ranges a VPC gets when it names none, and those no VPC may use. */
export const VPC_DEFAULT_RANGES = entity({
  name: "VPC default ranges",
  fields: {
    default_ipv4_ranges: { type: "strings", source: "todays-vpcs.md §2: LGO `TestVPC_DefaultRanges` (2026-06-18)" },
    forbidden_ipv4_ranges: { type: "strings", source: "todays-vpcs.md §2: LGO `TestVPC_DefaultRanges` (2026-06-18)" },
  },
});
