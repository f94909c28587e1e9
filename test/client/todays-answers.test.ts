/**
 * Today's platform as the real API answered it (test/fixtures/recorded-answers/todays-platform.json,
 * linodego's cassettes): each recorded answer, served by a fake API at the path it was recorded at,
 * reads through the client's operation for that path with every key and value the API sent
 * (`hosts.standby`, `platform`, a major or full `version`, `updates.pending`, `private_network: null`,
 * `engine_config`, `members`, `oldest_restore_time`), and keys it did not send read as the model
 * says a missing key reads.
 */
import { CloudClient, type EngineType } from "../../src/client/index.js";
import { startFakeServer, type FakeServer } from "./fake-server.js";
import { RECORDED, type Recorded } from "../support/todays-answers.js";

/** The client operation that sends a recorded request, or null for one the client has no operation for. */
function operationOf(client: CloudClient, entry: Recorded): (() => Promise<unknown>) | null {
  const [method, url] = entry.request.split(" ") as [string, string];
  const path = decodeURIComponent(url.replace(/^\/v4beta/, "").split("?")[0]!);
  const item = /^\/databases\/(mysql|postgresql)\/instances\/(\d+)(\/ssl|\/credentials)?$/.exec(path);
  const list = /^\/databases\/(mysql|postgresql)\/instances$/.exec(path);
  if (item) {
    const api = client.database(item[1] as EngineType);
    const id = Number(item[2]);
    if (item[3] === "/ssl") return () => api.getCertificate(id);
    if (item[3] === "/credentials") return () => api.getCredentials(id);
    if (method === "PUT") return () => api.update(id, entry.sent as never);
    return () => api.get(id);
  }
  if (list && method === "POST") return () => client.database(list[1] as EngineType).create(entry.sent as never);
  if (list) return () => client.database(list[1] as EngineType).list();
  if (path === "/databases/instances") return () => client.databases.list();
  if (path === "/databases/engines") return () => client.engines.list();
  if (path.startsWith("/databases/engines/")) return () => client.engines.get(path.slice("/databases/engines/".length));
  return null;
}

/** What the client should return for a recorded answer: a page's entries, or the object. */
function expected(entry: Recorded): unknown {
  const a = entry.answer as { data?: unknown[] };
  return entry.request.includes("?page=") ? a.data : a;
}

let server: FakeServer;
let served: Recorded;
beforeAll(async () => {
  server = await startFakeServer(() => ({ status: served.status, body: served.answer }));
});
afterAll(() => server.close());

const readable = Object.entries(RECORDED).filter(([, e]) =>
  operationOf(new CloudClient({ apiUrl: "http://127.0.0.1:1", token: "t" }), e),
);

test("the client has an operation for every recorded answer but the plan list and the engine settings", () => {
  const unread = Object.keys(RECORDED).filter((k) => !readable.some(([name]) => name === k));
  expect(unread.sort()).toEqual(["mysql-config", "postgresql-config", "type-g6-nanode-1", "types"]);
});

describe.each(readable)("%s", (_name, entry) => {
  test("reads through the client with every key and value the API sent", async () => {
    served = entry;
    server.requests.length = 0;
    const client = new CloudClient({ apiUrl: server.url, token: "t" });
    const got = await operationOf(client, entry)!();
    expect(got).toMatchObject(expected(entry) as object);
    // The request went where it was recorded (the client speaks /v4; engine ids as two segments).
    const [method, url] = entry.request.split(" ") as [string, string];
    expect(server.requests[0]).toMatchObject({ method });
    const recordedPath = decodeURIComponent(url.replace(/^\/v4beta/, "/v4").split("?")[0]!);
    expect(decodeURIComponent(server.requests[0]!.url.split("?")[0]!)).toBe(recordedPath);
  });
});

test("today's fields read as the API sent them, on both engines and in the cross-engine list", async () => {
  const client = new CloudClient({ apiUrl: server.url, token: "t" });
  served = RECORDED["mysql-create"]!;
  const created = await client.mysql.create(served.sent as never);
  expect(created).toMatchObject({ version: "8", platform: "rdbms-default", used_disk_size_gb: null, members: {} });
  expect(created.hosts).toMatchObject({ standby: "replica-a227288-akamai-prod-5782758-default.g2a.akamaidb.net" });
  expect(created.updates).toMatchObject({ duration: 4, frequency: "weekly", pending: [] });
  expect(created).toHaveProperty("oldest_restore_time", null);

  served = RECORDED["mysql-active"]!;
  const active = await client.mysql.get(227288);
  expect(active).toMatchObject({ version: "8.0.35", oldest_restore_time: "2018-01-02T03:04:05" });

  served = RECORDED["postgresql-create-2025-11"]!;
  const pg = await client.postgresql.create(served.sent as never);
  expect(pg).toHaveProperty("private_network", null);
  expect(pg).toMatchObject({ engine_config: { pg: { password_encryption: "md5" }, pg_stat_monitor_enable: false } });

  served = RECORDED["instances-one-node-mysql"]!;
  const [one] = await client.databases.list();
  expect(one).toMatchObject({ cluster_size: 1, platform: "rdbms-default" });
  expect(one!.hosts).not.toHaveProperty("standby", expect.any(String));

  served = RECORDED["instances-legacy-and-default"]!;
  const mixed = await client.databases.list();
  expect(mixed.map((d) => (d as { platform?: string }).platform)).toEqual([
    "rdbms-legacy",
    ...Array(8).fill("rdbms-default"),
  ]);
  served = RECORDED["mysql-updating"]!;
  expect(await client.mysql.get(227288)).toMatchObject({ status: "updating" });
});
