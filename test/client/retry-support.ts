/**
 * What the client's retry tests share: the token, a fast retry policy, a client that logs into a
 * list, and the answers the fake server gives.
 */
import { ApiError, CloudClient } from "../../src/client/index.js";

/** The token of every client here; it must never show in what a test sees. */
export const TOKEN = "secret-token-for-retry-tests";
/** Retries with millisecond waits, so the tests run fast. */
export const fast = { retries: 3, minTimeoutMs: 1, maxTimeoutMs: 5, maxRetryTimeMs: 10_000 };

/** A client of `url` whose log lines go to `logs`. */
export function retryClient(url: string, logs: string[], retry = fast): CloudClient {
  return new CloudClient({ apiUrl: url, token: TOKEN, retry, logger: (m) => logs.push(m) });
}

/** The ApiError a call fails with (fails the test if it succeeds or throws something else). */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error("expected the call to fail");
}

/** The VPC the fake server answers with by default. */
export const vpc = {
  id: 1,
  label: "net",
  description: "",
  region: "us-east",
  subnets: [],
  created: "t",
  updated: null,
};
/** A proxy's HTML page with `status`. */
export const html = (status: number) => ({ status, raw: "<html><body>Bad Gateway</body></html>" });
