/**
 * The provider of `VpcSubnet`: one IPv4 range of a VPC, managed on its own.
 */
import * as pulumi from "@pulumi/pulumi";
import type { CreateSubnetRequest, Subnet } from "../../client/index.js";
import type { VpcSubnetArgs } from "./args.js";
import {
  adopts,
  assertValid,
  compact,
  computeDiff,
  isNewValue,
  noteReplacement,
  timeoutsOnlyUpdate,
  type DiffSpec,
} from "../../shared/fields/diff.js";
import {
  adoptionMismatches,
  checkFields,
  createBody,
  diffSpec,
  fromApi,
  refreshInputs,
  stateFields,
  updateRequest,
} from "../../shared/fields/table.js";
import { SUBNET_FIELDS, SUBNET_INPUTS as KEYS } from "../vpc/fields.js";
import { client, configure } from "../../shared/runtime/context.js";
import { readAdopted, unlessNotFound } from "../../shared/runtime/provider-errors.js";
import { takeProgramFailures } from "../../shared/engine/program-args.js";
import { claimedCreate, takenProblem } from "../../shared/account/label-claim.js";
import { subnetLook } from "../../shared/account/label-look.js";
import { subnetAsHolder, subnetConflicts } from "../../shared/account/lists.js";
import { takeUrn } from "../../shared/engine/resource-urn.js";
import { currentSubnet, noteLabelCheck, urnFor } from "../../shared/account/this-run.js";
import { createSubnet, deleteSubnet, NETWORK_DELETE_TIMEOUT_MS } from "../vpc/network.js";
import { SUBNET } from "../../api/index.js";
import { rangesOverlap } from "../../api/ipv4.js";
import {
  hasUnknown,
  resourceId,
  Rules,
  UNKNOWN,
  type Bag,
  type InputBag,
  type Unchecked,
} from "../../shared/fields/validate.js";
import { timeoutMs, timeoutsCheck } from "../../shared/runtime/wait.js";
import { subnetTodaysChecks } from "./todays-checks.js";
import { unlessIpv6Dropped } from "../vpc/dropped-ipv6.js";

/** A subnet's inputs as the engine hands them over. */
type Inputs = InputBag<VpcSubnetArgs>;

/** The state: the table's lines, with `vpcId` as the subnet is known to the API (a number). */
function stateOf(vpcId: number, subnet: Subnet, inputs: Inputs): Bag {
  return compact({ ...stateFields(SUBNET_FIELDS, subnet, inputs), vpcId });
}

function checkInputs(news: Inputs): { rules: Rules; inputs: Inputs } {
  return checkFields(SUBNET_FIELDS, news, undefined, { timeouts: timeoutsCheck }, SUBNET);
}

async function adopt(inputs: Inputs): Promise<pulumi.dynamic.CreateResult> {
  const vpcId = inputs.vpcId as number;
  const subnetId = inputs.adoptId as number;
  const api = client().subnets;
  const subnet = await readAdopted(`subnet ${subnetId} of VPC ${vpcId}`, () => api.get(vpcId, subnetId));
  const mismatches = adoptionMismatches(SUBNET_FIELDS, subnet, inputs);
  if (mismatches.length > 0) {
    throw new Error(
      `Cannot adopt subnet ${subnetId} of VPC ${vpcId}: ${mismatches.join("; ")}. ` +
        "These fields cannot be changed, so make the arguments match the subnet or drop adoptId.",
    );
  }
  return { id: String(subnetId), outs: stateOf(vpcId, await converge(vpcId, subnet, inputs), inputs) };
}

/** Sends the update that brings `subnet` to the in-place inputs of `inputs`, when one differs. */
async function converge(vpcId: number, subnet: Subnet, inputs: Inputs): Promise<Subnet> {
  const body = updateRequest(SUBNET_FIELDS, fromApi(SUBNET_FIELDS, subnet), inputs);
  return Object.keys(body).length > 0 ? client().subnets.update(vpcId, subnet.id, body) : subnet;
}

/** How each input takes part in diff (and in telling a timeouts-only update apart); the plugin names the changed fields from it. */
const SUBNET_DIFF: DiffSpec = diffSpec(
  SUBNET_FIELDS,
  // Labels are unique within a VPC and ranges must not overlap: a replacement in the same VPC
  // that keeps the label or overlaps the old range can only be made after the delete.
  (o: Inputs, n: Inputs) =>
    hasUnknown(n.vpcId) ||
    (o.vpcId === n.vpcId &&
      (o.label === n.label ||
        hasUnknown(n.label) ||
        hasUnknown(n.ipv4) ||
        rangesOverlap(String(o.ipv4), String(n.ipv4)))),
);

/**
 * What the API would refuse at `up` given the VPC's subnets as they are: a label a sibling holds,
 * a range that overlaps one. Asked only for a create or a changed label or range of a subnet whose
 * VPC exists already (a VPC still to be created has no subnets but those of the program). The
 * resource's own current subnet, known by its old label and range, is not a sibling.
 */
/**
 * The resource's own current subnet, which is no sibling: known by its old inputs, or, when the
 * engine checks a replacement a second time without them, by what the first check saw.
 */
function ownSubnet(olds: Inputs, vpcId: number, urn: string | undefined): Unchecked<Subnet> | undefined {
  const current = currentSubnet(olds, urn) as Inputs | undefined;
  return current && current.vpcId === vpcId ? { label: current.label, ipv4: current.ipv4 } : undefined;
}

/** The inputs whose own failure leaves the account's checks out: they would judge a value already refused. */
const ACCOUNT_CHECKED: readonly string[] = [KEYS.vpcId, KEYS.label, KEYS.ipv4];

async function accountChecks(
  olds: Inputs,
  news: Inputs,
  inputs: Inputs,
  urn: string | undefined,
  rules: Rules,
): Promise<void> {
  const vpcId = inputs.vpcId;
  if (typeof vpcId !== "number" || rules.failures.some((f) => ACCOUNT_CHECKED.includes(f.property))) return;
  const known = (v: unknown): v is string => typeof v === "string" && v !== UNKNOWN;
  const label = known(inputs.label) ? inputs.label : undefined;
  const ipv4 = known(inputs.ipv4) ? inputs.ipv4 : undefined;
  const scope = `vpc/${vpcId}/subnet`;
  const same = Object.keys(olds).length > 0 && olds.vpcId === vpcId;
  noteLabelCheck(scope, label, urn, same ? olds.label : undefined);
  const newLabel = label !== undefined && isNewValue(olds, news, KEYS.label);
  const newRange = ipv4 !== undefined && isNewValue(olds, news, KEYS.ipv4);
  if (!newLabel && !newRange && !(Object.keys(olds).length > 0 && !same)) return;
  const found = await subnetConflicts({
    vpcId,
    label: newLabel || !same ? label : undefined,
    ipv4: newRange || !same ? ipv4 : undefined,
    own: ownSubnet(olds, vpcId, urn),
  });
  const problem =
    label === undefined
      ? undefined
      : await takenProblem(
          { scope: `${scope}:${label}`, label, urn },
          found.holder,
          "subnet labels are unique in a VPC",
        );
  if (problem) rules.fail(KEYS.label, problem);
  if (found.overlap) rules.fail(KEYS.ipv4, found.overlap);
}

/** The implementation the lazy provider loads in the provider process. */
export const provider: pulumi.dynamic.ResourceProvider = {
  configure,

  async check(olds: Inputs, news: Inputs) {
    const { rules, inputs } = checkInputs(news);
    const urn = takeUrn(inputs);
    for (const f of takeProgramFailures(inputs)) rules.fail(f.property, f.reason);
    await accountChecks(olds, news, inputs, urn, rules);
    await subnetTodaysChecks(rules, olds, news, inputs);
    return rules.result(inputs, news);
  },

  async diff(_id: string, olds: Inputs, news: Inputs) {
    return noteReplacement("vpc-subnet", news, computeDiff(olds, news, SUBNET_DIFF));
  },

  async create(news: Inputs) {
    const carried = takeUrn(news);
    const { rules, inputs } = checkInputs(news);
    assertValid("VPC subnet", rules.failures);
    if (adopts("vpc-subnet", inputs)) return adopt(inputs);
    const vpcId = inputs.vpcId as number;
    const label = inputs.label as string;
    const scope = `vpc/${vpcId}/subnet:${label}`;
    return claimedCreate(
      { scope, label, urn: urnFor(scope, carried) },
      {
        look: () => subnetLook(vpcId, label),
        holder: (s) => subnetAsHolder(vpcId, s),
        send: () => createSubnet(vpcId, createBody(SUBNET_FIELDS, inputs) as unknown as CreateSubnetRequest),
        finish: async (made) => {
          const subnet = await unlessIpv6Dropped(
            inputs,
            made,
            `subnet ${made.id} of VPC ${vpcId}`,
            () => deleteSubnet(vpcId, made.id, timeoutMs(inputs.timeouts, "delete", NETWORK_DELETE_TIMEOUT_MS)),
            () => stateOf(vpcId, made, inputs),
          );
          return { id: String(subnet.id), outs: stateOf(vpcId, subnet, inputs) };
        },
      },
    );
  },

  async read(id: string, props?: Bag) {
    const { vpcId, subnetId } =
      props?.vpcId === undefined
        ? parseSubnetImportId(id)
        : { vpcId: Number(props.vpcId), subnetId: resourceId(id, "a subnet") };
    const subnet = await unlessNotFound(() => client().subnets.get(vpcId, subnetId));
    if (!subnet) return { id: "" };
    const state = stateOf(vpcId, subnet, props ?? {});
    // An import's id names the VPC too; the state keeps the subnet's id alone, as a create records it.
    return { id: String(subnetId), props: state, inputs: refreshInputs(SUBNET_FIELDS, state) };
  },

  async update(id: string, olds: Bag, news: Bag) {
    const quiet = timeoutsOnlyUpdate(olds, news, SUBNET_DIFF);
    if (quiet) return { outs: quiet };
    const api = client().subnets;
    const vpcId = Number(olds.vpcId);
    const subnet = await converge(vpcId, await api.get(vpcId, Number(id)), news);
    return { outs: stateOf(vpcId, subnet, news) };
  },

  async delete(id: string, props: Bag) {
    await deleteSubnet(Number(props.vpcId), Number(id), timeoutMs(props.timeouts, "delete", NETWORK_DELETE_TIMEOUT_MS));
  },
};

/**
 * The VPC and subnet an import id names: `<vpcId>/<subnetId>`, or `<vpcId>,<subnetId>` as other
 * providers of this API write it. The API reads a subnet only through its VPC, so the subnet's id
 * alone is not enough; the error says so and shows the form.
 */
export function parseSubnetImportId(id: string): { vpcId: number; subnetId: number } {
  const match = /^(\d+)[/,](\d+)$/.exec(id.trim());
  if (!match)
    throw new Error(
      `A VpcSubnet is imported by "<vpcId>/<subnetId>" (or "<vpcId>,<subnetId>"), such as 1234/5678 (got "${id}"): ` +
        "the API reads a subnet through its VPC.",
    );
  return { vpcId: resourceId(match[1]!, "a VPC"), subnetId: resourceId(match[2]!, "a subnet") };
}
