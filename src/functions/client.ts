/**
 * The client of the look-up functions. They run in the Pulumi program itself (not in the provider
 * process), so they read `cloudplatform:token` / `cloudplatform:apiUrl` from the stack
 * configuration directly, falling back to CLOUDPLATFORM_TOKEN / CLOUDPLATFORM_API_URL.
 */
import * as pulumi from "@pulumi/pulumi";
import { CloudClient, resolveClientConfig, type ConfigBag } from "../client/index.js";
import { PACKAGE } from "../shared/engine/package.js";

let memo: { key: string; client: CloudClient } | undefined;

/**
 * The stack configuration as a bag. The raw runtime read is used rather than `Config.get`, which
 * would warn on every call that the token is a secret; the value never leaves this process.
 */
function stackConfig(): ConfigBag {
  const config = new pulumi.Config(PACKAGE);
  return { name: config.name, get: (key: string) => pulumi.runtime.getConfig(`${config.name}:${key}`) };
}

/**
 * One client per configuration for all look-ups of the program. Region and engine look-ups pass
 * `requireToken: false`, since the API answers them without a token.
 */
export function lookupClient(requireToken = true): CloudClient {
  const config = resolveClientConfig({ config: stackConfig() }, { requireToken, namespace: PACKAGE });
  const key = `${config.apiUrl}\n${config.token ?? ""}`;
  if (memo?.key !== key) memo = { key, client: new CloudClient(config) };
  return memo.client;
}
