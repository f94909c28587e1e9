import type { FastifyInstance } from "fastify";
import { ENGINE_CONFIG_SCHEMAS, ENGINES } from "../../api/index.js";
import { op } from "../route-helpers.js";

/**
 * `GET /v4/databases/{engine}/config`: the recorded description of the engine's settings. Any
 * token reads it (the recorded answer's `X-Accepted-Oauth-Scopes: *`).
 */
export function engineConfigRoutes(app: FastifyInstance): void {
  for (const engine of ENGINES)
    app.get(`/v4/databases/${engine}/config`, op({}), async () => ENGINE_CONFIG_SCHEMAS[engine]);
}
