/**
 * VPC look-ups: VPCs, their subnets and the VPC addresses of compute interfaces (token needed).
 */
// The SDK's output module (output, secret, Input, Output), not its index, which also loads the
// Automation API (about a second in each test file).
import * as pulumi from "@pulumi/pulumi/output";
import type { VpcFilter } from "../api/index.js";
import { lookupClient } from "./client.js";
import type { InputArgs, TextFilters } from "./look-up-args.js";
import { subnetResult, vpcIpResult, vpcResult } from "./results.js";
import type { SubnetResult, VpcIpResult, VpcIpv6Result, VpcResult } from "./result-types.js";
import { vpcIpv6Entries } from "./vpc-today.js";

/** Filters of {@link getVpcs}: `label` and `region`, each keeping only the VPCs whose field holds that value. */
export type GetVpcsArgs = TextFilters<VpcFilter>;

/** Result of {@link getVpcs}. */
export interface GetVpcsResult {
  vpcs: VpcResult[];
}

/** Lists the account's VPCs with their subnets. */
export async function getVpcs(args: GetVpcsArgs = {}): Promise<GetVpcsResult> {
  const all = await lookupClient().vpcs.list();
  const vpcs = all
    .filter((v) => args.label === undefined || v.label === args.label)
    .filter((v) => args.region === undefined || v.region === args.region)
    .map(vpcResult);
  return { vpcs };
}

/** {@link getVpcs} taking Outputs. */
export function getVpcsOutput(args: pulumi.Input<InputArgs<GetVpcsArgs>> = {}): pulumi.Output<GetVpcsResult> {
  return pulumi.output(args).apply((a) => getVpcs(a as GetVpcsArgs));
}

/** Arguments of {@link getVpcSubnets}. */
export interface GetVpcSubnetsArgs {
  /** The VPC whose subnets to list. */
  vpcId: number | string;
  /** Keep only the subnet with this label. */
  label?: string;
}

/** Result of {@link getVpcSubnets}. */
export interface GetVpcSubnetsResult {
  subnets: SubnetResult[];
}

/** Lists the subnets of one VPC, with the compute instances that use them. */
export async function getVpcSubnets(args: GetVpcSubnetsArgs): Promise<GetVpcSubnetsResult> {
  const all = await lookupClient().subnets.list(Number(args.vpcId));
  return { subnets: all.filter((s) => args.label === undefined || s.label === args.label).map(subnetResult) };
}

/** {@link getVpcSubnets} taking Outputs. */
export function getVpcSubnetsOutput(args: {
  vpcId: pulumi.Input<number | string>;
  label?: pulumi.Input<string>;
}): pulumi.Output<GetVpcSubnetsResult> {
  return pulumi.output(args).apply((a) => getVpcSubnets(a as GetVpcSubnetsArgs));
}

/** Arguments of {@link getVpcIps}. */
export interface GetVpcIpsArgs {
  /** One VPC; all VPCs of the account when left out. */
  vpcId?: number | string;
  /** true: list the interfaces' IPv6 ranges instead (`/vpcs/ipv6s`), in `ipv6s`. */
  ipv6?: boolean;
}

/** Result of {@link getVpcIps}. */
export interface GetVpcIpsResult {
  /** The IPv4 addresses and ranges (empty when `ipv6` is true). */
  ips: VpcIpResult[];
  /** The IPv6 ranges (empty unless `ipv6` is true). */
  ipv6s: VpcIpv6Result[];
}

/** Lists VPC addresses and ranges of compute interfaces, for one VPC or the whole account; IPv6 ones with `ipv6`. */
export async function getVpcIps(args: GetVpcIpsArgs = {}): Promise<GetVpcIpsResult> {
  const vpcId = args.vpcId === undefined ? undefined : Number(args.vpcId);
  if (args.ipv6) return { ips: [], ipv6s: await vpcIpv6Entries(vpcId) };
  const api = lookupClient().vpcs;
  const ips = vpcId === undefined ? await api.listIps() : await api.listVpcIps(vpcId);
  return { ips: ips.map(vpcIpResult), ipv6s: [] };
}

/** {@link getVpcIps} taking Outputs. */
export function getVpcIpsOutput(
  args: pulumi.Input<{ vpcId?: pulumi.Input<number | string>; ipv6?: pulumi.Input<boolean> }> = {},
): pulumi.Output<GetVpcIpsResult> {
  return pulumi.output(args).apply((a) => getVpcIps(a as GetVpcIpsArgs));
}
