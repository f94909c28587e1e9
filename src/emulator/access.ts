import { Forbidden, NotFound } from "./failures.js";
import type { TokenRecord } from "./records.js";

/** Entity kinds that carry per-resource grants. */
export type GrantKind = "vpc" | "database";

/** Whether the actor may see the entity: unrestricted users see all, restricted ones need a grant. */
export function canSee(actor: TokenRecord | null, kind: GrantKind, id: number): boolean {
  return !actor || !actor.restricted || actor.grants[kind][String(id)] !== undefined;
}

/**
 * Ensures the actor may act on the entity: invisible entities are 404 (as if absent), and a
 * write without a `read_write` grant is 403.
 */
export function checkAccess(actor: TokenRecord | null, kind: GrantKind, id: number, write: boolean): void {
  if (!canSee(actor, kind, id)) throw new NotFound();
  if (write && actor?.restricted && actor.grants[kind][String(id)] !== "read_write") throw new Forbidden();
}

/** A restricted user who creates an entity gets `read_write` on it, as on the real platform. */
export function grantCreator(actor: TokenRecord | null, kind: GrantKind, id: number): void {
  if (actor?.restricted) actor.grants[kind][String(id)] = "read_write";
}

/** Restricted users need the global grant to create. */
export function checkAddGrant(actor: TokenRecord | null, grant: "add_vpc" | "add_databases"): void {
  if (actor?.restricted && !actor.grants.global[grant]) throw new Forbidden();
}
