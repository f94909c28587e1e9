/**
 * The provider's configuration: `cloudplatform:apiUrl`, the secret `cloudplatform:token` and
 * `cloudplatform:allowInsecureHttp`, `cloudplatform:databasePlatform` (the platform new databases are
 * made on, when the catalogue should not decide), as the engine sends them (the stack configuration, or an
 * explicit provider's inputs), with the CLOUDPLATFORM_* environment variables as the fallback. The same `configure` of the
 * resource modules keeps them; the token stays in this process's memory.
 */
import * as pulumi from "@pulumi/pulumi";
import { resolveClientConfig, type ConfigBag } from "../client/index.js";
import { useLookupConfig } from "../functions/client.js";
import { configure } from "../shared/runtime/context.js";
import type { Bag } from "../shared/fields/validate.js";
import { PACKAGE } from "../shared/engine/package.js";
import { PLATFORMS } from "../api/index.js";

/** The configuration keys, short form (as in a provider's inputs). */
export const CONFIG_KEYS = ["apiUrl", "token", "allowInsecureHttp", "databasePlatform"] as const;

/**
 * A bag of full keys (`cloudplatform:token`) over the provider inputs (`token`), falling back to
 * the older variables map (`cloudplatform:config:token`). Empty strings count as unset, so the
 * environment applies.
 */
export function configBag(args: Bag, variables: ReadonlyMap<string, string> = new Map()): ConfigBag {
  return {
    get(key: string): string | undefined {
      const short = key.startsWith(`${PACKAGE}:`) ? key.slice(PACKAGE.length + 1) : key;
      // The engine sends a boolean setting as a boolean; the client reads configuration as text.
      const set = (v: unknown): string | undefined =>
        typeof v === "boolean" ? String(v) : typeof v === "string" && v !== "" ? v : undefined;
      return set(args[short]) ?? set(variables.get(`${PACKAGE}:config:${short}`));
    },
  };
}

/**
 * Failures of the configuration, checked before any resource is touched: an `apiUrl` that is not a
 * URL, or plain http to another machine without the `allowInsecureHttp` opt-in (the token would
 * travel in clear). The client's own rules decide, with the environment as fallback; a missing URL
 * is left to the first call that needs one, so an offline preview still runs.
 */
export function configFailures(
  args: Bag,
  variables: ReadonlyMap<string, string> = new Map(),
): { property: string; reason: string }[] {
  const failures: { property: string; reason: string }[] = [];
  for (const key of ["apiUrl", "token", "databasePlatform"] as const)
    if (args[key] !== undefined && args[key] !== null && typeof args[key] !== "string")
      failures.push({ property: key, reason: `${key} must be a string` });
  const platform = args.databasePlatform;
  if (typeof platform === "string" && platform !== "" && !(PLATFORMS as readonly string[]).includes(platform))
    failures.push({
      property: "databasePlatform",
      reason: `databasePlatform must be ${PLATFORMS.map((p) => `"${p}"`).join(" or ")}, got ${JSON.stringify(platform)}`,
    });
  if (failures.length === 0 && (typeof args.apiUrl === "string" || process.env.CLOUDPLATFORM_API_URL))
    try {
      resolveClientConfig({ config: configBag(args, variables) }, { requireToken: false, namespace: PACKAGE });
    } catch (err) {
      failures.push({ property: "apiUrl", reason: `apiUrl: ${(err as Error).message}` });
    }
  return failures;
}

/**
 * Hands the configuration to the resource modules and to the look-ups. Each provider (the default
 * one and every explicit one) is a plugin process of its own, configured once with its own inputs.
 */
export async function applyConfig(bag: ConfigBag): Promise<void> {
  await configure({ config: bag } as unknown as pulumi.dynamic.ConfigureRequest);
  useLookupConfig(bag);
}
