/**
 * The client of the look-up functions. They run in the Pulumi program itself (not in the provider
 * process), so they read `cloudplatform:token` / `cloudplatform:apiUrl` from the stack
 * configuration directly, falling back to CLOUDPLATFORM_TOKEN / CLOUDPLATFORM_API_URL; in the
 * plugin they read the configuration of the provider the engine invoked them through.
 */
// The SDK's config modules, not its index, which also loads the Automation API.
import { Config } from "@pulumi/pulumi/config";
import { getConfig } from "@pulumi/pulumi/runtime/config";
import { CloudClient, resolveClientConfig, type ConfigBag } from "../client/index.js";
import { PACKAGE } from "../shared/engine/package.js";

let memo: { key: string; client: CloudClient } | undefined;
/** The configuration the plugin hands over (an explicit provider's inputs); unset in a program. */
let given: ConfigBag | undefined;

/**
 * Makes the look-ups read `bag` instead of the stack configuration: the plugin passes the inputs of
 * the provider it serves, so a look-up invoked through an explicit provider reaches that provider's
 * account, and a setting the provider leaves out falls back to the environment, never to another's.
 */
export function useLookupConfig(bag: ConfigBag): void {
  given = bag;
}

/**
 * The stack configuration as a bag. The raw runtime read is used rather than `Config.get`, which
 * would warn on every call that the token is a secret; the value never leaves this process.
 */
function stackConfig(): ConfigBag {
  const config = new Config(PACKAGE);
  return { name: config.name, get: (key: string) => getConfig(`${config.name}:${key}`) };
}

/**
 * One client per configuration for all look-ups of the program. Region and engine look-ups pass
 * `requireToken: false`, since the API answers them without a token.
 */
export function lookupClient(requireToken = true): CloudClient {
  const config = resolveClientConfig({ config: given ?? stackConfig() }, { requireToken, namespace: PACKAGE });
  const key = `${config.apiUrl}\n${config.token ?? ""}`;
  if (memo?.key !== key) memo = { key, client: new CloudClient(config) };
  return memo.client;
}
