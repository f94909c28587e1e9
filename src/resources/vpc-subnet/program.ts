/**
 * What a `VpcSubnet` does in the program: its `subnetId` output, and the check against the inline
 * subnets of a `Vpc` the same program declares.
 */
import { pulumiSdk } from "../../shared/engine/pulumi-sdk.js";
import { argsBehind, type ProgramFailure } from "../../shared/engine/program-args.js";
import type { ProgramSide } from "../../shared/engine/resource-class.js";
import { rangesOverlap } from "../../api/ipv4.js";
import type { VpcSubnetArgs } from "./args.js";
import type { VpcArgs } from "../vpc/args.js";
import type { VpcSubnetSpec } from "../types.js";
import type { Unchecked } from "../../shared/fields/validate.js";
import { SUBNET_INPUTS as KEYS } from "../vpc/fields.js";

/**
 * Collisions with an inline subnet of the `Vpc` this program declares and the subnet's `vpcId`
 * names: an overlapping range or a repeated label, which the API would refuse only in `up`.
 */
export function inlineCollisions(args: VpcSubnetArgs): ProgramFailure[] {
  const inline = (argsBehind(args.vpcId) as Unchecked<VpcArgs> | undefined)?.subnets;
  if (!Array.isArray(inline)) return [];
  const failures: ProgramFailure[] = [];
  const sdk = pulumiSdk();
  for (const [i, s] of inline.entries()) {
    // Only values the program holds as plain text take part; an Output (known or not) is skipped.
    if (s === null || typeof s !== "object" || sdk.Output.isInstance(s)) continue;
    const other = s as Unchecked<VpcSubnetSpec>;
    if (typeof other.ipv4 === "string" && typeof args.ipv4 === "string" && rangesOverlap(other.ipv4, args.ipv4))
      failures.push({
        property: KEYS.ipv4,
        reason:
          `ipv4 ${args.ipv4} overlaps subnets[${i}].ipv4 ${other.ipv4} of the Vpc that vpcId names; ` +
          "ranges in a VPC must not overlap",
      });
    if (typeof other.label === "string" && other.label === args.label)
      failures.push({
        property: KEYS.label,
        reason: `label "${other.label}" is also subnets[${i}].label of the Vpc that vpcId names; labels must be unique in a VPC`,
      });
  }
  return failures;
}

/** The program side of `VpcSubnet`. */
export const SUBNET_PROGRAM: ProgramSide<VpcSubnetArgs> = {
  failures: inlineCollisions,
  idOutput: { name: "subnetId", parse: Number },
};
