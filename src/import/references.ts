/**
 * Relating objects: where a value of one object is another adopted object's output, the program
 * says so instead of repeating the literal, so that the engine orders the resources and a later
 * change of the referenced object follows through.
 */
import type { SUBNET_FIELDS } from "../resources/vpc/fields.js";

/** A value in the generated program: a literal, a list, an object, or another resource's output. */
export type Expr =
  | { kind: "literal"; value: string | number | boolean }
  | { kind: "array"; items: Expr[] }
  | { kind: "object"; entries: [string, Expr][] }
  /** `<identifier>.<property>`, e.g. `appNetwork.vpcId`. */
  | { kind: "output"; identifier: string; property: string }
  /** The range of an inline subnet of a VPC, looked up by label in the `Vpc`'s `subnets` output. */
  | { kind: "inlineRange"; identifier: string; label: string };

/** A literal value. */
export function literal(value: string | number | boolean): Expr {
  return { kind: "literal", value };
}

/** A subnet's output of its range, as its field table names it. */
const SUBNET_IPV4: keyof typeof SUBNET_FIELDS = "ipv4";

/** A subnet the program adopts, as allow lists may name it. */
export interface ManagedRange {
  ipv4: string;
  /** The `VpcSubnet`'s variable, for the `resources` style. */
  subnet?: string;
  /** The `Vpc`'s variable and the subnet's label, for the `inline` style. */
  vpc?: { identifier: string; label: string };
}

/**
 * The ranges of the subnets the program adopts. A range found in more than one adopted VPC (VPCs
 * may overlap each other) names no single subnet, so it stays a literal.
 */
export class RangeIndex {
  private readonly byRange = new Map<string, ManagedRange[]>();

  /** Records a subnet the program declares. */
  add(range: ManagedRange): void {
    this.byRange.set(range.ipv4, [...(this.byRange.get(range.ipv4) ?? []), range]);
  }

  /**
   * The allow-list entry as the program writes it: the subnet's output when exactly one adopted
   * subnet has that range, else the literal. `ambiguous` hears of ranges held by several.
   */
  allowListEntry(entry: string, ambiguous?: (entry: string) => void): Expr {
    const found = this.byRange.get(entry) ?? [];
    if (found.length > 1) ambiguous?.(entry);
    if (found.length !== 1) return literal(entry);
    const [range] = found;
    if (range.subnet !== undefined) return { kind: "output", identifier: range.subnet, property: SUBNET_IPV4 };
    return { kind: "inlineRange", identifier: range.vpc!.identifier, label: range.vpc!.label };
  }
}
