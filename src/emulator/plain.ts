/**
 * The fields of an entity that the API stores as given and returns as stored: those the API
 * model (src/api) marks `plain`, with their default and whether an update takes them. A create
 * stores each as the body gives it or its default, and an update changes the updatable ones; an
 * answer shows each as any held field (stored.ts), a record saved before it existed (an older
 * state file) answering its default. Fields with rules of their own stay in the area's file.
 */
import type { Entity } from "../api/index.js";
import type { Stored } from "./stored.js";

type PlainKey<E extends Entity> = {
  [K in keyof E["fields"]]: E["fields"][K] extends { plain: true } ? K : never;
}[keyof E["fields"]];

/** The plain fields of `E` as a record holds them. */
export type Plain<E extends Entity> = Pick<Stored<E>, PlainKey<E> & keyof Stored<E>>;

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
