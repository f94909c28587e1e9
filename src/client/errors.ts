/**
 * The one error type of the client. Transport failures and API error answers both end up here, so
 * callers branch on `status` and `errors` and never on got's error classes.
 */

/** One entry of the API's error body; `field` is left out when the error is not about one field. */
export interface ApiFieldError {
  field?: string;
  reason: string;
}

/**
 * What is kept of the transport error behind a network failure. Got's own error object holds the
 * request options, headers included, so only these plain strings survive.
 */
export interface SanitizedCause {
  name: string;
  code?: string;
  message: string;
}

/** Construction fields of {@link ApiError}. */
export interface ApiErrorInit {
  status: number;
  method: string;
  path: string;
  errors?: ApiFieldError[];
  /** Network error code such as `ECONNREFUSED`; absent for HTTP answers. */
  code?: string;
  /** Seconds from a `Retry-After` header, when the answer carried one. */
  retryAfterSeconds?: number;
  /** True when the body was not JSON: a proxy or maintenance page instead of the API. */
  nonJsonBody?: boolean;
  /** True when the request provably never reached the server (refused, DNS, connect timeout). */
  notSent?: boolean;
  /** Extra text for the user, e.g. where to set the token after a 401. */
  hint?: string;
  /** How many attempts were made, when more than one. */
  attempts?: number;
  cause?: SanitizedCause;
}

/**
 * A failed API call. The message names the method, the path (never the full URL, never headers)
 * and the API's reasons, so it can be shown to a user as is:
 * `POST /v4/vpcs failed (400): label: Label must be unique among your VPCs`.
 */
export class ApiError extends Error {
  /** HTTP status; 0 when no HTTP answer arrived (network failure). */
  readonly status: number;
  readonly method: string;
  /** Request path including the `/v4` prefix, without query string. */
  readonly path: string;
  /** The API's `{field, reason}` list; a single synthesized entry for non-API answers. */
  readonly errors: ApiFieldError[];
  /** Network error code (`ECONNREFUSED`, `ETIMEDOUT`, ...) for status 0. */
  declare readonly code?: string;
  /** `Retry-After` seconds of the answer, used by the retry policy. */
  declare readonly retryAfterSeconds?: number;
  /** The answer was not JSON (proxy page); reads may be retried. */
  readonly nonJsonBody: boolean;
  /** The request never left this machine, so even a POST may be retried. */
  readonly notSent: boolean;
  /** Attempts made before giving up (1 unless retried). */
  readonly attempts: number;
  // Private: lets withAttempts rebuild the message without exposing construction details.
  readonly #init: ApiErrorInit;

  constructor(init: ApiErrorInit) {
    const errors = init.errors ?? [];
    super(formatMessage(init, errors), init.cause ? { cause: init.cause } : undefined);
    this.name = "ApiError";
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.errors = errors;
    if (init.code !== undefined) this.code = init.code;
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
    this.nonJsonBody = init.nonJsonBody ?? false;
    this.notSent = init.notSent ?? false;
    this.attempts = init.attempts ?? 1;
    this.#init = init;
  }

  /** The same failure, its message saying how many attempts were made before giving up. */
  withAttempts(attempts: number): ApiError {
    return new ApiError({ ...this.#init, attempts });
  }

  /** True for a 404: the resource is gone, which readers treat as "deleted outside Pulumi". */
  get isNotFound(): boolean {
    return this.status === 404;
  }

  /** Plain form for logs and serialized errors; holds nothing the message does not. */
  toJSON(): Pick<ApiError, "name" | "message" | "status" | "method" | "path" | "errors" | "code"> {
    return {
      name: this.name,
      message: this.message,
      status: this.status,
      method: this.method,
      path: this.path,
      errors: this.errors,
      ...(this.code !== undefined ? { code: this.code } : {}),
    };
  }
}

function formatMessage(init: ApiErrorInit, errors: ApiFieldError[]): string {
  const head = `${init.method} ${init.path} failed`;
  const reasons = errors.map((e) => (e.field ? `${e.field}: ${e.reason}` : e.reason)).join("; ");
  const status = init.status === 0 ? `(network error${init.code ? ` ${init.code}` : ""})` : `(${init.status})`;
  const text = `${head} ${status}${reasons ? `: ${reasons}` : ""}`;
  const hinted = init.hint ? `${text}. ${init.hint}` : text;
  return init.attempts && init.attempts > 1 ? `${hinted} (gave up after ${init.attempts} attempts)` : hinted;
}
