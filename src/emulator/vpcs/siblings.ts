/**
 * The subnets of one VPC as the label and range rules look them up: by label, and by the first
 * range a new one overlaps, in constant time each, so a VPC created with thousands of subnets is
 * checked in linear time rather than pair by pair. Two CIDR ranges overlap exactly when one holds
 * the other: a new range overlaps an earlier one that equals one of its enclosing blocks, or lies
 * inside its own block.
 */
import { parseCidr } from "../../api/ipv4.js";
import { subnetRangeProblem } from "../rules.js";

interface Entry {
  order: number;
  ipv4: string;
}

/** The block of `prefix` bits holding `base`, as one map key. */
function blockKey(base: number, prefix: number): number {
  const size = 2 ** (32 - prefix);
  return (base - (base % size)) * 64 + prefix;
}

/** Subnets already in a VPC (or earlier in one create request), in order. */
export class Siblings {
  private readonly labels = new Set<string>();
  private readonly exact = new Map<number, Entry>();
  private readonly inside = new Map<number, Entry>();
  private count = 0;

  /** The siblings `subnets` make, in their order. */
  static of(subnets: readonly { label: string; ipv4: string }[]): Siblings {
    const siblings = new Siblings();
    for (const s of subnets) siblings.add(s);
    return siblings;
  }

  /** Whether a sibling has `label`. */
  hasLabel(label: string): boolean {
    return this.labels.has(label);
  }

  /** The range of the first sibling whose (valid) range overlaps the valid range `ipv4`. */
  firstOverlap(ipv4: string): string | undefined {
    const cidr = parseCidr(ipv4);
    if (cidr === undefined) return undefined;
    let best = this.inside.get(blockKey(cidr.base, cidr.prefix));
    for (let p = cidr.prefix - 1; p >= 0; p--) {
      const hit = this.exact.get(blockKey(cidr.base, p));
      if (hit !== undefined && (best === undefined || hit.order < best.order)) best = hit;
    }
    return best?.ipv4;
  }

  /** Adds a subnet; its range counts only when valid, as the rules compare valid ranges only. */
  add(subnet: { label: string; ipv4: string }): void {
    this.labels.add(subnet.label);
    const cidr = subnetRangeProblem(subnet.ipv4) === undefined ? parseCidr(subnet.ipv4) : undefined;
    if (cidr === undefined) return;
    const entry = { order: this.count++, ipv4: subnet.ipv4 };
    const own = blockKey(cidr.base, cidr.prefix);
    if (!this.exact.has(own)) this.exact.set(own, entry);
    // Blocks above one already recorded are recorded too, with an earlier subnet: stop there.
    for (let p = cidr.prefix; p >= 0; p--) {
      const key = blockKey(cidr.base, p);
      if (this.inside.has(key)) break;
      this.inside.set(key, entry);
    }
  }
}
