import { readFileSync } from "node:fs";
import { join } from "node:path";
import { inspect } from "node:util";
import { ApiError, CloudClient, type EngineType } from "../../src/client/index.js";
import { withEmulator } from "../support/emulator.js";

const spec = JSON.parse(readFileSync(join(__dirname, "..", "..", "spec", "operations.json"), "utf8")) as {
  prefix: string;
  operations: { n: number | null; method: string; path: string }[];
};

const emulator = withEmulator();
let logs: string[];

function client(retry = { retries: 4, minTimeoutMs: 1, maxTimeoutMs: 10, maxRetryTimeMs: 20_000 }): CloudClient {
  const e = emulator();
  return new CloudClient({ apiUrl: e.url, token: e.token, retry, logger: (m) => logs.push(m) });
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

/** Lets clock-driven transitions (provisioning, updating, snapshots) finish. */
const settle = () => emulator().control.advanceClock(3600);

beforeEach(() => {
  logs = [];
});

test("every operation of operations.json succeeds through its client method against the emulator", async () => {
  const c = client();
  const { control } = emulator();

  expect((await c.regions.list()).find((r) => r.id === "us-east")?.resolvers.ipv4).toEqual([
    "192.0.2.10",
    "192.0.2.11",
    "192.0.2.12",
  ]);
  expect((await c.regions.get("ap-south")).status).toBe("outage");
  expect((await c.regions.listAvailability()).length).toBeGreaterThan(0);
  const availability = await c.regions.getAvailability("us-east");
  expect(Array.isArray(availability)).toBe(true);
  expect(availability.every((a) => a.region === "us-east")).toBe(true);
  expect((await c.engines.list()).map((e) => e.id)).toContain("postgresql/14.6");
  expect(await c.engines.get("mysql/8.0.30")).toMatchObject({ id: "mysql/8.0.30", engine: "mysql", version: "8.0.30" });

  const vpc = await c.vpcs.create({
    label: "app-net",
    region: "us-east",
    subnets: [{ label: "web", ipv4: "10.0.0.0/24" }],
  });
  expect(vpc).toMatchObject({
    label: "app-net",
    description: "",
    subnets: [{ label: "web", ipv4: "10.0.0.0/24", computes: [] }],
  });
  expect((await c.vpcs.list()).map((v) => v.id)).toEqual([vpc.id]);
  expect((await c.vpcs.get(vpc.id)).label).toBe("app-net");
  expect((await c.vpcs.update(vpc.id, { description: "backend" })).description).toBe("backend");
  expect(await c.vpcs.listIps()).toEqual([]);
  expect(await c.vpcs.listVpcIps(vpc.id)).toEqual([]);
  const subnet = await c.subnets.create(vpc.id, { label: "db", ipv4: "10.0.1.0/24" });
  expect((await c.subnets.list(vpc.id)).map((s) => s.label).sort()).toEqual(["db", "web"]);
  expect((await c.subnets.get(vpc.id, subnet.id)).ipv4).toBe("10.0.1.0/24");
  expect((await c.subnets.update(vpc.id, subnet.id, { label: "db2" })).label).toBe("db2");
  await c.subnets.delete(vpc.id, subnet.id);
  await c.vpcs.delete(vpc.id);
  expect((await failure(c.vpcs.get(vpc.id))).isNotFound).toBe(true);

  for (const engine of ["mysql", "postgresql"] as EngineType[]) {
    const api = c.database(engine);
    const version = engine === "mysql" ? "8.0.30" : "14.6";
    const db = await api.create({
      label: `${engine}-db`,
      region: "us-east",
      type: "g6-standard-1",
      engine: `${engine}/${version}`,
      cluster_size: 3,
      allow_list: ["203.0.113.7"],
    });
    expect(db).toMatchObject({ engine, status: "provisioning", hosts: { primary: null, secondary: null } });
    expect(db.replication_type).toBe(engine === "mysql" ? "semi_synch" : "asynch");
    await settle();
    expect((await api.get(db.id)).status).toBe("active");
    expect((await api.list()).map((d) => d.id)).toEqual([db.id]);
    expect((await c.databases.list()).find((d) => d.id === db.id)?.instance_uri).toBe(
      `/v4/databases/${engine}/instances/${db.id}`,
    );
    expect((await api.update(db.id, { label: `${engine}-db2` })).label).toBe(`${engine}-db2`);
    await settle();
    expect((await api.getCredentials(db.id)).password).toEqual(expect.any(String));
    await api.resetCredentials(db.id);
    await settle();
    expect((await api.getCertificate(db.id)).ca_certificate).toEqual(expect.any(String));
    await api.patch(db.id);
    await settle();
    await api.createSnapshot(db.id, { label: "snap1" });
    await settle();
    const backups = await api.listBackups(db.id);
    const snap = backups.find((b) => b.label === "snap1");
    expect(snap).toMatchObject({ type: "snapshot" });
    expect((await api.getBackup(db.id, snap!.id)).label).toBe("snap1");
    await api.restoreBackup(db.id, snap!.id);
    await settle();
    await api.deleteBackup(db.id, snap!.id);
    await settle();
    await api.delete(db.id);
    expect((await failure(api.get(db.id))).isNotFound).toBe(true);
  }

  const log = await control.requests();
  const succeeded = log.filter((r) => r.status === 200);
  const missing = spec.operations.filter((op) => {
    const pattern = new RegExp(
      `^${spec.prefix}${op.path.replace(/\{engineId\}/, "[^/]+/[^/]+").replace(/\{\w+\}/g, "[^/]+")}$`,
    );
    return !succeeded.some((r) => r.method === op.method && pattern.test(r.path));
  });
  expect(missing).toEqual([]);
  expect(logs).toEqual([]);
});

describe("fault injection", () => {
  test("a read recovers from 5xx answers", async () => {
    const { control } = emulator();
    await control.addFault({ method: "GET", path: "/v4/regions", status: 500, times: 1 });
    await control.addFault({ method: "GET", path: "/v4/regions", status: 503, times: 1 });
    expect((await client().regions.list()).length).toBe(5);
    expect((await control.requests()).map((r) => r.status)).toEqual([500, 503, 200]);
    expect(logs).toHaveLength(2);
    expect(logs[1]).toMatch(/^GET \/v4\/regions failed \(503\): the API answered with a non-JSON page/);
  });

  test("a read waits out a 429 as Retry-After says", async () => {
    const { control } = emulator();
    await control.addFault({ method: "GET", path: "/v4/databases/engines", status: 429, retryAfter: 1, times: 1 });
    expect((await client().engines.list()).length).toBe(4);
    expect((await control.requests()).map((r) => r.status)).toEqual([429, 200]);
    expect(logs).toEqual([
      "GET /v4/databases/engines failed (429): Too many requests; retrying in 1000 ms (Retry-After), attempt 2 of 5",
    ]);
  });

  test("a read recovers from a dropped connection", async () => {
    const { control } = emulator();
    const c = client();
    const vpc = await c.vpcs.create({ label: "net", region: "us-east" });
    await control.addFault({ method: "GET", path: "/v4/vpcs/:vpcId", drop: true, times: 1 });
    expect((await c.vpcs.get(vpc.id)).id).toBe(vpc.id);
    const gets = (await control.requests()).filter((r) => r.method === "GET");
    expect(gets.map((r) => r.status)).toEqual([0, 200]);
  });

  test("the shared rate limit is ridden out", async () => {
    const { control } = emulator();
    await control.setRateLimit(2, 1);
    try {
      const c = client();
      for (let i = 0; i < 3; i++) await c.regions.get("us-east");
      expect(logs.some((l) => l.includes("(429)") && l.includes("(Retry-After)"))).toBe(true);
    } finally {
      await control.setRateLimit(null);
    }
  });

  test("a POST that failed after reaching the server is not repeated", async () => {
    const { control } = emulator();
    await control.addFault({ method: "POST", path: "/v4/vpcs", status: 500, times: 1 });
    const err = await failure(client().vpcs.create({ label: "net", region: "us-east" }));
    expect(err.message).toBe("POST /v4/vpcs failed (500): Please try again later");
    await control.addFault({ method: "POST", path: "/v4/vpcs", drop: true, times: 1 });
    const dropped = await failure(client().vpcs.create({ label: "net", region: "us-east" }));
    expect(dropped.status).toBe(0);
    const posts = (await control.requests()).filter((r) => r.method === "POST");
    expect(posts.map((r) => r.status)).toEqual([500, 0]);
    expect(logs).toEqual([]);
    // Neither attempt created anything, and nothing was created twice.
    expect(await client().vpcs.list()).toEqual([]);
  });

  test("a POST refused with 429 is repeated once the server allows", async () => {
    const { control } = emulator();
    await control.addFault({ method: "POST", path: "/v4/vpcs", status: 429, retryAfter: 1, times: 1 });
    await client().vpcs.create({ label: "net", region: "us-east" });
    expect((await control.requests()).filter((r) => r.method === "POST").map((r) => r.status)).toEqual([429, 200]);
    expect((await client().vpcs.list()).map((v) => v.label)).toEqual(["net"]);
  });

  test("a read that keeps failing gives up within its bounds and says so", async () => {
    const { control } = emulator();
    await control.addFault({ method: "GET", path: "/v4/vpcs", status: 502 });
    const err = await failure(
      client({ retries: 2, minTimeoutMs: 1, maxTimeoutMs: 5, maxRetryTimeMs: 10_000 }).vpcs.list(),
    );
    expect(err.status).toBe(502);
    expect(err.message).toMatch(/\(gave up after 3 attempts\)$/);
    expect((await control.requests()).length).toBe(3);
  });

  test("nothing logged or thrown in a faulty run contains the token", async () => {
    const { control, token } = emulator();
    await control.addFault({ path: "/v4/vpcs*", status: 503, rate: 0.5 });
    await control.addFault({ method: "POST", path: "/v4/databases*", drop: true });
    await control.addFault({ method: "GET", path: "/v4/databases*", status: 500 });
    await control.addFault({ method: "PUT", path: "/v4/vpcs/:vpcId", status: 429, retryAfter: 1, times: 1 });
    const c = client({ retries: 2, minTimeoutMs: 1, maxTimeoutMs: 5, maxRetryTimeMs: 10_000 });
    const thrown: unknown[] = [];
    const attempt = async (call: () => Promise<unknown>) => {
      try {
        await call();
      } catch (err) {
        thrown.push(err);
      }
    };
    await attempt(() => c.vpcs.list());
    await attempt(() => c.vpcs.create({ label: "x", region: "us-east" }));
    await attempt(() => c.vpcs.update(1, { label: "y" }));
    await attempt(() =>
      c.mysql.create({ label: "db1", region: "us-east", type: "g6-nanode-1", engine: "mysql/8.0.30" }),
    );
    await attempt(() => c.postgresql.list());
    await attempt(() => c.databases.list());
    await attempt(() => new CloudClient({ apiUrl: emulator().url, token: "wrong-token" }).vpcs.list());
    expect(thrown.length).toBeGreaterThanOrEqual(3);
    expect(logs.length).toBeGreaterThan(0);
    const text = [
      ...logs,
      ...thrown.flatMap((e) => [
        String(e),
        String((e as Error).stack),
        JSON.stringify(e),
        inspect(e, { depth: 10, showHidden: true }),
      ]),
      inspect(c, { depth: 10, showHidden: true }),
    ].join("\n");
    expect(text).not.toContain(token);
    expect(text.toLowerCase()).not.toContain("bearer");
  });
});
