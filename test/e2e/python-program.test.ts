/**
 * Python programs on the real engine against the emulator, through the plugin: the generated SDK
 * is built into a wheel and installed with pip into a fresh virtual environment
 * (test/support/python.ts), and each program runs through the `pulumi` package's Automation API as
 * an inline program (examples/python/automation.py; no pulumi-language-python is needed). The
 * Python example's up, clean preview, a label changed in place and destroy, with the same API
 * writes as the same program in TypeScript (`pulumi-cloudplatform/plugin`); a refusal at preview
 * that reaches Python naming the field; two explicit providers (two emulators) in one program;
 * `get` of an existing database by id. Each claim is checked from the emulators' state and request logs.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import type { PulumiFn } from "@pulumi/pulumi/automation";
import * as plugin from "../../src/sdk";
import { INSTANT_TIMINGS, startTestEmulator, TODAYS_API, type TestEmulator } from "../support/emulator";
import { pluginEnv } from "../support/plugin";
import { installPythonSdk, runTool, type PythonSdk } from "../support/python";
import { api, list, readStateFiles, useE2e } from "./helpers";

const repoRoot = path.resolve(__dirname, "..", "..");
const storyDir = path.join(repoRoot, ".state", "python-e2e");
const RUN_PY = path.join(repoRoot, "test", "fixtures", "python-programs", "run.py");

/** The emulator's default (today's API), every asynchronous change done at the next read. */
const today = async (emulator: TestEmulator) => {
  await emulator.control.setTimings(INSTANT_TIMINGS);
};
const e2e = useE2e(today, TODAYS_API);
let sdk: PythonSdk;
let region: string;

beforeAll(async () => {
  rmSync(storyDir, { recursive: true, force: true });
  sdk = await installPythonSdk(path.join(storyDir, "sdk"));
  // A region of the emulator's catalogue that offers VPCs and databases.
  const regions = await list<{ id: string; status: string; capabilities: string[] }>(e2e.emulator, "/regions");
  const found = regions.find(
    (r) => r.status === "ok" && r.capabilities.includes("VPCs") && r.capabilities.includes("Managed Databases"),
  );
  if (!found) throw new Error("the emulator's catalogue has no region with VPCs and Managed Databases");
  region = found.id;
}, 600_000);

afterAll(() => rmSync(storyDir, { recursive: true, force: true }));

interface Result {
  changes: Record<string, number>;
  outputs?: Record<string, unknown>;
}

/** Runs `program` (`example` or a module of test/fixtures/python-programs) as a Python user runs it. */
async function python(
  program: string,
  command: "up" | "preview" | "destroy",
  settings: Record<string, string>,
  env: Record<string, string> = {},
): Promise<Result> {
  const withPlugin = pluginEnv();
  const stdout = await runTool(
    sdk.python,
    [RUN_PY, program, command, ...Object.entries(settings).map(([k, v]) => `${k}=${v}`)],
    {
      ...process.env,
      ...withPlugin,
      PATH: [sdk.bin, withPlugin.PATH].join(path.delimiter),
      PULUMI_CONFIG_PASSPHRASE: "e2e-passphrase",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_HOME: path.join(repoRoot, ".state", "pulumi-home"),
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      CLOUDPLATFORM_API_URL: e2e.emulator.url,
      CLOUDPLATFORM_TOKEN: e2e.emulator.token,
      CLOUDPLATFORM_EXAMPLE_WORK_DIR: path.join(storyDir, program),
      ...env,
    },
  );
  return JSON.parse(stdout) as Result;
}

type Log = Awaited<ReturnType<TestEmulator["control"]["requests"]>>;

/** The log's writes, ids replaced by `{id}`, sorted: resources made side by side write in either order. */
const writesOf = (log: Log) =>
  log
    .filter((r) => r.method !== "GET")
    .map((r) => `${r.method} ${r.path.replace(/\/\d+/g, "/{id}")}`)
    .sort();

/** What `phase` sent to the emulator: its request log, cleared for the next. */
async function phase(emulator: TestEmulator, run: () => Promise<unknown>): Promise<Log> {
  await emulator.control.clearRequests();
  await run();
  return emulator.control.requests();
}

/** The Python example's program (examples/python/stack.py), written with `pulumi-cloudplatform/plugin`. */
function typescriptExample(networkLabel: string): PulumiFn {
  return async () => {
    const mysql = plugin.getDatabaseEngineOutput({ id: "mysql/8" });
    const postgresql = plugin.getDatabaseEngineOutput({ id: "postgresql/16" });
    const network = new plugin.Vpc("network", {
      label: networkLabel,
      region,
      description: "Network of the Python example",
    });
    const data = new plugin.VpcSubnet("data", { vpcId: network.vpcId, label: "data", ipv4: "10.40.2.0/24" });
    const orders = new plugin.MysqlDatabase("orders", {
      label: "py-orders",
      region,
      type: "g6-nanode-1",
      engineId: mysql.id,
      privateNetwork: { vpcId: network.vpcId, subnetId: data.subnetId, publicAccess: false },
      allowList: ["10.40.2.0/24"],
    });
    const reports = new plugin.PostgresqlDatabase("reports", {
      label: "py-reports",
      region,
      type: "g6-nanode-1",
      engineId: postgresql.id,
      allowList: ["203.0.113.0/24"],
    });
    return { vpcId: network.vpcId, ordersPassword: orders.rootPassword, reportsPassword: reports.rootPassword };
  };
}

interface ApiDatabase {
  id: number;
  label: string;
  engine: string;
  private_network: unknown;
}

test("the Python example: up, a clean preview, a label changed in place, destroy; the same writes as in TypeScript", async () => {
  const emulator = e2e.emulator;
  let up!: Result;
  const pyLogs = [await phase(emulator, async () => (up = await python("example", "up", { region })))];
  expect(up.changes).toEqual({ create: 5 });
  const [vpc] = await list<{ id: number; label: string }>(emulator, "/vpcs");
  expect(vpc).toMatchObject({ label: "py-network" });
  const [subnet] = await list<{ id: number; label: string; ipv4: string }>(emulator, `/vpcs/${vpc!.id}/subnets`);
  expect(subnet).toMatchObject({ label: "data", ipv4: "10.40.2.0/24" });
  const dbs = (await list<ApiDatabase>(emulator, "/databases/instances")).sort((a, b) =>
    a.label.localeCompare(b.label),
  );
  expect(dbs).toMatchObject([
    {
      label: "py-orders",
      engine: "mysql",
      private_network: { vpc_id: vpc!.id, subnet_id: subnet!.id, public_access: false },
    },
    { label: "py-reports", engine: "postgresql", private_network: null },
  ]);
  const engine = await api<{ version: string }>(emulator, "GET", "/databases/engines/mysql/8");
  expect(up.outputs).toMatchObject({
    vpcId: vpc!.id,
    gateway: "10.40.2.1",
    mysqlVersion: engine.version,
    reportsPort: expect.any(Number),
    ordersPassword: "[secret]",
    reportsPassword: "[secret]",
  });
  // The passwords and the token are in the state files only encrypted.
  const state = readStateFiles(path.join(storyDir, "example"));
  expect(state).toContain("cloudplatform:index:PostgresqlDatabase");
  for (const db of dbs) {
    const { password } = await api<{ password: string }>(
      emulator,
      "GET",
      `/databases/${db.engine}/instances/${db.id}/credentials`,
    );
    expect(state).not.toContain(password);
  }
  expect(state).not.toContain(emulator.token);

  let preview!: Result;
  pyLogs.push(await phase(emulator, async () => (preview = await python("example", "preview", { region }))));
  expect(preview.changes).toEqual({ same: 5 });
  expect(writesOf(pyLogs[1]!)).toEqual([]);

  let update!: Result;
  const renamed = { region, networkLabel: "py-network-2" };
  pyLogs.push(await phase(emulator, async () => (update = await python("example", "up", renamed))));
  expect(update.changes).toEqual({ update: 1, same: 4 });
  expect(writesOf(pyLogs[2]!)).toEqual(["PUT /v4/vpcs/{id}"]);
  expect(await list(emulator, "/vpcs")).toMatchObject([{ id: vpc!.id, label: "py-network-2" }]);

  let destroy!: Result;
  pyLogs.push(await phase(emulator, async () => (destroy = await python("example", "destroy", renamed))));
  expect(destroy.changes).toEqual({ delete: 5 });
  expect(await list(emulator, "/vpcs")).toEqual([]);
  expect(await list(emulator, "/databases/instances")).toEqual([]);

  // The same program in TypeScript, through the same plugin: the same writes in every phase.
  const ts = await e2e.stack(typescriptExample("py-network"), pluginEnv());
  const tsLogs = [await phase(emulator, () => ts.stack.up()), await phase(emulator, () => ts.stack.preview())];
  ts.stack.workspace.program = typescriptExample("py-network-2");
  tsLogs.push(await phase(emulator, () => ts.stack.up()));
  tsLogs.push(await phase(emulator, () => ts.stack.destroy()));
  expect(tsLogs.map(writesOf)).toEqual(pyLogs.map(writesOf));
  expect(writesOf(pyLogs[0]!)).toEqual([
    "POST /v4/databases/mysql/instances",
    "POST /v4/databases/postgresql/instances",
    "POST /v4/vpcs",
    "POST /v4/vpcs/{id}/subnets",
  ]);
  // The request counts of both, per phase (build output, for the closing note of a change).
  const counts = (logs: Log[]) => logs.map((log) => ({ requests: log.length, writes: writesOf(log).length }));
  mkdirSync(path.join(repoRoot, ".state"), { recursive: true });
  writeFileSync(
    path.join(repoRoot, ".state", "python-request-counts.json"),
    JSON.stringify({
      phases: ["up", "preview", "update", "destroy"],
      python: counts(pyLogs),
      typescript: counts(tsLogs),
    }),
  );
}, 600_000);

test("a refusal at preview reaches the Python program naming the field; nothing is written", async () => {
  const emulator = e2e.emulator;
  await emulator.control.clearRequests();
  const failure = await python("oversized", "preview", { region }).then(
    () => "the preview succeeded",
    (err: Error) => err.message,
  );
  // The driver's Python code caught the Automation API's CommandError and printed it.
  expect(failure).toMatch(/preview failed: /);
  expect(failure).toMatch(/MysqlDatabase resource 'oversized': property clusterSize value \{5\} has a problem/);
  expect(writesOf(await emulator.control.requests())).toEqual([]);
  const labels = (await list<ApiDatabase>(emulator, "/databases/instances")).map((d) => d.label);
  expect(labels).not.toContain("py-oversized");
}, 300_000);

test("two explicit providers in one Python program: a VPC in each account, a look-up through one", async () => {
  const a = e2e.emulator;
  const TOKEN_B = "python-account-b";
  const b = await startTestEmulator(TODAYS_API);
  try {
    await b.control.seed({ tokens: [{ token: TOKEN_B, scopes: "*" }] });
    await b.control.setTimings(INSTANT_TIMINGS);
    await b.control.clearRequests();
    await a.control.clearRequests();
    const up = await python(
      "two_accounts",
      "up",
      { region },
      {
        ACCOUNT_A_URL: a.url,
        ACCOUNT_A_TOKEN: a.token,
        ACCOUNT_B_URL: b.url,
        ACCOUNT_B_TOKEN: TOKEN_B,
      },
    );
    // The stack, two providers, two VPCs.
    expect(up.changes).toEqual({ create: 5 });
    const labelsA = (await list<{ label: string }>(a, "/vpcs")).map((v) => v.label);
    expect(labelsA).toContain("py-net-a");
    expect(labelsA).not.toContain("py-net-b");
    expect(await list(b, "/vpcs")).toMatchObject([{ label: "py-net-b" }]);
    expect(writesOf(await a.control.requests())).toEqual(["POST /v4/vpcs"]);
    expect(writesOf(await b.control.requests())).toEqual(["POST /v4/vpcs"]);
    expect(up.outputs).toMatchObject({ labelsB: ["py-net-b"] });
    const state = readStateFiles(path.join(storyDir, "two_accounts"));
    expect(state).toContain("pulumi:providers:cloudplatform");
    expect(state).not.toContain(TOKEN_B);
  } finally {
    await b.close();
  }
}, 300_000);

test("get of an existing database by id reads it, without a write, its password a secret", async () => {
  const emulator = e2e.emulator;
  const made = await api<{ id: number }>(emulator, "POST", "/databases/mysql/instances", {
    label: "made-elsewhere",
    region,
    type: "g6-nanode-1",
    engine: "mysql/8",
  });
  const { port } = await api<{ port: number }>(emulator, "GET", `/databases/mysql/instances/${made.id}`);
  await emulator.control.clearRequests();
  const up = await python("get_database", "up", { region, databaseId: String(made.id) });
  expect(up.outputs).toEqual({ label: "made-elsewhere", port, password: "[secret]" });
  expect(writesOf(await emulator.control.requests())).toEqual([]);
  const reads = (await emulator.control.requests()).map((r) => `${r.method} ${r.path}`);
  expect(reads).toContain(`GET /v4/databases/mysql/instances/${made.id}`);
  expect(await api(emulator, "GET", `/databases/mysql/instances/${made.id}`)).toMatchObject({
    label: "made-elsewhere",
  });
}, 300_000);
