/**
 * The projects of examples/, run the way a user runs them: the repository packed with `npm pack`,
 * the tarball installed by name into a copy of each example, TypeScript compiled against the
 * installed package's types, and `up`, a preview that must show no changes, and `destroy` on the
 * real engine against the emulator. scripts/packed-example.mjs does the work in a child process
 * (jest's module registry cannot host the Pulumi runtime of another install); the stories read
 * its JSON report and check the emulator's API. The runner packs dist/, so `npm run build` comes
 * first (`npm test` does it); the first story packs and installs (about 20 s), the others reuse
 * that tarball and install.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { runPacked, type PackedReport } from "../support/packed";
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

let emulator: TestEmulator;
/** The tarball of the first run, given to every later run: one build, one install for the file. */
let tarball: string | undefined;
/** The shared install of that tarball (outside the repository, so nothing resolves from the checkout). */
let installDir: string | undefined;

beforeAll(async () => {
  emulator = await startTestEmulator();
});

beforeEach(async () => {
  await emulator.control.reset();
  await emulator.control.setTimings({
    provisioningSeconds: 1,
    updatingSeconds: 1,
    snapshotSeconds: 1,
    patchSeconds: 1,
    credentialsResetSeconds: 1,
  });
});

afterAll(async () => {
  await emulator?.close();
});

/** Runs operations on one example, reusing the first run's tarball. */
async function runExample(name: string, operations: string[], extra: string[] = []): Promise<PackedReport> {
  const report = await runPacked(emulator, path.join("examples", name), operations, [
    ...(tarball ? ["--tarball", tarball] : []),
    ...extra,
  ]);
  tarball ??= report.install.tarball;
  installDir ??= report.install.dir;
  return report;
}

/** The one operation of a report. */
function only(report: PackedReport) {
  expect(report.operations).toHaveLength(1);
  return report.operations[0]!;
}

/** `up` from an empty state: everything created, the outputs as given (secrets masked by the runner). */
async function up(name: string, extra: string[] = []) {
  const report = await runExample(name, ["up"], ["--fresh", ...extra]);
  // An example is ordinary code: TypeScript ones compile against the installed package's types.
  if (["network", "mysql-app", "postgres-ops"].includes(name)) expect(report.compileSeconds).not.toBeNull();
  const step = only(report);
  expect(step.result).toBe("succeeded");
  return step;
}

/**
 * A preview right after `up` that changes nothing (the runner fails a preview with changes too),
 * then `destroy`, after which nothing of any kind is left in the emulated account. One run of the
 * runner for both: the preview changes nothing the emulator could show.
 */
async function previewThenDestroy(name: string, resources: number) {
  const [preview, destroy] = (await runExample(name, ["preview", "destroy"])).operations;
  expect(preview).toMatchObject({ operation: "preview", noChanges: true, summary: { same: resources }, changes: [] });
  expect(destroy).toMatchObject({ operation: "destroy", result: "succeeded", summary: { delete: resources } });
  expect(await list(emulator, "/vpcs")).toEqual([]);
  expect(await list(emulator, "/databases/instances")).toEqual([]);
}

/** Every output named is a secret, shown by the runner as "[secret]". */
function expectSecrets(outputs: Record<string, unknown> | undefined, names: string[]) {
  for (const key of names) expect([key, outputs?.[key]]).toEqual([key, "[secret]"]);
}

test("network: a VPC with inline subnets and a separate subnet, in a region picked by capability", async () => {
  const step = await up("network");
  // stack, Vpc, VpcSubnet
  expect(step.summary).toEqual({ create: 3 });
  const outputs = step.outputs!;
  // The emulator's first region with status ok that offers VPCs.
  expect(outputs.regionId).toBe("us-east");
  const [vpc, ...others] = await list<{ id: number; label: string; region: string }>(emulator, "/vpcs");
  expect(others).toEqual([]);
  expect(vpc).toMatchObject({ id: outputs.vpcId, label: "example-network", region: "us-east" });
  const subnets = await list<{ label: string; ipv4: string }>(emulator, `/vpcs/${vpc!.id}/subnets`);
  expect(subnets.map((s) => [s.label, s.ipv4]).sort()).toEqual([
    ["app", "10.10.2.0/24"],
    ["data", "10.10.3.0/24"],
    ["web", "10.10.1.0/24"],
  ]);
  expect(outputs.dataSubnet).toMatchObject({ ipv4: "10.10.3.0/24", gateway: "10.10.3.1" });

  // An outage in that region later changes what the look-up picks, but never moves the network.
  const usEast = await api<Record<string, unknown>>(emulator, "GET", "/regions/us-east");
  await emulator.control.seed({ regions: [{ ...usEast, status: "outage" }] });
  await previewThenDestroy("network", 3);
}, 300_000);

test("mysql-app: a three-node MySQL open to one subnet, a snapshot, connection details as secrets", async () => {
  const step = await up("mysql-app");
  // stack, Vpc, VpcSubnet, MysqlDatabase, DatabaseSnapshot
  expect(step.summary).toEqual({ create: 5 });
  const outputs = step.outputs!;
  expectSecrets(outputs, ["connectionUri", "secondaryConnectionUri", "username", "password", "caCertificate"]);
  expect(outputs.port).toBe(3306);
  expect(outputs.host).toEqual(expect.any(String));
  expect(outputs.allowList).toEqual(["10.20.1.0/24"]);
  const [db, ...others] = await list<ApiDatabase>(emulator, "/databases/mysql/instances");
  expect(others).toEqual([]);
  expect(db).toMatchObject({ label: "shop-orders", cluster_size: 3, allow_list: ["10.20.1.0/24"], status: "active" });
  const backups = await list<{ id: number; label: string }>(emulator, `/databases/mysql/instances/${db!.id}/backups`);
  expect(backups.map((b) => b.label)).toEqual(["baseline"]);
  expect(outputs.snapshotId).toBe(`mysql/${db!.id}/${backups[0]!.id}`);

  await previewThenDestroy("mysql-app", 5);
}, 300_000);

test("postgres-ops: adopts a database, rotates credentials, patches and restores by config, destroys both", async () => {
  // The database to adopt, made outside Pulumi under another label and allow list, bigger than the
  // example's default type and encrypted: the example reads both from the database.
  const legacy = await api<ApiDatabase>(emulator, "POST", "/databases/postgresql/instances", {
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
  const dbs = await list<ApiDatabase>(emulator, "/databases/postgresql/instances");
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
  const before = await api<{ password: string }>(emulator, "GET", credentials);
  await emulator.control.clearRequests();
  const rotate = only(
    await runExample(
      "postgres-ops",
      ["up"],
      ["--config", "postgres-ops:credentialsRotation=2025-q2", "--config", "postgres-ops:patchRound=2025-02"],
    ),
  );
  expect(rotate.summary).toEqual({ update: 1, same: 2 });
  const after = await api<{ password: string }>(emulator, "GET", credentials);
  expect(after.password).not.toBe(before.password);
  const writes = (await emulator.control.requests()).filter((r) => r.method !== "GET").map((r) => r.path);
  expect(writes).toEqual(
    expect.arrayContaining([
      `/v4/databases/postgresql/instances/${clusterId}/credentials/reset`,
      `/v4/databases/postgresql/instances/${clusterId}/patch`,
    ]),
  );

  // A restore from a snapshot chosen by its label in the stack configuration: one restore request.
  const backups = `/databases/postgresql/instances/${clusterId}/backups`;
  await api(emulator, "POST", backups, { label: "beforeupgrade" });
  await emulator.control.advanceClock(300);
  const snapshot = (await list<{ id: number; label: string }>(emulator, backups)).find(
    (b) => b.label === "beforeupgrade",
  )!;
  await emulator.control.clearRequests();
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
  const restores = (await emulator.control.requests()).filter(
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
  const [db] = await list<ApiDatabase>(emulator, "/databases/instances");
  expect(db).toMatchObject({ label: "js-db", allow_list: ["10.40.1.0/24"] });

  await previewThenDestroy("js-commonjs", 4);
}, 300_000);

test("esm: an ES module with named imports and a top-level await", async () => {
  const step = await up("esm");
  // stack, Vpc, VpcSubnet, MysqlDatabase
  expect(step.summary).toEqual({ create: 4 });
  expectSecrets(step.outputs, ["connectionUri", "password"]);
  expect(step.outputs?.engine).toBe("mysql/8.0.30");
  const [db] = await list<ApiDatabase>(emulator, "/databases/instances");
  expect(db).toMatchObject({ label: "esm-db", allow_list: ["10.50.1.0/24"] });

  await previewThenDestroy("esm", 4);
}, 300_000);

test("the installed package's CLI runs without the emulator's web server, and says how to get it", () => {
  expect(installDir).toBeDefined();
  const modules = path.join(installDir!, "node_modules");
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
