import { BadRequest, NotFound } from "./failures.js";
import type { OperationConfig } from "./auth.js";
import type { PageQuery } from "./pagination.js";
import { UNKNOWN_FIELD } from "./validation.js";

/** Route options carrying an operation's authorization and, optionally, a body schema. */
export function op(config: OperationConfig, body?: object) {
  return { config: { op: config }, ...(body ? { schema: { body } } : {}) };
}

/**
 * Route options of an action without a body (restore, credentials reset, patch): any content type
 * is taken and its body ignored, except a JSON body with keys, which names them as unknown.
 */
export function action(config: OperationConfig) {
  return { config: { op: config, bodyless: true } };
}

/** Whether a route reads a request body, so that a body in another format than JSON is a 415. */
export function readsBody(route: { schema?: { body?: unknown } }): boolean {
  return route.schema?.body !== undefined;
}

/**
 * The body check of an action route: nothing, an empty body or `{}` passes; a JSON object with
 * keys names each as unknown; other JSON is not an object. Bodies in other formats never get here.
 */
export function checkNoBody(route: { config: unknown }, body: unknown): void {
  if (!(route.config as { bodyless?: boolean } | undefined)?.bodyless || body === undefined) return;
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw new BadRequest("Request body must be a JSON object");
  const keys = Object.keys(body);
  if (keys.length > 0) throw new BadRequest(keys.map((field) => ({ field, reason: UNKNOWN_FIELD })));
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
