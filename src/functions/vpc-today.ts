/**
 * Look-ups of today's VPCs (todays-vpcs.md, token needed: the answers depend on the account):
 * where VPCs and which IPv6 prefix lengths are offered, the default IPv4 ranges, and the IPv6
 * entries of VPC interfaces.
 */
// The SDK's output module (output, secret, Input, Output), not its index, which also loads the
// Automation API (about a second in each test file).
import * as pulumi from "@pulumi/pulumi/output";
import { fromApi } from "../shared/fields/table.js";
import { lookupClient } from "./client.js";
import { VPC_AVAILABILITY_RESULT, VPC_DEFAULT_RANGES_RESULT, VPC_IPV6_RESULT } from "./vpc-today-results.js";
import type { RegionVpcAvailabilityResult, VpcDefaultRangesResult, VpcIpv6Result } from "./result-types.js";

/** Arguments of {@link getRegionVpcAvailability}. */
export interface GetRegionVpcAvailabilityArgs {
  /** Region id, e.g. "us-east". */
  region: string;
}

/** Whether VPCs are offered in one region, and which IPv6 prefix lengths a VPC there may take. */
export async function getRegionVpcAvailability(
  args: GetRegionVpcAvailabilityArgs,
): Promise<RegionVpcAvailabilityResult> {
  const answer = await lookupClient().vpcAvailability.get(args.region);
  return fromApi(VPC_AVAILABILITY_RESULT, answer) as unknown as RegionVpcAvailabilityResult;
}

/** {@link getRegionVpcAvailability} taking Outputs. */
export function getRegionVpcAvailabilityOutput(args: {
  region: pulumi.Input<string>;
}): pulumi.Output<RegionVpcAvailabilityResult> {
  return pulumi.output(args).apply((a) => getRegionVpcAvailability(a));
}

/** Result of {@link getRegionsVpcAvailability}. */
export interface GetRegionsVpcAvailabilityResult {
  regions: RegionVpcAvailabilityResult[];
}

/** Every region's VPC availability. */
export async function getRegionsVpcAvailability(
  _args: Record<string, never> = {},
): Promise<GetRegionsVpcAvailabilityResult> {
  const all = await lookupClient().vpcAvailability.list();
  return { regions: all.map((a) => fromApi(VPC_AVAILABILITY_RESULT, a) as unknown as RegionVpcAvailabilityResult) };
}

/** {@link getRegionsVpcAvailability} as an Output. */
export function getRegionsVpcAvailabilityOutput(): pulumi.Output<GetRegionsVpcAvailabilityResult> {
  return pulumi.output(getRegionsVpcAvailability());
}

/** The IPv4 ranges a VPC gets when it names none, and the ranges no VPC may use. */
export async function getVpcDefaultRanges(_args: Record<string, never> = {}): Promise<VpcDefaultRangesResult> {
  const answer = await lookupClient().vpcAvailability.defaultRanges();
  return fromApi(VPC_DEFAULT_RANGES_RESULT, answer) as unknown as VpcDefaultRangesResult;
}

/** {@link getVpcDefaultRanges} as an Output. */
export function getVpcDefaultRangesOutput(): pulumi.Output<VpcDefaultRangesResult> {
  return pulumi.output(getVpcDefaultRanges());
}

/** The IPv6 entries of VPC interfaces, of one VPC or the whole account (`GET /vpcs[/{id}]/ipv6s`). */
export async function vpcIpv6Entries(vpcId: number | undefined): Promise<VpcIpv6Result[]> {
  const api = lookupClient().vpcs;
  const entries = vpcId === undefined ? await api.listIpv6s() : await api.listVpcIpv6s(vpcId);
  return entries.map((e) => fromApi(VPC_IPV6_RESULT, e) as unknown as VpcIpv6Result);
}
