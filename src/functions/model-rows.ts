/**
 * Result rows read from the API model (src/api): a row's name is its field's wire name in
 * camelCase, its type and its null for a missing value come from the field's declaration, so a
 * look-up's result lists only what the model cannot say, each row's description.
 */
import type { ApiField, Entity } from "../api/index.js";
import type { Field, FieldTable, FieldType } from "../shared/fields/table.js";

/** A wire name in camelCase: `disk_size_gb` as `diskSizeGb`, `nat_2_2` as `nat22`. */
export type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;

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
  const mayLack = Boolean(field.nullable || field.absent);
  const plain = !mayLack && field.type !== "strings";
  return {
    description,
    change: "output",
    type,
    api: plain ? (wire as keyof A & string) : { read },
    ...(mayLack ? { absent: "null" as const } : {}),
  };
}

type Wire<E extends Entity> = keyof E["fields"] & string;

/** The wire name of `E`'s field whose camelCase name is `C`. */
export type WireOf<E extends Entity, C extends string> = { [W in Wire<E>]: Camel<W> extends C ? W : never }[Wire<E>];

/**
 * The wire name of `entity`'s field whose camelCase name is `name`: code names a field as its
 * result does, and the model alone spells the wire.
 */
export function wireOf<E extends Entity, C extends Camel<Wire<E>>>(entity: E, name: C): WireOf<E, C> {
  const wire = Object.keys(entity.fields).find((w) => camel(w) === name);
  if (wire === undefined) throw new Error(`${entity.name} has no field ${name}`);
  return wire as WireOf<E, C>;
}

/**
 * The rows of `entity` named in `descriptions` by their camelCase names (the result's keys), in
 * that order.
 */
export function modelRows<E extends Entity, A>(
  entity: E,
  descriptions: { readonly [W in Wire<E> as Camel<W>]?: string },
): FieldTable<A> {
  return Object.fromEntries(
    Object.entries(descriptions).map(([name, description]) => [
      name,
      modelRow<E, A>(entity, wireOf(entity, name as Camel<Wire<E>>), description as string),
    ]),
  );
}
