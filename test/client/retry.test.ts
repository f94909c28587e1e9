import { CloudClient, singleAttempts } from "../../src/client/index.js";
import { closedPortUrl, startFakeServer, type FakeServer } from "./fake-server.js";
import { failure, fast, html, retryClient, TOKEN, vpc } from "./retry-support.js";

let server: FakeServer;
let logs: string[];
const client = (url = server.url, retry = fast): CloudClient => retryClient(url, logs, retry);

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
