/**
 * The retry policy: which failures are worth another attempt and how long to wait. The loop itself
 * is p-retry's (see http.ts); this module only decides, so the rules can be read in one place.
 */
import { ApiError } from "./errors.js";
import type { RetryConfig } from "./config.js";

/** Retry bounds with every default filled in. */
export type RetryPolicy = Required<RetryConfig>;

/**
 * Defaults sized for a Pulumi run: up to ten retries, under two minutes in total. A `pulumi up`
 * makes hundreds of calls; with a few percent of them failing, six attempts left a run failing now
 * and then, while eleven make that a matter of one run in thousands at a 30% failure rate.
 */
export const DEFAULT_RETRY: RetryPolicy = {
  retries: 10,
  minTimeoutMs: 500,
  maxTimeoutMs: 20_000,
  maxRetryTimeMs: 120_000,
};

/** Shortest wait a Retry-After can ask for: a zero would turn a 429 into a hot loop. */
export const RETRY_AFTER_MIN_MS = 1_000;
/** Longest wait a Retry-After can ask for: a Pulumi step should fail rather than hang for minutes. */
export const RETRY_AFTER_MAX_MS = 30_000;

/** Fills in defaults; rejects negative numbers early instead of inside p-retry. */
export function retryPolicy(config: RetryConfig | undefined): RetryPolicy {
  const policy = { ...DEFAULT_RETRY, ...definedOnly(config ?? {}) };
  for (const [key, value] of Object.entries(policy)) {
    if (!Number.isFinite(value) || value < 0) throw new Error(`retry.${key} must be a non-negative number`);
  }
  return policy;
}

/**
 * Whether another attempt is safe and useful. Reads (GET, PUT, DELETE are idempotent) retry on
 * network failures, 408, 429, 5xx and non-JSON proxy pages. A POST is retried only when the server
 * asked for it (429) or the request provably never reached it; anything else might create twice,
 * unless the caller found out that it did not (see `RequestOptions.recover` in http.ts).
 */
export function isRetryable(error: ApiError, method: string): boolean {
  if (method.toUpperCase() === "POST") {
    return error.status === 429 || (error.status === 0 && error.notSent);
  }
  return isTransient(error);
}

/**
 * Whether a failure says nothing about the object asked for: a network failure (refused, reset,
 * dropped, timed out), 408, 429, a 5xx, or a page that is not the API's JSON (a proxy's). A read
 * that fails this way may be repeated later; any other answer (401, 403, 404, 400) is the API's word.
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 0) return true;
  if (error.status === 408 || error.status === 429 || error.status >= 500) return true;
  return error.nonJsonBody;
}

/**
 * Whether a failed request may nevertheless have been carried out by the server: the connection
 * broke after the request was sent (reset, hang-up, request timeout), or an answer came that is not
 * the API's own (408, 5xx, a proxy's HTML page). A 429 or any other API error is a clear refusal.
 */
export function isUnclearOutcome(error: ApiError): boolean {
  if (error.status === 0) return !error.notSent;
  return error.status === 408 || error.status >= 500 || error.nonJsonBody;
}

/**
 * Milliseconds to wait before retry number `retry` (1-based). Retry-After wins when present
 * (clamped to 1..30 s); otherwise exponential backoff with jitter in [half, full] of the step, so
 * many clients that failed together do not come back together.
 */
export function retryDelayMs(error: ApiError, retry: number, policy: RetryPolicy, random = Math.random): number {
  if (error.retryAfterSeconds !== undefined) {
    return Math.min(RETRY_AFTER_MAX_MS, Math.max(RETRY_AFTER_MIN_MS, error.retryAfterSeconds * 1000));
  }
  const step = Math.min(policy.maxTimeoutMs, policy.minTimeoutMs * 2 ** Math.max(0, retry - 1));
  return Math.round(step / 2 + (random() * step) / 2);
}

/**
 * Reads a Retry-After header: delta-seconds or an HTTP date. Returns seconds, or undefined when the
 * header is absent or unreadable (the backoff then applies).
 */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || raw.trim() === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(raw.trim())) return Number(raw.trim());
  const date = Date.parse(raw);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, (date - now) / 1000);
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
