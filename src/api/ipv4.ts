/**
 * IPv4 addresses and CIDR ranges, on the `ipaddr.js` library: the parsing the contract's range
 * fields (a subnet's `ipv4`, a database's allow list) need on both sides of the wire. The emulator
 * and the provider import it from here, the lowest floor, so neither depends on the other. Addresses are carried as unsigned 32-bit numbers, so callers can
 * sort them and step through a range. An allow list of today's database platform holds IPv6
 * ranges too: {@link IpRange} carries either family.
 */
import ipaddr from "ipaddr.js";

/** A parsed CIDR range; `base` is the address as an unsigned 32-bit number. */
export interface Cidr {
  base: number;
  prefix: number;
}

function toNumber(address: ipaddr.IPv4): number {
  return Buffer.from(address.toByteArray()).readUInt32BE(0);
}

function toAddress(value: number): ipaddr.IPv4 {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return new ipaddr.IPv4([...bytes]);
}

/** Parses a dotted quad written canonically (no leading zeros); undefined when malformed. */
export function parseAddress(text: string): number | undefined {
  return ipaddr.IPv4.isValidFourPartDecimal(text) ? toNumber(ipaddr.IPv4.parse(text)) : undefined;
}

/** Formats an unsigned 32-bit number as a dotted quad. */
export function formatAddress(value: number): string {
  return toAddress(value).toString();
}

/** Parses `a.b.c.d/n` (n 0..32, no leading zeros); undefined when malformed (host bits are not checked here). */
export function parseCidr(text: string): Cidr | undefined {
  if (!ipaddr.IPv4.isValidCIDRFourPartDecimal(text)) return undefined;
  const [address, prefix] = ipaddr.IPv4.parseCIDR(text);
  // The library reads "/08" as 8; the canonical form has no leading zeros.
  if (!text.endsWith(`/${prefix}`)) return undefined;
  return { base: toNumber(address), prefix };
}

/** Number of addresses in the range. */
export function size(cidr: Cidr): number {
  return 2 ** (32 - cidr.prefix);
}

/** The range with its host bits cleared. */
export function canonical(cidr: Cidr): Cidr {
  return { base: toNumber(ipaddr.IPv4.networkAddressFromCIDR(formatCidr(cidr))), prefix: cidr.prefix };
}

/** `a.b.c.d/n` text of a range. */
export function formatCidr(cidr: Cidr): string {
  return `${formatAddress(cidr.base)}/${cidr.prefix}`;
}

/** Whether `outer` contains all of `inner`. */
export function contains(outer: Cidr, inner: Cidr): boolean {
  return inner.prefix >= outer.prefix && toAddress(inner.base).match(toAddress(outer.base), outer.prefix);
}

/** Whether two ranges share at least one address: the wider one holds the other's network. */
export function overlaps(a: Cidr, b: Cidr): boolean {
  return toAddress(a.base).match(toAddress(b.base), Math.min(a.prefix, b.prefix));
}

/** The first host address of a range, which the API uses as the subnet's gateway. */
export function firstHost(cidr: Cidr): string {
  return formatAddress(canonical(cidr).base + 1);
}

/** Whether the host bits are all zero. */
export function isCanonical(cidr: Cidr): boolean {
  return canonical(cidr).base === cidr.base;
}

/** The dotted mask of a prefix length. */
export function maskOf(prefix: number): string {
  return ipaddr.IPv4.subnetMaskFromPrefixLength(prefix).toString();
}

/** Whether two ranges, given as text, are both valid and overlap. */
export function rangesOverlap(a: string, b: string): boolean {
  const ca = parseCidr(a);
  const cb = parseCidr(b);
  return ca !== undefined && cb !== undefined && overlaps(ca, cb);
}

/** The block of `prefix` bits that holds `base`, as one map key. */
function blockKey(base: number, prefix: number): number {
  const size = 2 ** (32 - prefix);
  return (base - (base % size)) * 64 + prefix;
}

/**
 * Ranges in the order they were added, each with a value, and for a new range the first earlier
 * one it overlaps, in at most 33 map look-ups. Two CIDR ranges overlap exactly when one contains
 * the other, so a range overlaps an earlier one that equals one of its 33 enclosing blocks (itself
 * included), or lies inside it. A pairwise check is quadratic: 10,000 subnets took minutes. Both
 * the provider's inline-subnet rules and the emulator's subnet rules use it.
 */
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

/** An IP family an allow list may hold: the contract's platform takes IPv4 only, today's IPv6 too. */
export type IpFamily = 4 | 6;

/** A range of either family (a single address is its host range: `/32`, `/128`); `value` is the address as a number. */
export interface IpRange {
  family: IpFamily;
  value: bigint;
  prefix: number;
}

const BITS: Record<IpFamily, number> = { 4: 32, 6: 128 };

function bytesValue(bytes: number[]): bigint {
  return bytes.reduce((v, b) => (v << 8n) | BigInt(b), 0n);
}

function valueBytes(value: bigint, count: number): number[] {
  return Array.from({ length: count }, (_, i) => Number((value >> BigInt(8 * (count - 1 - i))) & 0xffn));
}

/** A canonical decimal prefix of `max` bits or fewer (no sign, no leading zeros); undefined otherwise. */
function prefixOf(text: string, max: number): number | undefined {
  if (!/^(0|[1-9][0-9]{0,2})$/.test(text)) return undefined;
  const n = Number(text);
  return n <= max ? n : undefined;
}

/** Parses an IPv6 address or `address/n` (n 0..128); no zone id (`%eth0`), which no range can hold. */
function parseIpv6Range(text: string): IpRange | undefined {
  const [address, prefix, ...rest] = text.split("/");
  if (rest.length > 0 || address === undefined || address.includes("%") || !ipaddr.IPv6.isValid(address))
    return undefined;
  const bits = prefix === undefined ? 128 : prefixOf(prefix, 128);
  if (bits === undefined) return undefined;
  return { family: 6, value: bytesValue(ipaddr.IPv6.parse(address).toByteArray()), prefix: bits };
}

/**
 * Parses an allow-list entry of the `families` given: an address (its host range) or a CIDR range,
 * IPv4 written canonically as {@link parseAddress} and {@link parseCidr} take it. Host bits are
 * not checked (the API keeps `10.0.0.1/24` as sent). Undefined when malformed or of another family.
 */
export function parseIpRange(text: string, families: readonly IpFamily[]): IpRange | undefined {
  if (families.includes(4)) {
    const address = parseAddress(text);
    const cidr = address !== undefined ? { base: address, prefix: 32 } : parseCidr(text);
    if (cidr) return { family: 4, value: BigInt(cidr.base), prefix: cidr.prefix };
  }
  return families.includes(6) ? parseIpv6Range(text) : undefined;
}

/** `address/n` text of a range; IPv6 in its shortest form (RFC 5952: `1234::5678/128`). */
export function formatIpRange(r: IpRange): string {
  if (r.family === 4) return `${formatAddress(Number(r.value))}/${r.prefix}`;
  return `${ipaddr.fromByteArray(valueBytes(r.value, 16)).toString()}/${r.prefix}`;
}

/** The range with its host bits cleared. */
export function canonicalIpRange(r: IpRange): IpRange {
  const host = BITS[r.family] - r.prefix;
  return { ...r, value: (r.value >> BigInt(host)) << BigInt(host) };
}

/** The API's order of an allow list: IPv4 before IPv6, then by address, then by prefix length. */
export function compareIpRanges(a: IpRange, b: IpRange): number {
  if (a.family !== b.family) return a.family - b.family;
  if (a.value !== b.value) return a.value < b.value ? -1 : 1;
  return a.prefix - b.prefix;
}

/** Ranges as the API stores an allow list: sorted ({@link compareIpRanges}), written out, duplicates collapsed. */
export function sortedIpRanges(ranges: readonly IpRange[]): string[] {
  return [...new Set([...ranges].sort(compareIpRanges).map(formatIpRange))];
}
