/**
 * Whether an object of the account is selected by the `--region`, `--label` and `--kind` filters,
 * and if not, the reason the summary gives.
 */
import { IMPORT_KINDS, type ImportFilters, type ImportKind } from "./options.js";

/**
 * Turns a label pattern into a regular expression matching the whole label. Only `*` and `?` are
 * special, so that the other characters labels may hold (`.`, `-`, `_`) are taken literally.
 */
export function labelPattern(pattern: string): RegExp {
  const body = [...pattern]
    .map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")))
    .join("");
  return new RegExp(`^${body}$`);
}

/** The filters in force, compiled once. */
export class Selection {
  private readonly patterns: RegExp[] | undefined;

  constructor(private readonly filters: ImportFilters = {}) {
    this.patterns = filters.labels?.map(labelPattern);
  }

  /** The kinds to read, in declaration order. */
  kinds(): ImportKind[] {
    const wanted = this.filters.kinds;
    return IMPORT_KINDS.filter((k) => wanted === undefined || wanted.includes(k));
  }

  /** Why an object with this region and label is left out, or undefined when it is selected. */
  rejects(region: string, label: string): string | undefined {
    const regions = this.filters.regions;
    if (regions !== undefined && !regions.includes(region))
      return `its region ${region} is not selected (--region ${regions.join(",")})`;
    if (this.patterns !== undefined && !this.patterns.some((p) => p.test(label)))
      return `its label does not match --label ${this.filters.labels!.join(",")}`;
    return undefined;
  }

  /** The filters as command line options, for the program's header (stable order, no secrets). */
  describe(): string[] {
    const parts: string[] = [];
    if (this.filters.regions) parts.push(`--region ${this.filters.regions.join(",")}`);
    if (this.filters.labels) parts.push(`--label ${this.filters.labels.join(",")}`);
    if (this.filters.kinds) parts.push(`--kind ${this.kinds().join(",")}`);
    return parts;
  }
}
