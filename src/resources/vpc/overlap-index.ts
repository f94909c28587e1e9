/**
 * Finds, for each range added in turn, the first earlier range it overlaps, in time linear in the
 * number of ranges (at most 33 map look-ups each). Two CIDR ranges overlap exactly when one
 * contains the other, so a range overlaps an earlier one when an earlier range equals one of its
 * 33 enclosing blocks (itself included), or lies inside it. A pairwise check is quadratic: 10,000
 * inline subnets took minutes, and held the plugin's only thread meanwhile.
 */
import type { Cidr } from "../../api/ipv4.js";

/** The block of `prefix` bits that holds `base`, as one map key. */
function blockKey(base: number, prefix: number): number {
  const size = 2 ** (32 - prefix);
  return (base - (base % size)) * 64 + prefix;
}

/** Ranges in the order they were added, each with a value (its index in a list, say). */
export class OverlapIndex<T> {
  /** Each range added, by its own block: the first one added. */
  private readonly exact = new Map<number, { order: number; value: T }>();
  /** Each block that holds a range added (the range's own included): the first range added inside it. */
  private readonly inside = new Map<number, { order: number; value: T }>();
  private count = 0;

  /** The value of the first range added that overlaps `cidr`, or undefined. */
  firstOverlap(cidr: Cidr): T | undefined {
    let best = this.inside.get(blockKey(cidr.base, cidr.prefix));
    for (let p = cidr.prefix - 1; p >= 0; p--) {
      const hit = this.exact.get(blockKey(cidr.base, p));
      if (hit !== undefined && (best === undefined || hit.order < best.order)) best = hit;
    }
    return best?.value;
  }

  /** Adds `cidr` with its value. */
  add(cidr: Cidr, value: T): void {
    const entry = { order: this.count++, value };
    const own = blockKey(cidr.base, cidr.prefix);
    if (!this.exact.has(own)) this.exact.set(own, entry);
    // Blocks above an already recorded one are recorded too, and with an earlier range: stop there.
    for (let p = cidr.prefix; p >= 0; p--) {
      const key = blockKey(cidr.base, p);
      if (this.inside.has(key)) break;
      this.inside.set(key, entry);
    }
  }
}
