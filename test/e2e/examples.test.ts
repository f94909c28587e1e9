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

test("mysql-app: a three-node MySQL open to one subnet, a snapshot, connection details as secrets", async () => {
  const step = await up("mysql-app");
  // stack, Vpc, VpcSubnet, MysqlDatabase, DatabaseSnapshot
  expect(step.summary).toEqual({ create: 5 });
  const outputs = step.outputs!;
  expectSecrets(outputs, ["connectionUri", "secondaryConnectionUri", "username", "password", "caCertificate"]);
  expect(outputs.port).toBe(3306);
  expect(outputs.host).toEqual(expect.any(String));
  expect(outputs.allowList).toEqual(["10.20.1.0/24"]);
  const [db, ...others] = await list<ApiDatabase>(runs.emulator(), "/databases/mysql/instances");
  expect(others).toEqual([]);
  expect(db).toMatchObject({ label: "shop-orders", cluster_size: 3, allow_list: ["10.20.1.0/24"], status: "active" });
  const backups = await list<{ id: number; label: string }>(
    runs.emulator(),
    `/databases/mysql/instances/${db!.id}/backups`,
  );
  expect(backups.map((b) => b.label)).toEqual(["baseline"]);
  expect(outputs.snapshotId).toBe(`mysql/${db!.id}/${backups[0]!.id}`);

  await previewThenDestroy("mysql-app", 5);
}, 300_000);

test("database-in-vpc: a MySQL database in a subnet on today's platform; destroy waits out the subnet's release", async () => {
  await runs.emulator().control.setPlatform("rdbms-default");
  const step = await up("database-in-vpc");
  // stack, Vpc, VpcSubnet, MysqlDatabase
  expect(step.summary).toEqual({ create: 4 });
  const outputs = step.outputs!;
  expectSecrets(outputs, ["password"]);
  const [vpc] = await list<{ id: number; subnets: { id: number; label: string }[] }>(runs.emulator(), "/vpcs");
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

test("postgres-ops: adopts a database, rotates credentials, patches and restores by config, destroys both", async () => {
  // The database to adopt, made outside Pulumi under another label and allow list, bigger than the
  // example's default type and encrypted: the example reads both from the database.
  const legacy = await api<ApiDatabase>(runs.emulator(), "POST", "/databases/postgresql/instances", {
    label: "legacy-reporting",
    region: "us-east",
    type: "g6-standard-2",
    engine: "postgresql/14.6",
    encrypted: true,
  });
  const step = await up("postgres-ops", ["--config", `postgres-ops:reportingDatabaseId=${legacy.id}`]);
  // stack and two databases: the cluster created, the reporting database adopted
  expect(step.summary).toEqual({ create: 3 });
  const outputs = step.outputs!;
  expectSecrets(outputs, ["clusterUri", "clusterStandbyUri", "clusterPassword", "reportingUri"]);
  expect(outputs.reportingId).toBe(legacy.id);
  expect(outputs.maintenanceWindow).toMatchObject({ frequency: "weekly", duration: 2, hourOfDay: 4, dayOfWeek: 7 });
  const dbs = await list<ApiDatabase>(runs.emulator(), "/databases/postgresql/instances");
  expect(
    dbs.map((d) => [d.id === legacy.id ? "adopted" : "created", d.label, d.cluster_size, d.allow_list]).sort(),
  ).toEqual([
    ["adopted", "ops-reporting", 1, ["10.30.8.0/24"]],
    ["created", "ops-cluster", 3, ["10.30.0.0/16"]],
  ]);
  // Taken over as it is: not resized, still encrypted.
  expect(dbs.find((d) => d.id === legacy.id)).toMatchObject({ type: "g6-standard-2", encrypted: true });

  // Day two: a new rotation and patch round in the stack configuration.
  const clusterId = outputs.clusterId as number;
  const credentials = `/databases/postgresql/instances/${clusterId}/credentials`;
  const before = await api<{ password: string }>(runs.emulator(), "GET", credentials);
  await runs.emulator().control.clearRequests();
  const rotate = only(
    await runExample(
      "postgres-ops",
      ["up"],
      ["--config", "postgres-ops:credentialsRotation=2025-q2", "--config", "postgres-ops:patchRound=2025-02"],
    ),
  );
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

  // A restore from a snapshot chosen by its label in the stack configuration: one restore request.
  const backups = `/databases/postgresql/instances/${clusterId}/backups`;
  await api(runs.emulator(), "POST", backups, { label: "beforeupgrade" });
  await runs.emulator().control.advanceClock(300);
  const snapshot = (await list<{ id: number; label: string }>(runs.emulator(), backups)).find(
    (b) => b.label === "beforeupgrade",
  )!;
  await runs.emulator().control.clearRequests();
  const restore = only(
    await runExample(
      "postgres-ops",
      ["up"],
      [
        ...["--config", "postgres-ops:credentialsRotation=2025-q2", "--config", "postgres-ops:patchRound=2025-02"],
        ...["--config", "postgres-ops:restoreFrom=beforeupgrade"],
      ],
    ),
  );
  expect(restore.summary).toEqual({ update: 1, same: 2 });
  const restores = (await runs.emulator().control.requests()).filter(
    (r) => r.method === "POST" && r.path.endsWith("/restore"),
  );
  expect(restores.map((r) => [r.path, r.status])).toEqual([[`/v4${backups}/${snapshot.id}/restore`, 200]]);

  // The adopted database is managed like the other: destroy deletes it too.
  await previewThenDestroy("postgres-ops", 3);
}, 300_000);

test("js-commonjs: a CommonJS program in plain JavaScript", async () => {
  const step = await up("js-commonjs");
  // stack, Vpc, VpcSubnet, PostgresqlDatabase
  expect(step.summary).toEqual({ create: 4 });
  expectSecrets(step.outputs, ["connectionUri"]);
  expect(step.outputs).toMatchObject({ subnet: "10.40.1.0/24", dbPort: 5432 });
  const [db] = await list<ApiDatabase>(runs.emulator(), "/databases/instances");
  expect(db).toMatchObject({ label: "js-db", allow_list: ["10.40.1.0/24"] });

  await previewThenDestroy("js-commonjs", 4);
}, 300_000);

test("esm: an ES module with named imports and a top-level await", async () => {
  const step = await up("esm");
  // stack, Vpc, VpcSubnet, MysqlDatabase
  expect(step.summary).toEqual({ create: 4 });
  expectSecrets(step.outputs, ["connectionUri", "password"]);
  expect(step.outputs?.engine).toBe("mysql/8.0.30");
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
