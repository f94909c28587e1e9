/**
 * The projects of examples/ other than the network one (examples-network.test.ts), run the way a
 * user runs them (example-runs.ts says how); the first story packs and installs, the others reuse
 * that tarball and install, and the last checks the installed package's CLI.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import * as path from "node:path";
import { expectSecrets, only, useExampleRuns } from "./example-runs";
import { api, list } from "./helpers";

interface ApiDatabase {
  id: number;
  label: string;
  engine: string;
  cluster_size: number;
  allow_list: string[];
  status: string;
  type: string;
  encrypted: boolean;
}

const runs = useExampleRuns();
const { runExample, up, previewThenDestroy } = runs;

test("mysql-app: a three-node MySQL open to one subnet, connection details as secrets", async () => {
  const step = await up("mysql-app");
  // stack, Vpc, VpcSubnet, MysqlDatabase
  expect(step.summary).toEqual({ create: 4 });
  const outputs = step.outputs!;
  expectSecrets(outputs, ["connectionUri", "username", "password", "caCertificate"]);
  expect(outputs.host).toEqual(expect.any(String));
  expect(outputs.standbyHost).toEqual(expect.any(String));
  expect(outputs.allowList).toEqual(["10.20.1.0/24"]);
  const [db, ...others] = await list<ApiDatabase & { port: number; region: string }>(
    runs.emulator(),
    "/databases/mysql/instances",
  );
  expect(others).toEqual([]);
  expect(db).toMatchObject({ label: "shop-orders", cluster_size: 3, allow_list: ["10.20.1.0/24"], status: "active" });
  expect(db).toMatchObject({ region: "us-ord", engine: "mysql", platform: "rdbms-default" });
  expect(outputs.port).toBe(db!.port);

  await previewThenDestroy("mysql-app", 4);
}, 300_000);

test("database-in-vpc: a MySQL database in a subnet on today's platform; destroy waits out the subnet's release", async () => {
  const step = await up("database-in-vpc");
  // stack, Vpc, VpcSubnet, MysqlDatabase
  expect(step.summary).toEqual({ create: 4 });
  const outputs = step.outputs!;
  expectSecrets(outputs, ["password"]);
  const [vpc] = await list<{ id: number; region: string; subnets: { id: number; label: string }[] }>(
    runs.emulator(),
    "/vpcs",
  );
  expect(vpc!.region).toBe("us-ord");
  const data = vpc!.subnets.find((s) => s.label === "data")!;
  const [db, ...others] = await list<ApiDatabase & { private_network: unknown }>(
    runs.emulator(),
    "/databases/mysql/instances",
  );
  expect(others).toEqual([]);
  expect(db!.private_network).toEqual({ public_access: false, subnet_id: data.id, vpc_id: vpc!.id });
  expect(outputs.privateNetwork).toEqual({ vpcId: vpc!.id, subnetId: data.id, publicAccess: false });
  // The subnet as read at its create, before the database joined it, lists none.
  expect(outputs.subnetDatabases).toBeUndefined();
  // The subnet is deleted after its database, once the API has released it: refused first, then taken.
  await previewThenDestroy("database-in-vpc", 4);
  const subnetDeletes = (await runs.emulator().control.requests())
    .filter((r) => r.method === "DELETE" && r.path === `/v4/vpcs/${vpc!.id}/subnets/${data.id}`)
    .map((r) => r.status);
  expect(subnetDeletes[0]).toBe(400);
  expect(subnetDeletes.at(-1)).toBe(200);
}, 300_000);

test("postgres-ops: adopts a database, rotates credentials, patches, restores by a fork, destroys all", async () => {
  // The database to adopt, made outside Pulumi under another label and allow list, bigger than the
  // example's default type: the example reads its size from the database.
  const outside = await api<ApiDatabase>(runs.emulator(), "POST", "/databases/postgresql/instances", {
    label: "old-reporting",
    region: "us-ord",
    type: "g6-standard-2",
    engine: "postgresql/16",
  });
  const step = await up("postgres-ops", ["--config", `postgres-ops:reportingDatabaseId=${outside.id}`]);
  // stack and two databases: the cluster created, the reporting database adopted
  expect(step.summary).toEqual({ create: 3 });
  const outputs = step.outputs!;
  expectSecrets(outputs, ["clusterUri", "clusterPassword", "reportingUri"]);
  expect(outputs.clusterStandbyHost).toEqual(expect.any(String));
  expect(outputs.reportingId).toBe(outside.id);
  expect(outputs.maintenanceWindow).toMatchObject({ frequency: "weekly", duration: 4, hourOfDay: 4, dayOfWeek: 7 });
  const dbs = await list<ApiDatabase>(runs.emulator(), "/databases/postgresql/instances");
  expect(
    dbs.map((d) => [d.id === outside.id ? "adopted" : "created", d.label, d.cluster_size, d.allow_list]).sort(),
  ).toEqual([
    ["adopted", "ops-reporting", 1, ["10.30.8.0/24"]],
    ["created", "ops-cluster", 3, ["10.30.0.0/16"]],
  ]);
  // Taken over as it is: not resized.
  expect(dbs.find((d) => d.id === outside.id)).toMatchObject({ type: "g6-standard-2", engine: "postgresql" });

  // Day two: a new rotation and patch round in the stack configuration.
  const clusterId = outputs.clusterId as number;
  const credentials = `/databases/postgresql/instances/${clusterId}/credentials`;
  const before = await api<{ password: string }>(runs.emulator(), "GET", credentials);
  await runs.emulator().control.clearRequests();
  const rounds = [
    "--config",
    "postgres-ops:credentialsRotation=2025-q2",
    "--config",
    "postgres-ops:patchRound=2025-02",
  ];
  const rotate = only(await runExample("postgres-ops", ["up"], rounds));
  expect(rotate.summary).toEqual({ update: 1, same: 2 });
  const after = await api<{ password: string }>(runs.emulator(), "GET", credentials);
  expect(after.password).not.toBe(before.password);
  const writes = (await runs.emulator().control.requests()).filter((r) => r.method !== "GET").map((r) => r.path);
  expect(writes).toEqual(
    expect.arrayContaining([
      `/v4/databases/postgresql/instances/${clusterId}/credentials/reset`,
      `/v4/databases/postgresql/instances/${clusterId}/patch`,
    ]),
  );

  // A restore the way today's platform restores: a new database forked from the cluster.
  const restore = only(
    await runExample("postgres-ops", ["up"], [...rounds, "--config", "postgres-ops:restoreTime=latest"]),
  );
  expect(restore.summary).toEqual({ create: 1, same: 3 });
  const restored = (
    await list<ApiDatabase & { fork?: { source: number } }>(runs.emulator(), "/databases/postgresql/instances")
  ).find((d) => d.label === "ops-restored");
  expect(restored).toMatchObject({ id: restore.outputs!.restoredId, fork: { source: clusterId } });

  // The adopted database is managed like the others: destroy deletes it too.
  await previewThenDestroy("postgres-ops", 4);
}, 300_000);

test("js-commonjs: a CommonJS program in plain JavaScript", async () => {
  const step = await up("js-commonjs");
  // stack, Vpc, VpcSubnet, PostgresqlDatabase
  expect(step.summary).toEqual({ create: 4 });
  expectSecrets(step.outputs, ["connectionUri"]);
  const [db] = await list<ApiDatabase & { port: number }>(runs.emulator(), "/databases/instances");
  expect(db).toMatchObject({ label: "js-db", allow_list: ["10.40.1.0/24"], engine: "postgresql" });
  expect(step.outputs).toMatchObject({ subnet: "10.40.1.0/24", dbPort: db!.port });

  await previewThenDestroy("js-commonjs", 4);
}, 300_000);

test("esm: an ES module with named imports and a top-level await", async () => {
  const step = await up("esm");
  // stack, Vpc, VpcSubnet, MysqlDatabase
  expect(step.summary).toEqual({ create: 4 });
  expectSecrets(step.outputs, ["connectionUri", "password"]);
  expect(step.outputs?.engine).toBe("mysql/8");
  const [db] = await list<ApiDatabase>(runs.emulator(), "/databases/instances");
  expect(db).toMatchObject({ label: "esm-db", allow_list: ["10.50.1.0/24"] });

  await previewThenDestroy("esm", 4);
}, 300_000);

test("the installed package's CLI runs without the emulator's web server, and says how to get it", () => {
  expect(runs.installDir()).toBeDefined();
  const modules = path.join(runs.installDir()!, "node_modules");
  expect(existsSync(path.join(modules, "fastify"))).toBe(false);
  const cli = spawnSync(path.join(modules, ".bin", "pulumi-cloudplatform"), ["emulator", "--port", "0"], {
    encoding: "utf8",
  });
  expect(cli.status).toBe(2);
  expect(cli.stderr).toContain("npm install fastify@5");
  const help = spawnSync(path.join(modules, ".bin", "pulumi-cloudplatform"), ["import", "--help"], {
    encoding: "utf8",
  });
  expect(help.status).toBe(0);
  expect(help.stdout).toContain("--language");
});
