/* eslint-disable @typescript-eslint/no-require-imports -- the provider process picks the module at run time */
import * as path from "node:path";
import type * as pulumi from "@pulumi/pulumi";

/**
 * Builds the object handed to `pulumi.dynamic.Resource` for one resource type.
 *
 * The engine serializes this object, with everything its functions capture, into the state of every
 * resource. Each method is therefore a one-line call into the resource's module, which the provider
 * process loads at run time: the serialized text stays small, holds no client code and no token, and
 * follows the installed package version.
 *
 * The module is found by package name first (`pulumi-cloudplatform` installed in the program's
 * node_modules, the normal case). A program that runs from a checkout of this repository, such as
 * the demo and the end-to-end tests, falls back to the checkout's directory, recorded when the
 * program ran.
 *
 * @param moduleName file name under `dist/resources`, without extension, that exports `provider`.
 */
export function lazyProvider(moduleName: string): pulumi.dynamic.ResourceProvider {
  const packageRoot = path.resolve(__dirname, "..", "..");
  const load = (): pulumi.dynamic.ResourceProvider => {
    const file = `dist/resources/${moduleName}.js`;
    let mod: { provider: pulumi.dynamic.ResourceProvider };
    try {
      mod = require(`pulumi-cloudplatform/${file}`);
    } catch (err) {
      if ((err as { code?: string }).code !== "MODULE_NOT_FOUND") throw err;
      mod = require(`${packageRoot}/${file}`);
    }
    return mod.provider;
  };
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
