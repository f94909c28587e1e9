/**
 * The fields today's API adds to VPC and subnet answers that the emulator computes rather than
 * holds (todays-vpcs.md §1.2, §2): a subnet's NodeBalancers (the emulator keeps none) and its
 * VPC's type. The held ones (`ipv4`, `ipv6`, `vpc_type`) answer as stored (stored.ts).
 */
import type { SubnetRecord } from "../records.js";
import type { Store } from "../store.js";
import type { Computed } from "../stored.js";
import { vpcOf } from "./links.js";

/** A subnet's computed answer fields of today's API. */
export const SUBNET_TODAY_ANSWER: Computed<SubnetRecord, Store> = {
  nodebalancers: () => [],
  vpc_type: (subnet, store) => store.state.vpcs.find((v) => v.id === vpcOf(subnet))?.vpc_type ?? "regular",
};
