/**
 * The provider of `VpcSubnet`: one IPv4 range of a VPC, managed on its own.
 */
import * as pulumi from "@pulumi/pulumi";
import type { Subnet } from "../../client/index.js";
import {
  adopts,
  assertValid,
  compact,
  computeDiff,
  noteReplacement,
  timeoutsOnlyUpdate,
  type DiffSpec,
} from "../../shared/common.js";
import { checkFields, diffSpec, refreshInputs, stateFields } from "../../shared/fields.js";
import { SUBNET_FIELDS } from "../vpc/fields.js";
import { client, configure } from "../../shared/context.js";
import { readAdopted, unlessNotFound } from "../../shared/errors.js";
import { takeProgramFailures } from "../../shared/program-args.js";
import { claimInterruptedCreate } from "../../shared/label-claim.js";
import {
  createSubnet,
  deleteSubnet,
  NETWORK_CREATE_TIMEOUT_MS,
  NETWORK_DELETE_TIMEOUT_MS,
  subnetByLabel,
} from "../../shared/network.js";
import { hasUnknown, rangesOverlap, resourceId, Rules, type Bag } from "../../shared/validate.js";
import { timeoutMs, timeoutsCheck } from "../../shared/wait.js";

/** The state: the table's lines, with `vpcId` as the subnet is known to the API (a number). */
function stateOf(vpcId: number, subnet: Subnet, inputs: Bag): Bag {
  return compact({ ...stateFields(SUBNET_FIELDS, subnet, inputs), vpcId });
}

function checkInputs(news: Bag): { rules: Rules; inputs: Bag } {
  return checkFields(SUBNET_FIELDS, news, undefined, {
    timeouts: timeoutsCheck,
  });
}

async function adopt(inputs: Bag): Promise<pulumi.dynamic.CreateResult> {
  const vpcId = inputs.vpcId as number;
  const subnetId = inputs.adoptId as number;
  const api = client().subnets;
  let subnet = await readAdopted(`subnet ${subnetId} of VPC ${vpcId}`, () => api.get(vpcId, subnetId));
  if (subnet.ipv4 !== inputs.ipv4) {
    throw new Error(
      `Cannot adopt subnet ${subnetId} of VPC ${vpcId}: ipv4 is ${subnet.ipv4} but the arguments say ${String(inputs.ipv4)}; ` +
        "ipv4 cannot be changed, so set ipv4 to match or drop adoptId.",
    );
  }
  if (subnet.label !== inputs.label) subnet = await api.update(vpcId, subnetId, { label: inputs.label as string });
  return { id: String(subnetId), outs: stateOf(vpcId, subnet, inputs) };
}

/** How each input takes part in diff (and in telling a timeouts-only update apart); the plugin names the changed fields from it. */
const SUBNET_DIFF: DiffSpec = diffSpec(
  SUBNET_FIELDS,
  // Labels are unique within a VPC and ranges must not overlap: a replacement in the same VPC
  // that keeps the label or overlaps the old range can only be made after the delete.
  (o, n) =>
    hasUnknown(n.vpcId) ||
    (o.vpcId === n.vpcId &&
      (o.label === n.label ||
        hasUnknown(n.label) ||
        hasUnknown(n.ipv4) ||
        rangesOverlap(String(o.ipv4), String(n.ipv4)))),
);

/** The implementation the lazy provider loads in the provider process. */
export const provider: pulumi.dynamic.ResourceProvider = {
  configure,

  async check(_olds: Bag, news: Bag) {
    const { rules, inputs } = checkInputs(news);
    for (const f of takeProgramFailures(inputs)) rules.fail(f.property, f.reason);
    return rules.result(inputs, news);
  },

  async diff(_id: string, olds: Bag, news: Bag) {
    return noteReplacement("vpc-subnet", news, computeDiff(olds, news, SUBNET_DIFF));
  },

  async create(news: Bag) {
    const { rules, inputs } = checkInputs(news);
    assertValid("VPC subnet", rules.failures);
    if (adopts("vpc-subnet", inputs)) return adopt(inputs);
    const vpcId = inputs.vpcId as number;
    const label = inputs.label as string;
    const existing = await subnetByLabel(vpcId, label);
    if (existing) {
      const mismatches =
        existing.ipv4 === inputs.ipv4
          ? []
          : [`its ipv4 is ${existing.ipv4} but the arguments say ${String(inputs.ipv4)}`];
      const holder = {
        what: `subnet ${existing.id} of VPC ${vpcId}`,
        created: existing.created,
        adoptWith: `adoptId: ${existing.id}`,
        mismatches,
      };
      claimInterruptedCreate(label, holder, timeoutMs(inputs.timeouts, "create", NETWORK_CREATE_TIMEOUT_MS));
      return { id: String(existing.id), outs: stateOf(vpcId, existing, inputs) };
    }
    const subnet = await createSubnet(vpcId, { label, ipv4: inputs.ipv4 as string });
    return { id: String(subnet.id), outs: stateOf(vpcId, subnet, inputs) };
  },

  async read(id: string, props?: Bag) {
    const vpcId = Number(props?.vpcId);
    const subnet = await unlessNotFound(() => client().subnets.get(vpcId, resourceId(id, "a subnet")));
    if (!subnet) return { id: "" };
    const state = stateOf(vpcId, subnet, props ?? {});
    return { id, props: state, inputs: refreshInputs(SUBNET_FIELDS, state) };
  },

  async update(id: string, olds: Bag, news: Bag) {
    const quiet = timeoutsOnlyUpdate(olds, news, SUBNET_DIFF);
    if (quiet) return { outs: quiet };
    const api = client().subnets;
    const vpcId = Number(olds.vpcId);
    let subnet = await api.get(vpcId, Number(id));
    if (subnet.label !== news.label) subnet = await api.update(vpcId, Number(id), { label: news.label as string });
    return { outs: stateOf(vpcId, subnet, news) };
  },

  async delete(id: string, props: Bag) {
    await deleteSubnet(Number(props.vpcId), Number(id), timeoutMs(props.timeouts, "delete", NETWORK_DELETE_TIMEOUT_MS));
  },
};
