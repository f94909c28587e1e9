/**
 * A stored path: states written by a provider serialized by value (a program run from a checkout, or
 * pnpm with an SDK older than 3.251) load `pulumi-cloudplatform/dist/resources/database-snapshot.js` by name, so this
 * module keeps answering there with the `DatabaseSnapshot` provider, which lives in `./database-snapshot/` (docs/engine.md).
 */
export { provider } from "./database-snapshot/provider.js";
