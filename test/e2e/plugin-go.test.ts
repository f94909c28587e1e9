/**
 * A Go program of the plugin's resources, on the real engine against the emulator: the Go SDK is
 * generated from schema.json, test/fixtures/go-program is built against it and runs through Go's
 * Automation API (an inline program: no Go language host). `up` creates a VPC and a subnet, the
 * preview after is clean, a new description updates the VPC in place, `destroy` empties the
 * emulator. Go's build cache makes every build after the first quick.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import * as path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { pluginEnv } from "../support/plugin";
import { SDK_DIR, generateSdks } from "../support/sdk";
import { list } from "./helpers";

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, "..", "..");
const fixture = path.join(repoRoot, "test", "fixtures", "go-program");
/** Beside the generated SDK, so the fixture's `replace ... => ../sdk/go` finds it. */
const programDir = path.join(SDK_DIR, "..", "go-program");
const workDir = path.join(repoRoot, ".state", "go-e2e");

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
  await generateSdks(["go"]);
  mkdirSync(programDir, { recursive: true });
  for (const file of ["main.go", "go.mod", "go.sum"])
    copyFileSync(path.join(fixture, file), path.join(programDir, file));
  // The module proxy serves the Automation API's modules; go.sum is committed, the checksum database is not reachable everywhere.
  await run("go", ["build", "-o", "go-program", "."], {
    cwd: programDir,
    env: { ...process.env, GOFLAGS: "-mod=mod", GOSUMDB: "off" },
  });
  rmSync(workDir, { recursive: true, force: true });
}, 1_200_000);

afterAll(async () => {
  await emulator?.close();
  rmSync(workDir, { recursive: true, force: true });
});

interface Result {
  changes: Record<string, number>;
  outputs?: Record<string, unknown>;
}

/** Runs the Go program's `command` with the VPC's description, as a Go user runs their own. */
async function goProgram(command: "up" | "preview" | "destroy", description: string): Promise<Result> {
  const { stdout } = await run(path.join(programDir, "go-program"), [command], {
    env: {
      ...process.env,
      ...pluginEnv(),
      PULUMI_CONFIG_PASSPHRASE: "e2e-passphrase",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_HOME: path.join(repoRoot, ".state", "pulumi-home"),
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      CLOUDPLATFORM_API_URL: emulator.url,
      CLOUDPLATFORM_TOKEN: emulator.token,
      GO_PROGRAM_WORK_DIR: workDir,
      GO_PROGRAM_STACK: "go-story",
      GO_PROGRAM_DESCRIPTION: description,
    },
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Result;
}

/** The API writes since the last clear: what the engine changed in the cloud. */
async function writes(): Promise<string[]> {
  const requests = await emulator.control.requests();
  return requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
}

interface ApiVpc {
  id: number;
  label: string;
  description: string;
}

test("a Go program's up, clean preview, update in place and destroy through the generated Go SDK", async () => {
  const up = await goProgram("up", "first");
  expect(up.changes).toEqual({ create: 3 });
  const [vpc] = await list<ApiVpc>(emulator, "/vpcs");
  expect(vpc).toMatchObject({ label: "go-net", description: "first" });
  const subnets = await list<{ label: string; ipv4: string }>(emulator, `/vpcs/${vpc!.id}/subnets`);
  expect(subnets).toMatchObject([{ label: "app", ipv4: "10.0.1.0/24" }]);
  expect(up.outputs).toEqual({ vpcId: vpc!.id, gateway: "10.0.1.1" });

  // The token is stack config, a secret: the state files hold it only encrypted.
  const backend = path.join(workDir, "backend");
  const state = readdirSync(backend, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(path.join(e.parentPath, e.name), "utf8"))
    .join("\n");
  expect(state).toContain("cloudplatform:index:VpcSubnet");
  expect(state).not.toContain(emulator.token);

  await emulator.control.clearRequests();
  const preview = await goProgram("preview", "first");
  expect(preview.changes).toEqual({ same: 3 });
  expect(await writes()).toEqual([]);

  const update = await goProgram("up", "second");
  expect(update.changes).toEqual({ update: 1, same: 2 });
  expect(await writes()).toEqual([`PUT /v4/vpcs/${vpc!.id}`]);
  expect(await list<ApiVpc>(emulator, "/vpcs")).toMatchObject([{ id: vpc!.id, description: "second" }]);

  const destroy = await goProgram("destroy", "second");
  expect(destroy.changes).toEqual({ delete: 3 });
  expect(await list(emulator, "/vpcs")).toEqual([]);
}, 600_000);
