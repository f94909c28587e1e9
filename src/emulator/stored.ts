/**
 * Records and answers from the API model (src/api). A record keeps each field of its entity that
 * the answer does not compute under the field's wire name (dates as epoch ms); an answer is the
 * entity's answered fields in the model's order, each read from the record or given by the area's
 * table of computed fields. A record saved before a field existed (an older state file) answers
 * the field's default, or null where the field is nullable. No field is named here: the areas'
 * files name the ones with rules or computations of their own.
 */
import { answerNames, type ApiField, type Engine, type EnumValue, type Entity } from "../api/index.js";
import { timestamp } from "./clock.js";

type Fields<E extends Entity> = E["fields"];
type Base<T> = T extends "integer" | "date-time"
  ? number
  : T extends "boolean"
    ? boolean
    : T extends "strings"
      ? string[]
      : T extends { object: infer N extends Entity }
        ? Stored<N>
        : T extends { array: Entity }
          ? unknown[]
          : string;
type Value<F extends ApiField> =
  | (F extends { enum: readonly unknown[] } ? EnumValue<F> : Base<F["type"]>)
  | (F extends { nullable: true } ? null : F extends { engines: readonly Engine[] } ? null : never);

type Flatten<T> = { [K in keyof T]: T[K] };
/** The fields an answer may lack that no request sets (a later platform's): a record may lack them too. */
type MayLack<E extends Entity> = {
  [K in keyof Fields<E>]: Fields<E>[K] extends { absent: true; published: false } ? K : never;
}[keyof Fields<E>];

/**
 * The fields of `E` a record keeps, as the wire names them: every answered field but those its
 * area computes (`C`). A field of one engine holds null in a record of the other.
 */
export type Stored<E extends Entity, C extends string = never> = {
  -readonly [K in keyof Fields<E> as K extends C ? never : Fields<E>[K] extends { answer: false } ? never : K]: Value<
    Fields<E>[K]
  >;
} extends infer S
  ? Flatten<
      { [K in keyof S as K extends MayLack<E> ? never : K]: S[K] } & {
        [K in keyof S as K extends MayLack<E> ? K : never]?: S[K];
      }
    >
  : never;

/**
 * An area's computed answer fields, by wire name: each reads the record (or what the area answers
 * from) and the area's context (the store, where the answer reads other records).
 */
export type Computed<R, X = undefined> = { readonly [wire: string]: (record: R, context: X) => unknown };

const namesByEngine = new Map<Entity, Map<Engine | undefined, string[]>>();

/** The answered names of `entity` for `engine`, in model order, read once. */
function namesOf(entity: Entity, engine: Engine | undefined): string[] {
  let byEngine = namesByEngine.get(entity);
  if (!byEngine) namesByEngine.set(entity, (byEngine = new Map()));
  let names = byEngine.get(engine);
  if (!names) byEngine.set(engine, (names = answerNames(entity, engine)));
  return names;
}

/** A held value as answered: a date as its timestamp; a missing one as the default, or null when nullable. */
function heldAnswer(f: ApiField, value: unknown): unknown {
  if (value === undefined) {
    if (f.default !== undefined) return typeof f.default === "object" ? structuredClone(f.default) : f.default;
    return f.nullable ? null : undefined;
  }
  return f.type === "date-time" && typeof value === "number" ? timestamp(value) : value;
}

/**
 * The answer of `entity` (for `engine`, whose fields only it has) from `record`: the answered
 * fields in the model's order, each from `computed` (given `context`) where it has the field,
 * else as held.
 */
export function answerOf<R extends object, X = undefined>(
  entity: Entity,
  record: R,
  computed: Computed<R, X> = {},
  context?: X,
  engine?: Engine,
): Record<string, unknown> {
  const held = record as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const name of namesOf(entity, engine)) {
    const value = Object.hasOwn(computed, name)
      ? computed[name]!(record, context as X)
      : heldAnswer(entity.fields[name]!, held[name]);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

const ZERO: Record<string, unknown> = { string: "", integer: 0, boolean: false, "date-time": 0, strings: [] };

/**
 * A record of `entity` from `given`, in the model's order: each field not given is its default,
 * or its type's zero (a catalogue entry the seed gives only its names).
 */
export function filled<E extends Entity>(entity: E, given: Partial<Stored<E>>): Stored<E> {
  const values = given as Record<string, unknown>;
  return Object.fromEntries(
    answerNames(entity).map((k) => {
      const f = entity.fields[k]!;
      return [k, values[k] ?? f.default ?? (typeof f.type === "string" ? ZERO[f.type] : null)];
    }),
  ) as Stored<E>;
}
