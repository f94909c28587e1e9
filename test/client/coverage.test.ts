import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CloudClient } from "../../src/client/index.js";
import { startFakeServer, type FakeServer } from "./fake-server.js";

/** One operation of operations.json (the vendored copy of the spec in spec/). */
interface Operation {
  n: number | null;
  method: string;
  path: string;
  auth?: string;
  list?: boolean;
}

const spec = JSON.parse(readFileSync(join(__dirname, "..", "..", "spec", "operations.json"), "utf8")) as {
  prefix: string;
  operations: Operation[];
};

const ids = { vpcId: 11, vpcSubnetId: 22, instanceId: 33, backupId: 44, regionId: "us-east", engineId: "mysql/8.0.30" };

type Call = (c: CloudClient) => Promise<unknown>;

const snapshot = { label: "snap1" };
const createDb = (engine: string) => ({ label: "db1", region: "us-east", type: "g6-nanode-1", engine });

/** The client method behind each operation, keyed "METHOD path" exactly as operations.json spells it. */
const calls: Record<string, Call> = {
  "GET /vpcs": (c) => c.vpcs.list(),
  "POST /vpcs": (c) => c.vpcs.create({ label: "net", region: "us-east" }),
  "GET /networking/vpcs/ips": (c) => c.vpcs.listIps(),
  "DELETE /vpcs/{vpcId}": (c) => c.vpcs.delete(ids.vpcId),
  "GET /vpcs/{vpcId}": (c) => c.vpcs.get(ids.vpcId),
  "PUT /vpcs/{vpcId}": (c) => c.vpcs.update(ids.vpcId, { label: "net2" }),
  "GET /vpcs/{vpcId}/ips": (c) => c.vpcs.listVpcIps(ids.vpcId),
  "GET /vpcs/{vpcId}/subnets": (c) => c.subnets.list(ids.vpcId),
  "POST /vpcs/{vpcId}/subnets": (c) => c.subnets.create(ids.vpcId, { label: "s", ipv4: "10.0.0.0/24" }),
  "DELETE /vpcs/{vpcId}/subnets/{vpcSubnetId}": (c) => c.subnets.delete(ids.vpcId, ids.vpcSubnetId),
  "GET /vpcs/{vpcId}/subnets/{vpcSubnetId}": (c) => c.subnets.get(ids.vpcId, ids.vpcSubnetId),
  "PUT /vpcs/{vpcId}/subnets/{vpcSubnetId}": (c) => c.subnets.update(ids.vpcId, ids.vpcSubnetId, { label: "s2" }),
  "GET /regions": (c) => c.regions.list(),
  "GET /regions/availability": (c) => c.regions.listAvailability(),
  "GET /regions/{regionId}": (c) => c.regions.get(ids.regionId),
  "GET /regions/{regionId}/availability": (c) => c.regions.getAvailability(ids.regionId),
  "GET /databases/engines": (c) => c.engines.list(),
  "GET /databases/engines/{engineId}": (c) => c.engines.get(ids.engineId),
  "GET /databases/instances": (c) => c.databases.list(),
};
for (const engine of ["mysql", "postgresql"] as const) {
  const base = `/databases/${engine}/instances`;
  const api = (c: CloudClient) => c.database(engine);
  Object.assign(calls, {
    [`GET ${base}`]: (c: CloudClient) => api(c).list(),
    [`POST ${base}`]: (c: CloudClient) => api(c).create(createDb(`${engine}/1`)),
    [`GET ${base}/{instanceId}`]: (c: CloudClient) => api(c).get(ids.instanceId),
    [`PUT ${base}/{instanceId}`]: (c: CloudClient) => api(c).update(ids.instanceId, { label: "db2" }),
    [`DELETE ${base}/{instanceId}`]: (c: CloudClient) => api(c).delete(ids.instanceId),
    [`GET ${base}/{instanceId}/backups`]: (c: CloudClient) => api(c).listBackups(ids.instanceId),
    [`POST ${base}/{instanceId}/backups`]: (c: CloudClient) => api(c).createSnapshot(ids.instanceId, snapshot),
    [`GET ${base}/{instanceId}/backups/{backupId}`]: (c: CloudClient) => api(c).getBackup(ids.instanceId, ids.backupId),
    [`DELETE ${base}/{instanceId}/backups/{backupId}`]: (c: CloudClient) =>
      api(c).deleteBackup(ids.instanceId, ids.backupId),
    [`POST ${base}/{instanceId}/backups/{backupId}/restore`]: (c: CloudClient) =>
      api(c).restoreBackup(ids.instanceId, ids.backupId),
    [`GET ${base}/{instanceId}/credentials`]: (c: CloudClient) => api(c).getCredentials(ids.instanceId),
    [`POST ${base}/{instanceId}/credentials/reset`]: (c: CloudClient) => api(c).resetCredentials(ids.instanceId),
    [`POST ${base}/{instanceId}/patch`]: (c: CloudClient) => api(c).patch(ids.instanceId),
    [`GET ${base}/{instanceId}/ssl`]: (c: CloudClient) => api(c).getCertificate(ids.instanceId),
  });
}

const key = (op: Operation) => `${op.method} ${op.path}`;
const concrete = (path: string) => path.replace(/\{(\w+)\}/g, (_m, name: keyof typeof ids) => String(ids[name]));

let server: FakeServer;
let client: CloudClient;

beforeAll(async () => {
  server = await startFakeServer((req) =>
    req.url.includes("?page=") ? { body: { data: [], page: 1, pages: 1, results: 0 } } : { body: {} },
  );
  client = new CloudClient({ apiUrl: server.url, token: "coverage-token", retry: { retries: 0 } });
});
afterAll(() => server.close());

test("operations.json lists the 47 operations", () => {
  expect(spec.operations).toHaveLength(47);
});

test("every client call in this table is an operation of the file, and vice versa", () => {
  expect(Object.keys(calls).sort()).toEqual(spec.operations.map(key).sort());
});

test.each(spec.operations.map((op) => [op.n ?? "PostgreSQL", key(op), op] as const))(
  "#%s %s is reachable through its client method",
  async (_n, name, op) => {
    server.requests.length = 0;
    await calls[name](client);
    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect(req.method).toBe(op.method);
    expect(req.url.split("?")[0]).toBe(spec.prefix + concrete(op.path));
    if (op.list) expect(req.url).toMatch(/\?page=1&page_size=500$/);
    if (op.auth === "none") expect(req.headers.authorization).toBeUndefined();
    else expect(req.headers.authorization).toBe("Bearer coverage-token");
  },
);
