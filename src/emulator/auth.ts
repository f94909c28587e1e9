import type { FastifyRequest } from "fastify";
import { Forbidden, Unauthorized } from "./failures.js";
import type { TokenRecord } from "./records.js";
import type { Store } from "./store.js";

/** What a route declares about authorization (the spec's Authentication section). */
export interface OperationConfig {
  /** `none`: called without a token (regions, engines). */
  auth?: "none";
  /** OAuth scope the token needs; `x:read_write` also satisfies `x:read_only`. */
  scope?: string;
  /** Only unrestricted users, who then need no particular scope. */
  unrestricted?: boolean;
}

declare module "fastify" {
  interface FastifyContextConfig {
    op?: OperationConfig;
  }
  interface FastifyRequest {
    actor: TokenRecord | null;
  }
}

/** Whether a token carries a scope. */
export function hasScope(token: TokenRecord, scope: string): boolean {
  if (token.scopes === "*" || token.scopes.includes("*") || token.scopes.includes(scope)) return true;
  const [area, level] = scope.split(":");
  return level === "read_only" && token.scopes.includes(`${area}:read_write`);
}

/**
 * onRequest hook: resolves the bearer token of API routes into `request.actor` and enforces
 * scope and unrestricted status. Grants on single entities are checked by the store, which knows
 * the entity.
 */
export function authenticate(store: Store) {
  return async (request: FastifyRequest): Promise<void> => {
    const op = request.routeOptions.config?.op;
    if (!op || op.auth === "none") return;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "");
    const token = match ? store.state.tokens.find((t) => t.token === match[1]) : undefined;
    if (!token) throw new Unauthorized();
    request.actor = token;
    if (op.unrestricted) {
      if (token.restricted) throw new Forbidden();
      return;
    }
    if (op.scope && !hasScope(token, op.scope)) throw new Forbidden();
  };
}
