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

/** The request log behind `GET /_emulator/requests`, for tests that count API calls. */
export class RequestLog {
  private entries: LoggedRequest[] = [];

  /** Records a finished (or dropped) request; the oldest entries go beyond 10,000. */
  record(method: string, url: string, status: number, handled: boolean): void {
    const [path, query = ""] = url.split("?", 2);
    this.entries.push({ method, path, query, status, handled, time: new Date().toISOString() });
    if (this.entries.length > 10_000) this.entries.shift();
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
