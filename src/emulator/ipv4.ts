/** IPv4 arithmetic for subnet and allow-list rules, on unsigned 32-bit numbers. */

/** A parsed CIDR range. */
export interface Cidr {
  base: number;
  prefix: number;
}

const OCTET = /^(0|[1-9][0-9]{0,2})$/;

/** Parses a dotted quad written canonically (no leading zeros); undefined when malformed. */
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

/** Formats a number as a dotted quad. */
export function formatAddress(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join(".");
}

/** Parses `a.b.c.d/n`; undefined when malformed (the host bits are not checked here). */
export function parseCidr(text: string): Cidr | undefined {
  const match = /^([^/]+)\/(0|[1-9][0-9]?)$/.exec(text);
  if (!match) return undefined;
  const base = parseAddress(match[1]);
  const prefix = Number(match[2]);
  if (base === undefined || prefix > 32) return undefined;
  return { base, prefix };
}

/** Number of addresses in the range. */
export function size(cidr: Cidr): number {
  return 2 ** (32 - cidr.prefix);
}

/** Whether the host bits are all zero. */
export function isCanonical(cidr: Cidr): boolean {
  return cidr.base % size(cidr) === 0;
}

/** Whether two ranges share an address. */
export function overlaps(a: Cidr, b: Cidr): boolean {
  return a.base < b.base + size(b) && b.base < a.base + size(a);
}

/** Whether `inner` lies wholly within `outer`. */
export function contains(outer: Cidr, inner: Cidr): boolean {
  return inner.base >= outer.base && inner.base + size(inner) <= outer.base + size(outer);
}

/** The dotted mask of a prefix length. */
export function maskOf(prefix: number): string {
  return formatAddress(2 ** 32 - 2 ** (32 - prefix));
}

/** Writes a range back in canonical text. */
export function formatCidr(cidr: Cidr): string {
  return `${formatAddress(cidr.base)}/${cidr.prefix}`;
}
