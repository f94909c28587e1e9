import { realpathSync } from "node:fs";
import type * as pulumi from "@pulumi/pulumi";
// The copy the program runs: a peer dependency, so the one whose serializer stores the provider.
import { version as sdkVersion } from "@pulumi/pulumi/version";

/**
 * The first @pulumi/pulumi whose closure serializer names a module inside a pnpm store by its
 * package (pulumi/pulumi#23767). Older ones take the store folder for a package name and fail the
 * program with `package.json export path for ".pnpm/..." not found`.
 */
export const PNPM_SERIALIZER_FIXED = { major: 3, minor: 251 } as const;

/**
 * Whether the provider modules must be stored by value: the package lies in a pnpm store
 * (`.../node_modules/.pnpm/<name>@<version>/node_modules/...`) and the SDK's serializer predates
 * the fix for that layout. Everywhere else the engine stores a `require` of the installed module.
 *
 * @param packagePath real path of a file of this package.
 * @param sdkVersion version of the @pulumi/pulumi the program runs.
 */
export function storesByValue(packagePath: string, sdkVersion: string): boolean {
  const parts = packagePath.split(/[\\/]/);
  const inPnpmStore = parts.some((part, i) => part === ".pnpm" && parts[i - 1] === "node_modules");
  if (!inPnpmStore) return false;
  const [major, minor] = sdkVersion.split(".").map(Number);
  if (!Number.isInteger(major) || !Number.isInteger(minor)) return true;
  return (
    major! < PNPM_SERIALIZER_FIXED.major ||
    (major === PNPM_SERIALIZER_FIXED.major && minor! < PNPM_SERIALIZER_FIXED.minor)
  );
}

let byValue: boolean | undefined;

/**
 * What to hand to `pulumi.dynamic.Resource` for one of the `src/providers/*` modules: the module
 * itself, which the engine stores as `require("pulumi-cloudplatform/dist/providers/<name>.js")`, or,
 * where the SDK's serializer cannot name a module in a pnpm store, a plain copy of its methods,
 * which is stored by value: the same one-line methods, still loading the package by name in the
 * provider process, with no path of the machine (docs/engine.md).
 */
export function storedProvider(module: pulumi.dynamic.ResourceProvider): pulumi.dynamic.ResourceProvider {
  byValue ??= storesByValue(realpathSync(__filename), sdkVersion);
  return byValue ? { ...module } : module;
}
