/**
 * The rules of today's VPCs that are not one field's type or bounds, as data (todays-vpcs.md):
 * the capability names that offer each feature, the prefix lengths, the default IPv4 ranges, and
 * the texts the API refuses with, each with its source. The emulator applies them and a
 * provider's preview can ask the same questions with the same words.
 */
import forbiddenRanges from "./vpc-answers/forbidden-ipv4-ranges.json";
import type { Refusal } from "./rules.js";

/** The region and account capabilities today's VPC features hang on, by their API names. */
export const VPC_CAPABILITIES = {
  /** Region: a VPC there may take the customer's own IPv4 ranges (only `no-osl-1` on 2026-06-18). */
  customIpv4: "Custom VPC IPv4 Ranges",
  /** Region: RDMA VPCs (linodego v2.5.0 `CapabilityGPUDirectRDMA`). */
  rdma: "GPUDirect RDMA",
  /** Region: dual stack (every VPC region on 2026-06-18). */
  dualStack: "VPC Dual Stack",
  /** Region: IPv6 stack (every VPC region on 2026-06-18). */
  ipv6Stack: "VPC IPv6 Stack",
  /** Account: dual-stack VPCs at all (CM `account/types.ts`); without it a create silently drops `ipv6` (TF #2248). */
  accountDualStack: "VPC Dual Stack",
  /** Account: prefixes larger than /52 (CM PR #12309). */
  accountLargePrefixes: "VPC IPv6 Large Prefixes",
} as const;

/** The prefix lengths a VPC's `ipv6` may ask for, and the default one (todays-vpcs.md §1.3, CM). */
export const VPC_IPV6_PREFIX_LENGTHS: readonly number[] = [52, 48, 44];

/** The prefix a VPC gets for `auto` or no range (CM: "a prefix length of /52 by default"). */
export const DEFAULT_VPC_IPV6_PREFIX = 52;

/** The prefix lengths a subnet's `ipv6` may ask for (CM `SUBNET_IPV6_PREFIX_LENGTHS`: /52../62). */
export const SUBNET_IPV6_PREFIX_LENGTHS: readonly number[] = [52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62];

/**
 * The prefix a subnet gets for `auto` or no range. UNVERIFIED: no source shows the length `auto`
 * gives; the recordings ask for `/62` and the CM form defaults to `/56`, which is taken here.
 */
export const DEFAULT_SUBNET_IPV6_PREFIX = 56;

/**
 * The IPv4 ranges a VPC answers when it names none, in the order VPC answers list them
 * (recorded 2026-07); `GET /vpcs/default-ranges` lists the same three in its own order.
 */
export const DEFAULT_VPC_IPV4_RANGES: readonly string[] = ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/17"];

/** The defaults as `GET /vpcs/default-ranges` lists them (LGO `TestVPC_DefaultRanges`, 2026-06-18). */
export const DEFAULT_RANGES_LISTED: readonly string[] = ["10.0.0.0/8", "192.168.0.0/17", "172.16.0.0/12"];

/**
 * The IPv4 ranges no VPC may use, as `GET /vpcs/default-ranges` listed them (LGO
 * `TestVPC_DefaultRanges`, 2026-06-18; vpc-answers/README.md).
 */
export const FORBIDDEN_IPV4_RANGES: readonly string[] = forbiddenRanges;

/** A refusal's text, where it comes from, and whether a recording or live test shows it. */
export interface VpcRefusalText {
  readonly reason: string;
  readonly recorded: boolean;
  readonly source: string;
}

/** The API's refusals of today's VPC fields, by what they refuse. */
export const VPC_REFUSALS = {
  rdmaWithIpv6: {
    reason: "RDMA VPCs cannot have IPv6 ranges",
    recorded: true,
    source: "todays-vpcs.md §1.5: LGO `TestVPC_WithRDMATypeAndIPv6_Fail` (2026-07-28), field `ipv6`",
  },
  customIpv4Region: {
    reason: "Customer defined IPv4 ranges are not supported in this region",
    recorded: true,
    source: "todays-vpcs.md §2: LGO `TestVPC_Update_Invalid` (2026-07-29), field `ipv4`",
  },
  customIpv4Range: {
    reason: "You must not use any custom IPv4 range for VPCs.",
    recorded: true,
    source: "todays-vpcs.md §2: LGO `TestVPC_Update_Invalid`, one per entry, field `ipv4[i].range`",
  },
  invalidIpv6Range: {
    reason: "Must be an IPv6 network",
    recorded: true,
    source: "todays-vpcs.md §1.5: PY `test_fails_create_subnet_with_invalid_ipv6_range` (the reason contains it)",
  },
  ipv6PrefixLength: {
    reason: "Must be the prefix length 52, 48, or 44 of the IP, e.g. /52",
    recorded: false,
    source: "todays-vpcs.md §1.3: CM `VPCIPv6Schema` message; the API's own text UNVERIFIED",
  },
  ipv6PrefixNotOffered: {
    reason: "This IPv6 prefix length is not available in this region",
    recorded: false,
    source: "UNVERIFIED wording: vpc-availability lists the lengths (todays-vpcs.md §1.3)",
  },
  ipv6RangeTaken: {
    reason: "This IPv6 range is not available",
    recorded: false,
    source: "UNVERIFIED wording: a prefix already allocated, or none free of that length",
  },
  subnetIpv6PrefixLength: {
    reason: "Must be auto, a prefix length from /52 to /62, or an IPv6 range within the VPC's",
    recorded: false,
    source: "UNVERIFIED wording: CM `VPCIPv6SubnetSchema` accepts /52../62 or auto",
  },
  subnetIpv6OutsideVpc: {
    reason: "Must be within the VPC's IPv6 range",
    recorded: false,
    source: "UNVERIFIED wording: PY `test_get_subnet` shows subnet ranges inside the VPC's",
  },
  subnetIpv6WithoutVpcIpv6: {
    reason: "The VPC has no IPv6 range",
    recorded: false,
    source: "UNVERIFIED: todays-vpcs.md §1.3 (subnet `ipv6` in an IPv4-only VPC)",
  },
  subnetIpv4OutsideVpc: {
    reason: "Must be within one of the VPC's IPv4 ranges",
    recorded: false,
    source: "UNVERIFIED wording: issue 47 (a subnet `ipv4` outside the VPC's ranges is refused)",
  },
  subnetNeitherFamily: {
    reason: "A subnet must have either IPv4 or IPv6, or both, but not neither.",
    recorded: false,
    source: "todays-vpcs.md §1.3: CM `createSubnetSchemaWithIPv6` message; the API's own text UNVERIFIED",
  },
  ipv4Forbidden: {
    reason: "Must not overlap a forbidden IPv4 range",
    recorded: false,
    source: "UNVERIFIED wording: the forbidden list of `GET /vpcs/default-ranges`",
  },
} as const satisfies Record<string, VpcRefusalText>;

/** One refusal of `kind` naming `field`, as an API error entry. */
export function vpcRefusal(kind: keyof typeof VPC_REFUSALS, field: string): Refusal {
  return { field, reason: VPC_REFUSALS[kind].reason };
}
