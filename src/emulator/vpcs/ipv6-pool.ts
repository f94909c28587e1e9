/**
 * IPv6 allocation for dual-stack VPCs: each region hands out VPC prefixes (/52 by default, /48
 * or /44 where offered) from a /32 pool of its own, and a VPC hands out its subnets' ranges
 * (/52../62) from its prefix, each the first free one in order. The pools' addresses are the
 * emulator's choice (UNVERIFIED: the real API's come from Akamai's space; recordings sanitise them).
 */
import { contains6, formatCidr6, overlaps6, parseCidr6, type Cidr6 } from "../../api/index.js";

/** The first /32 of the pools: `2600:3c00::/32`; a region's is this one plus a number of its id. */
const POOL_BASE = 0x26003c00n;

/** A region's /32: the same region always gets the same pool. */
export function regionPool(regionId: string): Cidr6 {
  let hash = 0;
  for (const ch of regionId) hash = (hash * 31 + ch.charCodeAt(0)) & 0xff;
  return { base: (POOL_BASE + BigInt(hash)) << 96n, prefix: 32 };
}

/**
 * The first range of `prefix` inside `outer` that overlaps none of `taken`; undefined when the
 * outer range is full.
 */
export function firstFree(outer: Cidr6, prefix: number, taken: readonly Cidr6[]): Cidr6 | undefined {
  if (prefix < outer.prefix) return undefined;
  const step = 1n << BigInt(128 - prefix);
  const count = 1n << BigInt(prefix - outer.prefix);
  const inside = taken.filter((t) => overlaps6(t, outer)).sort((a, b) => (a.base < b.base ? -1 : 1));
  let candidate = outer.base;
  for (let i = 0n; i < count; i++) {
    const range = { base: candidate, prefix };
    const clash = inside.find((t) => overlaps6(t, range));
    if (!clash) return range;
    // Jump past the clashing range rather than one step, so a full stretch is crossed at once.
    const clashEnd = clash.base + (1n << BigInt(128 - clash.prefix));
    const next = ((clashEnd + step - 1n) / step) * step;
    i += (next - candidate) / step - 1n;
    candidate = next;
    if (!contains6(outer, { base: candidate, prefix })) return undefined;
  }
  return undefined;
}

/** The parsed ranges of answers' `[{range}]` lists (records' `ipv6`). */
export function rangesOf(lists: readonly (readonly { range?: string }[] | null | undefined)[]): Cidr6[] {
  return lists.flatMap((l) => (l ?? []).flatMap((e) => (e.range ? [parseCidr6(e.range)].filter((c) => !!c) : [])));
}

/** The text of an allocated range, as answers carry it. */
export function rangeText(cidr: Cidr6): string {
  return formatCidr6(cidr);
}
