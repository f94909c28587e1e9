/**
 * The provider's own IPv4 helper for the subnet rules of `check`; the parsing it shares with the
 * emulator is the API floor's (src/api/ipv4.ts), which the provider's modules import directly.
 */
import { overlaps, parseCidr } from "../../api/ipv4.js";

/** Whether two valid CIDR ranges overlap. */
export function rangesOverlap(a: string, b: string): boolean {
  const ca = parseCidr(a);
  const cb = parseCidr(b);
  return ca !== undefined && cb !== undefined && overlaps(ca, cb);
}
