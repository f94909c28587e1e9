/**
 * The two ways a user installs the plugin besides PATH, on the real engine: the archive that
 * `scripts/plugin-archive.mjs` packs (one bundled file, needing only `node`), installed with
 * `pulumi plugin install resource cloudplatform <version> --file <archive>`; and `plugins.providers`
 * in `Pulumi.yaml` naming the package's `bin` directory. In both, no `pulumi-resource-cloudplatform`
 * is on PATH, and a VPC goes up, previews clean and is destroyed.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { Vpc } from "../../src/sdk";
import { enginePath, type TestStack } from "../support/pulumi";
import { list, useE2e } from "./helpers";

const e2e = useE2e();
const repoRoot = path.resolve(__dirname, "..", "..");
const run = promisify(execFile);

/** PATH with the engine and without any directory that holds the plugin. */
function pathWithoutPlugin(): string {
  const dirs = (process.env.PATH ?? "").split(path.delimiter).filter((d) => !/plugin-bin|node_modules/.test(d));
  return [path.join(repoRoot, ".tools", "bin"), ...dirs].join(path.delimiter);
}

async function lifecycle(testStack: TestStack, label: string): Promise<void> {
  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.result).toBe("succeeded");
  // The engine says so when it takes a plugin from PATH: here it must not.
  expect(up.stdout + up.stderr).not.toMatch(/from \$PATH/);
  expect((await list<{ label: string }>(e2e.emulator, "/vpcs")).map((v) => v.label)).toEqual([label]);
  expect((await testStack.stack.preview({ color: "never" })).changeSummary).toEqual({ same: 2 });
  await testStack.stack.destroy({ color: "never" });
  expect(await list(e2e.emulator, "/vpcs")).toEqual([]);
}

test("the plugin archive installs with pulumi plugin install --file and serves a stack with only node on PATH", async () => {
  const out = mkdtempSync(path.join(tmpdir(), "cloudplatform-archive-"));
  const home = mkdtempSync(path.join(tmpdir(), "cloudplatform-home-"));
  try {
    const { stdout } = await run(process.execPath, [
      path.join(repoRoot, "scripts", "plugin-archive.mjs"),
      "--out",
      out,
    ]);
    const archive = stdout.trim();
    const { version } = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string };
    const env = { ...process.env, PULUMI_HOME: home, PULUMI_SKIP_UPDATE_CHECK: "true" };
    await run(enginePath(), ["plugin", "install", "resource", "cloudplatform", version, "--file", archive], { env });
    const plugins = (await run(enginePath(), ["plugin", "ls"], { env })).stdout;
    expect(plugins).toMatch(new RegExp(`cloudplatform\\s+resource\\s+${version.replace(/\./g, "\\.")}`));

    const testStack = await e2e.stack(
      async () => {
        new Vpc("net", { label: "archive-net", region: "us-east" });
      },
      { PATH: pathWithoutPlugin(), PULUMI_HOME: home },
    );
    await lifecycle(testStack, "archive-net");
  } finally {
    rmSync(out, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
});

test("Pulumi.yaml plugins.providers names the plugin's directory", async () => {
  const testStack = await e2e.stack(
    async () => {
      new Vpc("net", { label: "yaml-net", region: "us-east" });
    },
    { PATH: pathWithoutPlugin() },
  );
  const settings = await testStack.stack.workspace.projectSettings();
  // The Automation API's type has no `plugins`; it writes every key of the object to Pulumi.yaml.
  const plugins = { providers: [{ name: "cloudplatform", path: path.join(repoRoot, "bin") }] };
  await testStack.stack.workspace.saveProjectSettings({ ...settings, plugins } as typeof settings);
  await lifecycle(testStack, "yaml-net");
});

test("GetSchema answers the engine's pulumi package get-schema with the package's name", async () => {
  const { stdout } = await run(
    enginePath(),
    ["package", "get-schema", path.join(repoRoot, "bin", "pulumi-resource-cloudplatform")],
    {
      env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" },
    },
  );
  const schema = JSON.parse(stdout) as { name: string; version?: string };
  expect(schema.name).toBe("cloudplatform");
});
