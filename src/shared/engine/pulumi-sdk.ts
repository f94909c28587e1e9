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

/**
 * The SDK's log module alone (`pulumi.log`, the same object), loaded now if nothing loaded it yet.
 * A provider logs every API request once configured, so with the whole SDK each provider suite
 * loaded it anyway; this module is about a fifth of its load (186 of its 770 modules).
 */
export function pulumiLog(): typeof Pulumi.log {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  return require("@pulumi/pulumi/log") as typeof Pulumi.log;
}

/** The SDK's wire encoding alone (`pulumi.runtime`'s secret signature), loaded now if nothing loaded it yet. */
export function pulumiRpc(): typeof import("@pulumi/pulumi/runtime/rpc") {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see pulumiLog
  return require("@pulumi/pulumi/runtime/rpc") as typeof import("@pulumi/pulumi/runtime/rpc");
}
