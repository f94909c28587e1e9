/**
 * The Pulumi YAML example (examples/yaml), run the way a YAML user runs it: the plain `pulumi` CLI
 * in a copy of the project, the real YAML language host (`pulumi-language-yaml`, built by
 * scripts/install-pulumi.sh) and the plugin found through the project's `plugins.providers`, no
 * Automation API in between. `up` creates a VPC, a subnet, a second subnet through an explicit
 * provider (`pulumi:providers:cloudplatform`) and a MySQL database with
 * `customTimeouts` and gives an output from a look-up; the preview after is clean with no API
 * write; a new description updates the VPC in place; `pulumi import` of a subnet made through the
 * API prints YAML that, pasted into the program, previews clean; `destroy` empties the emulator.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { TODAYS_API } from "../support/emulator";
import { enginePath } from "../support/pulumi";
import { api, list, useE2e } from "./helpers";

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, "..", "..");
const toolsBin = path.join(repoRoot, ".tools", "bin");
const example = path.join(repoRoot, "examples", "yaml", "Pulumi.yaml");
/** Where the example expects the installed package's executable; the test points it at this checkout's. */
const EXAMPLE_PLUGIN_PATH = "path: ./node_modules/pulumi-cloudplatform/bin";

// The example as a user runs it: against the emulator's default, today's API.
const e2e = useE2e((emulator) => emulator.control.setTimings({ provisioningSeconds: 1 }), TODAYS_API);
const workDir = path.join(repoRoot, ".state", "yaml-e2e", randomUUID().slice(0, 8));
const programFile = path.join(workDir, "Pulumi.yaml");

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** `pulumi <args>` in the project, as a user types it; PATH has the engine and the YAML host, not the plugin. */
async function pulumi(args: string[]): Promise<string> {
  const dirs = (process.env.PATH ?? "").split(path.delimiter).filter((d) => !/plugin-bin|node_modules/.test(d));
  const { stdout } = await run(enginePath(), [...args, "--non-interactive"], {
    cwd: workDir,
    env: {
      ...process.env,
      PATH: [toolsBin, ...dirs].join(path.delimiter),
      PULUMI_BACKEND_URL: `file://${path.join(workDir, "backend")}`,
      PULUMI_CONFIG_PASSPHRASE: "e2e-passphrase",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_HOME: path.join(repoRoot, ".state", "pulumi-home"),
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      CLOUDPLATFORM_POLL_SCALE: "0.02",
    },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/** The API writes since the log was cleared. */
async function writes(): Promise<string[]> {
  return (await e2e.emulator.control.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
}

/** Adds the resources of the YAML that `pulumi import` printed to the program's `resources:` section. */
function paste(printed: string): void {
  const lines = printed.split("\n");
  const start = lines.findIndex((l) => l === "resources:");
  expect(start).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((l, i) => i > start && /^\S/.test(l));
  const block = lines.slice(start + 1, end < 0 ? undefined : end).filter((l) => l.trim() !== "");
  const program = readFileSync(programFile, "utf8");
  expect(program).toContain("\nresources:\n");
  writeFileSync(programFile, program.replace("\nresources:\n", `\nresources:\n${block.join("\n")}\n`));
}

interface ApiVpc {
  id: number;
  label: string;
  description: string;
}

test("a YAML program: up, clean preview, a change, pulumi import pasted back, destroy: through the plain CLI", async () => {
  if (!existsSync(path.join(toolsBin, "pulumi-language-yaml")))
    throw new Error("pulumi-language-yaml is missing from .tools/bin: run 'bash scripts/install-pulumi.sh'");
  mkdirSync(workDir, { recursive: true });
  const original = readFileSync(example, "utf8");
  expect(original).toContain(EXAMPLE_PLUGIN_PATH);
  writeFileSync(programFile, original.replace(EXAMPLE_PLUGIN_PATH, `path: ${path.join(repoRoot, "bin")}`));
  mkdirSync(path.join(workDir, "backend"));

  await pulumi(["stack", "init", "dev"]);
  await pulumi(["config", "set", "cloudplatform:apiUrl", e2e.emulator.url]);
  await pulumi(["config", "set", "--secret", "cloudplatform:token", e2e.emulator.token]);

  const up = await pulumi(["up", "--yes"]);
  // The stack, the explicit provider, the VPC, two subnets and the database.
  expect(up).toMatch(/6 created/);
  const [vpc] = await list<ApiVpc>(e2e.emulator, "/vpcs");
  expect(vpc).toMatchObject({ label: "yaml-network", description: "Network of the YAML example" });
  // The two subnets are made side by side, so the API lists them in either order.
  const subnets = await list<{ label: string; ipv4: string }>(e2e.emulator, `/vpcs/${vpc!.id}/subnets`);
  expect(subnets.sort((a, b) => a.label.localeCompare(b.label))).toMatchObject([
    { label: "admin", ipv4: "10.0.2.0/24" },
    { label: "app", ipv4: "10.0.1.0/24" },
  ]);
  const dbs = await list<{ label: string; status: string; allow_list: string[] }>(e2e.emulator, "/databases/instances");
  expect(dbs).toMatchObject([{ label: "yaml-orders", status: "active", allow_list: ["10.0.1.0/24"] }]);

  const outputs = JSON.parse(await pulumi(["stack", "output", "--json", "--show-secrets"])) as Record<string, unknown>;
  const [db] = await list<{ port: number }>(e2e.emulator, "/databases/instances");
  expect(outputs).toMatchObject({ vpcId: vpc!.id, gateway: "10.0.1.1", ordersPort: db!.port, mysqlVersion: "8" });
  expect(outputs.ordersPassword).toEqual(expect.any(String));
  expect(JSON.parse(await pulumi(["stack", "output", "--json"]))).toMatchObject({ ordersPassword: "[secret]" });
  // The engine recorded the database's customTimeouts (in seconds).
  const state = JSON.parse(await pulumi(["stack", "export"])) as {
    deployment: {
      resources: { urn: string; type: string; provider?: string; customTimeouts?: Record<string, number> }[];
    };
  };
  const orders = state.deployment.resources.find((r) => r.type === "cloudplatform:index:MysqlDatabase");
  expect(orders?.customTimeouts).toEqual({ create: 1800, update: 1800, delete: 600 });
  // The admin subnet went through the explicit provider, whose token the state keeps encrypted only.
  const admin = state.deployment.resources.find((r) => r.urn.endsWith("::admin"));
  expect(admin?.provider).toMatch(/::pulumi:providers:cloudplatform::account::/);
  expect(JSON.stringify(state)).not.toContain(e2e.emulator.token);

  await e2e.emulator.control.clearRequests();
  await pulumi(["preview", "--expect-no-changes"]);
  expect(await writes()).toEqual([]);

  writeFileSync(
    programFile,
    readFileSync(programFile, "utf8").replace(
      "description: Network of the YAML example",
      "description: Network of the YAML example, changed",
    ),
  );
  expect(await pulumi(["up", "--yes"])).toMatch(/1 updated/);
  expect(await writes()).toEqual([`PUT /v4/vpcs/${vpc!.id}`]);
  expect(await list<ApiVpc>(e2e.emulator, "/vpcs")).toMatchObject([
    { id: vpc!.id, description: "Network of the YAML example, changed" },
  ]);

  // A subnet someone made through the API: imported by `<vpcId>/<subnetId>`, no API write.
  const reports = await api<{ id: number }>(e2e.emulator, "POST", `/vpcs/${vpc!.id}/subnets`, {
    label: "reports",
    ipv4: "10.0.3.0/24",
  });
  await e2e.emulator.control.clearRequests();
  const printed = await pulumi([
    "import",
    "cloudplatform:index:VpcSubnet",
    "reports",
    `${vpc!.id}/${reports.id}`,
    "--yes",
    "--protect=false",
  ]);
  expect(printed).toMatch(/1 imported/);
  // The YAML host writes the short form of the type token, which YAML programs accept too.
  expect(printed).toMatch(/^ {4}type: cloudplatform:(index:)?VpcSubnet$/m);
  expect(printed).toMatch(new RegExp(`^ {6}vpcId: ${vpc!.id}$`, "m"));
  expect(await writes()).toEqual([]);
  paste(printed);
  await pulumi(["preview", "--expect-no-changes"]);
  expect(await writes()).toEqual([]);

  expect(await pulumi(["destroy", "--yes"])).toMatch(/7 deleted/);
  expect(await list(e2e.emulator, "/vpcs")).toEqual([]);
  expect(await list(e2e.emulator, "/databases/instances")).toEqual([]);
  await pulumi(["stack", "rm", "dev", "--yes"]);
}, 600_000);
