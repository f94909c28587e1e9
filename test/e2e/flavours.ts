/**
 * The two ways a program reaches the provider, for stories told over both: the dynamic resources
 * of `pulumi-cloudplatform` (the provider runs inside the Node.js dynamic-provider host) and the
 * plugin's resources of `pulumi-cloudplatform/plugin` (the engine starts `pulumi-resource-cloudplatform`,
 * a long-lived gRPC server). Both take the same arguments, so one program builder serves both.
 */
import * as dynamic from "../../src/index";
import * as plugin from "../../src/sdk";
import type { LegacyDemoResources as DemoResources } from "./legacy-demo";
import { pluginEnv } from "../support/plugin";
import { FAST_POLLING } from "./helpers";

/** One way of running the provider. */
export interface Flavour {
  /** "dynamic" or "plugin", as the tests name it. */
  readonly name: "dynamic" | "plugin";
  /** The resource classes a program declares. */
  readonly cloud: DemoResources;
  /** The engine's environment for a stack of this flavour, with `extra` on top (fast polling included). */
  env(extra?: Record<string, string>): Record<string, string>;
  /** The type token the state records for a resource, e.g. `MysqlDatabase`. */
  token(type: string): string;
}

/** The dynamic resources. */
export const DYNAMIC: Flavour = {
  name: "dynamic",
  cloud: dynamic,
  env: (extra = {}) => ({ ...FAST_POLLING, ...extra }),
  token: (type) => `pulumi-nodejs:dynamic/cloudplatform:${type}`,
};

/** The plugin's resources, the plugin found on PATH. */
export const PLUGIN: Flavour = {
  name: "plugin",
  cloud: plugin,
  env: (extra = {}) => pluginEnv(extra),
  token: (type) => `cloudplatform:index:${type}`,
};

/**
 * The cases a story runs: all of them over the dynamic resources, the first over the plugin (the
 * modules are the same; one run proves the plugin's process model, and CI time stays small).
 */
export function casesOf<T>(flavour: Flavour, cases: T[]): T[] {
  return flavour.name === "dynamic" ? cases : cases.slice(0, 1);
}
