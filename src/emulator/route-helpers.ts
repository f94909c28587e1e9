import { NotFound } from "./errors.js";
import type { OperationConfig } from "./auth.js";
import type { PageQuery } from "./pagination.js";

/** Route options carrying an operation's authorization and, optionally, a body schema. */
export function op(config: OperationConfig, body?: object) {
  return { config: { op: config }, ...(body ? { schema: { body } } : {}) };
}

/**
 * Parses an integer path parameter in canonical decimal form (no sign, no leading zero, no
 * exponent or hex); anything else names no entity, so 404: `/vpcs/0100` is not VPC 100.
 */
export function id(value: string): number {
  if (!/^[1-9][0-9]{0,14}$/.test(value)) throw new NotFound();
  return Number(value);
}

/** Typed shapes of fastify's request generics used by the routes. */
export type Q = { Querystring: PageQuery };
