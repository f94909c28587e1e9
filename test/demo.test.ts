/**
 * `npm run demo`: against its embedded emulator (the emulator's default, today's API) it deploys a
 * VPC with two subnets, a MySQL database in the data subnet, a PostgreSQL cluster and a fork of the
 * MySQL database, and the preview after shows no changes; `--destroy` leaves an empty account.
 * Against a real API it never encrypts the user's token with the demo's built-in passphrase:
 * without PULUMI_CONFIG_PASSPHRASE (or _FILE) it stops, saying what to set, before it sends the API
 * anything or writes a stack.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "./support/emulator";

const repoRoot = path.resolve(__dirname, "..");
let api: TestEmulator;

beforeAll(async () => {
  api = await startTestEmulator();
});

afterAll(async () => {
  await api.close();
});

test("against a real API the demo asks for the user's own passphrase first", async () => {
  const env: Record<string, string | undefined> = {
    ...process.env,
    CLOUDPLATFORM_API_URL: api.url,
    CLOUDPLATFORM_TOKEN: api.token,
  };
  delete env.PULUMI_CONFIG_PASSPHRASE;
  delete env.PULUMI_CONFIG_PASSPHRASE_FILE;
  const run = spawnSync(process.execPath, [path.join(repoRoot, "scripts", "demo.mjs")], { env, encoding: "utf8" });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain("set PULUMI_CONFIG_PASSPHRASE (or PULUMI_CONFIG_PASSPHRASE_FILE)");
  expect(run.stderr).not.toContain(api.token);
  expect(await api.control.requests()).toEqual([]);
});

/** A TCP port free right now on 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** Runs scripts/demo.mjs with `args` against its embedded emulator, its state in `stateDir`. */
async function demo(stateDir: string, port: number, args: string[] = []) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    DEMO_STATE_DIR: stateDir,
    DEMO_EMULATOR_PORT: String(port),
    CLOUDPLATFORM_POLL_SCALE: "0.02",
  };
  for (const name of ["CLOUDPLATFORM_API_URL", "CLOUDPLATFORM_TOKEN", "PULUMI_CONFIG_PASSPHRASE"]) delete env[name];
  const child = spawn(process.execPath, [path.join(repoRoot, "scripts", "demo.mjs"), ...args], { env });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((done) => child.on("close", done));
  return { code, stdout, stderr };
}

interface SavedState {
  state: {
    vpcs: { id: number; label: string; region: string }[];
    subnets: { id: number; vpc_id?: number; label: string }[];
    databases: Record<string, unknown>[];
  };
}

test("npm run demo deploys today's shapes: a VPC, subnets, MySQL in a subnet, PostgreSQL, a fork; a clean preview", async () => {
  // Inside the checkout, as .state/demo is: the engine's Node.js provider host resolves
  // @pulumi/pulumi from the stack's folder.
  mkdirSync(path.join(repoRoot, ".state"), { recursive: true });
  const stateDir = mkdtempSync(path.join(repoRoot, ".state", "demo-test-"));
  try {
    const port = await freePort();
    const up = await demo(stateDir, port);
    expect({ code: up.code, stderr: up.stderr.slice(-2000) }).toMatchObject({ code: 0 });
    expect(up.stdout).toContain("demo: up succeeded");
    expect(up.stdout).toContain("demo: preview after up: no changes");

    const saved = JSON.parse(readFileSync(path.join(stateDir, "emulator.json"), "utf8")) as SavedState;
    const [vpc, ...otherVpcs] = saved.state.vpcs;
    expect(otherVpcs).toEqual([]);
    expect(vpc).toMatchObject({ label: "demo-network", region: "us-ord" });
    const data = saved.state.subnets.find((s) => s.label === "data")!;
    expect(saved.state.subnets.map((s) => s.label).sort()).toEqual(["app", "data"]);
    const byLabel = (label: string) => saved.state.databases.find((d) => d.label === label);
    expect(saved.state.databases).toHaveLength(3);
    const orders = byLabel("demo-orders")!;
    expect(orders).toMatchObject({
      engine: "mysql",
      platform: "rdbms-default",
      private_network: { vpc_id: vpc!.id, subnet_id: data.id, public_access: false },
    });
    expect(byLabel("demo-analytics")).toMatchObject({
      engine: "postgresql",
      platform: "rdbms-default",
      cluster_size: 3,
    });
    // The record keeps the fork it was made by (the answer's `fork`) as `forkedFrom`.
    expect(byLabel("demo-orders-copy")).toMatchObject({ engine: "mysql", forkedFrom: { source: orders.id } });

    const destroy = await demo(stateDir, port, ["--destroy"]);
    expect({ code: destroy.code, stderr: destroy.stderr.slice(-2000) }).toMatchObject({ code: 0 });
    expect(destroy.stdout).toContain("demo: destroy succeeded");
    const after = JSON.parse(readFileSync(path.join(stateDir, "emulator.json"), "utf8")) as SavedState;
    expect([after.state.vpcs, after.state.subnets, after.state.databases]).toEqual([[], [], []]);
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
  }
}, 600_000);
