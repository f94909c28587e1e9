/**
 * An entity's wire names as an object whose every key holds its own name: code outside the model
 * that must name a field (a field table's `api`, a request's key) reads it here, so the name is
 * spelled once, in the entity's declaration.
 */
import type { Entity } from "./field.js";

/** The wire names of `E`'s fields, each key holding its own name. */
export type WireKeys<E extends Entity> = { readonly [K in keyof E["fields"]]: K };

/** `e`'s wire names as an object: `wireKeys(VPC).label` is `"label"`, read from the model. */
export function wireKeys<E extends Entity>(e: E): WireKeys<E> {
  return Object.fromEntries(Object.keys(e.fields).map((k) => [k, k])) as WireKeys<E>;
}
