/**
 * The fields of an entity that the API stores as given and returns as stored: those the API
 * model (src/api) marks `plain`, with their default and whether an update takes them. A create
 * stores each as the body gives it or its default, an update changes the updatable ones, and an
 * answer shows each; a record saved before a field existed (an older state file) answers its
 * default. Fields with rules of their own stay in the area's model.
 */
import type { Entity } from "../api/index.js";

type Fields<E extends Entity> = E["fields"];
type PlainKey<E extends Entity> = {
  [K in keyof Fields<E>]: Fields<E>[K] extends { plain: true } ? K : never;
}[keyof Fields<E>];
type UpdatableKey<E extends Entity> = {
  [K in PlainKey<E>]: Fields<E>[K] extends { update: true } ? K : never;
}[PlainKey<E>];
type Value<F> = F extends { type: "boolean" } ? boolean : F extends { type: "integer" } ? number : string;

/** The plain fields of `E` as a record holds them. */
export type Plain<E extends Entity> = { -readonly [K in PlainKey<E>]: Value<Fields<E>[K]> };
/** The plain fields a create body of `E` may give. */
export type PlainCreate<E extends Entity> = Partial<Plain<E>>;
/** The plain fields an update body of `E` may give. */
export type PlainUpdate<E extends Entity> = Partial<Pick<Plain<E>, UpdatableKey<E>>>;

const plainOf = (entity: Entity) => Object.entries(entity.fields).filter(([, f]) => f.plain);

/** The plain fields of a new record: as the body gives them, defaults for the rest. */
export function plainAtCreate<E extends Entity>(entity: E, body: object): Plain<E> {
  const given = body as Record<string, unknown>;
  return Object.fromEntries(plainOf(entity).map(([k, f]) => [k, given[k] ?? f.default])) as Plain<E>;
}

/** Applies the updatable plain fields an update body gives. */
export function applyPlain(entity: Entity, record: object, body: object): void {
  const given = body as Record<string, unknown>;
  for (const [k, f] of plainOf(entity))
    if (f.update && given[k] !== undefined) (record as Record<string, unknown>)[k] = given[k];
}

/** The plain fields as the API returns them; one a record lacks (saved before it existed) is its default. */
export function plainView<E extends Entity>(entity: E, record: object): Plain<E> {
  const held = record as Record<string, unknown>;
  return Object.fromEntries(plainOf(entity).map(([k, f]) => [k, held[k] ?? f.default])) as Plain<E>;
}
