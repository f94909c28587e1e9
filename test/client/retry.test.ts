import { inspect } from "node:util";
import { ApiError, CloudClient, isTransient, singleAttempts } from "../../src/client/index.js";
import { retryDelayMs, retryPolicy } from "../../src/client/retry.js";
import { closedPortUrl, startFakeServer, type FakeServer } from "./fake-server.js";

const TOKEN = "secret-token-for-retry-tests";
const fast = { retries: 3, minTimeoutMs: 1, maxTimeoutMs: 5, maxRetryTimeMs: 10_000 };
let server: FakeServer;
let logs: string[];

function client(url = server.url, retry = fast): CloudClient {
  return new CloudClient({ apiUrl: url, token: TOKEN, retry, logger: (m) => logs.push(m) });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error("expected the call to fail");
}

const vpc = { id: 1, label: "net", description: "", region: "us-east", subnets: [], created: "t", updated: null };
const html = (status: number) => ({ status, raw: "<html><body>Bad Gateway</body></html>" });

beforeEach(async () => {
  logs = [];
  server = await startFakeServer(() => ({ body: vpc }));
});
afterEach(() => server.close());

describe("reads are retried", () => {
  test.each([
    ["503", { status: 503, body: { errors: [{ reason: "busy" }] } }],
    ["500", { status: 500, body: { errors: [{ reason: "oops" }] } }],
    ["408", { status: 408, body: { errors: [{ reason: "timeout" }] } }],
    ["an HTML 502", html(502)],
    ["an HTML 400 from the proxy", html(400)],
    ["a dropped connection", { drop: true }],
  ])("a GET recovers from %s", async (_name, reply) => {
    server.script(reply);
    expect((await client().vpcs.get(1)).id).toBe(1);
    expect(server.requests).toHaveLength(2);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^GET \/v4\/vpcs\/1 failed .*; retrying in \d+ ms, attempt 2 of 4$/);
  });

  test("PUT and DELETE are idempotent and retried too", async () => {
    server.script({ status: 502, raw: "bad gateway" });
    await client().vpcs.update(1, { label: "x" });
    server.script({ drop: true });
    await client().vpcs.delete(1);
    expect(server.requests.map((r) => r.method)).toEqual(["PUT", "PUT", "DELETE", "DELETE"]);
  });

  test("429 waits as long as Retry-After says", async () => {
    server.script({
      status: 429,
      body: { errors: [{ reason: "Too many requests" }] },
      headers: { "retry-after": "1" },
    });
    await client().vpcs.get(1);
    expect(server.requests).toHaveLength(2);
    expect(logs).toEqual([
      "GET /v4/vpcs/1 failed (429): Too many requests; retrying in 1000 ms (Retry-After), attempt 2 of 4",
    ]);
  });

  test("inside singleAttempts a read is attempted once: the poller around it owns the retry", async () => {
    server.fallback = () => ({ status: 503, body: { errors: [{ reason: "down" }] } });
    const err = await failure(singleAttempts(() => client().vpcs.get(1)));
    expect(server.requests).toHaveLength(1);
    expect(logs).toEqual([]);
    expect(err.message).toBe("GET /v4/vpcs/1 failed (503): down");
    // Outside it, the same client retries as before.
    await failure(client().vpcs.get(1));
    expect(server.requests).toHaveLength(5);
  });

  test("retries stop after the configured attempts and the error says so", async () => {
    server.fallback = () => ({ status: 503, body: { errors: [{ reason: "down" }] } });
    const err = await failure(client().vpcs.get(1));
    expect(server.requests).toHaveLength(4);
    expect(logs).toHaveLength(3);
    expect(err.status).toBe(503);
    expect(err.attempts).toBe(4);
    expect(err.message).toBe("GET /v4/vpcs/1 failed (503): down (gave up after 4 attempts)");
  });

  test("a Retry-After longer than the time left ends retrying at once", async () => {
    server.fallback = () => ({
      status: 429,
      body: { errors: [{ reason: "Too many requests" }] },
      headers: { "retry-after": "20" },
    });
    const err = await failure(client(server.url, { ...fast, maxRetryTimeMs: 2_000 }).vpcs.get(1));
    expect(err.status).toBe(429);
    expect(server.requests).toHaveLength(1);
  });

  test("a 503 maintenance page says so", async () => {
    server.fallback = () => ({ status: 503, raw: "<html>maintenance</html>", headers: { "x-maintenance-mode": "1" } });
    const err = await failure(client(server.url, { ...fast, retries: 0 }).regions.list());
    expect(err.message).toBe("GET /v4/regions failed (503): the API is down for maintenance");
    expect(err.nonJsonBody).toBe(true);
  });
});

describe("client errors are not retried", () => {
  test("a 400 is reported once with the API's field and reason", async () => {
    server.script({
      status: 400,
      body: { errors: [{ field: "label", reason: "Label must be unique among your VPCs" }] },
    });
    const err = await failure(client().vpcs.create({ label: "net", region: "us-east" }));
    expect(err.message).toBe("POST /v4/vpcs failed (400): label: Label must be unique among your VPCs");
    expect(err).toMatchObject({
      status: 400,
      method: "POST",
      path: "/v4/vpcs",
      errors: [{ field: "label", reason: "Label must be unique among your VPCs" }],
    });
    expect(server.requests).toHaveLength(1);
    expect(logs).toEqual([]);
  });

  test("several errors are all listed", async () => {
    server.script({
      status: 400,
      body: {
        errors: [
          { field: "label", reason: "too long" },
          { field: "subnets[0].ipv4", reason: "overlaps" },
        ],
      },
    });
    const err = await failure(client().vpcs.create({ label: "x", region: "us-east" }));
    expect(err.message).toBe("POST /v4/vpcs failed (400): label: too long; subnets[0].ipv4: overlaps");
  });

  test("404 is recognisable and carries no query string", async () => {
    server.script({ status: 404, body: { errors: [{ reason: "Not found" }] } });
    const err = await failure(client().vpcs.list({ page: 3 }));
    expect(err.isNotFound).toBe(true);
    expect(err.path).toBe("/v4/vpcs");
    expect(err.message).toBe("GET /v4/vpcs failed (404): Not found");
  });

  test("401 tells where the token comes from", async () => {
    server.script({ status: 401, body: { errors: [{ reason: "Invalid Token" }] } });
    const named = new CloudClient({ apiUrl: server.url, token: TOKEN, retry: fast, configNamespace: "cloudplatform" });
    const err = await failure(named.vpcs.get(1));
    expect(err.message).toBe(
      "GET /v4/vpcs/1 failed (401): Invalid Token. Check the API token (cloudplatform:token or CLOUDPLATFORM_TOKEN)",
    );
    expect(err.isNotFound).toBe(false);
  });
});

describe("POST is retried only when it cannot have created anything", () => {
  test("a 500 after a POST is not repeated", async () => {
    server.script({ status: 500, body: { errors: [{ reason: "oops" }] } });
    const err = await failure(client().vpcs.create({ label: "net", region: "us-east" }));
    expect(err.status).toBe(500);
    expect(server.requests).toHaveLength(1);
  });

  test("a connection dropped after the POST arrived is not repeated", async () => {
    server.script({ drop: true });
    const err = await failure(
      client().mysql.create({ label: "db1", region: "us-east", type: "g6-nanode-1", engine: "mysql/8.0.30" }),
    );
    expect(err.status).toBe(0);
    expect(err.message).toMatch(/^POST \/v4\/databases\/mysql\/instances failed \(network error/);
    expect(server.requests).toHaveLength(1);
    expect(logs).toEqual([]);
  });

  test("an HTML 502 after a POST is not repeated", async () => {
    server.script(html(502));
    await failure(client().vpcs.create({ label: "net", region: "us-east" }));
    expect(server.requests).toHaveLength(1);
  });

  test("a 429 is repeated: the server refused the POST", async () => {
    server.script({
      status: 429,
      body: { errors: [{ reason: "Too many requests" }] },
      headers: { "retry-after": "1" },
    });
    await client().vpcs.create({ label: "net", region: "us-east" });
    expect(server.requests).toHaveLength(2);
  });

  test("a refused connection is repeated, then reported as a network error", async () => {
    const err = await failure(client(await closedPortUrl()).vpcs.create({ label: "net", region: "us-east" }));
    expect(err).toMatchObject({ status: 0, code: "ECONNREFUSED", attempts: 4, method: "POST", path: "/v4/vpcs" });
    expect(err.message).toMatch(
      /^POST \/v4\/vpcs failed \(network error ECONNREFUSED\): .*\(gave up after 4 attempts\)$/,
    );
    expect(logs).toHaveLength(3);
  });
});

test("the token appears nowhere in what a faulty run logs or throws", async () => {
  server.fallback = (req) =>
    req.method === "GET"
      ? { status: 503, body: { errors: [{ reason: `echo ${req.headers.authorization}` }] } }
      : { drop: true };
  const seen: unknown[] = [];
  const c = client();
  for (const call of [() => c.vpcs.get(1), () => c.vpcs.create({ label: "a", region: "b" })]) {
    try {
      await call();
    } catch (err) {
      seen.push(err);
    }
  }
  seen.push(await failure(client(await closedPortUrl()).vpcs.list()));
  expect(seen).toHaveLength(3);
  const text = [
    ...logs,
    ...seen.map((e) => JSON.stringify(e)),
    ...seen.map((e) => inspect(e, { depth: 10, showHidden: true })),
    ...seen.map((e) => String((e as Error).stack)),
    inspect(c, { depth: 10, showHidden: true }),
    JSON.stringify(c),
  ].join("\n");
  expect(text).toContain("[REDACTED]");
  expect(text).not.toContain(TOKEN);
  expect(text.toLowerCase()).not.toContain("authorization: bearer");
});

test("a retry never outlives the call's total time: its timeout is cut to what is left", async () => {
  // The first answer is a 503; the retry then hangs. With only the 60 s per-attempt timeout the
  // call would hang far beyond maxRetryTimeMs (and beyond this test's own 20 s timeout).
  server.script({ status: 503, body: { errors: [{ reason: "busy" }] } }, { hang: true });
  const err = await failure(client(server.url, { ...fast, maxRetryTimeMs: 500 }).vpcs.get(1));
  expect(err.status).toBe(0);
  expect(err.attempts).toBe(2);
  expect(err.message).toMatch(/^GET \/v4\/vpcs\/1 failed \(network error ETIMEDOUT\).*gave up after 2 attempts/);
  const attemptTimeout = Number(/for (\d+)ms/.exec(err.message)?.[1]);
  expect(attemptTimeout).toBeLessThanOrEqual(500);
  expect(server.requests).toHaveLength(2);
}, 20_000);

test("a token echoed in an error's field is redacted too", async () => {
  server.script({ status: 400, body: { errors: [{ field: TOKEN, reason: "bad" }] } });
  const err = await failure(client().vpcs.get(1));
  expect(err.errors[0].field).toBe("[REDACTED]");
  expect([err.message, JSON.stringify(err), inspect(err, { depth: 10 })].join("\n")).not.toContain(TOKEN);
});

describe("a create whose outcome is unclear is looked up before it is sent again", () => {
  const request = { label: "net", region: "us-east" };

  test.each([
    ["a dropped connection", { drop: true }],
    ["a JSON 500", { status: 500, body: { errors: [{ reason: "oops" }] } }],
    ["an HTML 503", html(503)],
  ])("after %s, what the lookup finds is the result and nothing is sent again", async (_name, reply) => {
    server.script(reply);
    let lookups = 0;
    const made = await client().vpcs.create(request, {
      recover: async () => {
        lookups++;
        return { ...vpc, id: 7 };
      },
    });
    expect(made.id).toBe(7);
    expect(lookups).toBe(1);
    expect(server.requests.filter((r) => r.method === "POST")).toHaveLength(1);
    expect(logs.join("\n")).toContain("a lookup found what it made");
  });

  test("when the lookup finds nothing the create is sent again, within the retry budget", async () => {
    server.script(html(502), { drop: true });
    const made = await client().vpcs.create(request, { recover: async () => undefined });
    expect(made.id).toBe(1);
    expect(server.requests.filter((r) => r.method === "POST")).toHaveLength(3);
    expect(logs.filter((l) => l.includes("a lookup found nothing made by it"))).toHaveLength(2);

    server.requests.length = 0;
    server.fallback = () => html(503);
    const err = await failure(client().vpcs.create(request, { recover: async () => undefined }));
    expect(err.status).toBe(503);
    expect(err.attempts).toBe(fast.retries + 1);
  });

  test("a 400 after an unclear attempt is looked up: the first attempt's object collides with the resend", async () => {
    const taken = {
      status: 400,
      body: { errors: [{ field: "label", reason: "Label must be unique among your VPCs" }] },
    };
    server.script({ drop: true }, taken);
    let lookups = 0;
    const made = await client().vpcs.create(request, {
      // The first lookup runs before the server shows the object, the second after.
      recover: async () => (++lookups === 1 ? undefined : { ...vpc, id: 9 }),
    });
    expect(made.id).toBe(9);
    expect(server.requests.filter((r) => r.method === "POST")).toHaveLength(2);

    // A 400 with no unclear attempt before it is the API's answer: no lookup.
    server.script(taken);
    let asked = false;
    const err = await failure(client().vpcs.create(request, { recover: async () => ((asked = true), undefined) }));
    expect(err.status).toBe(400);
    expect(asked).toBe(false);
  });

  test("a lookup that fails leaves the outcome unknown: the create is sent again, and a duplicate would be refused", async () => {
    server.script({ drop: true });
    const made = await client().vpcs.create(request, {
      recover: async () => {
        throw new Error("lookup failed");
      },
    });
    expect(made.id).toBe(1);
    expect(server.requests.filter((r) => r.method === "POST")).toHaveLength(2);
    expect(logs.join("\n")).toContain("the lookup of what it made failed too");
  });

  test("a credentials reset, whose repetition has the effect of one, is retried like a PUT", async () => {
    server.script({ status: 503, body: { errors: [{ reason: "busy" }] } });
    await client().mysql.resetCredentials(5);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST /v4/databases/mysql/instances/5/credentials/reset",
      "POST /v4/databases/mysql/instances/5/credentials/reset",
    ]);
  });
});

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
