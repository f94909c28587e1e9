/**
 * Outages in time: a fault rule that starts once given requests were accepted (`startAfter`) and
 * ends by itself (`forSeconds`), as the end-to-end outage stories use it.
 */
import { withEmulator } from "../support/emulator.js";
import { apiCaller, errorsOf } from "./http.js";

const em = withEmulator();
const call = apiCaller(() => em().url);

/** Calls `probe` until it returns true; the emulator's own timers decide when (10 s bound). */
async function until(probe: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const vpc = (label: string) => ({ body: { label, region: "us-east" } });

test("a rule with startAfter is dormant until that many accepted requests, then strikes every request until forSeconds end", async () => {
  const rule = await em().control.addFault({
    path: "/v4*",
    status: 503,
    forSeconds: 0.5,
    startAfter: { method: "POST", path: "/v4/vpcs", count: 2 },
  });
  expect((await call("POST", "/vpcs", vpc("first-net"))).status).toBe(200);
  // A refused create is no acceptance: it does not count.
  expect((await call("POST", "/vpcs", vpc("first-net"))).status).toBe(400);
  expect((await call("GET", "/vpcs")).status).toBe(200);
  const listed = await call("GET", "/_emulator/faults");
  expect(listed.body.faults).toEqual([expect.objectContaining({ id: rule.id, triggered: 1 })]);
  expect(listed.body.faults[0].started).toBeUndefined();

  // The second accepted create starts the outage; its own answer got through.
  expect((await call("POST", "/vpcs", vpc("second-net"))).status).toBe(200);
  const down = await call("GET", "/vpcs");
  expect(down.status).toBe(503);
  expect(down.text).toContain("<html>");
  expect((await call("POST", "/vpcs", vpc("third-net"))).status).toBe(503);

  await until(async () => (await call("GET", "/vpcs")).status === 200, "the outage to end");
  expect((await call("GET", "/_emulator/faults")).body.faults).toEqual([]);
  const labels = (await call("GET", "/vpcs")).body.data.map((v: { label: string }) => v.label);
  expect(labels.sort()).toEqual(["first-net", "second-net"]);
});

test("dropped connections for a time: no answer at all, logged as status 0, then the API answers again", async () => {
  await em().control.addFault({ path: "/v4*", drop: true, forSeconds: 0.5 });
  await expect(call("GET", "/vpcs")).rejects.toThrow();
  await until(async () => (await call("GET", "/vpcs").catch(() => undefined))?.status === 200, "the drops to end");
  const statuses = (await em().control.requests()).map((r) => r.status);
  expect(statuses[0]).toBe(0);
  expect(statuses.at(-1)).toBe(200);
});

test("a rule without startAfter starts when added", async () => {
  await em().control.addFault({ path: "/v4/regions", status: 502, forSeconds: 60 });
  const [rule] = (await call("GET", "/_emulator/faults")).body.faults;
  expect(typeof rule.started).toBe("string");
  expect((await call("GET", "/regions", { token: null })).status).toBe(502);
});

test.each([
  [{ path: "/v4*", status: 503, forSeconds: 0 }, "forSeconds"],
  [{ path: "/v4*", status: 503, startAfter: { method: "POST" } }, "path"],
  [{ path: "/v4*", status: 503, startAfter: { path: "/v4/vpcs", count: 0 } }, "count"],
  [{ path: "/v4*", status: 503, startAfter: { path: "/v4/vpcs", cout: 2 } }, "startAfter"],
])("a bad outage rule %j is refused, naming the field", async (rule, field) => {
  const answer = await call("POST", "/_emulator/faults", { body: rule, token: null });
  expect(answer.status).toBe(400);
  expect(JSON.stringify(errorsOf(answer))).toContain(field);
});
