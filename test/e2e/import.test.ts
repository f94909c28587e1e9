/**
 * Bringing an existing account under management, on the real engine: an account made through the
 * API (VPCs with subnets, a compute instance on one, a MySQL database whose allow list names a
 * subnet, a three-node PostgreSQL cluster, snapshots of both, and a VPC in another region) is
 * imported by the CLI (`node dist/cli.js import --language js`, with fastify made unloadable), and
 * the generated file is the stack's program. Asserted from the emulator's request log and the
 * engine's summaries:
 *   - `up` adopts everything with zero API writes;
 *   - `preview` right after shows no changes, and `refresh` finds no drift;
 *   - one field changed in the generated text updates that object only;
 *   - `destroy` deletes exactly the adopted objects and leaves the rest of the account.
 * A second story generates with inline subnets (through the generator function), where an allow
 * list reaches the subnet through the VPC's `subnets` output: adopted as cleanly.
 */
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { CloudClient } from "../../src/client/index.js";
import { generateImport } from "../../src/import/index.js";
import type { TestStack } from "../support/pulumi";
import { api, list, useE2e, type StateResource } from "./helpers";

const e2e = useE2e((emulator) =>
  emulator.control.setTimings({ provisioningSeconds: 1, snapshotSeconds: 1, updatingSeconds: 1 }),
);
const repoRoot = path.resolve(__dirname, "..", "..");

interface ApiVpc {
  id: number;
  label: string;
  subnets: { id: number; label: string; ipv4: string }[];
}
interface ApiDatabase {
  id: number;
  label: string;
}

let testStack: TestStack;
/** The program text the next engine run uses (the generated file, possibly edited). */
let programText = "";
let runs = 0;

/** Requests other than GET since the log was last cleared. */
async function writes(): Promise<string[]> {
  return (await e2e.emulator.control.requests())
    .filter((r) => r.method !== "GET")
    .map((r) => `${r.method} ${r.path}`)
    .sort();
}

beforeAll(async () => {
  // Each engine run requires the program from a file of its own: jest caches a module by its path,
  // and a cached module would declare no resources on the second run.
  testStack = await e2e.stack(async () => {
    const file = path.join(testStack.workDir, `program-${++runs}.js`);
    writeFileSync(file, programText);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the generated CommonJS program
    return require(file) as Record<string, unknown>;
  });
}, 120_000);

test("an imported account is adopted without writes, stays clean, changes one object and is destroyed exactly", async () => {
  const { emulator } = e2e;
  // --- the account ---------------------------------------------------------------------------
  const app = await api<ApiVpc>(emulator, "POST", "/vpcs", {
    label: "app-network",
    region: "us-east",
    description: "application network",
    subnets: [
      { label: "web", ipv4: "10.0.1.0/24" },
      { label: "data", ipv4: "10.0.2.0/24" },
    ],
  });
  const batch = await api<{ id: number }>(emulator, "POST", `/vpcs/${app.id}/subnets`, {
    label: "batch",
    ipv4: "10.0.3.0/24",
  });
  const edge = await api<ApiVpc>(emulator, "POST", "/vpcs", { label: "edge-net", region: "us-east" });
  const other = await api<ApiVpc>(emulator, "POST", "/vpcs", { label: "other-net", region: "us-west" });
  const web = app.subnets.find((s) => s.label === "web")!;
  const data = app.subnets.find((s) => s.label === "data")!;
  await emulator.control.seed({ computes: [{ id: 7001, label: "app-1", interfaces: [{ subnet_id: web.id }] }] });
  const orders = await api<ApiDatabase>(emulator, "POST", "/databases/mysql/instances", {
    label: "orders",
    region: "us-east",
    type: "g6-nanode-1",
    engine: "mysql/8.0.30",
    allow_list: ["10.0.1.0/24", "203.0.113.7"],
  });
  const analytics = await api<ApiDatabase>(emulator, "POST", "/databases/postgresql/instances", {
    label: "analytics",
    region: "us-east",
    type: "g6-standard-1",
    engine: "postgresql/14.6",
    cluster_size: 3,
    replication_commit_type: "off",
    allow_list: ["10.0.2.0/24"],
  });
  await emulator.control.advanceClock(5);
  await api(emulator, "POST", `/databases/mysql/instances/${orders.id}/backups`, { label: "nightly" });
  await api(emulator, "POST", `/databases/postgresql/instances/${analytics.id}/backups`, { label: "before" });
  await emulator.control.advanceClock(5);
  const backup = async (engine: string, id: number) =>
    (await list<{ id: number }>(emulator, `/databases/${engine}/instances/${id}/backups`))[0]!.id;
  const ordersBackup = await backup("mysql", orders.id);
  const analyticsBackup = await backup("postgresql", analytics.id);

  // --- import through the CLI, with fastify unloadable -----------------------------------------
  const out = path.join(testStack.workDir, "index.js");
  const noFastify = path.join(testStack.workDir, "no-fastify.cjs");
  writeFileSync(
    noFastify,
    [
      'const Module = require("node:module");',
      "const resolve = Module._resolveFilename;",
      "Module._resolveFilename = function (request, ...rest) {",
      '  if (request === "fastify" || request.startsWith("fastify/")) {',
      '    throw Object.assign(new Error("Cannot find module \'fastify\'"), { code: "MODULE_NOT_FOUND" });',
      "  }",
      "  return resolve.call(this, request, ...rest);",
      "};",
    ].join("\n"),
  );
  const cli = await promisify(execFile)(
    process.execPath,
    [
      "--require",
      noFastify,
      path.join(repoRoot, "dist", "cli.js"),
      "import",
      "--language",
      "js",
      "--snapshots",
      "--region",
      "us-east",
      "--out",
      out,
    ],
    { env: { ...process.env, CLOUDPLATFORM_API_URL: emulator.url, CLOUDPLATFORM_TOKEN: emulator.token } },
  );
  expect(cli.stdout).toBe("");
  expect(cli.stderr).toContain(
    "Adopted: 9 resource(s) (2 Vpc, 3 VpcSubnet, 1 MysqlDatabase, 1 PostgresqlDatabase, 2 DatabaseSnapshot).",
  );
  expect(cli.stderr).toContain(
    `VPC "other-net" (id ${other.id}) and its 0 subnet(s): its region us-west is not selected`,
  );
  programText = readFileSync(out, "utf8");
  expect(programText).not.toContain(emulator.token);
  expect(programText).toContain("vpcId: appNetwork.vpcId,");
  expect(programText).toContain('allowList: [appNetworkWeb.ipv4, "203.0.113.7/32"],');
  expect(programText).toContain("allowList: [appNetworkData.ipv4],");

  // --- up: everything adopted, nothing written -------------------------------------------------
  await emulator.control.clearRequests();
  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.resourceChanges).toEqual({ create: 10 });
  expect(await writes()).toEqual([]);
  const state = (await testStack.stack.exportStack()).deployment.resources as StateResource[];
  const ids = state
    .filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/cloudplatform:"))
    .map((r) => `${r.type.split(":").pop()} ${r.id}`)
    .sort();
  expect(ids).toEqual(
    [
      `DatabaseSnapshot mysql/${orders.id}/${ordersBackup}`,
      `DatabaseSnapshot postgresql/${analytics.id}/${analyticsBackup}`,
      `MysqlDatabase ${orders.id}`,
      `PostgresqlDatabase ${analytics.id}`,
      `Vpc ${app.id}`,
      `Vpc ${edge.id}`,
      `VpcSubnet ${batch.id}`,
      `VpcSubnet ${data.id}`,
      `VpcSubnet ${web.id}`,
    ].sort(),
  );

  // --- preview clean, refresh without drift ----------------------------------------------------
  await emulator.control.clearRequests();
  const preview = await testStack.stack.preview({ color: "never", diff: true });
  expect(preview.changeSummary).toEqual({ same: 10 });
  const refresh = await testStack.stack.refresh({ color: "never" });
  expect(refresh.summary.resourceChanges).toEqual({ same: 10 });
  expect((await testStack.stack.preview({ color: "never" })).changeSummary).toEqual({ same: 10 });
  expect(await writes()).toEqual([]);

  // --- one field changed in the generated program updates that object only ----------------------
  const edited = programText.replace('description: "application network",', 'description: "application network v2",');
  expect(edited).not.toBe(programText);
  programText = edited;
  await emulator.control.clearRequests();
  const change = await testStack.stack.up({ color: "never" });
  expect(change.summary.resourceChanges).toEqual({ same: 9, update: 1 });
  expect(await writes()).toEqual([`PUT /v4/vpcs/${app.id}`]);
  expect((await api<{ description: string }>(emulator, "GET", `/vpcs/${app.id}`)).description).toBe(
    "application network v2",
  );

  // --- destroy: exactly what was adopted -------------------------------------------------------
  // The compute instance is not managed here; while it uses the subnet, the API refuses the delete.
  const detach = await fetch(`${emulator.url}/_emulator/computes/7001`, { method: "DELETE" });
  expect(detach.ok).toBe(true);
  await emulator.control.clearRequests();
  const destroy = await testStack.stack.destroy({ color: "never" });
  expect(destroy.summary.resourceChanges).toEqual({ delete: 10 });
  expect(await writes()).toEqual(
    [
      `DELETE /v4/vpcs/${app.id}/subnets/${web.id}`,
      `DELETE /v4/vpcs/${app.id}/subnets/${data.id}`,
      `DELETE /v4/vpcs/${app.id}/subnets/${batch.id}`,
      `DELETE /v4/vpcs/${app.id}`,
      `DELETE /v4/vpcs/${edge.id}`,
      `DELETE /v4/databases/mysql/instances/${orders.id}/backups/${ordersBackup}`,
      `DELETE /v4/databases/postgresql/instances/${analytics.id}/backups/${analyticsBackup}`,
      `DELETE /v4/databases/mysql/instances/${orders.id}`,
      `DELETE /v4/databases/postgresql/instances/${analytics.id}`,
    ].sort(),
  );
  expect((await list<ApiVpc>(emulator, "/vpcs")).map((v) => v.label)).toEqual(["other-net"]);
  expect(await list(emulator, "/databases/instances")).toEqual([]);
}, 600_000);

test("with inline subnets, the allow list follows the VPC's output and the adoption is as clean", async () => {
  const { emulator } = e2e;
  const vpc = await api<ApiVpc>(emulator, "POST", "/vpcs", {
    label: "inline-net",
    region: "eu-central",
    subnets: [
      { label: "app", ipv4: "10.1.1.0/24" },
      { label: "ops", ipv4: "10.1.2.0/24" },
    ],
  });
  const db = await api<ApiDatabase>(emulator, "POST", "/databases/mysql/instances", {
    label: "inline-db",
    region: "eu-central",
    type: "g6-nanode-1",
    engine: "mysql/8.0.30",
    allow_list: ["10.1.2.0/24"],
  });
  await emulator.control.advanceClock(5);
  const client = new CloudClient({ apiUrl: emulator.url, token: emulator.token });
  const result = await generateImport(client, {
    language: "js",
    subnets: "inline",
    filters: { regions: ["eu-central"] },
  });
  programText = result.program;
  expect(programText).toContain('allowList: [inlineSubnetRange(inlineNet, "ops")],');

  const inline = await e2e.stack(async () => {
    const file = path.join(inline.workDir, `program-${++runs}.js`);
    writeFileSync(file, programText);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the generated CommonJS program
    return require(file) as Record<string, unknown>;
  });
  await emulator.control.clearRequests();
  expect((await inline.stack.up({ color: "never" })).summary.resourceChanges).toEqual({ create: 3 });
  expect(await writes()).toEqual([]);
  expect((await inline.stack.preview({ color: "never" })).changeSummary).toEqual({ same: 3 });
  expect((await inline.stack.refresh({ color: "never" })).summary.resourceChanges).toEqual({ same: 3 });

  await emulator.control.clearRequests();
  await inline.stack.destroy({ color: "never" });
  expect(await writes()).toEqual([`DELETE /v4/databases/mysql/instances/${db.id}`, `DELETE /v4/vpcs/${vpc.id}`]);
}, 300_000);
