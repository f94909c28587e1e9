/**
 * The inline subnets of a `Vpc`: their rules (each like a `VpcSubnet`, none overlapping or sharing
 * a label), which of the VPC's subnets the resource manages, and bringing those to the arguments.
 */
import type { Subnet, Vpc as ApiVpc } from "../../client/index.js";
import { client } from "../../shared/context.js";
import type { FieldCheck } from "../../shared/fields.js";
import { createSubnet, deleteSubnet } from "../../shared/network.js";
import {
  hasUnknown,
  networkLabelRule,
  rangesOverlap,
  Rules,
  subnetRangeRule,
  UNKNOWN,
  type Bag,
} from "../../shared/validate.js";
import type { VpcInlineSubnet } from "../types.js";

/** An inline subnet as the provider receives it once its values are known. */
export type SubnetRange = Omit<VpcInlineSubnet, "id">;

/** The VPC's subnets that the resource manages: those whose range the inputs list. */
export function managedSubnets(vpc: ApiVpc, wanted: readonly { ipv4: string }[]): Subnet[] {
  return vpc.subnets.filter((s) => wanted.some((w) => w.ipv4 === s.ipv4));
}

/** Inline subnets: each checked like a `VpcSubnet`, and no two overlapping or sharing a label. */
export const inlineSubnets: FieldCheck = (rules, news) => {
  const subnets = news.subnets;
  if (subnets === undefined || subnets === null || (hasUnknown(subnets) && !Array.isArray(subnets))) return;
  if (!Array.isArray(subnets)) {
    rules.fail("subnets", "subnets must be a list of {label, ipv4}");
    return;
  }
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
        rules.fail(`subnets[${b.i}].ipv4`, `subnets[${b.i}].ipv4 ${b.ipv4} overlaps subnets[${a.i}].ipv4 ${a.ipv4}`);
      if (a.label !== undefined && a.label === b.label)
        rules.fail(
          `subnets[${b.i}].label`,
          `subnets[${b.i}].label "${b.label}" is also used by subnets[${a.i}]; labels must be unique in a VPC`,
        );
    }),
  );
};

export function wantedSubnets(inputs: Bag): SubnetRange[] {
  return ((inputs.subnets as SubnetRange[] | undefined) ?? []).map((s) => ({ label: s.label, ipv4: s.ipv4 }));
}

/**
 * Brings a VPC's managed subnets to `wanted`: removes ranges no longer listed, relabels, adds new
 * ones. Removal comes first so that freed labels and ranges can be reused.
 */
export async function reconcileSubnets(
  vpcId: number,
  current: readonly VpcInlineSubnet[],
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
