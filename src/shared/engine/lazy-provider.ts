/* eslint-disable @typescript-eslint/no-require-imports -- the provider process picks the module at run time */
import type * as pulumi from "@pulumi/pulumi";

/**
 * Builds the object handed to `pulumi.dynamic.Resource` for one resource type: each method is a
 * one-line call into the resource's module, loaded by package name when the provider process first
 * needs it, so the program never loads the client and the provider follows the installed version.
 *
 * Each `src/providers/<name>.ts` module exports one of these. When the package is installed, the
 * engine's serializer finds that module under node_modules and stores only a `require` of it. A
 * program run from a checkout of this repository (the demo, the tests) gets these few functions
 * serialized by value instead; `scripts/link-checkout.mjs` makes the package name resolve there.
 *
 * @param moduleName file name under `dist/resources`, without extension, that exports `provider`: a stored
 *   path that must keep answering (src/resources/<name>.ts, generated, answers with the provider of
 *   the list of resources).
 */
export function lazyProvider(moduleName: string): pulumi.dynamic.ResourceProvider {
  const load = (): pulumi.dynamic.ResourceProvider =>
    require(`pulumi-cloudplatform/dist/resources/${moduleName}.js`).provider;
  return {
    configure: async (req) => load().configure?.(req),
    check: (olds, news) => load().check!(olds, news),
    diff: (id, olds, news) => load().diff!(id, olds, news),
    create: (inputs) => load().create(inputs),
    read: (id, props) => load().read!(id, props),
    update: (id, olds, news) => load().update!(id, olds, news),
    delete: (id, props) => load().delete!(id, props),
  };
}
