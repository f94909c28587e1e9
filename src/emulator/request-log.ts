/** One API call as the control API reports it; headers (and so tokens) are never kept. */
export interface LoggedRequest {
  method: string;
  path: string;
  query: string;
  /** What the client got: 0 when a fault dropped the connection, an injected status otherwise. */
  status: number;
  /**
   * True when the route ran and succeeded, so its change (if any) took effect, also under an
   * `after` fault that lost or replaced its answer; false for a refusal (4xx, 5xx) and for a
   * request a fault or the rate limit answered or dropped before the route ran.
   */
  handled: boolean;
  time: string;
}

/** Entries kept: the oldest go beyond this many. */
export const LOG_ENTRIES = 10_000;
/** Characters kept of a path and of a query: a flood of long URLs must not grow memory without bound. */
export const LOG_URL_CHARS = 2048;

/** `text` cut to {@link LOG_URL_CHARS}, marked when cut. */
function bounded(text: string): string {
  return text.length > LOG_URL_CHARS ? `${text.slice(0, LOG_URL_CHARS)}...(${text.length} chars)` : text;
}

/** The request log behind `GET /_emulator/requests`, for tests that count API calls. */
export class RequestLog {
  private entries: LoggedRequest[] = [];

  /** Records a finished (or dropped) request, its path and query cut to a bounded length. */
  record(method: string, url: string, status: number, handled: boolean): void {
    const q = url.indexOf("?");
    const path = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? "" : url.slice(q + 1);
    this.entries.push({
      method: bounded(method),
      path: bounded(path),
      query: bounded(query),
      status,
      handled,
      time: new Date().toISOString(),
    });
    if (this.entries.length > LOG_ENTRIES) this.entries.shift();
  }

  /** All entries, oldest first. */
  list(): LoggedRequest[] {
    return [...this.entries];
  }

  /** Forgets everything. */
  clear(): void {
    this.entries = [];
  }
}
