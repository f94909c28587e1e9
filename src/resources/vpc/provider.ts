/**
 * The provider of `Vpc`: a private network in one region, optionally with inline subnets.
 */
import * as pulumi from "@pulumi/pulumi";
import { VPC } from "../../api/index.js";
import type { CreateVpcRequest, Subnet, Vpc as ApiVpc } from "../../client/index.js";
import { regionProblem } from "../../shared/account/catalogue.js";
import {
  adopts,
  assertValid,
  compact,
  computeDiff,
  noteReplacement,
  setInputsOf,
  isNewValue,
  timeoutsOnlyUpdate,
  type DiffSpec,
} from "../../shared/fields/diff.js";
import { configure, client } from "../../shared/runtime/context.js";
import { readAdopted, ResourceInitError, unlessNotFound } from "../../shared/runtime/provider-errors.js";
import { claimedCreate, takenProblem, type CreateClaim } from "../../shared/account/label-claim.js";
import { noteNewVpc, vpcAsHolder, vpcHolder } from "../../shared/account/lists.js";
import { raiseVpcFloor, vpcLook } from "../../shared/account/label-look.js";
import { takeUrn } from "../../shared/engine/resource-urn.js";
import { noteLabelCheck, urnFor } from "../../shared/account/this-run.js";
import { deleteVpc, NETWORK_DELETE_TIMEOUT_MS } from "./network.js";
import {
  checkFields,
  adoptionMismatches,
  createBody,
  diffSpec,
  fromApi,
  refreshInputs,
  stateFields,
  updateRequest,
} from "../../shared/fields/table.js";
import { VPC_FIELDS, VPC_INPUTS as KEYS } from "./fields.js";
import type { VpcInlineSubnet, VpcSubnetSpec } from "../types.js";
import type { VpcArgs } from "./args.js";
import { inlineSubnets, managedSubnets, reconcileSubnets, wantedSubnets } from "./inline-subnets.js";
import { hasUnknown, resourceId, Rules, UNKNOWN, type InputBag, type Unchecked } from "../../shared/fields/validate.js";
import { timeoutMs, timeoutsCheck } from "../../shared/runtime/wait.js";
import { todaysVpcChecks } from "./todays-checks.js";
import { unlessIpv6Dropped } from "./dropped-ipv6.js";

/** A VPC's inputs as the engine hands them over. */
type Inputs = InputBag<VpcArgs>;

/** The state this provider keeps for a VPC: its inputs' keys, its id and its managed inline subnets. */
type VpcState = Inputs & { vpcId: number; subnets: VpcInlineSubnet[] };

/** An inline subnet as the state keeps it: its allocated IPv6 range only where it has one. */
function inlineState(s: Subnet): VpcInlineSubnet {
  return { id: s.id, label: s.label, ipv4: s.ipv4 as string, ipv6: s.ipv6?.length ? s.ipv6 : undefined };
}

function stateOf(vpc: ApiVpc, managed: readonly Subnet[], inputs: Inputs): VpcState {
  return compact({
    setInputs: setInputsOf(inputs, VPC_DIFF.ifSet!),
    ...stateFields(VPC_FIELDS, vpc, inputs),
    ...({ subnets: managed.map((s) => inlineState(s)) } satisfies Unchecked<VpcArgs>),
  }) as unknown as VpcState;
}

function checkInputs(news: Inputs): { rules: Rules; inputs: Inputs } {
  return checkFields(VPC_FIELDS, news, undefined, { subnets: inlineSubnets, timeouts: timeoutsCheck }, VPC);
}

async function adopt(inputs: Inputs): Promise<pulumi.dynamic.CreateResult> {
  const vpcId = inputs.adoptId as number;
  const vpc = await readAdopted(`VPC ${vpcId}`, () => client().vpcs.get(vpcId));
  const mismatches = adoptionMismatches(VPC_FIELDS, vpc, inputs);
  if (mismatches.length > 0) {
    throw new Error(
      `Cannot adopt VPC ${vpcId}: ${mismatches.join("; ")}. ` +
        "These fields cannot be changed, so make the arguments match the VPC or drop adoptId.",
    );
  }
  return takeOver(vpc, inputs);
}

/**
 * Makes an existing VPC this resource's result (adopted, or left by an interrupted create), brought
 * to the arguments; a failure on the way still records it, so nothing is left unmanaged.
 */
async function takeOver(vpc: ApiVpc, inputs: Inputs): Promise<pulumi.dynamic.CreateResult> {
  const managed = managedSubnets(vpc, wantedSubnets(inputs));
  try {
    return { id: String(vpc.id), outs: await converge(vpc, managed, inputs) };
  } catch (err) {
    throw new ResourceInitError(String(vpc.id), stateOf(vpc, managed, inputs), inputs, err);
  }
}

/** Applies label, description and inline subnets of `inputs` to an existing VPC. */
async function converge(vpc: ApiVpc, current: readonly Subnet[], inputs: Inputs): Promise<VpcState> {
  const api = client();
  const wanted = wantedSubnets(inputs);
  const body = updateRequest(VPC_FIELDS, fromApi(VPC_FIELDS, vpc), inputs);
  if (Object.keys(body).length > 0) await api.vpcs.update(vpc.id, body);
  const managed = current.flatMap((s) => (s.ipv4 === null ? [] : [inlineState(s)]));
  await reconcileSubnets(vpc.id, managed, wanted, timeoutMs(inputs.timeouts, "delete", NETWORK_DELETE_TIMEOUT_MS));
  const fresh = await api.vpcs.get(vpc.id);
  return stateOf(fresh, managedSubnets(fresh, wanted), inputs);
}

/** How each input takes part in diff (and in telling a timeouts-only update apart); the plugin names the changed fields from it. */
const VPC_DIFF: DiffSpec = diffSpec(
  VPC_FIELDS,
  // VPC labels are unique in the account: a replacement with the same label must wait for the delete.
  (o: Inputs, n: Inputs) => o.label === n.label || hasUnknown(n.label),
);

/** The implementation the lazy provider loads in the provider process. */
export const provider: pulumi.dynamic.ResourceProvider = {
  configure,

  async check(olds: Inputs, news: Inputs) {
    const { rules, inputs } = checkInputs(news);
    const urn = takeUrn(inputs);
    const label = inputs.label;
    if (typeof label === "string" && label !== UNKNOWN && !rules.failures.some((f) => f.property === KEYS.label)) {
      const claim: CreateClaim = { scope: `vpc:${label}`, label, urn };
      noteLabelCheck("vpc", label, urn, Object.keys(olds).length > 0 ? olds.label : undefined);
      // Only a create or a new label asks the account; an unchanged VPC costs no API call.
      if (isNewValue(olds, news, KEYS.label)) {
        const problem = await takenProblem(claim, await vpcHolder(label), "VPC labels are unique in the account");
        if (problem) rules.fail(KEYS.label, problem);
      }
    }
    if (
      typeof news.region === "string" &&
      news.region !== UNKNOWN &&
      !rules.failures.some((f) => f.property === KEYS.region) &&
      isNewValue(olds, news, KEYS.region)
    ) {
      const problem = await regionProblem(news.region, "VPCs");
      if (problem) rules.fail(KEYS.region, problem);
    }
    await todaysVpcChecks(rules, olds, news);
    return rules.result(inputs, news);
  },

  async diff(_id: string, olds: Inputs, news: Inputs) {
    return noteReplacement("vpc", news, computeDiff(olds, news, VPC_DIFF));
  },

  async create(news: Inputs) {
    const carried = takeUrn(news);
    const { rules, inputs } = checkInputs(news);
    assertValid("VPC", rules.failures);
    if (adopts("vpc", inputs)) return adopt(inputs);
    const api = client().vpcs;
    const label = inputs.label as string;
    const scope = `vpc:${label}`;
    const wanted = wantedSubnets(inputs);
    const byLabel = async (): Promise<ApiVpc | undefined> =>
      (await api.list({ filter: { label } satisfies Partial<ApiVpc> })).find((v) => v.label === label);
    return claimedCreate(
      { scope, label, urn: urnFor(scope, carried) },
      {
        look: () => vpcLook(label),
        holder: vpcAsHolder,
        send: () =>
          api.create(
            {
              ...(createBody(VPC_FIELDS, inputs) as CreateVpcRequest),
              ...(wanted.length ? { subnets: wanted } : {}),
            },
            { recover: byLabel },
          ),
        // A VPC just made is as the create asked; one left by an interrupted attempt is brought to the arguments.
        finish: async (made, earlier) => {
          if (earlier) return takeOver(made, inputs);
          const vpc = await unlessIpv6Dropped(
            inputs,
            made,
            `VPC ${made.id}`,
            () => deleteVpc(made.id, timeoutMs(inputs.timeouts, "delete", NETWORK_DELETE_TIMEOUT_MS)),
            () => stateOf(made, managedSubnets(made, wanted), inputs),
          );
          raiseVpcFloor(vpc.id);
          noteNewVpc(vpc);
          return { id: String(vpc.id), outs: stateOf(vpc, managedSubnets(vpc, wanted), inputs) };
        },
      },
    );
  },

  async read(id: string, props?: Inputs) {
    const vpc = await unlessNotFound(() => client().vpcs.get(resourceId(id, "a VPC")));
    if (!vpc) return { id: "" };
    const previous = (props?.subnets as VpcInlineSubnet[] | undefined) ?? [];
    const ids = new Set(previous.map((p) => p.id));
    const ranges = new Set(previous.map((p) => p.ipv4));
    const managed = vpc.subnets.filter((s) => ids.has(s.id) || (s.ipv4 !== null && ranges.has(s.ipv4)));
    const state = stateOf(vpc, managed, props ?? {});
    const inputs = refreshInputs(VPC_FIELDS, {
      ...state,
      subnets: managed.map((s): VpcSubnetSpec => ({
        label: s.label,
        ipv4: s.ipv4!,
        ...(s.ipv6?.length ? { ipv6: s.ipv6 } : {}),
      })),
    } satisfies Inputs);
    return { id, props: state, inputs };
  },

  async update(id: string, olds: Inputs, news: Inputs) {
    const quiet = timeoutsOnlyUpdate(olds, news, VPC_DIFF);
    if (quiet) return { outs: quiet };
    const api = client();
    const vpc = await api.vpcs.get(Number(id));
    const previous = (olds.subnets as VpcInlineSubnet[] | undefined) ?? [];
    const wanted = wantedSubnets(news);
    // A listed subnet that already exists with the same range and label was made by an earlier
    // update that failed part-way (the engine then keeps the old state): manage it, do not create it again.
    const current = vpc.subnets.filter(
      (s) =>
        previous.some((o) => o.id === s.id || o.ipv4 === s.ipv4) ||
        wanted.some((w) => w.ipv4 === s.ipv4 && w.label === s.label),
    );
    return { outs: await converge(vpc, current, news) };
  },

  async delete(id: string, props: Inputs) {
    await deleteVpc(Number(id), timeoutMs(props.timeouts, "delete", NETWORK_DELETE_TIMEOUT_MS));
  },
};
