/**
 * IPv6 prefixes of today's dual-stack VPCs (todays-vpcs.md §1), on `ipaddr.js`: what a request's
 * `range` may be (a prefix length `/N`, `auto`, or a CIDR), whether an allocated prefix answers a
 * requested one (compared by meaning, as the official Terraform provider does), and whether one
 * prefix lies in another. The emulator allocates with these and a provider's preview judges with
 * the same ones.
 */
import ipaddr from "ipaddr.js";

/** A parsed IPv6 CIDR: the network address's 128 bits as a bigint, and its prefix length. */
export interface Cidr6 {
  readonly base: bigint;
  readonly prefix: number;
}

/** What a request's `range` asks for: any default prefix, a prefix length, or one CIDR. */
export type RangeRequest =
  | { readonly kind: "auto" }
  | { readonly kind: "length"; readonly prefix: number }
  | { readonly kind: "cidr"; readonly cidr: Cidr6 };

function toBigInt(address: ipaddr.IPv6): bigint {
  return address.toByteArray().reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);
}

function fromBigInt(value: bigint): ipaddr.IPv6 {
  const bytes: number[] = [];
  for (let i = 15; i >= 0; i--) bytes.push(Number((value >> BigInt(i * 8)) & 0xffn));
  return ipaddr.IPv6.parse(ipaddr.fromByteArray(bytes).toString()) as ipaddr.IPv6;
}

/** Parses `addr/n` (IPv6 only, n 0..128); undefined when malformed. Host bits are kept. */
export function parseCidr6(text: string): Cidr6 | undefined {
  if (!text.includes(":") || !ipaddr.IPv6.isValidCIDR(text)) return undefined;
  const [address, prefix] = ipaddr.IPv6.parseCIDR(text);
  if (!text.endsWith(`/${prefix}`)) return undefined;
  return { base: toBigInt(address as ipaddr.IPv6), prefix };
}

/** The compressed text of a prefix (`2600:3c00:e000::/52`). */
export function formatCidr6(cidr: Cidr6): string {
  return `${fromBigInt(cidr.base).toString()}/${cidr.prefix}`;
}

/** The prefix with its host bits cleared. */
export function network6(cidr: Cidr6): Cidr6 {
  const hostBits = BigInt(128 - cidr.prefix);
  return { base: (cidr.base >> hostBits) << hostBits, prefix: cidr.prefix };
}

/** Whether `outer` holds all of `inner`. */
export function contains6(outer: Cidr6, inner: Cidr6): boolean {
  if (inner.prefix < outer.prefix) return false;
  const hostBits = BigInt(128 - outer.prefix);
  return inner.base >> hostBits === outer.base >> hostBits;
}

/** Whether two prefixes share an address. */
export function overlaps6(a: Cidr6, b: Cidr6): boolean {
  return contains6(a, b) || contains6(b, a);
}

/** Reads a request's `range`: left out or `auto`, `/N`, or a CIDR; undefined when none of these. */
export function parseRangeRequest(range: string | undefined): RangeRequest | undefined {
  if (range === undefined || range === "auto") return { kind: "auto" };
  const length = /^\/(\d{1,3})$/.exec(range);
  if (length) {
    const prefix = Number(length[1]);
    return prefix <= 128 ? { kind: "length", prefix } : undefined;
  }
  const cidr = parseCidr6(range);
  return cidr ? { kind: "cidr", cidr } : undefined;
}

/** The prefix length a range request asks for: `auto`'s is `auto`, the caller's default. */
export function requestedPrefix(request: RangeRequest, auto: number): number {
  if (request.kind === "auto") return auto;
  return request.kind === "length" ? request.prefix : request.cidr.prefix;
}

/**
 * Whether an allocated prefix answers what a program asked for, by meaning (todays-vpcs.md §3.1,
 * TF's `LinodeAutoAllocRangeType`): `auto` or no range matches any prefix, `/N` any prefix of
 * length N, a CIDR the same network and length.
 */
export function rangeAnswers(requested: string | undefined, allocated: string): boolean {
  const asked = parseRangeRequest(requested);
  const got = parseCidr6(allocated);
  if (!asked || !got) return requested === allocated;
  if (asked.kind === "auto") return true;
  if (asked.kind === "length") return got.prefix === asked.prefix;
  return asked.cidr.prefix === got.prefix && network6(asked.cidr).base === network6(got).base;
}
