import * as log from "@pulumi/pulumi/log";
import { ApiError } from "../../src/client/index.js";
import {
  formatDuration,
  nextDelayMs,
  parseDuration,
  PROVISIONING,
  QUICK,
  readPatiently,
  timeoutMs,
  waitFor,
} from "../../src/shared/runtime/wait.js";

describe("durations", () => {
  test.each([
    ["45m", 45 * 60_000],
    ["1h30m", 90 * 60_000],
    ["90s", 90_000],
    ["500ms", 500],
    ["1.5h", 90 * 60_000],
  ])("%s parses", (text, ms) => expect(parseDuration(text)).toBe(ms));

  test.each(["", "45", "soon", "1d", "0s"])("%j is rejected", (text) => expect(parseDuration(text)).toBeUndefined());

  test("timeouts fall back to the default", () => {
    expect(timeoutMs({ create: "5m" }, "create", 1)).toBe(300_000);
    expect(timeoutMs({ create: "5m" }, "delete", 7)).toBe(7);
    expect(timeoutMs(undefined, "update", 9)).toBe(9);
  });

  test("durations read back in messages", () => {
    expect(formatDuration(45 * 60_000)).toBe("45m");
    expect(formatDuration(90_000)).toBe("1m30s");
    expect(formatDuration(1)).toBe("1ms");
  });
});

describe("poll schedule", () => {
  /** Number of looks a wait of `totalMs` makes with a profile, by simulation. */
  function looks(profile: typeof QUICK, totalMs: number): { count: number; delays: number[] } {
    const delays: number[] = [];
    let t = 0;
    for (let attempt = 0; t < totalMs; attempt++) {
      const d = nextDelayMs(profile, attempt, t);
      delays.push(d);
      t += d;
    }
    return { count: delays.length + 1, delays };
  }

  test("quick waits start at 1s and grow by 1.5 up to 30s", () => {
    const { delays } = looks(QUICK, 10 * 60_000);
    expect(delays.slice(0, 4)).toEqual([1000, 1500, 2250, 3375]);
    expect(Math.max(...delays)).toBe(30_000);
  });

  test("a 30-minute provisioning costs few requests, and the tail is polled at least every 30s", () => {
    const { count, delays } = looks(PROVISIONING, 30 * 60_000);
    expect(count).toBeLessThan(60);
    let t = 0;
    const tail = delays.filter((d) => {
      const after = t >= 12 * 60_000;
      t += d;
      return after;
    });
    expect(Math.max(...tail)).toBeLessThanOrEqual(30_000);
  });

  test("a wait stops at once on a failed state and names the reason", async () => {
    let polls = 0;
    const err = await waitFor({
      what: "thing 1 to be ready",
      poll: async () => ++polls,
      done: () => false,
      failed: (n) => (n === 2 ? 'its status is "failed"' : undefined),
      timeoutMs: 60_000,
      profile: { initialMs: 1, factor: 1, maxMs: 1 },
    }).catch((e: Error) => e);
    expect((err as Error).message).toBe('Gave up waiting for thing 1 to be ready: its status is "failed"');
    expect(polls).toBe(2);
  });
});

describe("a wait through an API outage", () => {
  const fast = { initialMs: 1, factor: 1, maxMs: 1 };
  const down = (init: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
    new ApiError({ status: 503, method: "GET", path: "/v4/things/1", errors: [{ reason: "down" }], ...init });
  let warn: jest.SpiedFunction<typeof log.warn>;
  const saved = process.env.CLOUDPLATFORM_POLL_SCALE;
  beforeEach(() => {
    warn = jest.spyOn(log, "warn").mockResolvedValue(undefined);
    // One "minute" between outage reports is 60 ms here.
    process.env.CLOUDPLATFORM_POLL_SCALE = "0.001";
  });
  afterEach(() => {
    warn.mockRestore();
    if (saved === undefined) delete process.env.CLOUDPLATFORM_POLL_SCALE;
    else process.env.CLOUDPLATFORM_POLL_SCALE = saved;
  });

  /** A poll that fails with `failures` in turn while the outage lasts, then answers `status`. */
  function flaky(failures: ApiError[], outageMs: number, status = "active") {
    let looks = 0;
    const start = Date.now();
    return {
      poll: async () => {
        looks++;
        if (Date.now() - start < outageMs) throw failures[looks % failures.length];
        return status;
      },
      looks: () => looks,
    };
  }

  test("5xx, 429, dropped connections and proxy pages are ridden out, and the user is told while they last", async () => {
    const failures = [
      down(),
      down({ status: 429, errors: [{ reason: "slow down" }] }),
      down({ status: 0, code: "ECONNRESET", errors: [{ reason: "socket hang up" }] }),
      down({ status: 200, nonJsonBody: true, errors: [{ reason: "a proxy page" }] }),
    ];
    const api = flaky(failures, 300);
    const value = await waitFor({
      what: "thing 1 to become active",
      poll: api.poll,
      done: (s) => s === "active",
      timeoutMs: 60_000,
      profile: fast,
    });
    expect(value).toBe("active");
    expect(api.looks()).toBeGreaterThan(failures.length);
    const said = warn.mock.calls.map(([m]) => m);
    expect(said.length).toBeGreaterThan(0);
    expect(said[0]).toMatch(
      /^Still waiting for thing 1 to become active: the API has been failing for \d+ms \(GET \/v4\/things\/1 failed/,
    );
    expect(said[0]).toMatch(/polling on for up to \d+(m|s)/);
  });

  test("a blip shorter than the report interval is not reported", async () => {
    const api = flaky([down()], 5);
    await waitFor({ what: "thing 1", poll: api.poll, done: (s) => s === "active", timeoutMs: 60_000, profile: fast });
    expect(warn).not.toHaveBeenCalled();
  });

  test.each([
    [401, "the token"],
    [403, "a missing grant"],
    [404, "the object is gone"],
    [400, "a refusal"],
  ])("a %i (%s) ends the wait at once", async (status) => {
    let looks = 0;
    const refusal = down({ status });
    const err = await waitFor({
      what: "thing 1",
      poll: async () => {
        looks++;
        throw refusal;
      },
      done: () => true,
      timeoutMs: 60_000,
      profile: fast,
    }).catch((e: unknown) => e);
    expect(err).toBe(refusal);
    expect(looks).toBe(1);
  });

  test("at the limit, the error gives the last status seen and how long the API had been failing", async () => {
    let looks = 0;
    const err = await waitFor({
      what: "thing 1 to become active",
      poll: async () => {
        if (++looks === 1) return "provisioning";
        throw down();
      },
      done: (s) => s === "active",
      describe: (s) => `status ${s}`,
      timeoutMs: 200,
      profile: fast,
    }).catch((e: Error) => e);
    expect((err as Error).message).toMatch(
      /^Timed out after 200ms waiting for thing 1 to become active \(last seen: status provisioning\)\. The API had been failing for \d+ms \(GET \/v4\/things\/1 failed \(503\): down\)\. Raise the limit/,
    );
  });

  test("an API that never answered says so at the limit", async () => {
    const err = await waitFor({
      what: "thing 1 to become active",
      poll: async (): Promise<string> => {
        throw down({ status: 0, code: "ECONNRESET", errors: [{ reason: "socket hang up" }] });
      },
      done: (s) => s === "active",
      describe: (s) => `status ${s}`,
      timeoutMs: 100,
      profile: fast,
    }).catch((e: Error) => e);
    expect((err as Error).message).toContain("(nothing seen: the API never answered). The API had been failing for");
    expect((err as Error).message).toContain("network error ECONNRESET");
  });

  test("what was known before the first look is the last status seen when no look succeeded", async () => {
    const err = await waitFor({
      what: "thing 1 to become active",
      poll: async (): Promise<string> => {
        throw down();
      },
      done: (s) => s === "active",
      describe: (s) => `status ${s}`,
      known: "provisioning",
      timeoutMs: 50,
      profile: fast,
    }).catch((e: Error) => e);
    expect((err as Error).message).toContain("(last seen: status provisioning). The API had been failing for");
  });

  test("a read after a write rides out the same answers, and a bug is not taken for an outage", async () => {
    const api = flaky([down({ status: 502 })], 100, "secret");
    expect(await readPatiently("the credentials of thing 1", api.poll, 60_000)).toBe("secret");
    const bug = new TypeError("x is undefined");
    await expect(
      readPatiently(
        "the credentials of thing 1",
        async () => {
          throw bug;
        },
        60_000,
      ),
    ).rejects.toBe(bug);
  });
});
