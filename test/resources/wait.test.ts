import {
  formatDuration,
  nextDelayMs,
  parseDuration,
  PROVISIONING,
  QUICK,
  timeoutMs,
  waitFor,
} from "../../src/resources/wait.js";

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
