/**
 * The preview checks of a `VpcSubnet` on today's VPCs (todays-vpcs.md §1.3): IPv4, IPv6 or both,
 * never neither; and, for a range being set now in a VPC that exists, an IPv4 range inside the
 * VPC's ranges and an IPv6 CIDR inside the VPC's prefix (one read of the VPC).
 */
import { contains6, parseCidr6, parseRangeRequest, VPC_REFUSALS } from "../../api/index.js";
import { knownVpc } from "../../shared/account/lists.js";
import { isNewValue } from "../../shared/fields/diff.js";
import { hasUnknown, type InputBag, type Rules, type Unchecked } from "../../shared/fields/validate.js";
import type { VpcSubnetArgs } from "./args.js";
import { SUBNET_INPUTS as KEYS } from "../vpc/fields.js";
import type { SubnetIpv6 } from "../types.js";
import { insideRanges, vpcIpv4Ranges } from "../vpc/todays-checks.js";

/** A subnet's inputs as the engine hands them over. */
type Inputs = InputBag<VpcSubnetArgs>;

const given = (v: unknown): boolean => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);

/** The IPv6 CIDR the program's `ipv6` names, if it names one (rather than a length or `auto`). */
function askedCidr(ipv6: unknown): string | undefined {
  const range = Array.isArray(ipv6) ? (ipv6[0] as Unchecked<SubnetIpv6> | undefined)?.range : undefined;
  return typeof range === "string" && parseRangeRequest(range)?.kind === "cidr" ? range : undefined;
}

/** Today's subnet rules for `inputs` (checked) against `olds` (the state; empty at create). */
export async function subnetTodaysChecks(rules: Rules, olds: Inputs, news: Inputs, inputs: Inputs): Promise<void> {
  if (!given(news.ipv4) && !given(news.ipv6) && !rules.failures.some((f) => f.property === KEYS.ipv4))
    rules.fail(KEYS.ipv4, `ipv4: ${VPC_REFUSALS.subnetNeitherFamily.reason}`);
  const vpcId = inputs.vpcId;
  if (typeof vpcId !== "number" || rules.failures.length > 0) return;
  const ipv4 =
    typeof news.ipv4 === "string" && !hasUnknown(news.ipv4) && isNewValue(olds, news, KEYS.ipv4)
      ? news.ipv4
      : undefined;
  const cidr = !hasUnknown(news.ipv6) && isNewValue(olds, news, KEYS.ipv6) ? askedCidr(news.ipv6) : undefined;
  if (ipv4 === undefined && cidr === undefined) return;
  // A VPC not made yet (or gone) has nothing to judge by: the API decides.
  const vpc = await knownVpc(vpcId);
  if (!vpc) return;
  const ranges = vpcIpv4Ranges(vpc.ipv4);
  if (ipv4 !== undefined && !insideRanges(ipv4, ranges))
    rules.fail(KEYS.ipv4, `ipv4: ${VPC_REFUSALS.subnetIpv4OutsideVpc.reason} (${ranges.join(", ")}; got ${ipv4})`);
  const prefix = vpc.ipv6?.[0]?.range;
  const inner = cidr === undefined ? undefined : parseCidr6(cidr);
  const outer = prefix === undefined ? undefined : parseCidr6(prefix);
  if (inner && outer && !contains6(outer, inner))
    rules.fail(KEYS.ipv6, `ipv6[0].range: ${VPC_REFUSALS.subnetIpv6OutsideVpc.reason} (${prefix}; got ${cidr})`);
}
