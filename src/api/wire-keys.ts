/**
 * An entity's wire names as an object whose every key holds its own name: code outside the model
 * that must name a field (a field table's `api`, a request's key) reads it here, so the name is
 * spelled once, in the entity's declaration.
 */
import type { Entity } from "./field.js";

/** The keys of `T`, each holding its own name. */
export type KeyNames<T> = { readonly [K in keyof T]: K };

/** The wire names of `E`'s fields, each key holding its own name. */
export type WireKeys<E extends Entity> = KeyNames<E["fields"]>;

/**
 * `o`'s keys as an object, each holding its own name: `keyNames(VPC_FIELDS).label` is `"label"`,
 * read from the table; a field table's input names are read this way.
 */
export function keyNames<T extends object>(o: T): KeyNames<T> {
  return Object.fromEntries(Object.keys(o).map((k) => [k, k])) as KeyNames<T>;
}

/** `e`'s wire names as an object: `wireKeys(VPC).label` is `"label"`, read from the model. */
export function wireKeys<E extends Entity>(e: E): WireKeys<E> {
  return keyNames(e.fields);
}
