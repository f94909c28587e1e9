/** `after` faults (the change is made, its answer is lost, replaced or late) and seeded fault rates. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FaultRule } from "../../src/emulator/index.js";
import { startTestEmulator, withEmulator } from "../support/emulator.js";
import { apiCaller, errorsOf, fieldsOf } from "./http.js";

const em = withEmulator();
const call = apiCaller(() => em().url);

const createVpc = (label: string) => call("POST", "/vpcs", { body: { label, region: "us-east" } });
const vpcLabels = async () => (await call("GET", "/vpcs")).body.data.map((v: { label: string }) => v.label);
const log = async () =>
  (await em().control.requests()).map(({ method, status, handled }) => ({ method, status, handled }));

describe("after + drop", () => {
  test("the VPC is created and persisted, the client gets a reset, the log says 0 and handled", async () => {
    const dir = mkdtempSync(join(tmpdir(), "emulator-after-"));
    const persistFile = join(dir, "state.json");
    const own = await startTestEmulator({ persistFile });
    try {
      const ownCall = apiCaller(() => own.url);
      await own.control.addFault({ method: "POST", path: "/v4/vpcs", after: true, drop: true, times: 1 });
      await expect(ownCall("POST", "/vpcs", { body: { label: "lost-answer", region: "us-east" } })).rejects.toThrow(
        /fetch failed/,
      );
      expect(readFileSync(persistFile, "utf8")).toContain('"lost-answer"');
      const listed = await ownCall("GET", "/vpcs");
      expect(listed.body.data.map((v: { label: string }) => v.label)).toEqual(["lost-answer"]);
      const entries = await own.control.requests();
      expect(entries.map(({ method, path, status, handled }) => ({ method, path, status, handled }))).toEqual([
        { method: "POST", path: "/v4/vpcs", status: 0, handled: true },
        { method: "GET", path: "/v4/vpcs", status: 200, handled: true },
      ]);
    } finally {
      await own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("times: N loses the next N answers only; the server handled every create", async () => {
    await em().control.addFault({ method: "POST", path: "/vpcs", after: true, drop: true, times: 2 });
    await expect(createVpc("a")).rejects.toThrow();
    await expect(createVpc("b")).rejects.toThrow();
    expect((await createVpc("c")).status).toBe(200);
    expect(await vpcLabels()).toEqual(["a", "b", "c"]);
    const posts = (await log()).filter((e) => e.method === "POST");
    expect(posts.filter((e) => e.handled)).toHaveLength(3);
    expect(posts.filter((e) => e.status === 200)).toHaveLength(1);
  });

  test("a before drop is not handled: nothing is created", async () => {
    await em().control.addFault({ method: "POST", path: "/vpcs", drop: true, times: 1 });
    await expect(createVpc("never")).rejects.toThrow();
    expect(await vpcLabels()).toEqual([]);
    expect(await log()).toEqual([
      { method: "POST", status: 0, handled: false },
      { method: "GET", status: 200, handled: true },
    ]);
  });
});

describe("after + status", () => {
  test("503: the front proxy's HTML page, yet the VPC exists", async () => {
    await em().control.addFault({ method: "POST", path: "/v4/vpcs", after: true, status: 503, times: 1 });
    const answer = await createVpc("behind-503");
    expect(answer.status).toBe(503);
    expect(answer.headers.get("content-type")).toContain("text/html");
    expect(answer.text).toContain("503 Service Temporarily Unavailable");
    expect(Number(answer.headers.get("content-length"))).toBe(Buffer.byteLength(answer.text));
    expect(await vpcLabels()).toEqual(["behind-503"]);
    expect((await log())[0]).toEqual({ method: "POST", status: 503, handled: true });
  });

  test("500: the API's JSON error; html: false makes a 502 JSON too", async () => {
    await em().control.addFault({ method: "POST", path: "/v4/vpcs", after: true, status: 500, times: 1 });
    const answer = await createVpc("behind-500");
    expect(answer.status).toBe(500);
    expect(answer.headers.get("content-type")).toContain("application/json");
    expect(answer.body).toEqual({ errors: [{ reason: "Please try again later" }] });
    await em().control.addFault({ path: "/v4/vpcs", after: true, status: 502, html: false, times: 1 });
    expect((await createVpc("behind-502")).body).toEqual({ errors: [{ reason: "Please try again later" }] });
    expect(await vpcLabels()).toEqual(["behind-500", "behind-502"]);
  });

  test("maintenance adds its header to the replaced answer", async () => {
    await em().control.addFault({ path: "/v4/vpcs", after: true, status: 503, maintenance: true, times: 1 });
    expect((await createVpc("m")).headers.get("x-maintenance-mode")).toBe("1");
  });

  test("a refusal by the route passes untouched (and still uses up the rule)", async () => {
    expect((await createVpc("dup")).status).toBe(200);
    await em().control.addFault({ method: "POST", path: "/v4/vpcs", after: true, status: 503, times: 1 });
    const answer = await createVpc("dup");
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer)).toEqual(["label"]);
    expect((await em().control.requests()).at(-1)).toMatchObject({ status: 400, handled: false });
    // Whether a rule fires is decided on arrival, before the route has answered.
    expect((await call("GET", "/_emulator/faults")).body.faults).toEqual([]);
  });

  test("a before status is not handled: nothing is created", async () => {
    await em().control.addFault({ method: "POST", path: "/v4/vpcs", status: 503, times: 1 });
    expect((await createVpc("never")).status).toBe(503);
    expect(await vpcLabels()).toEqual([]);
    expect((await log())[0]).toEqual({ method: "POST", status: 503, handled: false });
  });

  test("the shared rate limit's 429 is not handled either", async () => {
    await em().control.setRateLimit(0, 3600);
    expect((await createVpc("never")).status).toBe(429);
    await em().control.setRateLimit(null);
    expect(await vpcLabels()).toEqual([]);
    expect((await log())[0]).toEqual({ method: "POST", status: 429, handled: false });
  });
});

describe("after + latencyMs", () => {
  test("the change is made at once and the real answer comes after the delay", async () => {
    await em().control.addFault({ method: "POST", path: "/v4/vpcs", after: true, latencyMs: 400, times: 1 });
    const started = Date.now();
    let answered = false;
    const pending = createVpc("slow").finally(() => (answered = true));
    while (!(await vpcLabels()).includes("slow")) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answered).toBe(false);
    const answer = await pending;
    expect(answer.status).toBe(200);
    expect(answer.body.label).toBe("slow");
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
  });

  test("with status, a late replaced answer: a gateway time-out for a change that was made", async () => {
    await em().control.addFault({ path: "/v4/vpcs", after: true, latencyMs: 50, status: 504, times: 1 });
    const answer = await createVpc("timed-out");
    expect(answer.status).toBe(504);
    expect(answer.text).toContain("504 Gateway Time-out");
    expect(await vpcLabels()).toEqual(["timed-out"]);
  });

  test("closing the emulator ends the delay: the change stays, the answer is lost", async () => {
    const own = await startTestEmulator();
    const ownCall = apiCaller(() => own.url);
    await own.control.addFault({ method: "POST", path: "/v4/vpcs", after: true, latencyMs: 600_000, times: 1 });
    const pending = ownCall("POST", "/vpcs", { body: { label: "closing", region: "us-east" } }).catch(
      (err: Error) => err,
    );
    while ((await ownCall("GET", "/vpcs")).body.results === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(String(await pending)).toMatch(/fetch failed/);
  });
});

describe("matching", () => {
  test("rate 0 never fires, rate 1 always; method and path as for other rules", async () => {
    await em().control.addFault({ path: "/v4/vpcs", after: true, status: 500, rate: 0 });
    expect((await createVpc("a")).status).toBe(200);
    await em().control.clearFaults();
    await em().control.addFault({ method: "GET", path: "/v4/vpcs/:vpcId", after: true, status: 500, rate: 1 });
    expect((await createVpc("b")).status).toBe(200);
    expect((await call("GET", "/vpcs")).status).toBe(200);
    const id = (await call("GET", "/vpcs")).body.data[0].id;
    expect((await call("GET", `/vpcs/${id}`)).status).toBe(500);
  });

  test("one request is hit by one rule at most: the first matching one", async () => {
    await em().control.addFault({ path: "/v4/vpcs", after: true, status: 500, times: 1 });
    await em().control.addFault({ path: "/v4/vpcs", status: 503, times: 1 });
    expect((await createVpc("first")).status).toBe(500);
    expect((await createVpc("second")).status).toBe(503);
    expect(await vpcLabels()).toEqual(["first"]);
  });

  test("after faults never touch the control API", async () => {
    await em().control.addFault({ path: "*", after: true, drop: true });
    expect((await call("GET", "/_emulator/clock")).status).toBe(200);
    expect((await call("POST", "/_emulator/clock", { body: { advanceSeconds: 1 } })).status).toBe(200);
    expect((await call("GET", "/_emulator/faults")).body.faults).toHaveLength(1);
  });
});

describe("seeded rates", () => {
  const pattern = async (rule: FaultRule, n = 24) => {
    await em().control.clearFaults();
    await em().control.addFault(rule);
    const statuses = [];
    for (let i = 0; i < n; i++) statuses.push((await call("GET", "/regions", { token: null })).status);
    return statuses;
  };

  test("the same seed gives the same hits over the same request sequence", async () => {
    const rule: FaultRule = { path: "/v4/regions", after: true, status: 503, rate: 0.5, seed: 42 };
    const first = await pattern(rule);
    expect(first).toContain(200);
    expect(first).toContain(503);
    expect(await pattern(rule)).toEqual(first);
    expect(await pattern({ ...rule, seed: 7 })).not.toEqual(first);
  });

  test("before rules take a seed too, and times counts only the hits", async () => {
    const rule: FaultRule = { path: "/v4/regions", status: 500, rate: 0.3, seed: -12345, times: 3 };
    const first = await pattern(rule);
    expect(first.filter((s) => s === 500)).toHaveLength(3);
    expect(await pattern(rule)).toEqual(first);
  });
});

describe("request log", () => {
  test("counts the creates the server made apart from those the client saw succeed", async () => {
    await em().control.addFault({ method: "POST", path: "/v4/vpcs", after: true, drop: true, rate: 0.5, seed: 3 });
    let succeeded = 0;
    for (const label of ["a", "b", "c", "d", "e", "f", "g", "h", "a"])
      succeeded += await createVpc(label).then(
        (answer) => Number(answer.status === 200),
        () => 0,
      );
    const posts = (await em().control.requests()).filter((e) => e.method === "POST");
    expect(posts.filter((e) => e.handled)).toHaveLength((await vpcLabels()).length);
    expect(posts.filter((e) => e.status === 200)).toHaveLength(succeeded);
    expect(posts.filter((e) => e.handled && e.status === 0).length).toBeGreaterThan(0);
    expect(posts.at(-1)).toMatchObject({ status: 400, handled: false });
  });
});

describe("refused rules", () => {
  const refused = async (rule: Record<string, unknown>) => {
    const answer = await call("POST", "/_emulator/faults", { body: { path: "/v4/vpcs", ...rule } });
    return { status: answer.status, fields: fieldsOf(answer) };
  };

  test.each([
    [{ after: true }, ["after"]],
    [{ after: true, latencyMs: 0 }, ["after"]],
    [{ after: true, drop: true, status: 503 }, ["status"]],
    [{ after: true, status: 429, retryAfter: 5 }, ["retryAfter"]],
    [{ after: true, drop: true, html: true }, ["html"]],
    [{ after: true, latencyMs: 10, maintenance: true }, ["maintenance"]],
    [{ after: "yes", drop: true }, ["after"]],
    [{ seed: 1.5, rate: 0.5, status: 500 }, ["seed"]],
  ])("%j is a 400 naming %j", async (rule, fields) => {
    expect(await refused(rule)).toEqual({ status: 400, fields });
    expect((await call("GET", "/_emulator/faults")).body.faults).toEqual([]);
  });

  test("every refusal at once, each with a reason", async () => {
    const answer = await call("POST", "/_emulator/faults", {
      body: { path: "/v4/vpcs", after: true, retryAfter: 1, html: false },
    });
    expect(errorsOf(answer)).toEqual([
      { field: "after", reason: expect.any(String) },
      { field: "retryAfter", reason: expect.any(String) },
      { field: "html", reason: expect.any(String) },
    ]);
  });
});
