/**
 * Failures the emulator answers with. Each class carries its HTTP status; the central error
 * handler in app.ts serializes them once into the API's `{errors: [{field, reason}]}` body.
 */

/** One entry of the API error body; `field` is left out when the error is about no one field. */
export interface ErrorEntry {
  field?: string;
  reason: string;
}

/** Base class: a status plus the error entries. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly errors: ErrorEntry[],
    readonly headers: Record<string, string> = {},
  ) {
    super(errors.map((e) => (e.field ? `${e.field}: ${e.reason}` : e.reason)).join("; "));
  }
}

/** 400: validation failures and conflicts. */
export class BadRequest extends ApiFailure {
  constructor(errors: ErrorEntry[] | string, field?: string) {
    super(400, typeof errors === "string" ? [field ? { field, reason: errors } : { reason: errors }] : errors);
  }
}

/** 401: missing or unknown token. */
export class Unauthorized extends ApiFailure {
  constructor() {
    super(401, [{ reason: "Invalid Token" }]);
  }
}

/** 403: missing scope, grant, or unrestricted status. */
export class Forbidden extends ApiFailure {
  constructor() {
    super(403, [{ reason: "Unauthorized" }]);
  }
}

/** 404: unknown route or entity. */
export class NotFound extends ApiFailure {
  constructor() {
    super(404, [{ reason: "Not found" }]);
  }
}

/** 415: a body in another format than JSON, on a route that reads one. */
export class UnsupportedMediaType extends ApiFailure {
  constructor() {
    super(415, [{ reason: "Content-Type must be application/json" }]);
  }
}

/** 429: the shared rate limit or an injected fault. */
export class TooManyRequests extends ApiFailure {
  constructor(headers: Record<string, string>) {
    super(429, [{ reason: "Too many requests" }], headers);
  }
}

/** Collects field errors so that one request reports all of them at once. */
export class ErrorList {
  readonly entries: ErrorEntry[] = [];

  /** Records a failure of `field`. */
  add(field: string | undefined, reason: string): void {
    this.entries.push(field ? { field, reason } : { reason });
  }

  /** Throws a 400 when anything was recorded. */
  throwIfAny(): void {
    if (this.entries.length > 0) throw new BadRequest(this.entries);
  }
}
