/**
 * The input rules of VPCs and their subnets beyond what the API model declares (a label's
 * characters, a subnet range), which the VPC's and the subnet's field tables name. The lengths
 * the model declares are checked from it (checkFields).
 */
import { canonical, contains, formatCidr, overlaps, parseCidr, type Cidr } from "../../api/ipv4.js";

/** VPC and subnet labels: ASCII letters, digits and hyphens, no two hyphens in a row. */
export function networkLabelRule(label: string): string | undefined {
  if (!/^[A-Za-z0-9-]*$/.test(label)) return "may only contain ASCII letters, digits and hyphens";
  if (label.includes("--")) return "must not contain two hyphens in a row";
  return undefined;
}

const PRIVATE = ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"].map((c) => parseCidr(c) as Cidr);
const RESERVED = parseCidr("192.168.128.0/17") as Cidr;

/**
 * Subnet range on its own: canonical CIDR (host bits zero), prefix 1..29, inside one RFC 1918
 * block and clear of the reserved 192.168.128.0/17.
 */
export function subnetRangeRule(ipv4: string): string | undefined {
  const cidr = parseCidr(ipv4);
  if (!cidr) return `must be an IPv4 range in CIDR notation such as 10.0.0.0/24 (got "${ipv4}")`;
  if (cidr.prefix < 1 || cidr.prefix > 29) return `must have a prefix length from 1 to 29 (got /${cidr.prefix})`;
  const canon = formatCidr(canonical(cidr));
  if (canon !== ipv4) return `must be in canonical form with the host bits zero: ${canon} instead of ${ipv4}`;
  if (!PRIVATE.some((p) => contains(p, cidr)))
    return `must be an RFC 1918 private range inside 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16 (got ${ipv4})`;
  if (overlaps(cidr, RESERVED)) return `must not overlap the reserved range 192.168.128.0/17 (got ${ipv4})`;
  return undefined;
}
