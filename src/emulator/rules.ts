/** Field rules shared by the models; each returns a reason text, or undefined when the value is fine. */
import { canonical, contains, formatCidr, isCanonical, overlaps, parseCidr, type Cidr } from "../api/ipv4.js";

const NETWORK_LABEL = /^[A-Za-z0-9-]*$/;
const DATABASE_LABEL = /^[A-Za-z0-9._-]*$/;

/**
 * VPC and subnet labels: ASCII letters, digits and hyphens, no two hyphens in a row. The length the
 * model declares is the body schema's (schemas.ts).
 */
export function networkLabelProblem(label: string): string | undefined {
  if (!NETWORK_LABEL.test(label) || label.includes("--"))
    return "Must only use ASCII letters, numbers, and hyphens, without two hyphens in a row";
  return undefined;
}

/**
 * Database labels: letters, digits, `.`, `_`, `-` (the character set is our choice). The length
 * the model declares is the body schema's (schemas.ts).
 */
export function databaseLabelProblem(label: string): string | undefined {
  if (!DATABASE_LABEL.test(label)) return "Must only use ASCII letters, numbers, periods, underscores, and hyphens";
  return undefined;
}

const PRIVATE = ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"].map((c) => parseCidr(c) as Cidr);
const RESERVED = parseCidr("192.168.128.0/17") as Cidr;

/**
 * Checks a subnet range on its own: canonical CIDR, RFC 1918, prefix 1..29, clear of the reserved
 * 192.168.128.0/17. Overlap with siblings is checked by the caller.
 */
export function subnetRangeProblem(ipv4: string): string | undefined {
  const cidr = parseCidr(ipv4);
  if (!cidr) return "Must be an IPv4 range in CIDR notation, such as 10.0.0.0/24";
  if (cidr.prefix < 1 || cidr.prefix > 29) return "Prefix length must be between 1 and 29";
  if (!isCanonical(cidr) || formatCidr(cidr) !== ipv4)
    return `Must be in canonical form (host bits zero), such as ${formatCidr(canonical(cidr))}`;
  if (!PRIVATE.some((p) => contains(p, cidr)))
    return "Must be an RFC 1918 private range within 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16";
  if (overlaps(cidr, RESERVED)) return "Must not overlap the reserved range 192.168.128.0/17";
  return undefined;
}
