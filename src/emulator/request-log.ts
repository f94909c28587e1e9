/** One API call as the control API reports it; headers (and so tokens) are never kept. */
export interface LoggedRequest {
  method: string;
  path: string;
  query: string;
  /** 0 when the connection was dropped by a fault. */
  status: number;
  time: string;
}

/** The request log behind `GET /_emulator/requests`, for tests that count API calls. */
export class RequestLog {
  private entries: LoggedRequest[] = [];

  /** Records a finished (or dropped) request; the oldest entries go beyond 10,000. */
  record(method: string, url: string, status: number): void {
    const [path, query = ""] = url.split("?", 2);
    this.entries.push({ method, path, query, status, time: new Date().toISOString() });
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
