/**
 * A stored path: states written by a provider serialized by value (a program run from a checkout, or
 * pnpm with an SDK older than 3.251) load `pulumi-cloudplatform/dist/resources/vpc-subnet.js` by name, so this
 * module keeps answering there with the `VpcSubnet` provider, which lives in `./vpc-subnet/` (docs/engine.md).
 */
export { provider } from "./vpc-subnet/provider.js";
