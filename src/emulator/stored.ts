/**
 * Records and answers from the API model (src/api). A record keeps each field of its entity that
 * the answer does not compute under the field's wire name (dates as epoch ms); an answer is the
 * entity's answered fields in the model's order, each read from the record or given by the area's
 * table of computed fields. A record saved before a field existed (an older state file) answers
 * the field's default, or null where the field is nullable. No field is named here: the areas'
 * files name the ones with rules or computations of their own.
 */
import {
  answerNames,
  CONTRACT_PLATFORM,
  type Answer,
  type ApiField,
  type Engine,
  type EnumValue,
  type Entity,
  type Platform,
} from "../api/index.js";
import { timestamp } from "./clock.js";

type Fields<E extends Entity> = E["fields"];
type Base<T> = T extends "integer" | "number" | "date-time"
  ? number
  : T extends "boolean"
    ? boolean
    : T extends "strings"
      ? string[]
      : T extends "integers"
        ? number[]
        : T extends { object: infer N extends Entity }
          ? Stored<N>
          : T extends { array: Entity }
            ? unknown[]
            : string;
type Value<F extends ApiField> =
  | (F extends { enum: readonly unknown[] } ? EnumValue<F> : F extends { type: infer T } ? Base<T> : never)
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
 * Answer fields of `E` a record holds always set (never null nor missing), typed from the model
 * (an interface's own address, where the entry it answers may have none).
 */
export type Held<E extends Entity, K extends keyof Answer<E>> = { [P in K]-?: NonNullable<Answer<E>[P]> };

/**
 * An area's computed answer fields, by wire name: each reads the record (or what the area answers
 * from) and the area's context (the store, where the answer reads other records).
 */
export type Computed<R, X = undefined> = { readonly [wire: string]: (record: R, context: X) => unknown };

const namesByKey = new Map<Entity, Map<string, string[]>>();

/** The answered names of `entity` for `engine` on `platform`, in that platform's order, read once. */
function namesOf(entity: Entity, engine: Engine | undefined, platform: Platform): string[] {
  let byKey = namesByKey.get(entity);
  if (!byKey) namesByKey.set(entity, (byKey = new Map()));
  const key = `${engine}:${platform}`;
  let names = byKey.get(key);
  if (!names) byKey.set(key, (names = answerNames(entity, engine, platform)));
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
 * An object field's value as `platform` answers it: on the contract's platform as given; on
 * another, read as its entity's answer there (its keys and order, todays-platform.md §7.1).
 */
function nestedAnswer(f: ApiField, value: unknown, platform: Platform): unknown {
  if (platform === CONTRACT_PLATFORM || typeof f.type !== "object" || !("object" in f.type)) return value;
  if (value === null || typeof value !== "object") return value;
  return answerOf(f.type.object, value, {}, undefined, undefined, platform);
}

/**
 * The answer of `entity` (for `engine`, whose fields only it has; on `platform`, whose fields
 * and order it follows) from `record`: the answered fields in order, each from `computed` (given
 * `context`) where it has the field, else as held.
 */
export function answerOf<R extends object, X = undefined>(
  entity: Entity,
  record: R,
  computed: Computed<R, X> = {},
  context?: X,
  engine?: Engine,
  platform: Platform = CONTRACT_PLATFORM,
): Record<string, unknown> {
  const held = record as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const name of namesOf(entity, engine, platform)) {
    const f = entity.fields[name]!;
    // A computed value is answered as computed; a held object in the platform's shape.
    const value = Object.hasOwn(computed, name)
      ? computed[name]!(record, context as X)
      : nestedAnswer(f, heldAnswer(f, held[name]), platform);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

const ZERO: Record<string, unknown> = {
  string: "",
  integer: 0,
  number: 0,
  boolean: false,
  "date-time": 0,
  strings: [],
  integers: [],
};

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
