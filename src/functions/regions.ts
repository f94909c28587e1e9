/**
 * Region look-ups. The API answers them without a token, so they work with only an API URL.
 */
// The SDK's output module (output, secret, Input, Output), not its index, which also loads the
// Automation API (about a second in each test file).
import * as pulumi from "@pulumi/pulumi/output";
import { lookupClient } from "./client.js";
import { availabilityResult, regionResult } from "./results.js";
import type { RegionAvailabilityResult, RegionResult } from "./result-types.js";

/** Filters of {@link getRegions}. */
export interface GetRegionsArgs {
  /** Keep only regions offering this capability, e.g. "VPCs" or "Managed Databases". */
  capability?: string;
  /** Keep only regions with this status ("ok" or "outage"). */
  status?: string;
}

/** Result of {@link getRegions}. */
export interface GetRegionsResult {
  regions: RegionResult[];
}

/** Lists the regions, optionally only those with a capability or status. */
export async function getRegions(args: GetRegionsArgs = {}): Promise<GetRegionsResult> {
  const all = await lookupClient(false).regions.list();
  const regions = all
    .filter((r) => args.capability === undefined || r.capabilities.includes(args.capability))
    .filter((r) => args.status === undefined || r.status === args.status)
    .map(regionResult);
  return { regions };
}

/** {@link getRegions} taking Outputs. */
export function getRegionsOutput(
  args: pulumi.Input<{ capability?: pulumi.Input<string>; status?: pulumi.Input<string> }> = {},
): pulumi.Output<GetRegionsResult> {
  return pulumi.output(args).apply((a) => getRegions(a as GetRegionsArgs));
}

/** Arguments of {@link getRegion}. */
export interface GetRegionArgs {
  /** Region id, e.g. "us-east". */
  id: string;
}

/** Reads one region. */
export async function getRegion(args: GetRegionArgs): Promise<RegionResult> {
  return regionResult(await lookupClient(false).regions.get(args.id));
}

/** {@link getRegion} taking Outputs. */
export function getRegionOutput(args: { id: pulumi.Input<string> }): pulumi.Output<RegionResult> {
  return pulumi.output(args).apply((a) => getRegion(a));
}

/** Arguments of {@link getRegionAvailability}. */
export interface GetRegionAvailabilityArgs {
  /** One region; all regions when left out. */
  regionId?: string;
  /** Keep only this plan (compute instance type). */
  plan?: string;
}

/** Result of {@link getRegionAvailability}. */
export interface GetRegionAvailabilityResult {
  availability: RegionAvailabilityResult[];
}

/** Availability of select premium and GPU plans, for one region or all. */
export async function getRegionAvailability(
  args: GetRegionAvailabilityArgs = {},
): Promise<GetRegionAvailabilityResult> {
  const api = lookupClient(false).regions;
  const entries = args.regionId === undefined ? await api.listAvailability() : await api.getAvailability(args.regionId);
  return {
    availability: entries.filter((e) => args.plan === undefined || e.plan === args.plan).map(availabilityResult),
  };
}

/** {@link getRegionAvailability} taking Outputs. */
export function getRegionAvailabilityOutput(
  args: pulumi.Input<{ regionId?: pulumi.Input<string>; plan?: pulumi.Input<string> }> = {},
): pulumi.Output<GetRegionAvailabilityResult> {
  return pulumi.output(args).apply((a) => getRegionAvailability(a as GetRegionAvailabilityArgs));
}
