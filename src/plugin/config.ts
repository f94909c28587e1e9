/**
 * The provider's configuration: `cloudplatform:apiUrl` and the secret `cloudplatform:token`, as the
 * engine sends them (the stack configuration, or a `cloudplatform.Provider` resource's inputs),
 * with CLOUDPLATFORM_API_URL and CLOUDPLATFORM_TOKEN as the fallback. The same `configure` of the
 * resource modules keeps them; the token stays in this process's memory.
 */
import * as pulumi from "@pulumi/pulumi";
import { normalizeApiUrl, type ConfigBag } from "../client/index.js";
import { configure } from "../resources/context.js";
import type { Bag } from "../resources/validate.js";
import { PACKAGE } from "./token.js";

/** The configuration keys, short form (as in a provider's inputs). */
export const CONFIG_KEYS = ["apiUrl", "token"] as const;

/**
 * A bag of full keys (`cloudplatform:token`) over the provider inputs (`token`), falling back to
 * the older variables map (`cloudplatform:config:token`). Empty strings count as unset, so the
 * environment applies.
 */
export function configBag(args: Bag, variables: ReadonlyMap<string, string> = new Map()): ConfigBag {
  return {
    get(key: string): string | undefined {
      const short = key.startsWith(`${PACKAGE}:`) ? key.slice(PACKAGE.length + 1) : key;
      const set = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
      return set(args[short]) ?? set(variables.get(`${PACKAGE}:config:${short}`));
    },
  };
}

/**
 * Failures of the configuration, checked before any resource is touched: an `apiUrl` that is not a
 * URL, or plain http to another machine (the token would travel in clear).
 */
export function configFailures(args: Bag): { property: string; reason: string }[] {
  const failures: { property: string; reason: string }[] = [];
  const apiUrl = args.apiUrl;
  if (apiUrl !== undefined && apiUrl !== null && apiUrl !== "") {
    if (typeof apiUrl !== "string") failures.push({ property: "apiUrl", reason: "apiUrl must be a string" });
    else
      try {
        normalizeApiUrl(apiUrl);
      } catch (err) {
        failures.push({ property: "apiUrl", reason: `apiUrl: ${(err as Error).message}` });
      }
  }
  if (args.token !== undefined && args.token !== null && typeof args.token !== "string")
    failures.push({ property: "token", reason: "token must be a string" });
  return failures;
}

/**
 * Hands the configuration to the resource modules and to the look-ups, which read the stack
 * configuration of the process they run in.
 */
export async function applyConfig(bag: ConfigBag): Promise<void> {
  await configure({ config: bag } as unknown as pulumi.dynamic.ConfigureRequest);
  for (const key of CONFIG_KEYS) {
    const value = bag.get(`${PACKAGE}:${key}`);
    if (value !== undefined) pulumi.runtime.setConfig(`${PACKAGE}:${key}`, value);
  }
}
