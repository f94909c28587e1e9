/**
 * The `Vpc` provider as the engine stores it. A program that installed this package serializes
 * this module as `require("pulumi-cloudplatform/dist/providers/vpc.js")`, a few hundred characters
 * that load the installed version at run time (docs/performance.md).
 */
import { lazyProvider } from "../shared/engine/lazy-provider.js";

export = lazyProvider("vpc");
