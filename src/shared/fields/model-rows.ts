/**
 * Output rows read from the API model (src/api): a row's type and its null for a missing value come
 * from the field's declaration, so a look-up's result or a resource's table lists only what the
 * model cannot say, each row's description. A look-up's row is named by its field's wire name in
 * camelCase (`modelRows`); a row reading a field inside an object (`hosts.primary`) is named by
 * whoever declares it.
 */
import type { ApiField, Entity } from "../../api/index.js";
import type { Codec, Field, FieldFacts, FieldTable, FieldType } from "./table.js";
import type { Bag } from "./validate.js";

/** A wire name in camelCase: `disk_size_gb` as `diskSizeGb`, `nat_2_2` as `nat22`. */
export type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;

/** The camelCase name of a wire name. */
export function camel(wire: string): string {
  return wire.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * The result type of a field's wire type; a list or object of another entity is the object type
 * `ref` names (its rows: `modelResultFacts`).
 */
function resultType(field: ApiField, wire: string, ref?: string): FieldType {
  const t = field.type;
  if (t === "integer" || t === "number" || t === "boolean") return t;
  if (t === "string" || t === "date-time") return "string";
  if (t === "strings") return { array: "string" };
  if (t === "integers") return { array: "integer" };
  if (ref !== undefined && typeof t === "object") return "array" in t ? { array: { ref } } : { ref };
  throw new Error(`${wire}: a field of another entity needs the name of its object type (RowOptions.ref)`);
}

/** An answer's object of another entity with camelCase keys, each missing key as null. */
function camelObject(entity: Entity, held: unknown): unknown {
  if (held === null || held === undefined || typeof held !== "object") return held;
  return Object.fromEntries(Object.keys(entity.fields).map((w) => [camel(w), (held as Bag)[w] ?? null]));
}

/** The entity a field holds, alone or in a list, if any. */
function heldEntity(field: ApiField): Entity | undefined {
  const t = field.type;
  if (typeof t !== "object") return undefined;
  return "array" in t ? t.array : t.object;
}

/** The entity an object field holds (`hosts`' entity), or never for any other field. */
type Held<F> = F extends { type: { object: infer N extends Entity } } ? N : never;

/**
 * The paths a row may read in `E`: a wire name, or a dotted path into an object field's entity
 * (`hosts.primary`), to any depth.
 */
export type ModelPath<E extends Entity> = [E] extends [never]
  ? never
  : { [W in keyof E["fields"] & string]: W | `${W}.${ModelPath<Held<E["fields"][W]>>}` }[keyof E["fields"] & string];

/** The declaration of the field at `path` in `entity` (the last step's, for a dotted path). */
function fieldAt(entity: Entity, path: string): ApiField {
  const [wire, ...rest] = path.split(".");
  const field = entity.fields[wire!];
  if (!field) throw new Error(`${entity.name} has no field ${path}`);
  if (rest.length === 0) return field;
  const t = field.type;
  if (typeof t !== "object" || !("object" in t)) throw new Error(`${entity.name}.${wire} holds no object`);
  return fieldAt(t.object, rest.join("."));
}

/**
 * The resources' rows `modelRow` read from the model that an answer may lack (`absent:
 * "undefined"`): the outputs a look-up showing the resource's fields takes as they are (`asResults`).
 */
const MAY_LACK = new WeakSet<Field<never>>();

/** How a row reads what an answer leaves out or holds as null. */
export interface RowOptions {
  /**
   * `null` (a look-up's result) or `undefined` (a resource's output: its state then keeps no key
   * the API never gave, so existing stacks see nothing new until the API gives the value).
   */
  absent?: "null" | "undefined";
  /** The rest of the field's notes cell in docs/resources.md (a resource's row). */
  notes?: string;
  /**
   * The schema's name of the object type of a field holding another entity, alone or in a list
   * (`PendingUpdate`): its rows are `modelResultFacts` of that entity; the row reads the answer's
   * objects with camelCase keys.
   */
  ref?: string;
}

/**
 * One result row read from `entity`'s field at `path` (a wire name, or a dotted path into an
 * object such as `hosts.primary`): its type from the field's declaration; a nullable or possibly
 * absent field, or a field inside an object, reads `options.absent` (null by default) when missing.
 */
export function modelRow<E extends Entity, A>(
  entity: E,
  path: ModelPath<E>,
  description: string,
  options: RowOptions = {},
): Field<A> {
  const field = fieldAt(entity, path);
  const type = resultType(field, path, options.ref);
  const steps = path.split(".");
  const missing = options.absent === "undefined" ? undefined : null;
  const held = options.ref === undefined ? undefined : heldEntity(field);
  const read = (a: A): unknown => {
    let value: unknown = a;
    for (const step of steps) value = value === null || value === undefined ? undefined : (value as Bag)[step];
    if (held)
      return Array.isArray(value) ? value.map((v) => camelObject(held, v)) : (camelObject(held, value) ?? missing);
    return Array.isArray(value) ? [...value] : (value ?? missing);
  };
  const plain = !held && steps.length === 1 && !field.nullable && !field.absent && field.type !== "strings";
  const row: Field<A> = {
    description,
    change: "output",
    type,
    api: plain ? (path as keyof A & string) : { read },
    ...(options.absent && (field.nullable || field.absent || steps.length > 1) ? { absent: options.absent } : {}),
    ...(options.notes ? { notes: options.notes } : {}),
  };
  if (row.absent === "undefined") MAY_LACK.add(row);
  return row;
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
      modelRow<E, A>(entity, wireOf(entity, name as Camel<Wire<E>>) as ModelPath<E>, description as string, {
        absent: "null",
      }),
    ]),
  );
}

/** The wire names of `E`'s fields that hold an object of another entity. */
type ObjectWire<E extends Entity> = {
  [W in Wire<E>]: E["fields"][W] extends { type: { object: Entity } } ? W : never;
}[Wire<E>];

/** The wire names of `E`'s fields a request takes. */
type InputWire<E extends Entity> = {
  [W in Wire<E>]: E["fields"][W] extends { create: string } | { update: true } ? W : never;
}[Wire<E>];

/** The fields of an object a request takes: an answer-only one (a list of pending updates) is no input. */
const inputFields = (entity: Entity) => Object.entries(entity.fields).filter(([, f]) => f.create || f.update);

/**
 * The fields of an input object entity (the maintenance window) as the schema's object type lists
 * them, by camelCase name: each one's type from the model, required unless the model says it may be
 * null or missing (then it holds null), with its description; `overrides` adds what the model
 * cannot say (a wider TypeScript type).
 */
export function modelObjectFacts<E extends Entity>(
  entity: E,
  descriptions: { readonly [W in InputWire<E> as Camel<W>]: string },
  overrides: { readonly [W in InputWire<E> as Camel<W>]?: Partial<Omit<Field, "api">> } = {},
): FieldFacts {
  return Object.fromEntries(
    inputFields(entity).map(([wire, f]) => {
      const name = camel(wire);
      const mayMiss = f.nullable || f.absent;
      const fact: Omit<Field, "api"> = {
        description: (descriptions as Record<string, string>)[name]!,
        change: "update",
        type: resultType(f, wire),
        ...(mayMiss ? { absent: "null" } : { required: true }),
        ...(overrides as Record<string, Partial<Omit<Field, "api">>>)[name],
      };
      return [name, fact];
    }),
  );
}

/**
 * The rows of an answer's object entity (a pending update) as the schema's object type lists
 * them, by camelCase name: each one's type from the model, null where the model says it may be
 * null or missing, with its description.
 */
export function modelResultFacts<E extends Entity>(
  entity: E,
  descriptions: { readonly [W in Wire<E> as Camel<W>]: string },
): FieldFacts {
  return Object.fromEntries(
    Object.entries(entity.fields).map(([wire, f]) => {
      const name = camel(wire);
      const fact: Omit<Field, "api"> = {
        description: (descriptions as Record<string, string>)[name]!,
        change: "update",
        type: resultType(f, wire),
        ...(f.nullable || f.absent ? { absent: "null" } : { required: true }),
      };
      return [name, fact];
    }),
  );
}

/**
 * The codec of `parent`'s input object field `wire` (a database's `updates`), over the fields a
 * request takes: read, the object with camelCase keys (a nullable or possibly missing key as null;
 * the whole as null when the answer has none); written, the wire object, a nullable key sent as
 * null when the value leaves it out.
 */
export function modelObjectCodec<E extends Entity, A>(parent: E, wire: ObjectWire<E>): Codec<A> {
  const fields = inputFields((parent.fields[wire]!.type as { object: Entity }).object);
  return {
    key: wire as keyof A & string,
    read: (a) => {
      const held = (a as Bag)[wire];
      if (held === null || held === undefined || typeof held !== "object") return null;
      return Object.fromEntries(
        fields.map(([w, f]) => [camel(w), (held as Bag)[w] ?? (f.nullable || f.absent ? null : undefined)]),
      );
    },
    write: (value) => ({
      [wire]: Object.fromEntries(
        fields
          // A null the program gives is sent as given (the API judges it); a missing nullable key as null.
          .map(([w, f]) => [
            w,
            (value as Bag)[camel(w)] ?? (f.nullable || (value as Bag)[camel(w)] === null ? null : undefined),
          ])
          .filter(([, v]) => v !== undefined),
      ),
    }),
  };
}

/**
 * A resource's output row read from the model as a look-up's result shows it: the same read and
 * description, null where the resource's output is undefined (a look-up's results hold null).
 */
export function asResult<A, B>(row: Field<A>): Field<B> {
  const codec = row.api as Codec<A>;
  const { absent: _absent, notes: _notes, ...rest } = row;
  return { ...(rest as unknown as Field<B>), api: { read: (b) => codec.read(b as unknown as A) ?? null } };
}

/**
 * Every row of a resource's table read from the model that an answer may lack (`modelRow` with
 * `absent: "undefined"`), in the table's order, as a look-up's result shows it (`asResult`): a
 * look-up whose fields are the resource's gains such an output with no row of its own. Rows written
 * by hand (the provider's own record of a restore, a URI it builds) are not the API's and stay out.
 */
export function asResults<A, B>(table: FieldTable<A>): FieldTable<B> {
  return Object.fromEntries(
    Object.entries(table)
      .filter(([, row]) => MAY_LACK.has(row as Field<never>))
      .map(([name, row]) => [name, asResult<A, B>(row)]),
  );
}
