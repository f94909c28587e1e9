/**
 * A stored path: states written by a provider serialized by value (a program run from a checkout, or
 * pnpm with an SDK older than 3.251) load `pulumi-cloudplatform/dist/resources/postgresql-database.js` by name, so this
 * module keeps answering there with the `PostgresqlDatabase` provider, which lives in `./postgresql-database/` (docs/engine.md).
 */
export { provider } from "./postgresql-database/provider.js";
