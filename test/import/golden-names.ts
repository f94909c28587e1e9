/**
 * How the importer's golden files name the seeded objects' ids: a seeded id changes from run to
 * run, so the recording writes it as a name (`APP`), but only where the program holds an id (an
 * input of type `id` in the resources' tables, and the ids inside a snapshot's `adoptId`). Any other
 * number that happens to equal a seeded id (a default of 100) stays the number it is.
 */
import { DATABASE_FIELDS } from "../../src/resources/managed-database/fields.js";
import { SNAPSHOT_FIELDS } from "../../src/resources/database-snapshot/fields.js";
import { SUBNET_FIELDS, VPC_FIELDS } from "../../src/resources/vpc/fields.js";

/** The input keys whose values are ids (`adoptId`, `vpcId`, `instanceId`), read from the tables. */
export const ID_KEYS: readonly string[] = [
  ...new Set(
    [VPC_FIELDS, SUBNET_FIELDS, DATABASE_FIELDS, SNAPSHOT_FIELDS].flatMap((table) =>
      Object.entries(table as Record<string, { type: unknown }>)
        .filter(([, f]) => f.type === "id")
        .map(([k]) => k),
    ),
  ),
].sort();

/**
 * `program` with each id in an id-valued position written as its name from `ids`: `key: 123` for
 * a key of {@link ID_KEYS}, and the instance id of a snapshot's `adoptId: "mysql/123/456"` (its
 * backup id as `BACKUP`).
 */
export function nameIds(program: string, ids: readonly (readonly [number, string])[]): string {
  const names = new Map(ids.map(([id, name]) => [String(id), name]));
  const named = (id: string): string => names.get(id) ?? id;
  const keyed = new RegExp(`\\b(${ID_KEYS.join("|")}): (\\d+)\\b`, "g");
  return program
    .replace(/adoptId: "(mysql|postgresql)\/(\d+)\/\d+"/g, (_, engine: string, id: string) => {
      return `adoptId: "${engine}/${named(id)}/BACKUP"`;
    })
    .replace(keyed, (_, key: string, id: string) => `${key}: ${named(id)}`);
}

/**
 * A golden file as a program again: each name {@link nameIds} wrote becomes a number (the same name
 * the same number, `BACKUP` included), so the file type-checks as the program it was recorded from.
 */
export function numberIds(golden: string): string {
  const numbers = new Map<string, number>();
  const numbered = (name: string): string => {
    if (/^\d+$/.test(name)) return name;
    if (!numbers.has(name)) numbers.set(name, 1000 + numbers.size);
    return String(numbers.get(name));
  };
  const keyed = new RegExp(`\\b(${ID_KEYS.join("|")}): ([A-Z][A-Z0-9_]*)\\b`, "g");
  return golden
    .replace(/adoptId: "(mysql|postgresql)\/(\w+)\/(\w+)"/g, (_, engine: string, id: string, backup: string) => {
      return `adoptId: "${engine}/${numbered(id)}/${numbered(backup)}"`;
    })
    .replace(keyed, (_, key: string, name: string) => `${key}: ${numbered(name)}`);
}
