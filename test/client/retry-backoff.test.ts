/** The waits between retries, and which failures a poller rides out. */
import { ApiError, isTransient } from "../../src/client/index.js";
import { retryDelayMs, retryPolicy } from "../../src/client/retry.js";

describe("backoff", () => {
  const policy = retryPolicy({ minTimeoutMs: 100, maxTimeoutMs: 1000 });
  const plain = new ApiError({ status: 503, method: "GET", path: "/v4/x" });

  test("grows exponentially with jitter between half and all of each step, capped", () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(plain, n, policy, () => 1))).toEqual([100, 200, 400, 800, 1000]);
    expect([1, 2, 3].map((n) => retryDelayMs(plain, n, policy, () => 0))).toEqual([50, 100, 200]);
  });

  test("Retry-After is clamped to 1..30 seconds", () => {
    const after = (s: number) => new ApiError({ status: 429, method: "GET", path: "/v4/x", retryAfterSeconds: s });
    expect(retryDelayMs(after(0), 1, policy)).toBe(1000);
    expect(retryDelayMs(after(7), 1, policy)).toBe(7000);
    expect(retryDelayMs(after(3600), 1, policy)).toBe(30000);
  });

  test("negative bounds are refused", () => {
    expect(() => retryPolicy({ retries: -1 })).toThrow(/retry.retries/);
  });
});

describe("transient failures, which a poller rides out", () => {
  const error = (init: Partial<ConstructorParameters<typeof ApiError>[0]>) =>
    new ApiError({ status: 500, method: "GET", path: "/v4/x", ...init });
  test.each([
    ["a 503", { status: 503 }, true],
    ["a 500", { status: 500 }, true],
    ["a 429", { status: 429 }, true],
    ["a 408", { status: 408 }, true],
    ["a reset connection", { status: 0, code: "ECONNRESET" }, true],
    ["a proxy page with a 200", { status: 200, nonJsonBody: true }, true],
    ["a 401", { status: 401 }, false],
    ["a 403", { status: 403 }, false],
    ["a 404", { status: 404 }, false],
    ["a 400", { status: 400 }, false],
  ])("%s: %s", (_name, init, transient) => {
    expect(isTransient(error(init))).toBe(transient);
  });

  test("an error that is not the client's is never transient", () => {
    expect(isTransient(new TypeError("a bug"))).toBe(false);
  });
});
