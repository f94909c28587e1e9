/**
 * Where the client's settings come from and the checks they must pass before any request is made.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Bounds of the retry policy; tests shrink them so faulty runs finish fast. */
export interface RetryConfig {
  /** Retries after the first attempt (default 10). */
  retries?: number;
  /** First backoff delay before jitter (default 500 ms). */
  minTimeoutMs?: number;
  /** Largest backoff delay (default 20 s); Retry-After is clamped separately (1..30 s). */
  maxTimeoutMs?: number;
  /** Total time for one call including all retries (default 120 s). */
  maxRetryTimeMs?: number;
}

/** Everything a {@link CloudClient} needs. */
export interface ClientConfig {
  /** Personal access token; only region and engine calls work without it. */
  token?: string;
  /** Base URL without `/v4`, e.g. `http://127.0.0.1:4010`. */
  apiUrl: string;
  /**
   * Accept plain `http://` to a host that is not loopback (an emulator in a CI service container
   * reached by name). Off by default: the token would cross a network unencrypted.
   */
  allowInsecureHttp?: boolean;
  /** Overrides the default `pulumi-cloudplatform/<version>` User-Agent. */
  userAgent?: string;
  retry?: RetryConfig;
  /** Per-attempt timeout of a whole request (default 60 s); connecting has its own 10 s bound. */
  timeoutMs?: number;
  /** Receives one debug line per retry; never given the token. */
  logger?: (msg: string) => void;
  /**
   * The stack configuration's namespace (`cloudplatform`) that messages name in `pulumi config set`
   * hints; given by the caller, since the client knows nothing of Pulumi. Left out, messages name
   * only the environment variables.
   */
  configNamespace?: string;
}

/** A configuration bag such as `pulumi.Config` or the dynamic provider's `ConfigureRequest.config`. */
export interface ConfigBag {
  get(key: string): string | undefined;
  /** Set on `pulumi.Config`: its `get` prefixes keys with this namespace. */
  readonly name?: string;
}

/** Inputs of {@link resolveClientConfig}, highest priority first: explicit values, config bag, environment. */
export interface ClientConfigSource {
  token?: string;
  apiUrl?: string;
  allowInsecureHttp?: boolean;
  config?: ConfigBag;
}

/** Options of {@link resolveClientConfig}. */
export interface ResolveOptions {
  /** Set false for region and engine look-ups, which the API answers without a token. */
  requireToken?: boolean;
  /** Environment to read instead of `process.env` (tests). */
  env?: Record<string, string | undefined>;
  /**
   * The stack configuration's namespace (`cloudplatform`), given by the caller: the keys read from
   * `config` are `<namespace>:<key>`, and messages name them. Left out, a bag's keys are read as
   * given and messages name only the environment variables.
   */
  namespace?: string;
}

/** The setting and the environment variable that opt in to plain http off this machine. */
export const INSECURE_HTTP_OPT_IN = {
  key: "allowInsecureHttp",
  envVar: "CLOUDPLATFORM_ALLOW_INSECURE_HTTP",
} as const;

/** "run `pulumi config set <namespace>:<key> <value>` or " when a namespace is known, else "". */
function configHint(namespace: string | undefined, key: string, value: string, secret = false): string {
  return namespace ? `run \`pulumi config set ${secret ? "--secret " : ""}${namespace}:${key} ${value}\` or ` : "";
}

/**
 * Builds a {@link ClientConfig} from explicit values, the Pulumi stack configuration
 * (`cloudplatform:token`, `cloudplatform:apiUrl`, `cloudplatform:allowInsecureHttp`) or the
 * environment (`CLOUDPLATFORM_TOKEN`, `CLOUDPLATFORM_API_URL`, `CLOUDPLATFORM_ALLOW_INSECURE_HTTP`).
 * Throws an error naming both ways when something is missing, and refuses plain http to anything
 * but this machine, unless opted in, so a token never crosses a network in clear by accident.
 */
export function resolveClientConfig(source: ClientConfigSource = {}, options: ResolveOptions = {}): ClientConfig {
  const env = options.env ?? process.env;
  const ns = options.namespace;
  const token = nonEmpty(source.token) ?? fromBag(source.config, "token", ns) ?? nonEmpty(env.CLOUDPLATFORM_TOKEN);
  const apiUrl = nonEmpty(source.apiUrl) ?? fromBag(source.config, "apiUrl", ns) ?? nonEmpty(env.CLOUDPLATFORM_API_URL);
  if (apiUrl === undefined) {
    throw new Error(
      `No Cloud Platform API URL configured: ${configHint(ns, "apiUrl", "<url>")}` +
        "set the environment variable CLOUDPLATFORM_API_URL (base URL without /v4).",
    );
  }
  if (token === undefined && options.requireToken !== false) {
    throw new Error(
      `No Cloud Platform API token configured: ${configHint(ns, "token", "<token>", true)}` +
        "set the environment variable CLOUDPLATFORM_TOKEN.",
    );
  }
  const allowInsecureHttp =
    source.allowInsecureHttp ??
    flag(
      fromBag(source.config, INSECURE_HTTP_OPT_IN.key, ns),
      ns ? `${ns}:${INSECURE_HTTP_OPT_IN.key}` : INSECURE_HTTP_OPT_IN.key,
    ) ??
    flag(nonEmpty(env[INSECURE_HTTP_OPT_IN.envVar]), INSECURE_HTTP_OPT_IN.envVar) ??
    false;
  const config: ClientConfig = { apiUrl: normalizeApiUrl(apiUrl, allowInsecureHttp, ns) };
  if (ns !== undefined) config.configNamespace = ns;
  if (token !== undefined) config.token = token;
  const maxRetryTimeMs = retryTimeFrom(env.CLOUDPLATFORM_RETRY_MAX_SECONDS);
  if (maxRetryTimeMs !== undefined) config.retry = { maxRetryTimeMs };
  if (allowInsecureHttp) config.allowInsecureHttp = true;
  return config;
}

/**
 * CLOUDPLATFORM_RETRY_MAX_SECONDS: the time one call may spend on retries (default 120). Tests
 * shrink it so that an outage outlasts the client's budget in seconds rather than minutes.
 */
function retryTimeFrom(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const seconds = Number(raw.trim());
  if (!Number.isFinite(seconds) || seconds < 0) {
    throw new Error(`CLOUDPLATFORM_RETRY_MAX_SECONDS must be a number of seconds, 0 or more, got "${raw}"`);
  }
  return seconds * 1000;
}

/**
 * Checks and canonicalizes an API base URL: http(s) only, plain http only to a loopback host
 * (any host with `allowInsecureHttp`), no trailing slash, and a trailing `/v4` dropped because the
 * client adds it to every path.
 */
export function normalizeApiUrl(raw: string, allowInsecureHttp = false, namespace?: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(`Invalid Cloud Platform API URL "${raw}": expected e.g. https://api.example.com`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`Invalid Cloud Platform API URL: protocol ${url.protocol} is not supported; use https.`);
  }
  if (url.protocol === "http:" && !allowInsecureHttp && !isLoopback(url.hostname)) {
    throw new Error(
      `Refusing plain http to ${url.hostname}: the API token would travel unencrypted. ` +
        "Use https, or http to a loopback address (127.0.0.1, localhost, ::1). For an emulator on a " +
        `private network (a CI service container), opt in: ${configHint(namespace, INSECURE_HTTP_OPT_IN.key, "true")}` +
        `set ${INSECURE_HTTP_OPT_IN.envVar}=true.`,
    );
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new Error("Invalid Cloud Platform API URL: it must not carry credentials, a query or a fragment.");
  }
  const path = url.pathname.replace(/\/+$/, "").replace(/\/v4$/, "");
  return `${url.protocol}//${url.host}${path}`;
}

/** True for 127.0.0.0/8, `localhost` and `::1`, the only hosts plain http may reach. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host === "::1") return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) && host.split(".").every((p) => Number(p) <= 255);
}

let cachedVersion: string | undefined;

/** Set at bundle time in the plugin archive (scripts/plugin-archive.mjs), which has no package.json. */
declare const __CLOUDPLATFORM_VERSION__: string | undefined;

/**
 * The package version, read at run time from the package.json two levels up, which is the package
 * root both from `src/client` (jest) and from `dist/client` (compiled).
 */
export function packageVersion(): string {
  if (cachedVersion === undefined && typeof __CLOUDPLATFORM_VERSION__ === "string")
    cachedVersion = __CLOUDPLATFORM_VERSION__;
  if (cachedVersion === undefined) {
    try {
      const pkg = JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")) as {
        version?: string;
      };
      cachedVersion = pkg.version ?? "0.0.0";
    } catch {
      cachedVersion = "0.0.0";
    }
  }
  return cachedVersion;
}

/** The User-Agent every request carries unless the config overrides it. */
export function defaultUserAgent(): string {
  return `pulumi-cloudplatform/${packageVersion()}`;
}

function fromBag(bag: ConfigBag | undefined, key: string, namespace: string | undefined): string | undefined {
  if (!bag) return undefined;
  // pulumi.Config("cloudplatform") namespaces keys itself; the provider's bag takes full keys.
  const value = namespace === undefined || bag.name === namespace ? bag.get(key) : bag.get(`${namespace}:${key}`);
  return nonEmpty(value);
}

/** Reads a boolean setting written as `true` or `false`; anything else is an error naming the setting. */
function flag(value: string | undefined, name: string): boolean | undefined {
  if (value === undefined) return undefined;
  const lower = value.toLowerCase();
  if (lower === "true") return true;
  if (lower === "false") return false;
  throw new Error(`${name} must be true or false, got "${value}".`);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== "" ? value.trim() : undefined;
}
