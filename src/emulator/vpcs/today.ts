/**
 * The rules of today's VPC fields (todays-vpcs.md): the customer's own IPv4 ranges, the VPC type,
 * and dual stack, each judged against the region, the account and the VPC, with the API's texts
 * (src/api vpc-rules.ts). What a create or update holds comes back as a plan the model stores
 * once every rule has passed, so a refused request changes nothing.
 */
import {
  contains6,
  DEFAULT_SUBNET_IPV6_PREFIX,
  DEFAULT_VPC_IPV6_PREFIX,
  FORBIDDEN_IPV4_RANGES,
  overlaps6,
  parseRangeRequest,
  requestedPrefix,
  SUBNET_IPV6_PREFIX_LENGTHS,
  VPC_IPV6_PREFIX_LENGTHS,
  VPC_REFUSALS,
  type Cidr6,
  type CreateBody,
  type SUBNET,
  type VPC,
} from "../../api/index.js";
import { contains, formatCidr, isCanonical, overlaps, parseCidr, type Cidr } from "../../api/ipv4.js";
import type { ErrorList } from "../failures.js";
import type { RegionRecord, SubnetRecord, VpcRecord } from "../records.js";
import type { Computed } from "../stored.js";
import { vpcOf } from "./links.js";
import type { Store } from "../store.js";
import { subnetRangeProblem } from "../rules.js";
import { SUBNET_KEYS, VPC_KEYS } from "../model-names.js";
import { firstFree, rangesOf, rangeText, regionPool } from "./ipv6-pool.js";

/** Today's fields of a VPC create body, as the model declares them. */
export type VpcTodayBody = Pick<CreateBody<typeof VPC>, typeof VPC_KEYS.ipv4 | typeof VPC_KEYS.ipv6 | "vpc_type">;

/** Today's fields of a subnet create body (or an inline subnet), as the model declares them. */
export type SubnetTodayBody = Pick<CreateBody<typeof SUBNET>, typeof SUBNET_KEYS.ipv4 | typeof SUBNET_KEYS.ipv6>;

/** A subnet's IPv6 ranges as a create asks for them. */
type SubnetIpv6Asked = SubnetTodayBody[typeof SUBNET_KEYS.ipv6];

/** What a VPC create holds of today's fields, once its rules passed. */
export type VpcPlan = Pick<VpcTodayBody, typeof VPC_KEYS.ipv4> &
  Required<Pick<VpcTodayBody, "vpc_type">> & { [K in typeof VPC_KEYS.ipv6]: HeldIpv6 };

/** A VPC's IPv6 prefix as its record holds it: `[{range}]`, or null when it has none. */
type HeldIpv6 = { range: string }[] | null;

const forbidden = FORBIDDEN_IPV4_RANGES.map((r) => parseCidr(r) as Cidr);
const reason = (kind: keyof typeof VPC_REFUSALS) => VPC_REFUSALS[kind].reason;

/**
 * Judges the customer's own IPv4 ranges: the region must offer them (else every entry is refused
 * too, as recorded even for the defaults), and each must be a canonical range clear of the
 * forbidden ones.
 */
export function checkIpv4Ranges(
  store: Store,
  region: RegionRecord | undefined,
  ipv4: readonly { range: string }[] | undefined,
  errors: ErrorList,
): void {
  if (ipv4 === undefined || !region) return;
  if (!store.vpcAccount.customIpv4(region)) {
    errors.add(VPC_KEYS.ipv4, reason("customIpv4Region"));
    ipv4.forEach((_, i) => errors.add(`ipv4[${i}].range`, reason("customIpv4Range")));
    return;
  }
  ipv4.forEach((entry, i) => {
    const cidr = parseCidr(entry.range);
    if (!cidr || !isCanonical(cidr) || formatCidr(cidr) !== entry.range)
      errors.add(`ipv4[${i}].range`, "Must be an IPv4 range in CIDR notation, such as 10.0.0.0/24");
    else if (forbidden.some((f) => overlaps(f, cidr))) errors.add(`ipv4[${i}].range`, reason("ipv4Forbidden"));
  });
}

/**
 * Plans a VPC create's type and IPv6 prefix: RDMA with IPv6 is refused (recorded); without IPv6
 * access the request's `ipv6` is dropped in silence (TF #2248); otherwise the asked prefix length
 * must be one the region offers, and the prefix is the region pool's first free one.
 */
export function planVpc(
  store: Store,
  body: VpcTodayBody,
  region: RegionRecord | undefined,
  errors: ErrorList,
): VpcPlan {
  const vpcType = body.vpc_type ?? "regular";
  const held: VpcPlan = { ipv6: null, vpc_type: vpcType, ...(body.ipv4 ? { ipv4: body.ipv4 } : {}) };
  checkIpv4Ranges(store, region, body.ipv4, errors);
  const asked = body.ipv6 ?? [];
  if (asked.length === 0) return held;
  if (vpcType === "rdma") {
    errors.add(VPC_KEYS.ipv6, reason("rdmaWithIpv6"));
    return held;
  }
  if (!store.vpcAccount.ipv6 || !region) return held;
  const request = parseRangeRequest(asked[0]!.range);
  const field = "ipv6[0].range";
  if (!request) return (void errors.add(field, reason("invalidIpv6Range")), held);
  const prefix = requestedPrefix(request, DEFAULT_VPC_IPV6_PREFIX);
  if (!VPC_IPV6_PREFIX_LENGTHS.includes(prefix)) return (void errors.add(field, reason("ipv6PrefixLength")), held);
  if (!store.vpcAccount.offered(region).includes(prefix))
    return (void errors.add(field, reason("ipv6PrefixNotOffered")), held);
  const taken = rangesOf(store.state.vpcs.map((v) => v.ipv6 as HeldIpv6));
  const range =
    request.kind === "cidr"
      ? taken.some((t) => overlaps6(t, request.cidr))
        ? undefined
        : request.cidr
      : firstFree(regionPool(region.id), prefix, taken);
  if (!range) return (void errors.add(field, reason("ipv6RangeTaken")), held);
  return { ...held, ipv6: [{ range: rangeText(range) }] };
}

/** The VPC's IPv6 prefix, when it has one. */
export function vpcPrefix(ipv6: HeldIpv6 | undefined): Cidr6 | undefined {
  return rangesOf([ipv6])[0];
}

/**
 * Plans a subnet's IPv6 range inside the VPC's prefix: `auto` or none gives a /56, a length
 * /52../62 the first free range of it, a CIDR itself when inside the prefix and clear of
 * `taken` (the siblings'). Without IPv6 access the request is dropped, as a VPC's is.
 */
export function planSubnetIpv6(
  store: Store,
  prefixOfVpc: Cidr6 | undefined,
  ipv6: SubnetIpv6Asked,
  taken: Cidr6[],
  errors: ErrorList,
  path: string,
): { range: string }[] | null {
  const asked = ipv6 ?? [];
  if (asked.length === 0 || !store.vpcAccount.ipv6) return null;
  const field = `${path}ipv6[0].range`;
  if (!prefixOfVpc) return (void errors.add(`${path}ipv6`, reason("subnetIpv6WithoutVpcIpv6")), null);
  const request = parseRangeRequest(asked[0]!.range);
  if (!request) return (void errors.add(field, reason("invalidIpv6Range")), null);
  const prefix = requestedPrefix(request, DEFAULT_SUBNET_IPV6_PREFIX);
  if (!SUBNET_IPV6_PREFIX_LENGTHS.includes(prefix) || prefix < prefixOfVpc.prefix)
    return (void errors.add(field, reason("subnetIpv6PrefixLength")), null);
  if (request.kind === "cidr" && !contains6(prefixOfVpc, request.cidr))
    return (void errors.add(field, reason("subnetIpv6OutsideVpc")), null);
  const range =
    request.kind === "cidr"
      ? taken.some((t) => overlaps6(t, request.cidr))
        ? undefined
        : request.cidr
      : firstFree(prefixOfVpc, prefix, taken);
  if (!range) return (void errors.add(field, reason("ipv6RangeTaken")), null);
  taken.push(range);
  return [{ range: rangeText(range) }];
}

/**
 * What is wrong with a subnet's IPv4 range in a VPC of `vpcRanges`: a VPC on the defaults judges
 * it as the contract does (RFC 1918, clear of the reserved range); one with its own ranges wants
 * a canonical range inside one of them.
 */
export function subnetIpv4Problem(
  vpcRanges: readonly { range: string }[] | undefined,
  ipv4: string,
): string | undefined {
  if (vpcRanges === undefined) return subnetRangeProblem(ipv4);
  const cidr = parseCidr(ipv4);
  if (!cidr || !isCanonical(cidr) || formatCidr(cidr) !== ipv4 || cidr.prefix > 29)
    return subnetRangeProblem(ipv4) ?? "Must be an IPv4 range in CIDR notation, such as 10.0.0.0/24";
  const inside = vpcRanges.some((r) => {
    const outer = parseCidr(r.range);
    return outer !== undefined && contains(outer, cidr);
  });
  return inside ? undefined : reason("subnetIpv4OutsideVpc");
}

/** The subnet's VPC-level facts a subnet rule needs, from a held VPC. */
export function vpcFacts(vpc: VpcRecord): { ranges?: { range: string }[]; prefix?: Cidr6 } {
  return { ranges: vpc.ipv4 as { range: string }[] | undefined, prefix: vpcPrefix(vpc.ipv6 as HeldIpv6) };
}

/**
 * A held `ipv6` as answered: as held (null when none), or left out for an account without IPv6
 * access, as the API's answers to such an account were recorded (LGO, nl-ams, 2026-02-02).
 */
const heldIpv6 = (record: { ipv6?: unknown }, store: Store) =>
  store.vpcAccount.ipv6 ? (record.ipv6 ?? null) : undefined;

/** A VPC's answer fields of today's API the emulator computes: `ipv6` by the account's access. */
export const VPC_TODAY_ANSWER: Computed<VpcRecord, Store> = { ipv6: heldIpv6 };

/**
 * Sets the NodeBalancers in a subnet, as its answer lists them (the emulator serves no
 * NodeBalancers: the control API places made-up ones, nodebalancer-control.ts).
 */
export function placeNodeBalancers(subnet: SubnetRecord, entries: { id: number }[]): void {
  subnet.nodebalancers = entries;
}

/**
 * Why NodeBalancers keep a subnet from being deleted, or undefined: the API refuses deleting a VPC
 * with a NodeBalancer attached to one of its subnets (techdocs "Delete a VPC"; wording ours).
 */
export function nodeBalancerProblem(subnet: SubnetRecord): string | undefined {
  const ids = ((subnet.nodebalancers ?? []) as { id: number }[]).map((n) => n.id);
  if (ids.length === 0) return undefined;
  return `Subnet ${subnet.id} (${subnet.ipv4}) is in use by NodeBalancer(s) ${ids.join(", ")}; delete them or remove their VPC configuration first`;
}

/**
 * A subnet's answer fields of today's API the emulator computes: `ipv6` by the account's access,
 * the NodeBalancers placed in it (none unless the control API placed some) and its VPC's type
 * (LGO `TestVPC_Subnet_WithRDMAType`).
 */
export const SUBNET_TODAY_ANSWER: Computed<SubnetRecord, Store> = {
  ipv6: heldIpv6,
  nodebalancers: (subnet) => subnet.nodebalancers ?? [],
  vpc_type: (subnet, store) => store.state.vpcs.find((v) => v.id === vpcOf(subnet))?.vpc_type ?? "regular",
};
