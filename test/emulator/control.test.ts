/** The control API: faults, rate limit, request log, reset, seed and clock. */
import { startTestEmulator, withEmulator } from "../support/emulator.js";
import { apiCaller, errorsOf } from "./http.js";

const em = withEmulator();
const call = apiCaller(() => em().url);

describe("faults", () => {
  test("a 5xx for the next N matching requests only, by method and :param pattern", async () => {
    await em().control.addFault({ method: "GET", path: "/v4/vpcs/:vpcId", status: 500, times: 2 });
    expect((await call("GET", "/vpcs")).status).toBe(200);
    expect((await call("GET", "/vpcs/1")).status).toBe(500);
    expect((await call("DELETE", "/vpcs/1")).status).toBe(404);
    const second = await call("GET", "/vpcs/2");
    expect({ status: second.status, errors: errorsOf(second) }).toEqual({
      status: 500,
      errors: [{ reason: expect.any(String) }],
    });
    expect((await call("GET", "/vpcs/1")).status).toBe(404);
  });

  test("a prefix path without /v4 matches everything below it", async () => {
    await em().control.addFault({ path: "/databases", status: 503 });
    expect((await call("GET", "/databases/engines", { token: null })).status).toBe(503);
    expect((await call("GET", "/regions", { token: null })).status).toBe(200);
  });

  test("502 pages from the front proxy are HTML, not JSON; maintenance 503 carries its header", async () => {
    await em().control.addFault({ path: "/v4/regions", status: 502, times: 1 });
    const answer = await call("GET", "/regions", { token: null });
    expect(answer.status).toBe(502);
    expect(answer.headers.get("content-type")).toContain("text/html");
    expect(answer.text).toContain("<html>");
    await em().control.addFault({ path: "/v4/regions", status: 503, maintenance: true, times: 1 });
    expect((await call("GET", "/regions", { token: null })).headers.get("x-maintenance-mode")).toBe("1");
  });

  test("an injected 429 carries Retry-After and the X-RateLimit headers", async () => {
    await em().control.addFault({ path: "/v4/vpcs", status: 429, retryAfter: 7, times: 1 });
    const answer = await call("GET", "/vpcs");
    expect(answer.status).toBe(429);
    expect(errorsOf(answer)).toEqual([{ reason: "Too many requests" }]);
    expect(answer.headers.get("retry-after")).toBe("7");
    for (const h of ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"])
      expect(answer.headers.get(h)).not.toBeNull();
  });

  test("a dropped connection gets no answer at all", async () => {
    await em().control.addFault({ path: "/v4/vpcs", drop: true, times: 1 });
    await expect(call("GET", "/vpcs")).rejects.toThrow();
    expect((await call("GET", "/vpcs")).status).toBe(200);
    expect((await em().control.requests()).map(({ status, handled }) => ({ status, handled }))).toEqual([
      { status: 0, handled: false },
      { status: 200, handled: true },
    ]);
  });

  test("latency alone delays, then the request is handled normally", async () => {
    await em().control.addFault({ path: "/v4/vpcs", latencyMs: 50, times: 1 });
    expect((await call("GET", "/vpcs")).status).toBe(200);
  });

  test("closing the emulator ends a latency in progress: no timer keeps the process alive", async () => {
    const own = await startTestEmulator();
    const timers = jest.spyOn(globalThis, "setTimeout");
    const cleared = jest.spyOn(globalThis, "clearTimeout");
    try {
      await own.control.addFault({ path: "/v4/regions", latencyMs: 600_000, times: 1 });
      const pending = fetch(`${own.apiUrl}/regions`).catch((err: Error) => err);
      // `times: 1` rules leave the list once a request has taken them: the request is now waiting.
      while (
        ((await fetch(`${own.url}/_emulator/faults`).then((r) => r.json())) as { faults: unknown[] }).faults.length
      )
        await new Promise((resolve) => setImmediate(resolve));
      const latency = timers.mock.results[timers.mock.calls.findIndex(([, ms]) => ms === 600_000)]
        ?.value as NodeJS.Timeout;
      expect(latency).toBeDefined();
      await own.close();
      expect(cleared.mock.calls.some(([handle]) => handle === latency) || !latency.hasRef()).toBe(true);
      expect(String(await pending)).toMatch(/fetch failed/);
    } finally {
      timers.mockRestore();
      cleared.mockRestore();
    }
  });

  test("rate 0 never fires; DELETE /_emulator/faults clears all", async () => {
    await em().control.addFault({ path: "/v4/vpcs", status: 500, rate: 0 });
    expect((await call("GET", "/vpcs")).status).toBe(200);
    await em().control.addFault({ path: "/v4/vpcs", status: 500 });
    expect((await call("GET", "/vpcs")).status).toBe(500);
    await em().control.clearFaults();
    expect((await call("GET", "/vpcs")).status).toBe(200);
  });

  test("faults never touch the control API", async () => {
    await em().control.addFault({ path: "*", status: 500 });
    expect((await call("GET", "/_emulator/clock")).status).toBe(200);
  });
});

describe("shared rate limit", () => {
  test("counts API requests in a window and answers 429 beyond the limit", async () => {
    await em().control.setRateLimit(3, 3600);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await call("GET", "/regions", { token: null })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = await call("GET", "/vpcs");
    expect(limited.headers.get("x-ratelimit-limit")).toBe("3");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    await em().control.setRateLimit(null);
    expect((await call("GET", "/vpcs")).status).toBe(200);
  });
});

describe("request log", () => {
  test("records API calls with method, path, query, status and handled, never the token", async () => {
    await call("GET", "/vpcs?page=1");
    await call("POST", "/vpcs", { body: { label: "x", region: "us-east" } });
    await call("GET", "/vpcs", { token: "wrong" });
    const log = await em().control.requests();
    expect(log.map(({ method, path, query, status, handled }) => ({ method, path, query, status, handled }))).toEqual([
      { method: "GET", path: "/v4/vpcs", query: "page=1", status: 200, handled: true },
      { method: "POST", path: "/v4/vpcs", query: "", status: 200, handled: true },
      { method: "GET", path: "/v4/vpcs", query: "", status: 401, handled: false },
    ]);
    expect(JSON.stringify(log)).not.toContain("emulator-token");
    await em().control.clearRequests();
    expect(await em().control.requests()).toEqual([]);
  });
});

describe("reset, seed, clock", () => {
  test("reset restores the default seed and forgets resources", async () => {
    await call("POST", "/vpcs", { body: { label: "x", region: "us-east" } });
    await em().control.seed({ tokens: [{ token: "extra" }] });
    await em().control.reset();
    expect((await call("GET", "/vpcs")).body.results).toBe(0);
    expect((await call("GET", "/vpcs", { token: "extra" })).status).toBe(401);
    const regions = (await call("GET", "/regions", { token: null })).body.data;
    expect(regions.map((r: { id: string }) => r.id)).toEqual([
      "us-east",
      "us-west",
      "eu-central",
      "ap-south",
      "sa-east",
    ]);
  });

  test("seeded regions, availability, engines and types are used by the API", async () => {
    await em().control.seed({
      regions: [
        {
          id: "xx-test",
          label: "Test",
          country: "xx",
          capabilities: ["Managed Databases"],
          resolvers: { ipv4: "192.0.2.1", ipv6: "" },
          status: "ok",
        },
      ],
      availability: [{ region: "xx-test", plan: "g6-big", available: true }],
      engines: [{ id: "mysql/9.0.0", engine: "mysql", version: "9.0.0", total_disk_size_gb: 0, used_disk_size_gb: 0 }],
      types: [{ id: "g6-big", label: "Big", disk: 999 }],
    });
    expect((await call("GET", "/regions/xx-test/availability", { token: null })).body).toEqual([
      { region: "xx-test", plan: "g6-big", available: true },
    ]);
    const db = await call("POST", "/databases/mysql/instances", {
      body: { label: "seeded", region: "xx-test", type: "g6-big", engine: "mysql/9.0.0" },
    });
    expect(db.body).toMatchObject({ version: "9.0.0", total_disk_size_gb: 999 });
  });

  test("scoped tokens: read_write implies read_only", async () => {
    await em().control.seed({
      tokens: [
        { token: "rw", scopes: ["vpc:read_write"] },
        { token: "ro", scopes: ["vpc:read_only"] },
      ],
    });
    expect((await call("GET", "/vpcs", { token: "rw" })).status).toBe(200);
    expect((await call("GET", "/vpcs", { token: "ro" })).status).toBe(200);
    expect((await call("POST", "/vpcs", { token: "ro", body: { label: "x", region: "us-east" } })).status).toBe(403);
  });

  test("the clock advances; GET reports it", async () => {
    const before = (await call("GET", "/_emulator/clock")).body;
    const after = await em().control.advanceClock(86400);
    expect(Date.parse(`${after.now}Z`) - Date.parse(`${before.now}Z`)).toBeGreaterThanOrEqual(86400_000);
  });

  test("the clock's scale sets how fast a database provisions", async () => {
    // An hour of provisioning: at real speed it is still running after the wait below; at 100,000
    // emulated seconds per real second it is over within the first 36 ms of that wait.
    await em().control.setTimings({ provisioningSeconds: 3600 });
    const statusAfterWait = async (): Promise<string> => {
      const db = await call("POST", "/databases/mysql/instances", {
        body: { label: `db-${Date.now()}`, region: "us-east", type: "g6-nanode-1", engine: "mysql/8.0.30" },
      });
      expect(db.body.status).toBe("provisioning");
      await new Promise((resolve) => setTimeout(resolve, 200));
      return (await call("GET", `/databases/mysql/instances/${db.body.id}`)).body.status;
    };
    expect(await statusAfterWait()).toBe("provisioning");
    const scaled = (await call("POST", "/_emulator/clock", { body: { scale: 100_000 } })).body;
    expect(scaled.scale).toBe(100_000);
    expect((await call("GET", "/_emulator/clock")).body.scale).toBe(100_000);
    expect(await statusAfterWait()).toBe("active");
  });

  test("control bodies are validated too", async () => {
    expect((await call("POST", "/_emulator/faults", { body: { status: 500 } })).status).toBe(400);
    expect((await call("PUT", "/_emulator/databases/mysql/1/status", { body: { status: "sleeping" } })).status).toBe(
      400,
    );
  });
});

describe("regions and engines", () => {
  test("one region, its availability as a bare array, and 404s", async () => {
    expect((await call("GET", "/regions/ap-south", { token: null })).body.status).toBe("outage");
    expect((await call("GET", "/regions/sa-east", { token: null })).body.capabilities).not.toContain(
      "Managed Databases",
    );
    expect(Array.isArray((await call("GET", "/regions/us-east/availability", { token: null })).body)).toBe(true);
    expect((await call("GET", "/regions/nowhere", { token: null })).status).toBe(404);
    expect((await call("GET", "/regions/nowhere/availability", { token: null })).status).toBe(404);
  });

  test("an engine by id, with the slash plain or escaped", async () => {
    for (const path of ["/databases/engines/postgresql/13.2", "/databases/engines/postgresql%2F13.2"]) {
      expect((await call("GET", path, { token: null })).body).toMatchObject({
        id: "postgresql/13.2",
        engine: "postgresql",
        version: "13.2",
      });
    }
    expect((await call("GET", "/databases/engines/mysql/1.0", { token: null })).status).toBe(404);
  });
});
