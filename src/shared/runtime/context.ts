/**
 * The provider process's connection to the API: one client per process, built on first use from
 * the stack configuration handed to `configure` (or the environment). The token lives only here, in
 * memory; it is never an input or output of a resource, nor part of the serialized provider (the
 * engine keeps the stack configuration, encrypted, as the default provider's inputs).
 */
import { PACKAGE } from "../engine/package.js";
import type * as pulumi from "@pulumi/pulumi";
import { pulumiSdk } from "../engine/pulumi-sdk.js";
import { CloudClient, resolveClientConfig } from "../../client/index.js";

/** The configuration bag of `ConfigureRequest` (full keys such as `cloudplatform:token`). */
type ConfigBag = { get(key: string): string | undefined };

let bag: ConfigBag | undefined;
let insideProvider = false;
let memo: { key: string; client: CloudClient } | undefined;
const resetHooks: (() => void)[] = [];

/**
 * Remembers the stack configuration. Every resource type's provider calls it once, all with the same
 * stack configuration, so caches are dropped only when the API they describe changes.
 */
export async function configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
  const previous = apiUrlOf(bag);
  bag = req.config;
  if (!insideProvider || apiUrlOf(bag) !== previous) {
    insideProvider = true;
    resetCaches();
  }
}

/**
 * Drops the client and the catalogue. A provider process never needs it (the catalogue is fetched
 * once per process); tests that reseed the emulator between cases do.
 */
export function resetCaches(): void {
  memo = undefined;
  for (const hook of resetHooks) hook();
}

function apiUrlOf(config: ConfigBag | undefined): string | undefined {
  return config?.get(`${PACKAGE}:apiUrl`) ?? process.env.CLOUDPLATFORM_API_URL;
}

/** Lets caches that depend on the configured API (the catalogue) drop their entries on configure. */
export function onReconfigure(hook: () => void): void {
  resetHooks.push(hook);
}

/**
 * The client for create, read, update and delete; throws the client's error naming
 * `cloudplatform:token` and CLOUDPLATFORM_TOKEN when no token is configured.
 */
export function client(): CloudClient {
  return build(true);
}

/**
 * A client for the token-less calls (regions, engines), or undefined when no API URL is configured:
 * then the catalogue rules of `check` are skipped instead of failing a preview made offline.
 */
export function catalogueClient(): CloudClient | undefined {
  try {
    return build(false);
  } catch {
    return undefined;
  }
}

/** The configured API's base URL, or undefined when none is configured: what keys records of creates. */
export function configuredApiUrl(): string | undefined {
  try {
    return resolveClientConfig(bag ? { config: bag } : {}, { requireToken: false, namespace: PACKAGE }).apiUrl;
  } catch {
    return undefined;
  }
}

/** The setting that names the platform new databases are made on, and its environment variable. */
export const DATABASE_PLATFORM_SETTING = {
  key: "databasePlatform",
  envVar: "CLOUDPLATFORM_DATABASE_PLATFORM",
} as const;

/**
 * The platform new databases are made on as the configuration names it (`rdbms-legacy` or
 * `rdbms-default`), or undefined when it names none: the providers then tell it from the API's
 * engine catalogue. Any other value is returned as given, for `check` to refuse by name.
 */
export function configuredDatabasePlatform(): string | undefined {
  const set = (v: string | undefined): string | undefined => (v === undefined || v === "" ? undefined : v);
  return (
    set(bag?.get(`${PACKAGE}:${DATABASE_PLATFORM_SETTING.key}`)) ?? set(process.env[DATABASE_PLATFORM_SETTING.envVar])
  );
}

/**
 * A client for reads a preview makes (the account's labels and ranges), or undefined when no API
 * URL or no token is configured: the checks are then skipped and the API judges at `up`.
 */
export function accountClient(): CloudClient | undefined {
  try {
    return build(true);
  } catch {
    return undefined;
  }
}

function build(requireToken: boolean): CloudClient {
  const config = resolveClientConfig(bag ? { config: bag } : {}, { requireToken, namespace: PACKAGE });
  const key = `${config.apiUrl}\n${config.token ?? ""}`;
  // A client built for the catalogue without a token stays usable once a token appears: rebuild.
  if (memo && (memo.key === key || (!requireToken && memo.key.startsWith(`${config.apiUrl}\n`)))) return memo.client;
  const logger = insideProvider ? debugLog : undefined;
  memo = { key, client: new CloudClient(logger ? { ...config, logger } : config) };
  return memo.client;
}

/** Debug lines go to the engine's log; a logging failure must never fail an operation. */
function debugLog(msg: string): void {
  try {
    void pulumiSdk()
      .log.debug(msg)
      .catch(() => undefined);
  } catch {
    // ignored on purpose
  }
}

/**
 * A warning in the engine's output; a logging failure must never fail an operation. The dynamic
 * provider process has no engine connection, so pulumi.log writes it to stderr, which the engine
 * shows under the stack's diagnostics (in previews too).
 */
export function warn(msg: string): void {
  try {
    void pulumiSdk()
      .log.warn(msg)
      .catch(() => undefined);
  } catch {
    // ignored on purpose
  }
}
