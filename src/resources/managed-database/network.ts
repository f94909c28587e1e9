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

/** The keys of the input, as the API model's network has them (camelCase). */
const PARTS = ["vpcId", "subnetId", "publicAccess"];

/**
 * The shape of the input: an object of a VPC id and a subnet id (positive integers, required) and
 * `publicAccess` (a boolean, optional), nothing else. Values not known yet pass. The platform's
 * own rules (its VPC and region) are {@link privateNetworkProblems}'s.
 */
export function privateNetworkShape(network: unknown): NetworkProblem[] {
  if (network === undefined || network === null || (typeof network === "string" && hasUnknown(network))) return [];
  if (typeof network !== "object" || Array.isArray(network))
    return [{ property: KEY, reason: `${KEY} must be an object {vpcId, subnetId, publicAccess?}` }];
  const given = network as Bag;
  const problems: NetworkProblem[] = Object.keys(given)
    .filter((k) => !PARTS.includes(k))
    .map((k) => ({ property: `${KEY}.${k}`, reason: `${KEY}.${k} is not known; use ${PARTS.join(", ")}` }));
  for (const [part, what] of [
    ["vpcId", "a VPC id"],
    ["subnetId", "a subnet id of that VPC"],
  ] as const) {
    const v = given[part];
    if (v === undefined || v === null)
      problems.push({ property: `${KEY}.${part}`, reason: `${KEY}.${part} is required` });
    else if (!hasUnknown(v) && !isId(v))
      problems.push({
        property: `${KEY}.${part}`,
        reason: `${KEY}.${part} must be a positive integer (${what}), got ${JSON.stringify(v)}`,
      });
  }
  const access = given.publicAccess;
  if (access !== undefined && access !== null && !hasUnknown(access) && typeof access !== "boolean")
    problems.push({
      property: `${KEY}.publicAccess`,
      reason: `${KEY}.publicAccess must be true or false, got ${JSON.stringify(access)}`,
    });
  return problems;
}

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
