/**
 * The fields of an entity that the API stores as given and returns as stored: those the API
 * model (src/api) marks `plain`, with their default and whether an update takes them. A create
 * stores each as the body gives it or its default, and an update changes the updatable ones; an
 * answer shows each as any held field (stored.ts), a record saved before it existed (an older
 * state file) answering its default; a list of objects keeps each entry's answered members, a
 * member left out its default. Fields with rules of their own stay in the area's file.
 */
import type { ApiField, Entity } from "../api/index.js";
import type { Stored } from "./stored.js";

type PlainKey<E extends Entity> = {
  [K in keyof E["fields"]]: E["fields"][K] extends { plain: true } ? K : never;
}[keyof E["fields"]];

/** The plain fields of `E` as a record holds them. */
export type Plain<E extends Entity> = Pick<Stored<E>, PlainKey<E> & keyof Stored<E>>;

const plainOf = (entity: Entity) => Object.entries(entity.fields).filter(([, f]) => f.plain);

/**
 * A plain value as stored: a list of objects keeps, of each entry, the members an answer carries,
 * in the model's order, each as given or the member's default (a member the API fills in); the
 * members no answer carries (`answer: false`) are taken and not kept.
 */
function storedValue(f: ApiField, value: unknown): unknown {
  if (!Array.isArray(value) || typeof f.type !== "object" || !("array" in f.type)) return value;
  const members = Object.entries(f.type.array.fields).filter(([, m]) => m.answer !== false);
  return value.map((entry: Record<string, unknown>) =>
    Object.fromEntries(
      members.flatMap(([k, m]) => {
        const v = entry[k] ?? m.default;
        return v === undefined ? [] : [[k, v]];
      }),
    ),
  );
}

/** The plain fields of a new record: as the body gives them, defaults for the rest. */
export function plainAtCreate<E extends Entity>(entity: E, body: object): Plain<E> {
  const given = body as Record<string, unknown>;
  return Object.fromEntries(plainOf(entity).map(([k, f]) => [k, storedValue(f, given[k]) ?? f.default])) as Plain<E>;
}

/** Applies the updatable plain fields an update body gives. */
export function applyPlain(entity: Entity, record: object, body: object): void {
  const given = body as Record<string, unknown>;
  for (const [k, f] of plainOf(entity))
    if (f.update && given[k] !== undefined) (record as Record<string, unknown>)[k] = storedValue(f, given[k]);
}
