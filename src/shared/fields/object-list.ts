/**
 * The field kind "a list of nested objects with a member the API computes" (a VPC's
 * `ipv6: [{ range, allocationClass }]`): one declaration gives a table row its codec (the answer's
 * list in camelCase, the request's in wire names), its comparison (only the keys the program gives,
 * each by its meaning where it has one: a `/52` the program gives answers any allocated `/52`), its
 * check (how many entries, which keys, each member's rule), and keeps a write-only member out of
 * the state while the input holding it is registered as a secret.
 */
import { same } from "./diff.js";
import type { Field, FieldFacts, FieldTable } from "./declaration.js";
import { hasUnknown, shown, type Bag, type Rules } from "./validate.js";

/** One member of the listed objects, by its camelCase name. */
export interface ListMember {
  /**
   * The API fills it in when the program leaves it out (an allocated range): compared only when
   * the program gives it.
   */
  computed?: boolean;
  /** Whether the value the API holds answers the one the program gives, when that is not equality. */
  matches?: (given: unknown, held: unknown) => boolean;
  /**
   * Sent at create and never answered (an allocation class): never in the state, never compared,
   * and the input holding it is kept secret.
   */
  writeOnly?: boolean;
  /** The member's own rule on a string value: the reason it is refused, or undefined. */
  rule?: (value: string) => string | undefined;
  /** One line for docs and schema. */
  description: string;
}

/** A list of objects: its API key, its members, and how many entries the API takes. */
export interface ObjectList<A = never> {
  key: keyof A & string;
  /** The schema's object type of an entry: its name and what it is. */
  type: { name: string; description: string };
  members: Record<string, ListMember>;
  max?: number;
}

/** The schema object type of each row `objectList` made: its name, what it is, its members. */
const TYPES = new WeakMap<object, [string, string, FieldFacts]>();

/**
 * The schema object types of the rows of this kind in `tables`, by name, as SHARED_TYPES lists
 * them (src/schema/object-types.ts): each member a string, secret where write-only, null where the
 * program may leave it out.
 */
export function listObjectTypes(...tables: FieldTable<never>[]): Record<string, [string, FieldFacts]> {
  const codecs = tables.flatMap((t) =>
    Object.values(t).flatMap((row) => (typeof row.api === "object" ? [row.api] : [])),
  );
  return Object.fromEntries(
    codecs.flatMap((codec) => {
      const type = TYPES.get(codec);
      return type ? [[type[0], [type[1], type[2]]]] : [];
    }),
  );
}

/** A camelCase member name as its wire name: `allocationClass` as `allocation_class`. */
const wireName = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const isObject = (v: unknown): v is Bag => typeof v === "object" && v !== null && !Array.isArray(v);

/** An empty list, null or nothing: no entries. */
const none = (v: unknown): boolean => v === undefined || v === null || (Array.isArray(v) && v.length === 0);

/** The answer's list in the resource's form (no write-only member); undefined where it holds none. */
function read<A>(list: ObjectList<A>, held: unknown): Bag[] | undefined {
  if (!Array.isArray(held)) return undefined;
  return held.map((entry) =>
    Object.fromEntries(
      Object.entries(list.members)
        .filter(([, m]) => !m.writeOnly)
        .map(([name]) => [name, isObject(entry) ? entry[wireName(name)] : undefined])
        .filter(([, v]) => v !== undefined && v !== null),
    ),
  );
}

/** The request's list: each entry with the members the program sets, by wire name. */
function write<A>(list: ObjectList<A>, value: unknown): Bag {
  if (!Array.isArray(value)) return { [list.key]: value };
  const entries = value.map((entry) =>
    Object.fromEntries(
      Object.keys(list.members)
        .filter((name) => isObject(entry) && entry[name] !== undefined && entry[name] !== null)
        .map((name) => [wireName(name), (entry as Bag)[name]]),
    ),
  );
  return { [list.key]: entries };
}

/**
 * Whether the held list (the state's, read from the API) answers the one the program gives:
 * as many entries, and in each every member the program gives, by its meaning; a write-only
 * member is never compared (nothing holds it), an unknown one is a change.
 */
export function listMatches<A>(list: ObjectList<A>, held: unknown, given: unknown): boolean {
  if (none(given) || none(held)) return none(given) && none(held);
  if (!Array.isArray(given) || !Array.isArray(held) || given.length !== held.length) return false;
  return given.every((entry, i) =>
    Object.entries(list.members).every(([name, m]) => {
      const want = isObject(entry) ? entry[name] : undefined;
      if (m.writeOnly || want === undefined || want === null) return true;
      const have = isObject(held[i]) ? (held[i] as Bag)[name] : undefined;
      if (hasUnknown(want)) return false;
      return m.matches ? m.matches(want, have) : same(want, have);
    }),
  );
}

/** Refuses what the API would: too many entries, a non-object entry, an unknown member, a member's rule. */
function check<A>(list: ObjectList<A>, field: string, rules: Rules, news: Bag): void {
  const value = news[field];
  if (value === undefined || value === null || hasUnknown(value)) return;
  if (!Array.isArray(value)) return rules.fail(field, `${field} must be a list of objects, got ${shown(value)}`);
  if (list.max !== undefined && value.length > list.max)
    rules.fail(field, `${field} takes at most ${list.max} entr${list.max === 1 ? "y" : "ies"}, got ${value.length}`);
  value.forEach((entry, i) => {
    const at = `${field}[${i}]`;
    if (!isObject(entry)) return rules.fail(at, `${at} must be an object, got ${shown(entry)}`);
    for (const key of Object.keys(entry))
      if (!(key in list.members))
        rules.fail(
          `${at}.${key}`,
          `${at}.${key} is not a member; the members are ${Object.keys(list.members).join(", ")}`,
        );
    for (const [name, m] of Object.entries(list.members)) {
      const v = entry[name];
      if (v === undefined || v === null || hasUnknown(v)) continue;
      if (typeof v !== "string") rules.fail(`${at}.${name}`, `${at}.${name} must be a string`);
      else {
        const reason = m.rule?.(v);
        if (reason) rules.fail(`${at}.${name}`, `${at}.${name}: ${reason}`);
      }
    }
  });
}

/** Whether a value holds a write-only member: the class then registers the input as a secret. */
function holdsWriteOnly<A>(list: ObjectList<A>, value: unknown): boolean {
  const secret = Object.entries(list.members).filter(([, m]) => m.writeOnly);
  return Array.isArray(value) && value.some((e) => isObject(e) && secret.some(([n]) => e[n] !== undefined));
}

/**
 * The parts of a table row of this kind: `api` (the codec), `matches` (diff, adoption and
 * update compare by it), `check` (checkFields runs it) and `secretInput` (the class registers a
 * value holding a write-only member as a secret). The row adds its description, change and type.
 */
export function objectList<A>(
  list: ObjectList<A>,
): Required<Pick<Field<A>, "type" | "api" | "matches" | "check" | "secretInput">> {
  const api = {
    key: list.key,
    read: (a: A) => read(list, (a as Bag)[list.key]),
    write: (v: unknown) => write(list, v),
  };
  const members: FieldFacts = Object.fromEntries(
    Object.entries(list.members).map(([name, m]) => [
      name,
      {
        description: m.description,
        change: "update",
        type: "string",
        absent: "null",
        ...(m.writeOnly ? { secret: true } : {}),
      },
    ]),
  );
  // Keyed by the codec, which the table's row holds as it is (the row spreads these parts).
  TYPES.set(api, [list.type.name, list.type.description, members]);
  return {
    type: { array: { ref: list.type.name } },
    api,
    matches: (held, given) => listMatches(list, held, given),
    check: (rules, news, field) => check(list, field, rules, news),
    secretInput: (value) => holdsWriteOnly(list, value),
  };
}
