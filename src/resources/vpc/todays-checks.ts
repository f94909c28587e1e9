/**
 * The preview checks of today's VPC fields that span fields or ask the account (todays-vpcs.md):
 * the region's capability for the customer's own IPv4 ranges, RDMA without IPv6
 * (the API's recorded text), and an inline subnet's IPv4 range inside the VPC's ranges. Each
 * refuses only what the API would, and only a value being set now (an existing VPC stays
 * manageable).
 */
import { contains, parseCidr } from "../../api/ipv4.js";
import { DEFAULT_VPC_IPV4_RANGES, VPC_CAPABILITIES, VPC_REFUSALS } from "../../api/index.js";
import { regionOffers } from "../../shared/account/catalogue.js";
import { client } from "../../shared/runtime/context.js";
import { parseRangeRequest } from "../../api/index.js";
import { isNewValue } from "../../shared/fields/diff.js";
import { hasUnknown, type Bag, type InputBag, type Rules, type Unchecked } from "../../shared/fields/validate.js";
import type { VpcIpv4Range, VpcIpv6, VpcSubnetSpec } from "../types.js";
import type { VpcArgs } from "./args.js";
import { VPC_INPUTS as KEYS } from "./fields.js";

const known = (v: unknown): boolean => v !== undefined && v !== null && !hasUnknown(v);
const entries = (v: unknown): Bag[] =>
  Array.isArray(v) ? v.filter((e): e is Bag => typeof e === "object" && e !== null) : [];

/** The IPv4 ranges a VPC's subnets must lie in: the program's own, or the API's defaults. */
export function vpcIpv4Ranges(ipv4: unknown): string[] {
  const own = (entries(ipv4) as Unchecked<VpcIpv4Range>[])
    .map((e) => e.range)
    .filter((r): r is string => typeof r === "string");
  return own.length > 0 ? own : [...DEFAULT_VPC_IPV4_RANGES];
}

/** Whether `range` lies inside one of `ranges` (undefined ranges: nothing to judge). */
export function insideRanges(range: string, ranges: readonly string[]): boolean {
  const cidr = parseCidr(range);
  return (
    !cidr ||
    ranges.some((r) => {
      const outer = parseCidr(r);
      return !outer || contains(outer, cidr);
    })
  );
}

/**
 * A prefix length the program names (`/48`) that the region's vpc-availability does not offer the
 * account; `auto` or none is the API's to choose. An unreadable answer leaves it to the API.
 */
async function offeredLength(rules: Rules, region: string, ipv6: unknown): Promise<void> {
  const range = (entries(ipv6) as Unchecked<VpcIpv6>[])[0]?.range;
  const asked = typeof range === "string" && !hasUnknown(range) ? parseRangeRequest(range) : undefined;
  if (asked?.kind !== "length") return;
  const offered = await client()
    .vpcAvailability.get(region)
    .then((a) => a.available_ipv6_prefix_lengths)
    .catch(() => undefined);
  if (offered && !offered.includes(asked.prefix))
    rules.fail(
      KEYS.ipv6,
      `ipv6[0].range: ${VPC_REFUSALS.ipv6PrefixNotOffered.reason} (region "${region}" offers ${offered.map((n) => `/${n}`).join(", ") || "none to this account"}; got ${range})`,
    );
}

/** Today's VPC rules for `news` (the program) against `olds` (the state; empty at create). */
export async function todaysVpcChecks(rules: Rules, olds: InputBag<VpcArgs>, news: InputBag<VpcArgs>): Promise<void> {
  const region = news.region;
  const failed = (k: string) => rules.failures.some((f) => f.property === k);
  const regionKnown = typeof region === "string" && !hasUnknown(region) && !failed(KEYS.region);
  if (news.vpcType === "rdma" && entries(news.ipv6).length > 0 && !failed(KEYS.ipv6))
    rules.fail(KEYS.ipv6, `ipv6: ${VPC_REFUSALS.rdmaWithIpv6.reason}`);
  if (regionKnown && known(news.ipv4) && !failed(KEYS.ipv4) && isNewValue(olds, news, KEYS.ipv4)) {
    if ((await regionOffers(region, VPC_CAPABILITIES.customIpv4)) === false)
      rules.fail(
        KEYS.ipv4,
        `ipv4: ${VPC_REFUSALS.customIpv4Region.reason} (region "${region}" does not offer "${VPC_CAPABILITIES.customIpv4}")`,
      );
  }
  if (regionKnown && !failed(KEYS.ipv6) && isNewValue(olds, news, KEYS.ipv6))
    await offeredLength(rules, region, news.ipv6);
  // No capability check for `rdma`: linodego's recordings (TestVPC_WithRDMAType) made an RDMA VPC in
  // au-mel, whose recorded capabilities lack "GPUDirect RDMA", so the API does not refuse it there.
  if (!hasUnknown(news.ipv4) && !failed(KEYS.subnets)) {
    const ranges = vpcIpv4Ranges(news.ipv4);
    (entries(news.subnets) as Unchecked<VpcSubnetSpec>[]).forEach((s, i) => {
      // A range refused on its own already (not RFC 1918, reserved) is not refused twice.
      if (rules.failures.some((f) => f.property.startsWith(`subnets[${i}]`))) return;
      if (typeof s.ipv4 === "string" && !hasUnknown(s.ipv4) && !insideRanges(s.ipv4, ranges))
        rules.fail(
          `subnets[${i}].ipv4`,
          `subnets[${i}].ipv4: ${VPC_REFUSALS.subnetIpv4OutsideVpc.reason} (${ranges.join(", ")})`,
        );
    });
  }
}
