/**
 * IPv4 ranges for subnet and allow-list rules, on the `ipaddr.js` library. Addresses are carried
 * as unsigned 32-bit numbers so callers can sort them and step through a range.
 */
import ipaddr from "ipaddr.js";

/** A parsed CIDR range. */
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

/** Formats a number as a dotted quad. */
export function formatAddress(value: number): string {
  return toAddress(value).toString();
}

/** Parses `a.b.c.d/n`; undefined when malformed (the host bits are not checked here). */
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

/** Whether the host bits are all zero. */
export function isCanonical(cidr: Cidr): boolean {
  return canonical(cidr).base === cidr.base;
}

/** Whether two ranges share an address: the wider one holds the other's network. */
export function overlaps(a: Cidr, b: Cidr): boolean {
  return toAddress(a.base).match(toAddress(b.base), Math.min(a.prefix, b.prefix));
}

/** Whether `inner` lies wholly within `outer`. */
export function contains(outer: Cidr, inner: Cidr): boolean {
  return inner.prefix >= outer.prefix && toAddress(inner.base).match(toAddress(outer.base), outer.prefix);
}

/** The dotted mask of a prefix length. */
export function maskOf(prefix: number): string {
  return ipaddr.IPv4.subnetMaskFromPrefixLength(prefix).toString();
}

/** The first host address of a range: the subnet's gateway. */
export function firstHost(cidr: Cidr): string {
  return formatAddress(canonical(cidr).base + 1);
}

/** Writes a range back in canonical text. */
export function formatCidr(cidr: Cidr): string {
  return `${formatAddress(cidr.base)}/${cidr.prefix}`;
}
