import { CloudClient, defaultUserAgent } from "../../src/client/index.js";
import { startFakeServer, type FakeServer } from "./fake-server.js";
import { DATABASE, type Entity } from "../../src/api/index.js";

/** The model's `hosts` object. */
const HOSTS = (DATABASE.fields.hosts.type as { object: Entity }).object;

const TOKEN = "unit-test-token";
let server: FakeServer;
let client: CloudClient;

beforeEach(async () => {
  server = await startFakeServer();
  client = new CloudClient({ apiUrl: server.url, token: TOKEN, retry: { retries: 0 } });
});
afterEach(() => server.close());

const page = (data: unknown[]) => ({ body: { data, page: 1, pages: 1, results: data.length } });

describe("headers", () => {
  test("authorized operations send the bearer token and the package User-Agent", async () => {
    server.script(page([]));
    await client.vpcs.list();
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(server.requests[0].headers["user-agent"]).toBe(defaultUserAgent());
    expect(defaultUserAgent()).toMatch(/^pulumi-cloudplatform\/\d+\.\d+\.\d+/);
  });

  test("region and engine operations send no Authorization header", async () => {
    server.fallback = (req) =>
      req.url.includes("availability") || /\/(regions|engines)(\?|$)/.test(req.url) ? page([]) : { body: {} };
    await client.regions.list();
    await client.regions.get("us-east");
    await client.regions.listAvailability();
    await client.regions.getAvailability("us-east");
    await client.engines.list();
    await client.engines.get("mysql/8.0.30");
    expect(server.requests).toHaveLength(6);
    for (const req of server.requests) expect(req.headers.authorization).toBeUndefined();
  });

  test("public operations work on a client without a token", async () => {
    const anonymous = new CloudClient({ apiUrl: server.url });
    server.script(page([{ id: "us-east", resolvers: { ipv4: "1.1.1.1", ipv6: "" } }]));
    expect((await anonymous.regions.list()).map((r) => r.id)).toEqual(["us-east"]);
  });

  test("an authorized operation without a token fails before sending, naming both ways", async () => {
    const anonymous = new CloudClient({ apiUrl: server.url, configNamespace: "cloudplatform" });
    const call = anonymous.vpcs.get(1);
    await expect(call).rejects.toThrow(/cloudplatform:token.*CLOUDPLATFORM_TOKEN/);
    // A caller that gives no namespace (the client knows nothing of Pulumi) is told the variable only.
    await expect(new CloudClient({ apiUrl: server.url }).vpcs.get(1)).rejects.toThrow(
      /needs an API token: set the environment variable CLOUDPLATFORM_TOKEN\./,
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe("paths", () => {
  test("an engine id is sent as two escaped segments", async () => {
    server.script({ body: { id: "mysql/8.0.30" } });
    await client.engines.get("mysql/8.0.30");
    expect(server.requests[0].url).toBe("/v4/databases/engines/mysql/8.0.30");
  });

  test("every other segment is escaped whole, so an id cannot reach another route", async () => {
    server.script({ body: {} }, { body: {} });
    await client.regions.get("us-east/../../vpcs");
    await client.regions.getAvailability("a b?c");
    expect(server.requests.map((r) => r.url)).toEqual([
      "/v4/regions/us-east%2F..%2F..%2Fvpcs",
      "/v4/regions/a%20b%3Fc/availability",
    ]);
  });

  test("malformed ids are refused before sending", async () => {
    await expect(client.engines.get("mysql")).rejects.toThrow(/<engine>\/<version>/);
    await expect(client.vpcs.get(Number.NaN)).rejects.toThrow(/Invalid path segment/);
    await expect(client.regions.get("")).rejects.toThrow(/Empty path segment/);
    expect(server.requests).toHaveLength(0);
  });

  test("`.` and `..` segments are refused: URL parsing would resolve them to another route", async () => {
    await expect(client.regions.get("..")).rejects.toThrow(/Invalid path segment ".."/);
    await expect(client.regions.getAvailability(".")).rejects.toThrow(/Invalid path segment "."/);
    await expect(client.engines.get("mysql/..")).rejects.toThrow(/Invalid path segment/);
    await expect(client.vpcs.get(".." as unknown as number)).rejects.toThrow(/Invalid path segment/);
    expect(server.requests).toHaveLength(0);
  });

  test("list options become page and page_size", async () => {
    server.script({ body: { data: [{ id: 1 }], page: 2, pages: 2, results: 26 } });
    await client.vpcs.list({ page: 2, pageSize: 25 });
    expect(server.requests[0].url).toBe("/v4/vpcs?page=2&page_size=25");
  });

  test("lists follow every page", async () => {
    server.script(
      { body: { data: [{ id: 1 }], page: 1, pages: 2, results: 2 } },
      { body: { data: [{ id: 2 }], page: 2, pages: 2, results: 2 } },
    );
    expect((await client.mysql.list()).map((d) => d.id)).toEqual([1, 2]);
    expect(server.requests.map((r) => r.url)).toEqual([
      "/v4/databases/mysql/instances?page=1&page_size=500",
      "/v4/databases/mysql/instances?page=2&page_size=500",
    ]);
  });

  test("a list's filter is sent as the X-Filter header", async () => {
    server.script({ body: { data: [{ id: 3, label: "web" }], page: 1, pages: 1, results: 1 } });
    expect((await client.vpcs.list({ filter: { label: "web" } })).map((v) => v.id)).toEqual([3]);
    expect(server.requests[0].url).toBe("/v4/vpcs?page=1&page_size=500");
    expect(server.requests[0].headers["x-filter"]).toBe('{"label":"web"}');
  });
});

describe("request bodies", () => {
  test("optional fields left undefined are not sent", async () => {
    server.script({ body: { id: 1 } }, { body: { id: 1 } }, { body: { id: 7 } });
    await client.vpcs.create({
      label: "net",
      region: "us-east",
      description: undefined,
      subnets: [{ label: "a", ipv4: "10.0.0.0/24" }],
    });
    await client.vpcs.update(1, { description: "d", label: undefined });
    await client.postgresql.create({
      label: "db1",
      region: "us-east",
      type: "g6-nanode-1",
      engine: "postgresql/14.6",
      allow_list: undefined,
      cluster_size: 1,
    });
    expect(server.requests.map((r) => JSON.parse(r.body))).toEqual([
      { label: "net", region: "us-east", subnets: [{ label: "a", ipv4: "10.0.0.0/24" }] },
      { description: "d" },
      { label: "db1", region: "us-east", type: "g6-nanode-1", engine: "postgresql/14.6", cluster_size: 1 },
    ]);
    expect(server.requests[0].headers["content-type"]).toMatch(/application\/json/);
  });

  test("an explicit empty value is sent as such", async () => {
    server.script({ body: { id: 1 } });
    await client.mysql.update(1, { allow_list: [] });
    expect(JSON.parse(server.requests[0].body)).toEqual({ allow_list: [] });
  });

  test("actions without a body send none and resolve to nothing", async () => {
    server.fallback = () => ({ body: {} });
    await expect(client.mysql.patch(5)).resolves.toBeUndefined();
    await expect(client.mysql.resetCredentials(5)).resolves.toBeUndefined();
    expect(server.requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ["POST", "/v4/databases/mysql/instances/5/patch", ""],
      ["POST", "/v4/databases/mysql/instances/5/credentials/reset", ""],
    ]);
  });
});

describe("responses", () => {
  test("unknown keys are kept and absent optional keys read as null", async () => {
    server.script({
      body: {
        id: 3,
        label: "net",
        region: "us-east",
        subnets: [{ id: 4, label: "s", ipv4: "10.0.0.0/24", created: "t" }],
        created: "t",
        brand_new: 1,
      },
    });
    const vpc = await client.vpcs.get(3);
    expect(vpc).toMatchObject({ id: 3, description: "", updated: null, brand_new: 1 });
    expect(vpc.subnets[0]).toMatchObject({ id: 4, computes: [], updated: null });
  });

  test("a PostgreSQL `async` replication type reads as `asynch`; missing hosts read as null", async () => {
    server.script({
      body: { id: 9, engine: "postgresql", replication_type: "async", status: "provisioning", hosts: {} },
    });
    const db = await client.postgresql.get(9);
    expect(db.replication_type).toBe("asynch");
    // Every hosts key the model declares (today's standby too), absent from this answer, reads as null.
    expect(db.hosts).toEqual(Object.fromEntries(Object.keys(HOSTS.fields).map((k) => [k, null])));
    expect(Object.keys(db.hosts)).toEqual(expect.arrayContaining(["primary", "secondary", "standby"]));
    expect(db).toMatchObject({
      updates: null,
      updated: null,
      replication_commit_type: null,
      total_disk_size_gb: null,
      platform: null,
    });
  });

  test("the maintenance window's week_of_month reads as null when absent", async () => {
    server.script({
      body: { id: 9, engine: "mysql", updates: { frequency: "weekly", duration: 1, hour_of_day: 2, day_of_week: 3 } },
    });
    expect((await client.mysql.get(9)).updates).toEqual({
      frequency: "weekly",
      duration: 1,
      hour_of_day: 2,
      day_of_week: 3,
      week_of_month: null,
      // Today's platform's planned maintenance: a list the answer may lack reads as null when absent
      // (an empty list is today's answer of nothing planned; the contract's answers have none).
      pending: null,
    });
  });

  test("region resolvers are split and trimmed", async () => {
    server.script({
      body: { id: "us-east", resolvers: { ipv4: "1.1.1.1, 2.2.2.2 ,3.3.3.3", ipv6: " 2001:db8::1 ,2001:db8::2" } },
    });
    expect((await client.regions.get("us-east")).resolvers).toEqual({
      ipv4: ["1.1.1.1", "2.2.2.2", "3.3.3.3"],
      ipv6: ["2001:db8::1", "2001:db8::2"],
    });
  });

  test("one region's availability reads as an array whether the API answers an array or one entry", async () => {
    const entry = { region: "us-east", plan: "g6-dedicated-4", available: true };
    server.script({ body: [entry, { ...entry, plan: "g6-standard-1" }] }, { body: entry });
    expect(await client.regions.getAvailability("us-east")).toHaveLength(2);
    expect(await client.regions.getAvailability("us-east")).toEqual([entry]);
  });

  test("a VPC's IP list reads the flat single-entry shape, dropping the list fields", async () => {
    const ip = { address: "10.0.0.2", vpc_id: 3, subnet_id: 4, nat_1_1: "", page: 1, pages: 1, results: 1 };
    server.script({ body: ip }, page([ip]));
    const flat = await client.vpcs.listVpcIps(3);
    expect(flat).toEqual([
      { address: "10.0.0.2", vpc_id: 3, subnet_id: 4, nat_1_1: "", address_range: null, gateway: null, prefix: null },
    ]);
    expect(await client.vpcs.listVpcIps(3)).toEqual(flat);
  });

  test("the cross-engine list reads the engine type and the instance_uri", async () => {
    server.script(page([{ id: 1, engine: "mysql", instance_uri: "/v4/databases/mysql/instances/1" }]));
    expect(await client.databases.list()).toEqual([
      expect.objectContaining({
        id: 1,
        engine: "mysql",
        instance_uri: "/v4/databases/mysql/instances/1",
        updates: null,
      }),
    ]);
  });

  test("an engine id form in a database answer reads as the engine type, in the item and the list", async () => {
    server.script(
      { body: { id: 9, engine: "mysql/8.0.30", version: "8.0.30" } },
      page([{ id: 9, engine: "postgresql/14.6", instance_uri: "/v4/databases/postgresql/instances/9" }]),
    );
    expect(await client.mysql.get(9)).toMatchObject({ engine: "mysql", version: "8.0.30" });
    expect((await client.databases.list())[0]).toMatchObject({ engine: "postgresql" });
  });

  test("only a declared alias is read as another value: a replication type `constructor` stays as given", async () => {
    server.script({ body: { id: 9, engine: "postgresql", replication_type: "constructor" } });
    expect((await client.postgresql.get(9)).replication_type).toBe("constructor");
  });

  test("a null VPC description and a null 1:1 NAT address read as empty; a null range stays null", async () => {
    server.script(
      { body: { id: 3, label: "net", description: null, subnets: [] } },
      page([{ address: "10.0.0.2", address_range: null, nat_1_1: null }]),
    );
    expect((await client.vpcs.get(3)).description).toBe("");
    expect(await client.vpcs.listIps()).toEqual([
      { address: "10.0.0.2", address_range: null, nat_1_1: "", gateway: null, prefix: null },
    ]);
  });

  test("a backup, the credentials and the certificate read as answered (a request-only field is not added)", async () => {
    const backup = { id: 5, label: "nightly", type: "snapshot", created: "t" };
    server.script(
      { body: backup },
      { body: { username: "root", password: "p" } },
      { body: { ca_certificate: "Q0E=" } },
    );
    expect(await client.mysql.getBackup(9, 5)).toEqual(backup);
    expect(await client.mysql.getCredentials(9)).toEqual({ username: "root", password: "p" });
    expect(await client.mysql.getCertificate(9)).toEqual({ ca_certificate: "Q0E=" });
  });

  test("database(engine) picks the engine family", async () => {
    expect(client.database("mysql")).toBe(client.mysql);
    expect(client.database("postgresql")).toBe(client.postgresql);
    expect(() => client.database("oracle" as never)).toThrow(/Unknown database engine/);
  });
});
