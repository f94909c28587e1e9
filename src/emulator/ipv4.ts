/**
 * The emulator's own IPv4 helpers; the parsing both sides share is the API floor's
 * (src/api/ipv4.ts), re-exported here so the emulator's modules import IPv4 from one place.
 */
import ipaddr from "ipaddr.js";
import { canonical, type Cidr } from "../api/ipv4.js";

/** The shared parsing (src/api/ipv4.ts). */
export {
  canonical,
  contains,
  firstHost,
  formatAddress,
  formatCidr,
  overlaps,
  parseAddress,
  parseCidr,
  size,
  type Cidr,
} from "../api/ipv4.js";

/** Whether the host bits are all zero. */
export function isCanonical(cidr: Cidr): boolean {
  return canonical(cidr).base === cidr.base;
}

/** The dotted mask of a prefix length. */
export function maskOf(prefix: number): string {
  return ipaddr.IPv4.subnetMaskFromPrefixLength(prefix).toString();
}
