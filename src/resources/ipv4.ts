/**
 * IPv4 arithmetic for the subnet and allow-list rules of `check`. Kept apart from the emulator's
 * copy on purpose: the emulator stands alone, and the provider must not depend on it.
 */

/** A parsed CIDR range; `base` is the address as an unsigned 32-bit number. */
export interface Cidr {
  base: number;
  prefix: number;
}

const OCTET = /^(0|[1-9][0-9]{0,2})$/;

/** Parses a dotted quad written without leading zeros; undefined when malformed. */
export function parseAddress(text: string): number | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!OCTET.test(part)) return undefined;
    const n = Number(part);
    if (n > 255) return undefined;
    value = value * 256 + n;
  }
  return value;
}

/** Formats an unsigned 32-bit number as a dotted quad. */
export function formatAddress(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join(".");
}

/** Parses `a.b.c.d/n` (n 0..32); host bits are not checked here. */
export function parseCidr(text: string): Cidr | undefined {
  const match = /^([^/]+)\/(0|[1-9][0-9]?)$/.exec(text);
  if (!match) return undefined;
  const base = parseAddress(match[1]!);
  const prefix = Number(match[2]);
  if (base === undefined || prefix > 32) return undefined;
  return { base, prefix };
}

/** Number of addresses in the range. */
export function size(cidr: Cidr): number {
  return 2 ** (32 - cidr.prefix);
}

/** The range with its host bits cleared. */
export function canonical(cidr: Cidr): Cidr {
  return { base: cidr.base - (cidr.base % size(cidr)), prefix: cidr.prefix };
}

/** `a.b.c.d/n` text of a range. */
export function formatCidr(cidr: Cidr): string {
  return `${formatAddress(cidr.base)}/${cidr.prefix}`;
}

/** Whether `outer` contains all of `inner`. */
export function contains(outer: Cidr, inner: Cidr): boolean {
  return inner.base >= outer.base && inner.base + size(inner) <= outer.base + size(outer);
}

/** Whether two ranges share at least one address. */
export function overlaps(a: Cidr, b: Cidr): boolean {
  return a.base < b.base + size(b) && b.base < a.base + size(a);
}

/** The first host address of a range, which the API uses as the subnet's gateway. */
export function firstHost(cidr: Cidr): string {
  return formatAddress(canonical(cidr).base + 1);
}
