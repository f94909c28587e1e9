/**
 * A stored path: states written by a provider serialized by value (a program run from a checkout, or
 * pnpm with an SDK older than 3.251) load `pulumi-cloudplatform/dist/resources/vpc.js` by name, so this
 * module keeps answering there with the `Vpc` provider, which lives in `./vpc/` (docs/engine.md).
 */
export { provider } from "./vpc/provider.js";
