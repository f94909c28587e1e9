/**
 * The inline subnets of a `Vpc`: their rules (each like a `VpcSubnet`, none overlapping or sharing
 * a label), which of the VPC's subnets the resource manages, and bringing those to the arguments.
 */
import type { Subnet, Vpc as ApiVpc } from "../../client/index.js";
import { client } from "../../shared/runtime/context.js";
import type { FieldCheck } from "../../shared/fields/table.js";
import { createSubnet, deleteSubnet } from "./network.js";
import { fieldProblems, INLINE_SUBNET, SUBNET, wireKeys, type CreateBody } from "../../api/index.js";
import { OverlapIndex, parseCidr } from "../../api/ipv4.js";
import { hasUnknown, Rules, UNKNOWN, type InputBag, type Unchecked } from "../../shared/fields/validate.js";
import { networkLabelRule, subnetRangeRule } from "./rules.js";
import { subnetIpv6Rule } from "./ipv6-rules.js";
import type { SubnetIpv6, VpcInlineSubnet, VpcSubnetSpec } from "../types.js";
import type { VpcArgs } from "./args.js";
import { SUBNET_INPUTS, VPC_INPUTS } from "./fields.js";
import { ipv6Answers } from "./inline-subnet-match.js";

/**
 * An inline subnet as the provider receives it once its values are known: a VPC create's subnet
 * (`ipv6` sent only where the program gives it), always with an IPv4 range.
 */
export type SubnetRange = CreateBody<typeof INLINE_SUBNET> & { ipv4: string };

/** An inline subnet checked so far: its place in the list, its range and, when valid, its label. */
type Known = { i: number; ipv4: string } & Partial<SubnetRange>;

/** The VPC's subnets that the resource manages: those whose range the inputs list. */
export function managedSubnets(vpc: ApiVpc, wanted: readonly { ipv4: string }[]): Subnet[] {
  const ranges = new Set(wanted.map((w) => w.ipv4));
  return vpc.subnets.filter((s) => s.ipv4 !== null && ranges.has(s.ipv4));
}

/** Inline subnets: each checked like a `VpcSubnet`, and no two overlapping or sharing a label. */
export const inlineSubnets: FieldCheck = (rules, news: InputBag<VpcArgs>) => {
  const subnets = news.subnets;
  if (subnets === undefined || subnets === null || (hasUnknown(subnets) && !Array.isArray(subnets))) return;
  if (!Array.isArray(subnets)) {
    rules.fail(VPC_INPUTS.subnets, "subnets must be a list of {label, ipv4}");
    return;
  }
  const known: Known[] = [];
  subnets.forEach((raw, i) => {
    if (raw === UNKNOWN) return;
    if (raw === null || typeof raw !== "object") {
      rules.fail(`subnets[${i}]`, `subnets[${i}] must be an object {label, ipv4}`);
      return;
    }
    const item = raw as InputBag<VpcSubnetSpec>;
    for (const k of Object.keys(item))
      if (!Object.hasOwn(INLINE_SUBNET.fields, k))
        rules.fail(`subnets[${i}].${k}`, `subnets[${i}].${k} is not known; use label, ipv4 and ipv6`);
    inlineIpv6(rules, item.ipv6, `subnets[${i}].ipv6`);
    const sub = new Rules();
    // The label's declared rules (the API's POST /vpcs judges `subnets[i].label` by them), then its characters.
    const declared = hasUnknown(item.label)
      ? []
      : fieldProblems(wireKeys(SUBNET).label, SUBNET.fields.label, item.label ?? undefined);
    for (const p of declared) sub.fail(p.field, `${p.field}: ${p.reason}`);
    const label = declared.length ? undefined : sub.string(item, SUBNET_INPUTS.label, true, networkLabelRule);
    const ipv4 = sub.string(item, SUBNET_INPUTS.ipv4, true, subnetRangeRule);
    for (const f of sub.failures) rules.fail(`subnets[${i}].${f.property}`, `subnets[${i}].${f.reason}`);
    if (ipv4 !== undefined) known.push({ i, ipv4, ...(label !== undefined ? { label } : {}) });
  });
  // Each subnet against the first earlier one it clashes with, in linear time (see OverlapIndex).
  const ranges = new OverlapIndex<{ i: number; ipv4: string }>();
  const labels = new Map<string, number>();
  for (const b of known) {
    const cidr = parseCidr(b.ipv4)!;
    const a = ranges.firstOverlap(cidr);
    if (a !== undefined)
      rules.fail(`subnets[${b.i}].ipv4`, `subnets[${b.i}].ipv4 ${b.ipv4} overlaps subnets[${a.i}].ipv4 ${a.ipv4}`);
    ranges.add(cidr, b);
    if (b.label === undefined) continue;
    const first = labels.get(b.label);
    if (first !== undefined)
      rules.fail(
        `subnets[${b.i}].label`,
        `subnets[${b.i}].label "${b.label}" is also used by subnets[${first}]; labels must be unique in a VPC`,
      );
    else labels.set(b.label, b.i);
  }
};

/** An inline subnet's `ipv6`: at most one `{range}`, its range `auto`, `/52`..`/62` or a CIDR. */
function inlineIpv6(rules: Rules, value: unknown, at: string): void {
  if (value === undefined || value === null || hasUnknown(value)) return;
  if (!Array.isArray(value) || value.length > 1 || value.some((e) => e === null || typeof e !== "object"))
    return rules.fail(at, `${at} must be a list of at most one {range}`);
  for (const e of value as Unchecked<SubnetIpv6>[]) {
    const reason = typeof e.range === "string" ? subnetIpv6Rule(e.range) : undefined;
    if (reason) rules.fail(`${at}[0].range`, `${at}[0].range: ${reason}`);
  }
}

/** The inline subnets the inputs list, as a create sends them: `ipv6` only where given. */
export function wantedSubnets(inputs: InputBag<VpcArgs>): SubnetRange[] {
  return ((inputs.subnets as SubnetRange[] | undefined) ?? []).map((s) => ({
    label: s.label,
    ipv4: s.ipv4,
    ...(s.ipv6 ? { ipv6: s.ipv6.map((r) => (typeof r.range === "string" ? { range: r.range } : {})) } : {}),
  }));
}

/**
 * Brings a VPC's managed subnets to `wanted`: removes ranges no longer listed (or listed with
 * another IPv6 range), relabels, adds new ones. Removal comes first so that freed labels and
 * ranges can be reused.
 */
export async function reconcileSubnets(
  vpcId: number,
  current: readonly VpcInlineSubnet[],
  wanted: readonly SubnetRange[],
  deleteTimeoutMs: number,
): Promise<void> {
  const api = client().subnets;
  // Looked up by range and label, so thousands of subnets are reconciled without pairwise scans.
  const wantedByRange = new Map(wanted.map((w) => [w.ipv4, w]));
  // A subnet's ranges are made with it: one no longer listed, or whose IPv6 range no longer
  // answers the program's, is deleted (first, freeing its range) and made again below.
  const kept = current.filter((c) => {
    const w = wantedByRange.get(c.ipv4);
    return w !== undefined && ipv6Answers(c.ipv6, w.ipv6);
  });
  const byRange = new Map(kept.map((c) => [c.ipv4, c]));
  for (const old of current) {
    if (!byRange.has(old.ipv4)) await deleteSubnet(vpcId, old.id, deleteTimeoutMs);
  }
  const relabels = wanted.flatMap((w) => {
    const old = byRange.get(w.ipv4);
    return old && old.label !== w.label ? [{ id: old.id, label: w.label }] : [];
  });
  // Labels are unique in a VPC: when one subnet takes a label another still holds (a swap), every
  // relabelled subnet first steps aside under a temporary label made of its unique id.
  const keptLabels = new Map(kept.map((c) => [c.label, c.id]));
  if (relabels.some((r) => keptLabels.has(r.label) && keptLabels.get(r.label) !== r.id))
    for (const r of relabels) await api.update(vpcId, r.id, { label: `relabel-${r.id}` });
  for (const r of relabels) await api.update(vpcId, r.id, { label: r.label });
  for (const w of wanted) {
    if (!byRange.has(w.ipv4)) await createSubnet(vpcId, w);
  }
}
