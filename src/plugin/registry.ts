/**
 * What the plugin serves: each resource type token mapped to the very provider object the dynamic
 * resource of that name loads, from the list of resources (src/resources/list.ts), and each
 * function token to the look-up the package exports. Nothing about a resource's behaviour is
 * repeated here.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { DiffSpec } from "../shared/fields/diff.js";
import { diffSpec, secretOutputs } from "../shared/fields/table.js";
import { RESOURCE_LIST } from "../resources/list.js";
import * as functions from "../functions/index.js";
import { FUNCTIONS as DECLARED } from "../schema/functions.js";

import { PACKAGE } from "../shared/engine/package.js";

/** One resource type as the plugin serves it. */
export interface ResourceEntry {
  provider: pulumi.dynamic.ResourceProvider;
  /** The fields `diff` compares, to name each changed one in the detailed diff (from the field table). */
  diff: DiffSpec;
  /** Outputs returned as secrets. */
  secretOutputs: readonly string[];
  /** The outputs an update changing these inputs makes new: unknown in its preview. */
  unknownAtPreview: (changed: readonly string[]) => string[];
}

const RESOURCES: Record<string, ResourceEntry> = Object.fromEntries(
  RESOURCE_LIST.map((r) => [
    r.name,
    {
      provider: r.provider,
      diff: r.diff ?? diffSpec(r.table),
      secretOutputs: secretOutputs(r.table),
      unknownAtPreview: ("unknownAtPreview" in r && r.unknownAtPreview) || (() => []),
    },
  ]),
);

/** A look-up as the plugin calls it: the engine's argument bag in, the result object out. */
export type LookUp = (args: Record<string, unknown>) => Promise<unknown>;

/** Each look-up's own argument type is checked by the function itself, as in a program. */
const FUNCTIONS: Record<string, (args: never) => Promise<unknown>> = {
  getRegions: functions.getRegions,
  getRegion: functions.getRegion,
  getRegionAvailability: functions.getRegionAvailability,
  getDatabaseEngines: functions.getDatabaseEngines,
  getDatabaseEngine: functions.getDatabaseEngine,
  getDatabases: functions.getDatabases,
  getDatabase: functions.getDatabase,
  getDatabaseBackups: functions.getDatabaseBackups,
  getVpcs: functions.getVpcs,
  getVpcSubnets: functions.getVpcSubnets,
  getVpcIps: functions.getVpcIps,
  getRegionVpcAvailability: functions.getRegionVpcAvailability,
  getRegionsVpcAvailability: functions.getRegionsVpcAvailability,
  getVpcDefaultRanges: functions.getVpcDefaultRanges,
};

/** The resource names the plugin serves (`Vpc`, `MysqlDatabase`, ...). */
export const RESOURCE_NAMES = Object.keys(RESOURCES);

function nameOf(token: string, what: string, known: Record<string, unknown>): string {
  const match = /^([^:]+):([^:]+):([^:]+)$/.exec(token);
  const name = match && match[1] === PACKAGE && match[2] === "index" ? match[3]! : undefined;
  if (name === undefined || !Object.hasOwn(known, name))
    throw new Error(
      `${what} "${token}" is not served by this plugin; known: ${Object.keys(known)
        .map((n) => `${PACKAGE}:index:${n}`)
        .join(", ")}`,
    );
  return name;
}

/** The entry of a resource type token (also accepts a URN's type part). */
export function resourceEntry(token: string): ResourceEntry {
  return RESOURCES[nameOf(token, "Resource type", RESOURCES)]!;
}

/** The look-up of a function token. */
export function lookUp(token: string): LookUp {
  const fn = FUNCTIONS[nameOf(token, "Function", FUNCTIONS)]!;
  return (args) => fn(args as never);
}

/** The outputs of a function token's result that the schema declares secret (getDatabase's credentials). */
export function lookUpSecrets(token: string): string[] {
  const declared = DECLARED[nameOf(token, "Function", FUNCTIONS)];
  return Object.entries(declared?.outputs ?? {})
    .filter(([, f]) => f.secret)
    .map(([k]) => k);
}
