/**
 * The Pulumi SDK, loaded on first use. The providers' modules need it only to log, to compute a
 * URN (the classes, which have it loaded already) and for the engine's secret signature in a
 * database's preview; loading it costs over a second of CPU in every process that imports them,
 * and each unit test suite is one. So those modules take it from here when they use it: a process
 * that never logs never loads it, and in the provider processes, where the dynamic-provider host
 * or the plugin has loaded it, it costs nothing.
 */
import type * as Pulumi from "@pulumi/pulumi";

/** The SDK (`@pulumi/pulumi`), loaded now if nothing loaded it yet. */
export function pulumiSdk(): typeof Pulumi {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  return require("@pulumi/pulumi") as typeof Pulumi;
}
