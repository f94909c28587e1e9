/**
 * The `VpcSubnet` resource: one IPv4 range of a VPC, managed on its own.
 */
import * as pulumi from "@pulumi/pulumi";
import type { Subnet, SubnetCompute } from "../../client/index.js";
import {
  adopts,
  assertValid,
  compact,
  computeDiff,
  idOutput,
  isNewValue,
  noteReplacement,
  timeoutsOnlyUpdate,
  TOKEN_MODULE,
  type DiffSpec,
} from "../../shared/common.js";
import {
  checkFields,
  diffSpec,
  outputKeys,
  refreshInputs,
  stateFields,
  type InputKeys,
  type SameKeys,
} from "../../shared/fields.js";
import { SUBNET_FIELDS } from "../vpc/fields.js";
import { client, configure } from "../../shared/context.js";
import { readAdopted, unlessNotFound } from "../../shared/errors.js";
import lazy from "../../providers/vpc-subnet.js";
import { storedProvider } from "../../shared/stored-provider.js";
import {
  argsBehind,
  programFailuresInput,
  takeProgramFailures,
  type ProgramFailure,
} from "../../shared/program-args.js";
import { claimedCreate, takenProblem } from "../../shared/label-claim.js";
import { releaseLabel, subnetAsHolder, subnetConflicts } from "../../shared/account.js";
import { noteUrn, takeUrn, urnFor, urnInput } from "../../shared/resource-urn.js";
import { createSubnet, deleteSubnet, NETWORK_DELETE_TIMEOUT_MS } from "../../shared/network.js";
import { hasUnknown, rangesOverlap, Rules, UNKNOWN, type Bag } from "../../shared/validate.js";
import { timeoutMs, timeoutsCheck, type Timeouts } from "../../shared/wait.js";

/** Arguments of {@link VpcSubnet}. */
export interface VpcSubnetArgs {
  /** Id of the VPC that holds the subnet; changing it replaces the subnet. */
  vpcId: pulumi.Input<number | string>;
  /** Label, 1..64 ASCII letters, digits and hyphens (no `--`), unique within the VPC. */
  label: pulumi.Input<string>;
  /** RFC 1918 range in canonical CIDR form, prefix 1..29, outside 192.168.128.0/17; changing it replaces the subnet. */
  ipv4: pulumi.Input<string>;
  /** Id of an existing subnet of `vpcId` to take under management instead of creating one. */
  adoptId?: pulumi.Input<number | string>;
  /** Time limits, e.g. `{ delete: "10m" }`. */
  timeouts?: pulumi.Input<Timeouts>;
}
true satisfies SameKeys<VpcSubnetArgs, InputKeys<typeof SUBNET_FIELDS>>;

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
export const DIFF: DiffSpec = diffSpec(
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

  async check(olds: Bag, news: Bag) {
    const { rules, inputs } = checkInputs(news);
    const urn = takeUrn(inputs);
    for (const f of takeProgramFailures(inputs)) rules.fail(f.property, f.reason);
    await accountChecks(olds, news, inputs, urn, rules);
    return rules.result(inputs, news);
  },

  async diff(_id: string, olds: Bag, news: Bag) {
    return noteReplacement("vpc-subnet", news, computeDiff(olds, news, DIFF));
  },

  async create(news: Bag) {
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
        list: () => client().subnets.list(vpcId),
        labelOf: (s) => s.label,
        idOf: (s) => s.id,
        holder: (s) => subnetAsHolder(vpcId, s),
        send: () => createSubnet(vpcId, { label, ipv4: inputs.ipv4 as string }),
        finish: async (subnet) => ({ id: String(subnet.id), outs: stateOf(vpcId, subnet, inputs) }),
      },
    );
  },

  async read(id: string, props?: Bag) {
    const vpcId = Number(props?.vpcId);
    const subnet = await unlessNotFound(() => client().subnets.get(vpcId, Number(id)));
    if (!subnet) return { id: "" };
    const state = stateOf(vpcId, subnet, props ?? {});
    return { id, props: state, inputs: refreshInputs(SUBNET_FIELDS, state) };
  },

  async update(id: string, olds: Bag, news: Bag) {
    const quiet = timeoutsOnlyUpdate(olds, news, DIFF);
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

/**
 * What the API would refuse at `up` given the VPC's subnets as they are: a label a sibling holds,
 * a range that overlaps one. Asked only for a create or a changed label or range of a subnet whose
 * VPC exists already (a VPC still to be created has no subnets but those of the program). The
 * resource's own current subnet, known by its old label and range, is not a sibling.
 */
async function accountChecks(olds: Bag, news: Bag, inputs: Bag, urn: string | undefined, rules: Rules): Promise<void> {
  const vpcId = inputs.vpcId;
  if (typeof vpcId !== "number" || rules.failures.some((f) => ["vpcId", "label", "ipv4"].includes(f.property))) return;
  const known = (v: unknown): v is string => typeof v === "string" && v !== UNKNOWN;
  const label = known(inputs.label) ? inputs.label : undefined;
  const ipv4 = known(inputs.ipv4) ? inputs.ipv4 : undefined;
  const scope = `vpc/${vpcId}/subnet`;
  if (label !== undefined) noteUrn(`${scope}:${label}`, urn);
  const same = Object.keys(olds).length > 0 && olds.vpcId === vpcId;
  if (same && olds.label !== label) releaseLabel(scope, olds.label);
  const newLabel = label !== undefined && isNewValue(olds, news, "label");
  const newRange = ipv4 !== undefined && isNewValue(olds, news, "ipv4");
  if (!newLabel && !newRange && !(Object.keys(olds).length > 0 && !same)) return;
  const found = await subnetConflicts({
    vpcId,
    label: newLabel || !same ? label : undefined,
    ipv4: newRange || !same ? ipv4 : undefined,
    own: same ? { label: olds.label, ipv4: olds.ipv4 } : undefined,
  });
  const problem =
    label === undefined
      ? undefined
      : await takenProblem(
          { scope: `${scope}:${label}`, label, urn },
          found.holder,
          "subnet labels are unique in a VPC",
        );
  if (problem) rules.fail("label", problem);
  if (found.overlap) rules.fail(found.overlap.property, found.overlap.reason);
}

/**
 * Collisions with an inline subnet of the `Vpc` this program declares and the subnet's `vpcId`
 * names: an overlapping range or a repeated label, which the API would refuse only in `up`.
 */
export function inlineCollisions(args: VpcSubnetArgs): ProgramFailure[] {
  const inline = argsBehind(args.vpcId)?.subnets;
  if (!Array.isArray(inline)) return [];
  const failures: ProgramFailure[] = [];
  for (const [i, s] of inline.entries()) {
    // Only values the program holds as plain text take part; an Output (known or not) is skipped.
    if (s === null || typeof s !== "object" || pulumi.Output.isInstance(s)) continue;
    const other = s as { label?: unknown; ipv4?: unknown };
    if (typeof other.ipv4 === "string" && typeof args.ipv4 === "string" && rangesOverlap(other.ipv4, args.ipv4))
      failures.push({
        property: "ipv4",
        reason:
          `ipv4 ${args.ipv4} overlaps subnets[${i}].ipv4 ${other.ipv4} of the Vpc that vpcId names; ` +
          "ranges in a VPC must not overlap",
      });
    if (typeof other.label === "string" && other.label === args.label)
      failures.push({
        property: "label",
        reason: `label "${other.label}" is also subnets[${i}].label of the Vpc that vpcId names; labels must be unique in a VPC`,
      });
  }
  return failures;
}

/**
 * A subnet of a VPC: an RFC 1918 IPv4 range that compute instances use through their VPC
 * interfaces. Deleting it fails, naming the instances, while instances still use it.
 *
 * ## Example Usage
 *
 * ```typescript
 * import * as cloud from "pulumi-cloudplatform";
 *
 * const vpc = new cloud.Vpc("app", { label: "app-vpc", region: "us-east" });
 * const web = new cloud.VpcSubnet("web", { vpcId: vpc.vpcId, label: "web", ipv4: "10.0.1.0/24" });
 * export const gateway = web.gateway;
 * ```
 *
 * ## Adoption
 *
 * `pulumi import` does not work for dynamic resources. To manage an existing subnet, declare it
 * with its VPC's `vpcId` and `adoptId` set to the subnet id: the first `pulumi up` reads it, fails
 * if `ipv4` differs, and brings the label to the arguments.
 *
 * ```typescript
 * const db = new cloud.VpcSubnet("db", { vpcId: 1234, adoptId: 5678, label: "db", ipv4: "10.0.2.0/24" });
 * ```
 */
export class VpcSubnet extends pulumi.dynamic.Resource {
  /** Id of the VPC holding the subnet. */
  declare public readonly vpcId: pulumi.Output<number>;
  /** The subnet's numeric id (the same as `id`, as a number). */
  declare public readonly subnetId: pulumi.Output<number>;
  /** The subnet's label. */
  declare public readonly label: pulumi.Output<string>;
  /** The IPv4 range. */
  declare public readonly ipv4: pulumi.Output<string>;
  /** Default gateway of the subnet: the first host address of the range. */
  declare public readonly gateway: pulumi.Output<string>;
  /** Compute instances assigned to the subnet, with their interfaces, as of the last read. */
  declare public readonly computes: pulumi.Output<SubnetCompute[]>;

  constructor(name: string, args: VpcSubnetArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      storedProvider(lazy),
      name,
      {
        ...args,
        ...programFailuresInput(inlineCollisions(args)),
        ...urnInput("VpcSubnet", name, opts),
        ...outputKeys(SUBNET_FIELDS),
      },
      opts,
      TOKEN_MODULE,
      "VpcSubnet",
    );
    // Known during the preview of an update, like `id` (see idOutput).
    this.subnetId = idOutput(this, Number);
  }
}
