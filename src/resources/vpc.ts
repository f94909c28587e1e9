/**
 * The `Vpc` resource: a private network in one region, optionally with inline subnets.
 */
import * as pulumi from "@pulumi/pulumi";
import type { Subnet, Vpc as ApiVpc } from "../client/index.js";
import { regionProblem } from "./catalogue.js";
import {
  adopts,
  assertValid,
  compact,
  computeDiff,
  idOutput,
  noteReplacement,
  setInputsOf,
  isNewValue,
  timeoutsOnlyUpdate,
  TOKEN_MODULE,
  withoutUnset,
  type DiffSpec,
} from "./common.js";
import { configure, client } from "./context.js";
import { readAdopted, ResourceInitError, unlessNotFound } from "./errors.js";
import lazy from "../providers/vpc.js";
import { storedProvider } from "./stored-provider.js";
import { remember } from "./program-args.js";
import { claimInterruptedCreate, type LabelHolder } from "./label-claim.js";
import {
  createSubnet,
  deleteSubnet,
  deleteVpc,
  NETWORK_CREATE_TIMEOUT_MS,
  NETWORK_DELETE_TIMEOUT_MS,
} from "./network-common.js";
import {
  descriptionRule,
  hasUnknown,
  networkLabelRule,
  rangesOverlap,
  Rules,
  subnetRangeRule,
  UNKNOWN,
  type Bag,
} from "./validate.js";
import { timeoutMs, timeoutsRule, type Timeouts } from "./wait.js";

/** An inline subnet of a VPC. Either field may be an Output (from config or another resource). */
export interface VpcSubnetSpec {
  /** 1..64 ASCII letters, digits and hyphens, unique within the VPC. */
  label: pulumi.Input<string>;
  /** RFC 1918 range in canonical CIDR form, prefix 1..29, outside 192.168.128.0/17. */
  ipv4: pulumi.Input<string>;
}

/** An inline subnet as the VPC resource reports it. */
export interface VpcSubnetOutput {
  /** The subnet's id, for `VpcSubnet` look-ups and instance interfaces. */
  id: number;
  label: string;
  ipv4: string;
}

/** An inline subnet as the provider receives it once its values are known. */
type SubnetRange = Omit<VpcSubnetOutput, "id">;

/** Arguments of {@link Vpc}. */
export interface VpcArgs {
  /** Label, 1..64 ASCII letters, digits and hyphens (no `--`), unique in the account. */
  label: pulumi.Input<string>;
  /** Region id with status ok and the "VPCs" capability; changing it replaces the VPC. */
  region: pulumi.Input<string>;
  /** Free text of at most 255 characters; left out, the VPC's description is not managed (set "" to clear it). */
  description?: pulumi.Input<string>;
  /** Subnets managed together with the VPC; added, relabelled or removed in place (matched by `ipv4`). */
  subnets?: pulumi.Input<pulumi.Input<VpcSubnetSpec>[]>;
  /** Id of an existing VPC to take under management instead of creating one. */
  adoptId?: pulumi.Input<number | string>;
  /** Time limits, e.g. `{ delete: "10m" }`. */
  timeouts?: pulumi.Input<Timeouts>;
}

/** The state this provider keeps for a VPC. */
interface VpcState extends Bag {
  vpcId: number;
  label: string;
  region: string;
  description: string;
  subnets: VpcSubnetOutput[];
}

function stateOf(vpc: ApiVpc, managed: readonly Subnet[], inputs: Bag): VpcState {
  return compact({
    setInputs: setInputsOf(inputs, DIFF.ifSet!),
    adoptId: inputs.adoptId,
    timeouts: inputs.timeouts,
    vpcId: vpc.id,
    label: vpc.label,
    region: vpc.region,
    description: vpc.description ?? "",
    subnets: managed.map((s) => ({ id: s.id, label: s.label, ipv4: s.ipv4 })),
  });
}

/** The VPC's subnets that the resource manages: those whose range the inputs list. */
function managedSubnets(vpc: ApiVpc, wanted: readonly { ipv4: string }[]): Subnet[] {
  return vpc.subnets.filter((s) => wanted.some((w) => w.ipv4 === s.ipv4));
}

function checkInputs(news: Bag): { rules: Rules; inputs: Bag } {
  const rules = new Rules();
  const inputs: Bag = { ...news };
  rules.string(news, "label", true, networkLabelRule);
  rules.string(news, "region", true);
  // Left out, the description is not managed: whatever the VPC has stays (set "" to clear it).
  rules.string(news, "description", false, descriptionRule);
  const subnets = news.subnets;
  if (subnets === undefined || subnets === null) {
    inputs.subnets = [];
  } else if (!hasUnknown(subnets) || Array.isArray(subnets)) {
    if (!Array.isArray(subnets)) {
      rules.fail("subnets", "subnets must be a list of {label, ipv4}");
    } else {
      const known: { i: number; ipv4: string; label?: string }[] = [];
      subnets.forEach((raw, i) => {
        if (raw === UNKNOWN) return;
        if (raw === null || typeof raw !== "object") {
          rules.fail(`subnets[${i}]`, `subnets[${i}] must be an object {label, ipv4}`);
          return;
        }
        const item = raw as Bag;
        const sub = new Rules();
        const label = sub.string(item, "label", true, networkLabelRule);
        const ipv4 = sub.string(item, "ipv4", true, subnetRangeRule);
        for (const f of sub.failures) rules.fail(`subnets[${i}].${f.property}`, `subnets[${i}].${f.reason}`);
        if (ipv4 !== undefined) known.push({ i, ipv4, ...(label !== undefined ? { label } : {}) });
      });
      known.forEach((a, x) =>
        known.slice(x + 1).forEach((b) => {
          if (rangesOverlap(a.ipv4, b.ipv4))
            rules.fail(
              `subnets[${b.i}].ipv4`,
              `subnets[${b.i}].ipv4 ${b.ipv4} overlaps subnets[${a.i}].ipv4 ${a.ipv4}`,
            );
          if (a.label !== undefined && a.label === b.label)
            rules.fail(
              `subnets[${b.i}].label`,
              `subnets[${b.i}].label "${b.label}" is also used by subnets[${a.i}]; labels must be unique in a VPC`,
            );
        }),
      );
    }
  }
  if (news.adoptId !== undefined && news.adoptId !== UNKNOWN) {
    const id = rules.id(news, "adoptId", false);
    if (id !== undefined) inputs.adoptId = id;
  }
  for (const f of timeoutsRule(news.timeouts === UNKNOWN ? undefined : news.timeouts)) rules.fail(f.property, f.reason);
  return { rules, inputs };
}

function wantedSubnets(inputs: Bag): SubnetRange[] {
  return ((inputs.subnets as SubnetRange[] | undefined) ?? []).map((s) => ({ label: s.label, ipv4: s.ipv4 }));
}

/** Compares inline subnets as a set of {label, ipv4}, whatever the order and ids. */
function subnetKey(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return (value as SubnetRange[])
    .map((s) => (s && typeof s === "object" ? { label: s.label, ipv4: s.ipv4 } : s))
    .sort((a, b) => String((a as SubnetRange).ipv4).localeCompare(String((b as SubnetRange).ipv4)));
}

/**
 * Brings a VPC's managed subnets to `wanted`: removes ranges no longer listed, relabels, adds new
 * ones. Removal comes first so that freed labels and ranges can be reused.
 */
async function reconcileSubnets(
  vpcId: number,
  current: readonly VpcSubnetOutput[],
  wanted: readonly SubnetRange[],
  deleteTimeoutMs: number,
): Promise<void> {
  const api = client().subnets;
  for (const old of current) {
    if (!wanted.some((w) => w.ipv4 === old.ipv4)) await deleteSubnet(vpcId, old.id, deleteTimeoutMs);
  }
  const relabels = wanted.flatMap((w) => {
    const old = current.find((c) => c.ipv4 === w.ipv4);
    return old && old.label !== w.label ? [{ id: old.id, label: w.label }] : [];
  });
  // Labels are unique in a VPC: when one subnet takes a label another still holds (a swap), every
  // relabelled subnet first steps aside under a temporary label made of its unique id.
  const kept = current.filter((c) => wanted.some((w) => w.ipv4 === c.ipv4));
  if (relabels.some((r) => kept.some((c) => c.id !== r.id && c.label === r.label)))
    for (const r of relabels) await api.update(vpcId, r.id, { label: `relabel-${r.id}` });
  for (const r of relabels) await api.update(vpcId, r.id, { label: r.label });
  for (const w of wanted) {
    if (!current.some((c) => c.ipv4 === w.ipv4)) await createSubnet(vpcId, w);
  }
}

async function adopt(inputs: Bag): Promise<pulumi.dynamic.CreateResult> {
  const vpcId = inputs.adoptId as number;
  const vpc = await readAdopted(`VPC ${vpcId}`, () => client().vpcs.get(vpcId));
  if (vpc.region !== inputs.region) {
    throw new Error(
      `Cannot adopt VPC ${vpcId}: region is "${vpc.region}" but the arguments say "${String(inputs.region)}"; ` +
        "region cannot be changed, so set region to match or drop adoptId.",
    );
  }
  return takeOver(vpc, inputs);
}

/**
 * Makes an existing VPC this resource's result (adopted, or left by an interrupted create), brought
 * to the arguments; a failure on the way still records it, so nothing is left unmanaged.
 */
async function takeOver(vpc: ApiVpc, inputs: Bag): Promise<pulumi.dynamic.CreateResult> {
  const managed = managedSubnets(vpc, wantedSubnets(inputs));
  try {
    return { id: String(vpc.id), outs: await converge(vpc, managed, inputs) };
  } catch (err) {
    throw new ResourceInitError(String(vpc.id), stateOf(vpc, managed, inputs), inputs, err);
  }
}

/** A VPC found under the label a create wants, with what tells it apart from the one the create would make. */
function vpcHolder(vpc: ApiVpc, inputs: Bag): LabelHolder {
  const mismatches: string[] = [];
  if (vpc.region !== inputs.region)
    mismatches.push(`its region is "${vpc.region}" but the arguments say "${String(inputs.region)}"`);
  const listed = wantedSubnets(inputs);
  const others = vpc.subnets.filter((s) => !listed.some((w) => w.ipv4 === s.ipv4));
  if (others.length > 0)
    mismatches.push(`it has subnets the arguments do not list (${others.map((s) => s.ipv4).join(", ")})`);
  return { what: `VPC ${vpc.id}`, created: vpc.created, adoptWith: `adoptId: ${vpc.id}`, mismatches };
}

/** Applies label, description and inline subnets of `inputs` to an existing VPC. */
async function converge(vpc: ApiVpc, current: readonly Subnet[], inputs: Bag): Promise<VpcState> {
  const api = client();
  const wanted = wantedSubnets(inputs);
  const body: { label?: string; description?: string } = {};
  if (vpc.label !== inputs.label) body.label = inputs.label as string;
  if (typeof inputs.description === "string" && vpc.description !== inputs.description)
    body.description = inputs.description;
  if (body.label !== undefined || body.description !== undefined) await api.vpcs.update(vpc.id, body);
  const managed = current.map((s) => ({ id: s.id, label: s.label, ipv4: s.ipv4 }));
  await reconcileSubnets(vpc.id, managed, wanted, timeoutMs(inputs.timeouts, "delete", NETWORK_DELETE_TIMEOUT_MS));
  const fresh = await api.vpcs.get(vpc.id);
  return stateOf(fresh, managedSubnets(fresh, wanted), inputs);
}

/** How each input takes part in diff (and in telling a timeouts-only update apart); the plugin names the changed fields from it. */
export const DIFF: DiffSpec = {
  replace: ["region"],
  update: ["label", "description", "subnets", "timeouts"],
  // The API keeps a description the program does not set; it is compared only when set.
  ifSet: ["description"],
  normalise: { subnets: subnetKey },
  // VPC labels are unique in the account: a replacement with the same label must wait for the delete.
  collides: (o, n) => o.label === n.label || hasUnknown(n.label),
};

/** The implementation the lazy provider loads in the provider process. */
export const provider: pulumi.dynamic.ResourceProvider = {
  configure,

  async check(olds: Bag, news: Bag) {
    const { rules, inputs } = checkInputs(news);
    if (
      typeof news.region === "string" &&
      news.region !== UNKNOWN &&
      !rules.failures.some((f) => f.property === "region") &&
      isNewValue(olds, news, "region")
    ) {
      const problem = await regionProblem(news.region, "VPCs");
      if (problem) rules.fail("region", problem);
    }
    return rules.result(inputs, news);
  },

  async diff(_id: string, olds: Bag, news: Bag) {
    return noteReplacement("vpc", news, computeDiff(olds, news, DIFF));
  },

  async create(news: Bag) {
    const { rules, inputs } = checkInputs(news);
    assertValid("VPC", rules.failures);
    if (adopts("vpc", inputs)) return adopt(inputs);
    const api = client().vpcs;
    const label = inputs.label as string;
    const wanted = wantedSubnets(inputs);
    const byLabel = async (): Promise<ApiVpc | undefined> => (await api.list()).find((v) => v.label === label);
    const existing = await byLabel();
    if (existing) {
      claimInterruptedCreate(
        label,
        vpcHolder(existing, inputs),
        timeoutMs(inputs.timeouts, "create", NETWORK_CREATE_TIMEOUT_MS),
      );
      return takeOver(existing, inputs);
    }
    const vpc = await api.create(
      {
        label,
        region: inputs.region as string,
        ...(inputs.description ? { description: inputs.description as string } : {}),
        ...(wanted.length ? { subnets: wanted } : {}),
      },
      { recover: byLabel },
    );
    return { id: String(vpc.id), outs: stateOf(vpc, managedSubnets(vpc, wanted), inputs) };
  },

  async read(id: string, props?: Bag) {
    const vpc = await unlessNotFound(() => client().vpcs.get(Number(id)));
    if (!vpc) return { id: "" };
    const previous = (props?.subnets as VpcSubnetOutput[] | undefined) ?? [];
    const managed = vpc.subnets.filter((s) => previous.some((p) => p.id === s.id || p.ipv4 === s.ipv4));
    const state = stateOf(vpc, managed, props ?? {});
    const inputs = compact(
      withoutUnset(
        {
          label: state.label,
          region: state.region,
          description: state.description,
          subnets: managed.map((s) => ({ label: s.label, ipv4: s.ipv4 })),
          adoptId: props?.adoptId,
          timeouts: props?.timeouts,
        },
        state,
        DIFF.ifSet!,
      ),
    );
    return { id, props: state, inputs };
  },

  async update(id: string, olds: Bag, news: Bag) {
    const quiet = timeoutsOnlyUpdate(olds, news, DIFF);
    if (quiet) return { outs: quiet };
    const api = client();
    const vpc = await api.vpcs.get(Number(id));
    const previous = (olds.subnets as VpcSubnetOutput[] | undefined) ?? [];
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

  async delete(id: string, props: Bag) {
    await deleteVpc(Number(id), timeoutMs(props.timeouts, "delete", NETWORK_DELETE_TIMEOUT_MS));
  },
};

/**
 * A VPC: a private network in one region that holds subnets. Subnets can be listed inline
 * (`subnets`, managed with the VPC) or managed one by one with `VpcSubnet`; use one style per
 * VPC, since inline management only touches the ranges it lists.
 *
 * The API token is read by the provider at run time from `cloudplatform:token` (or
 * CLOUDPLATFORM_TOKEN); it is never an input or output of a resource.
 *
 * ## Example Usage
 *
 * ```typescript
 * import * as cloud from "pulumi-cloudplatform";
 *
 * const vpc = new cloud.Vpc("app", {
 *     label: "app-vpc",
 *     region: "us-east",
 *     description: "application network",
 *     subnets: [{ label: "web", ipv4: "10.0.1.0/24" }],
 * });
 * export const vpcId = vpc.vpcId;
 * ```
 *
 * ## Adoption
 *
 * `pulumi import` does not work for dynamic resources. To manage an existing VPC, declare it with
 * `adoptId` set to its id: the first `pulumi up` reads it instead of creating one, fails with a
 * clear message if `region` differs, and brings label, description and the listed subnets to the
 * arguments. Subnets of the VPC that the arguments do not list are left alone.
 *
 * ```typescript
 * const existing = new cloud.Vpc("legacy", { adoptId: 1234, label: "legacy-vpc", region: "us-east" });
 * ```
 */
export class Vpc extends pulumi.dynamic.Resource {
  /** The VPC's numeric id (the same as `id`, as a number). */
  declare public readonly vpcId: pulumi.Output<number>;
  /** The VPC's label. */
  declare public readonly label: pulumi.Output<string>;
  /** The region the VPC lives in. */
  declare public readonly region: pulumi.Output<string>;
  /** The description ("" when none). */
  declare public readonly description: pulumi.Output<string>;
  /** The inline subnets with their ids. */
  declare public readonly subnets: pulumi.Output<VpcSubnetOutput[]>;

  constructor(name: string, args: VpcArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      storedProvider(lazy),
      name,
      {
        ...args,
        vpcId: undefined,
        subnets: args.subnets,
        description: args.description,
      },
      opts,
      TOKEN_MODULE,
      "Vpc",
    );
    // Known during the preview of an update, so subnets taking `vpcId` are not shown as replaced.
    this.vpcId = idOutput(this, Number);
    remember([this.id, this.vpcId], args);
  }
}
