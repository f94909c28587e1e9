/**
 * The single-field rules of a VPC's and a subnet's IPv6 `range`, as the API words them
 * (src/api/vpc-rules.ts): the prefix lengths each takes, `auto`, or a CIDR.
 */
import {
  parseRangeRequest,
  SUBNET_IPV6_PREFIX_LENGTHS,
  VPC_IPV6_PREFIX_LENGTHS,
  VPC_REFUSALS,
} from "../../api/index.js";

/** A VPC's `range`: `/52`, `/48`, `/44`, `auto` or a CIDR (whether the region offers a length is the provider's check). */
export function vpcIpv6Rule(range: string): string | undefined {
  const asked = parseRangeRequest(range);
  if (!asked) return VPC_REFUSALS.invalidIpv6Range.reason;
  if (asked.kind === "length" && !VPC_IPV6_PREFIX_LENGTHS.includes(asked.prefix))
    return VPC_REFUSALS.ipv6PrefixLength.reason;
  return undefined;
}

/** A subnet's `range`: `auto`, `/52`..`/62`, or a CIDR (inside the VPC's prefix: the provider's check). */
export function subnetIpv6Rule(range: string): string | undefined {
  const asked = parseRangeRequest(range);
  if (!asked) return VPC_REFUSALS.invalidIpv6Range.reason;
  if (asked.kind === "length" && !SUBNET_IPV6_PREFIX_LENGTHS.includes(asked.prefix))
    return VPC_REFUSALS.subnetIpv6PrefixLength.reason;
  return undefined;
}
