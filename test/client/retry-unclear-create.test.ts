/** A create whose outcome is unclear is looked up before it is sent again. */
import type { CloudClient } from "../../src/client/index.js";
import { startFakeServer, type FakeServer } from "./fake-server.js";
import { failure, fast, html, retryClient, vpc } from "./retry-support.js";

let server: FakeServer;
let logs: string[];
const client = (url = server.url, retry = fast): CloudClient => retryClient(url, logs, retry);

beforeEach(async () => {
  logs = [];
  server = await startFakeServer(() => ({ body: vpc }));
});
afterEach(() => server.close());

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
