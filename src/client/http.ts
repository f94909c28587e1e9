/**
 * The transport: one got instance, one request helper, and the single place where
 * got's outcomes (responses and thrown errors alike) become values or {@link ApiError}s.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import got, { type Got, type Response } from "got";
import pRetry from "p-retry";
import { ApiError, type ApiFieldError, type SanitizedCause } from "./errors.js";
import { defaultUserAgent, normalizeApiUrl, type ClientConfig } from "./config.js";
import { queryParams, type Query } from "./paths.js";
import { redactToken } from "./redact.js";
import {
  isRetryable,
  isUnclearOutcome,
  parseRetryAfter,
  retryDelayMs,
  retryPolicy,
  type RetryPolicy,
} from "./retry.js";

/** The HTTP methods the API uses. */
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** Per-request options of {@link HttpClient.request}. */
export interface RequestOptions {
  /** JSON body; keys whose value is undefined are removed before sending. */
  body?: object;
  query?: Query;
  /** False for the region and engine operations, which the API serves without authorization. */
  auth?: boolean;
  /**
   * For a POST that makes something with a unique key (a label): finds out whether an attempt whose
   * outcome is unclear (see {@link isUnclearOutcome}) took effect, returning what the POST would
   * have answered, or undefined when nothing was made. Found: that is the call's result. Not found:
   * the POST is sent again within the same retry budget. It is also asked after a 400 that follows
   * an unclear attempt, because that 400 may be the earlier attempt's own object colliding with the
   * resend ("label must be unique").
   */
  recover?: () => Promise<unknown>;
  /** For a POST whose repetition has the effect of one (a credentials reset): retried like a PUT. */
  idempotent?: boolean;
  /** A list's `X-Filter`, sent as that header (see `ListOptions.filter`). */
  filter?: Record<string, unknown>;
}

/** Network codes that prove the request never reached the server, so even a POST may be resent. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"]);
/** Got timeout phases that end before any request byte is written. */
const NOT_SENT_TIMEOUT_EVENTS = new Set(["lookup", "connect", "secureConnect"]);

const CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_TIMEOUT_MS = 60_000;
const API_PREFIX = "/v4";

/** Copies a request body without undefined values, recursively, so "not set" is never sent. */
export function withoutUndefined<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => withoutUndefined(item)) as T;
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) out[key] = withoutUndefined(item);
    }
    return out as T;
  }
  return value;
}

/** Set while a poller's look runs: see {@link singleAttempts}. */
const pollerOwnsRetry = new AsyncLocalStorage<true>();

/**
 * Runs `look` with every request inside it attempted once: the caller, a poller that looks again
 * on its own schedule until its time limit, owns the retry, so a failed look is known at once and
 * no retry budget of the client runs past the poller's limit. Writes never run inside.
 */
export function singleAttempts<T>(look: () => Promise<T>): Promise<T> {
  return pollerOwnsRetry.run(true, look);
}

/**
 * Sends requests to the API with the client's retry policy. Got's own retry is off: p-retry is the
 * only retry layer, and every retry is logged through the configured logger.
 */
export class HttpClient {
  private readonly got: Got;
  private readonly baseUrl: string;
  private readonly policy: RetryPolicy;
  private readonly log: (msg: string) => void;
  private readonly timeoutMs: number;
  private readonly configNamespace: string | undefined;
  // Non-enumerable: keeps the token out of util.inspect and JSON.stringify of the client.
  declare private readonly token: string | undefined;

  constructor(config: ClientConfig) {
    this.baseUrl = normalizeApiUrl(config.apiUrl, config.allowInsecureHttp, config.configNamespace);
    this.configNamespace = config.configNamespace;
    this.policy = retryPolicy(config.retry);
    this.log = config.logger ?? (() => undefined);
    this.timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    Object.defineProperty(this, "token", { value: config.token, enumerable: false });
    this.got = got.extend({
      retry: { limit: 0 },
      throwHttpErrors: false,
      followRedirect: false,
      responseType: "text",
      timeout: { connect: CONNECT_TIMEOUT_MS, request: this.timeoutMs },
      headers: { "user-agent": config.userAgent ?? defaultUserAgent(), accept: "application/json" },
    });
  }

  /**
   * Sends one API call (`path` without the `/v4` prefix), retrying as the policy allows, and
   * returns the parsed JSON body. Throws {@link ApiError} for every failure.
   */
  async request<T = unknown>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const fullPath = API_PREFIX + path;
    const deadline = Date.now() + this.policy.maxRetryTimeMs;
    const retryMethod = options.idempotent ? "PUT" : method;
    let attempts = 0;
    // Set when an unclear attempt was looked up and had made nothing: resending is then safe.
    let resend = false;
    let sawUnclear = false;
    try {
      return await pRetry(
        async () => {
          attempts++;
          resend = false;
          // A retry may not outlive the call's total time: its timeout is cut to what is left.
          const timeoutMs =
            attempts === 1 ? this.timeoutMs : Math.max(1, Math.min(this.timeoutMs, deadline - Date.now()));
          try {
            return (await this.once(method, fullPath, options, timeoutMs)) as T;
          } catch (err) {
            if (!options.recover || !(err instanceof ApiError)) throw err;
            const unclear = isUnclearOutcome(err);
            if (!unclear && !(sawUnclear && err.status === 400)) throw err;
            sawUnclear ||= unclear;
            const found = await this.lookUp(options.recover, err);
            if (found !== undefined) return found as T;
            // Nothing was made: an unclear attempt may be sent again; a 400 stands as the answer.
            resend = unclear;
            throw err;
          }
        },
        {
          retries: pollerOwnsRetry.getStore() ? 0 : this.policy.retries,
          // The wait is computed and slept in shouldRetry, because only there is the failed answer's
          // Retry-After known; p-retry's own backoff is therefore zero.
          minTimeout: 0,
          maxRetryTime: this.policy.maxRetryTimeMs,
          shouldRetry: async ({ error, attemptNumber }) => {
            if (!(error instanceof ApiError) || !(resend || isRetryable(error, retryMethod))) return false;
            const delay = retryDelayMs(error, attemptNumber, this.policy);
            if (Date.now() + delay > deadline) return false;
            const why = error.retryAfterSeconds !== undefined ? " (Retry-After)" : "";
            this.log(
              `${error.message}; retrying in ${delay} ms${why}, attempt ${attemptNumber + 1} of ${this.policy.retries + 1}`,
            );
            await sleep(delay);
            return true;
          },
        },
      );
    } catch (err) {
      if (err instanceof ApiError && attempts > 1) throw err.withAttempts(attempts);
      throw err;
    }
  }

  /**
   * Runs a POST's `recover` after a failure. A lookup that itself fails leaves the outcome unknown;
   * resending is still safe there, since the key is unique and a duplicate is refused and looked up.
   */
  private async lookUp(recover: () => Promise<unknown>, failure: ApiError): Promise<unknown> {
    try {
      const found = await recover();
      this.log(
        found === undefined
          ? `${failure.message}; a lookup found nothing made by it, sending it again`
          : `${failure.message}; a lookup found what it made, carrying on with that`,
      );
      return found;
    } catch (err) {
      this.log(`${failure.message}; the lookup of what it made failed too (${String(err)}), sending it again`);
      return undefined;
    }
  }

  private async once(method: HttpMethod, path: string, options: RequestOptions, timeoutMs: number): Promise<unknown> {
    const headers: Record<string, string> = {};
    if (options.auth !== false) {
      if (this.token === undefined) {
        throw new Error(
          `${method} ${path} needs an API token: ` +
            (this.configNamespace
              ? `run \`pulumi config set --secret ${this.configNamespace}:token <token>\` or `
              : "") +
            "set the environment variable CLOUDPLATFORM_TOKEN.",
        );
      }
      headers.authorization = `Bearer ${this.token}`;
    }
    if (options.filter !== undefined) headers["x-filter"] = JSON.stringify(options.filter);
    const searchParams = queryParams(options.query);
    let response: Response<string>;
    try {
      response = await this.got(this.baseUrl + path, {
        method,
        headers,
        timeout: { connect: CONNECT_TIMEOUT_MS, request: timeoutMs },
        ...(options.body !== undefined ? { json: withoutUndefined(options.body) } : {}),
        ...(searchParams ? { searchParams } : {}),
      });
    } catch (err) {
      throw this.fromTransportError(err, method, path);
    }
    return this.fromResponse(response, method, path);
  }

  /** Turns an HTTP answer into its JSON body or an ApiError. */
  private fromResponse(response: Response<string>, method: HttpMethod, path: string): unknown {
    const status = response.statusCode;
    const text = response.body ?? "";
    let body: unknown;
    let json = true;
    if (text.trim() === "") {
      body = {};
    } else {
      try {
        body = JSON.parse(text);
      } catch {
        json = false;
      }
    }
    if (status >= 200 && status < 300 && json) return body;

    const retryAfterSeconds = parseRetryAfter(response.headers["retry-after"]);
    let errors: ApiFieldError[];
    if (!json) {
      errors = [
        {
          reason: response.headers["x-maintenance-mode"]
            ? "the API is down for maintenance"
            : "the API answered with a non-JSON page (probably a proxy error page); try again later",
        },
      ];
    } else {
      errors = errorList(body, status);
    }
    return this.throwing({
      status,
      method,
      path,
      errors,
      nonJsonBody: !json,
      ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
      ...(hintFor(status, this.configNamespace) ? { hint: hintFor(status, this.configNamespace) } : {}),
    });
  }

  /**
   * The one place got's thrown errors are converted. Only name, code and message are kept: got's
   * error carries the request options, and with them the Authorization header.
   */
  private fromTransportError(err: unknown, method: HttpMethod, path: string): ApiError {
    const e = (err ?? {}) as { name?: unknown; code?: unknown; message?: unknown; event?: unknown };
    const code = typeof e.code === "string" ? e.code : undefined;
    const name = typeof e.name === "string" ? e.name : "Error";
    const message = this.redact(typeof e.message === "string" ? e.message : String(err));
    const notSent =
      (code !== undefined && NOT_SENT_CODES.has(code)) ||
      (name === "TimeoutError" && typeof e.event === "string" && NOT_SENT_TIMEOUT_EVENTS.has(e.event));
    const cause: SanitizedCause = { name, message, ...(code !== undefined ? { code } : {}) };
    return new ApiError({
      status: 0,
      method,
      path,
      errors: [{ reason: message }],
      notSent,
      cause,
      ...(code !== undefined ? { code } : {}),
    });
  }

  private throwing(init: ConstructorParameters<typeof ApiError>[0]): never {
    const errors = init.errors?.map((e) => ({
      ...e,
      ...(e.field !== undefined ? { field: this.redact(e.field) } : {}),
      reason: this.redact(e.reason),
    }));
    throw new ApiError({ ...init, ...(errors ? { errors } : {}) });
  }

  /** Last line of defence: no text the client passes on may contain the token as a token. */
  private redact(text: string): string {
    return redactToken(text, this.token);
  }
}

function errorList(body: unknown, status: number): ApiFieldError[] {
  const raw = (body as { errors?: unknown } | null)?.errors;
  if (Array.isArray(raw)) {
    const list = raw
      .filter((e): e is Record<string, unknown> => e !== null && typeof e === "object")
      .map((e) => {
        const reason = typeof e.reason === "string" ? e.reason : "unknown error";
        return typeof e.field === "string" && e.field !== "" ? { field: e.field, reason } : { reason };
      });
    if (list.length > 0) return list;
  }
  return [{ reason: `unexpected HTTP ${status} answer` }];
}

function hintFor(status: number, namespace: string | undefined): string | undefined {
  if (status === 401) return `Check the API token (${namespace ? `${namespace}:token or ` : ""}CLOUDPLATFORM_TOKEN)`;
  if (status === 403) return "The token lacks a scope or grant this operation needs";
  return undefined;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
