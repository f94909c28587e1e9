/**
 * Result rows read from the API model (src/api): a row's name is its field's wire name in
 * camelCase, its type and its null for a missing value come from the field's declaration, so a
 * look-up's result lists only what the model cannot say, each row's description.
 */
import type { Answer, ApiField, Entity } from "../api/index.js";
import type { Field, FieldTable, FieldType } from "../shared/fields/table.js";

/** `total_disk_size_gb` as `totalDiskSizeGb`, `nat_1_1` as `nat11`. */
export type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;

/** An entity's answer with camelCase keys: the result object a look-up returns for it. */
export type CamelAnswer<E extends Entity> = { [K in keyof Answer<E> & string as Camel<K>]: Answer<E>[K] };

/** The camelCase name of a wire name. */
export function camel(wire: string): string {
  return wire.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** The result type of a field's wire type; a list or object of another entity needs a row of its own. */
function resultType(field: ApiField, wire: string): FieldType {
  const t = field.type;
  if (t === "integer" || t === "boolean") return t;
  if (t === "string" || t === "date-time") return "string";
  if (t === "strings") return { array: "string" };
  throw new Error(`${wire}: a field of another entity takes a row written for it`);
}

/** One result row read from `entity`'s field `wire`: a nullable (or possibly absent) field reads null when missing. */
export function modelRow<E extends Entity, A>(
  entity: E,
  wire: keyof E["fields"] & string,
  description: string,
): Field<A> {
  const field = entity.fields[wire]!;
  const type = resultType(field, wire);
  const read = (a: A): unknown => {
    const value = (a as Record<string, unknown>)[wire];
    return Array.isArray(value) ? [...value] : (value ?? null);
  };
  const plain = !field.nullable && !field.absent && field.type !== "strings";
  return { description, change: "output", type, api: plain ? (wire as keyof A & string) : { read } };
}

/** The rows of `entity` named in `descriptions` (by wire name, in that order), keyed by their camelCase names. */
export function modelRows<E extends Entity, A>(
  entity: E,
  descriptions: { readonly [W in keyof E["fields"] & string]?: string },
): FieldTable<A> {
  return Object.fromEntries(
    Object.entries(descriptions).map(([wire, description]) => [
      camel(wire),
      modelRow<E, A>(entity, wire as keyof E["fields"] & string, description as string),
    ]),
  );
}
