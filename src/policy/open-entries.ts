/**
 * Which allow-list entries admit every address. The contract, of a managed database's allow list:
 * "`0.0.0.0/0` permits all addresses". Any range with prefix length 0 does the same, in either
 * address family (`::/0` too, should the API ever take IPv6), and so do IPv4 ranges that together cover the whole
 * address space (`0.0.0.0/1` with `128.0.0.0/1`). Entries that are not known yet are not judged.
 */
import ipaddr from "ipaddr.js";
import { canonical, parseAddress, parseCidr, size, type Cidr } from "../api/ipv4.js";

/** What makes a list open: one entry, or entries that only together cover everything. */
export interface OpenEntries {
  /** The entries, as the program wrote them. */
  entries: string[];
  /** True when no single entry is open but together they admit every IPv4 address. */
  together: boolean;
}

/** Whether `entry` is a range of prefix length 0 in either address family. */
function isPrefixZero(entry: string): boolean {
  try {
    return ipaddr.parseCIDR(entry.trim())[1] === 0;
  } catch {
    return false;
  }
}

/** An IPv4 entry as the range it admits (a lone address is a /32); undefined when not IPv4. */
function ipv4Range(entry: string): Cidr | undefined {
  const text = entry.trim();
  const address = parseAddress(text);
  const cidr = address !== undefined ? { base: address, prefix: 32 } : parseCidr(text);
  return cidr && canonical(cidr);
}

/** Whether the ranges together cover every IPv4 address. */
function coverAll(ranges: Cidr[]): boolean {
  const sorted = [...ranges].sort((a, b) => a.base - b.base);
  let next = 0;
  for (const r of sorted) {
    if (r.base > next) return false;
    next = Math.max(next, r.base + size(r));
  }
  return next >= 2 ** 32;
}

/** The entries of `entries` (the known ones) that admit every address, or undefined when none do. */
export function openEntries(entries: readonly string[]): OpenEntries | undefined {
  const single = entries.filter(isPrefixZero);
  if (single.length > 0) return { entries: single, together: false };
  const v4 = entries.map((e) => ({ entry: e, range: ipv4Range(e) })).filter((e) => e.range !== undefined);
  if (!coverAll(v4.map((e) => e.range!))) return undefined;
  // Single addresses cannot add up to everything: the ranges are what opens the list.
  return { entries: v4.filter((e) => e.range!.prefix < 32).map((e) => e.entry), together: true };
}
