/**
 * Names in the generated program: the Pulumi resource name (part of the URN, so it must be unique
 * per resource type and must not change between two imports of the same account) and the variable
 * that holds the resource (a valid identifier, unique in the file).
 */

/** The resource classes the program declares. */
export type ResourceClass = "Vpc" | "VpcSubnet" | "MysqlDatabase" | "PostgresqlDatabase" | "DatabaseSnapshot";

/** The names of one declaration. */
export interface Names {
  /** The variable, e.g. `appNetwork`. */
  identifier: string;
  /** The Pulumi resource name, e.g. `app-network`. */
  name: string;
}

/**
 * Words a variable may not take: reserved words in strict mode and in TypeScript, globals a
 * CommonJS module relies on, and the names the program itself uses.
 */
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "yield let static implements interface package private protected public await async of as any boolean number " +
    "string symbol type declare namespace module require exports undefined NaN Infinity eval arguments " +
    "__dirname __filename globalThis process console cloud pulumi inlineSubnetRange"
  ).split(" "),
);

/** What a variable is called after when its label gives nothing usable, or collides. */
const SUFFIX: Record<ResourceClass, string> = {
  Vpc: "Vpc",
  VpcSubnet: "Subnet",
  MysqlDatabase: "Db",
  PostgresqlDatabase: "Db",
  DatabaseSnapshot: "Snapshot",
};

/**
 * camelCase of a label: words split at anything but ASCII letters and digits, the first word
 * lower-cased at its start, the others capitalised. A result that starts with a digit is prefixed
 * (identifiers cannot), and an empty one takes `fallback`.
 */
export function identifierOf(label: string, fallback: string): string {
  const words = label.split(/[^A-Za-z0-9]+/).filter((w) => w !== "");
  const text = words
    .map((w, i) => (i === 0 ? w[0].toLowerCase() + w.slice(1) : w[0].toUpperCase() + w.slice(1)))
    .join("");
  if (text === "") return fallback;
  return /^[0-9]/.test(text) ? `${fallback}${text}` : text;
}

/**
 * Hands out names in declaration order. The order is stable (the reader sorts), so the same
 * account gives the same names on every run.
 */
export class Namer {
  private readonly identifiers = new Set<string>();
  private readonly names = new Map<ResourceClass, Set<string>>();

  /**
   * Names for a resource of `cls` whose name derives from `label` (already composed with its
   * parent's label for subnets and snapshots, whose labels are unique only within the parent).
   */
  claim(cls: ResourceClass, label: string): Names {
    const used = this.names.get(cls) ?? new Set<string>();
    this.names.set(cls, used);
    let name = label;
    for (let n = 2; used.has(name); n++) name = `${label}-${n}`;
    used.add(name);

    const fallback = SUFFIX[cls].toLowerCase();
    const base = identifierOf(name, fallback);
    const free = (id: string) => !RESERVED.has(id) && !this.identifiers.has(id);
    let identifier = base;
    if (!free(identifier)) identifier = `${base}${SUFFIX[cls]}`;
    for (let n = 2; !free(identifier); n++) identifier = `${base}${SUFFIX[cls]}${n}`;
    this.identifiers.add(identifier);
    return { identifier, name };
  }
}
