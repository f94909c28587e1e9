/**
 * What a `Vpc` does in the program: its `vpcId` output, and its arguments left where a
 * `VpcSubnet` naming it finds them (the inline-subnet collision check).
 */
import type { ProgramSide } from "../../shared/engine/resource-class.js";
import type { VpcArgs } from "./args.js";

/** The program side of `Vpc`. */
export const VPC_PROGRAM: ProgramSide<VpcArgs> = { idOutput: { name: "vpcId", parse: Number }, remembered: true };
