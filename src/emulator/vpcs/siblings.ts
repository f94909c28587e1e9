/**
 * The subnets of one VPC as the label and range rules look them up: by label, and by the first
 * range a new one overlaps (OverlapIndex, src/api/ipv4.ts), in constant time each, so a VPC
 * created with thousands of subnets is checked in linear time rather than pair by pair.
 */
import { OverlapIndex, parseCidr } from "../../api/ipv4.js";
import type { Answer, SUBNET } from "../../api/index.js";
import { subnetRangeProblem } from "../rules.js";
import type { SUBNET_KEYS as KEYS } from "../model-names.js";

/** A subnet as the rules compare it: its label, and its IPv4 range (none on an IPv6-only subnet). */
type Sibling = Pick<Answer<typeof SUBNET>, typeof KEYS.label> & Partial<Pick<Answer<typeof SUBNET>, typeof KEYS.ipv4>>;

/** Subnets already in a VPC (or earlier in one create request), in order. */
export class Siblings {
  private readonly labels = new Set<string>();
  private readonly ranges = new OverlapIndex<string>();

  /** The siblings `subnets` make, in their order. */
  static of(subnets: readonly Sibling[]): Siblings {
    const siblings = new Siblings();
    for (const s of subnets) siblings.add(s);
    return siblings;
  }

  /** Whether a sibling has `label`. */
  hasLabel(label: string): boolean {
    return this.labels.has(label);
  }

  /** The range of the first sibling whose (valid) range overlaps the valid range `ipv4`. */
  firstOverlap(ipv4: string): string | undefined {
    const cidr = parseCidr(ipv4);
    return cidr === undefined ? undefined : this.ranges.firstOverlap(cidr);
  }

  /** Adds a subnet; its range counts only when valid, as the rules compare valid ranges only. */
  add(subnet: Sibling): void {
    this.labels.add(subnet.label);
    if (!subnet.ipv4) return;
    const cidr = subnetRangeProblem(subnet.ipv4) === undefined ? parseCidr(subnet.ipv4) : undefined;
    if (cidr !== undefined) this.ranges.add(cidr, subnet.ipv4);
  }
}
