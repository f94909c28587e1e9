/**
 * A database in a VPC subnet (`privateNetwork`, today's platform): what a preview can tell of the
 * VPC and subnet it names before `up` sends them. The API takes a VPC of the database's own region
 * only, and a subnet of that VPC (todays-platform.md §5); a VPC or subnet made in the same program
 * has no id yet at preview, and is judged by the API at `up`.
 */
import { accountClient } from "../../shared/runtime/context.js";
import { unlessNotFound } from "../../shared/runtime/provider-errors.js";
import { hasUnknown, type Bag } from "../../shared/fields/validate.js";

/** One refusal of the network, naming the part of `privateNetwork` at fault. */
export interface NetworkProblem {
  property: string;
  reason: string;
}

const KEY = "privateNetwork";

/** A positive whole number: an id a preview can look up. */
const isId = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v > 0;

/**
 * What the API would refuse of `network` for a database in `region`: a VPC that does not exist,
 * one in another region, a subnet that is not one of its subnets. One read of the VPC (its answer
 * lists its subnets); none when the VPC id is not known yet or no API is configured.
 */
export async function privateNetworkProblems(region: unknown, network: unknown): Promise<NetworkProblem[]> {
  if (network === null || typeof network !== "object") return [];
  const { vpcId, subnetId } = network as Bag;
  const api = accountClient();
  if (!api || !isId(vpcId) || hasUnknown(vpcId)) return [];
  const vpc = await unlessNotFound(() => api.vpcs.get(vpcId));
  if (!vpc) return [{ property: `${KEY}.vpcId`, reason: `${KEY}.vpcId: VPC ${vpcId} does not exist in this account` }];
  const problems: NetworkProblem[] = [];
  if (typeof region === "string" && !hasUnknown(region) && vpc.region !== region)
    problems.push({
      property: `${KEY}.vpcId`,
      reason:
        `${KEY}.vpcId: VPC ${vpcId} ("${vpc.label}") is in region ${vpc.region}; ` +
        `a database joins a VPC of its own region (${region})`,
    });
  if (isId(subnetId) && !vpc.subnets.some((s) => s.id === subnetId)) {
    const ids = vpc.subnets.map((s) => s.id);
    problems.push({
      property: `${KEY}.subnetId`,
      reason:
        `${KEY}.subnetId: subnet ${subnetId} is not a subnet of VPC ${vpcId} ("${vpc.label}")` +
        (ids.length > 0 ? `, whose subnets are ${ids.join(", ")}` : ", which has no subnets"),
    });
  }
  return problems;
}
