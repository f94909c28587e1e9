/**
 * The stored paths of each resource, made from the list of resources: the modules a stack's state
 * `require`s by name, which must keep answering in every later version (docs/engine.md).
 */
import type { ResourceSpec } from "../resources/list.js";
import { header } from "./header.js";

/**
 * `src/providers/<folder>.ts`: the lazy provider the resource class hands the engine, which an
 * installed package's state stores as a `require` of this module.
 */
export function lazyProviderFile(r: ResourceSpec): string {
  return `${header("the list of resources (src/resources/list.ts)")}/**
 * The \`${r.name}\` provider as the engine stores it. A program that installed this package serializes
 * this module as \`require("pulumi-cloudplatform/dist/providers/${r.folder}.js")\`, a few hundred characters
 * that load the installed version at run time (docs/performance.md).
 */
import { lazyProvider } from "../shared/engine/lazy-provider.js";

export = lazyProvider("${r.folder}");
`;
}

/**
 * `src/resources/<folder>.ts`: the module the lazy provider loads in the provider process, which
 * a state serialized by value also names; it answers with the provider of the list's entry.
 */
export function providerPathFile(r: ResourceSpec): string {
  return `${header("the list of resources (src/resources/list.ts)")}/**
 * A stored path: the lazy provider (src/providers/${r.folder}.ts) and states written by a provider serialized by
 * value (a program run from a checkout, or pnpm with an SDK older than 3.251) load
 * \`pulumi-cloudplatform/dist/resources/${r.folder}.js\` by name, so this module keeps answering there with the
 * \`${r.name}\` provider of the list of resources (docs/engine.md).
 */
import type * as pulumi from "@pulumi/pulumi";
import { RESOURCES } from "./list.js";

/** The \`${r.name}\` provider, as the provider process loads it. */
export const provider: pulumi.dynamic.ResourceProvider = RESOURCES.${r.name}.provider;
`;
}
