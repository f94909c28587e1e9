/**
 * The provider plugin as the engine finds it: `pulumi-resource-cloudplatform` on PATH (an ambient
 * plugin), pointing at the build in dist/ that `npm run build` makes. Fails, never skips, without it.
 */
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import * as path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import * as grpc from "@grpc/grpc-js";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { enginePath, type TestStack } from "./pulumi";
import { LanguageRuntimeService } from "@pulumi/pulumi/proto/language_grpc_pb";

/** The language host the Automation API serves for inline programs (internal to @pulumi/pulumi, so untyped). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { LanguageServer } = require("@pulumi/pulumi/automation/server") as {
  LanguageServer: new (program: () => Promise<unknown>) => grpc.UntypedServiceImplementation;
};

const repoRoot = path.resolve(__dirname, "..", "..");

/** The package's plugin executable (it loads the build in dist/). */
export const PLUGIN_MAIN = path.join(repoRoot, "bin", "pulumi-resource-cloudplatform");

/** A directory holding only `pulumi-resource-cloudplatform`, linked to the build. */
export function pluginBinDir(): string {
  if (!existsSync(path.join(repoRoot, "dist", "plugin", "main.js")))
    throw new Error("The plugin is not built at dist/plugin/main.js: run 'npm run build' first");
  const dir = path.join(repoRoot, ".state", "plugin-bin");
  const link = path.join(dir, "pulumi-resource-cloudplatform");
  mkdirSync(dir, { recursive: true });
  let current: string | undefined;
  try {
    current = readlinkSync(link);
  } catch {
    current = undefined;
  }
  if (current !== PLUGIN_MAIN) {
    // Made under a name of its own and renamed into place: two jest workers starting plugin suites
    // at once both succeed.
    const made = `${link}.${process.pid}`;
    rmSync(made, { force: true });
    symlinkSync(PLUGIN_MAIN, made);
    renameSync(made, link);
  }
  return dir;
}

/** Environment for a stack whose resources are the plugin's: the plugin first on PATH, fast polling. */
export function pluginEnv(extra: Record<string, string> = {}): Record<string, string> {
  const toolsBin = path.join(repoRoot, ".tools", "bin");
  return {
    PATH: [pluginBinDir(), toolsBin, process.env.PATH ?? ""].join(path.delimiter),
    CLOUDPLATFORM_POLL_SCALE: "0.02",
    ...extra,
  };
}

/**
 * What a preview or update announced for one resource: its operations in order (a replacement is
 * several: create-replacement, replace, delete-replaced), the changed fields and their kinds.
 */
export interface Step {
  ops: string[];
  diffs: string[];
  detailed: Record<string, string>;
}

/** Collects the engine's step events; pass `collect.onEvent` to preview or up. */
export function stepCollector(): { onEvent: (e: EngineEvent) => void; steps: Record<string, Step> } {
  const steps: Record<string, Step> = {};
  return {
    steps,
    onEvent(e) {
      const m = e.resourcePreEvent?.metadata;
      if (!m || !m.type.startsWith("cloudplatform:")) return;
      const name = m.urn.split("::").pop()!;
      const detailed = Object.fromEntries(Object.entries(m.detailedDiff ?? {}).map(([k, v]) => [k, v.diffKind]));
      const step = (steps[name] ??= { ops: [], diffs: [], detailed: {} });
      step.ops.push(m.op);
      for (const d of m.diffs ?? []) if (!step.diffs.includes(d)) step.diffs.push(d);
      Object.assign(step.detailed, detailed);
    },
  };
}

/**
 * Runs `fn` while the project's `Pulumi.yaml` points the engine at an in-process language host.
 * `pulumi import` asks the project's language host which packages the program needs before it
 * imports anything; this machine has no `pulumi-language-nodejs` (docs/engine.md), so the host the
 * Automation API serves for inline programs answers instead (runtime `client`, which the engine
 * connects to by address). A machine with a regular Pulumi installation needs none of this.
 */
export async function withInlineLanguageHost<T>(workDir: string, fn: () => Promise<T>): Promise<T> {
  const server = new grpc.Server();
  server.addService(LanguageRuntimeService, new LanguageServer(async () => undefined));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  const file = path.join(workDir, "Pulumi.yaml");
  const original = readFileSync(file, "utf8");
  if (!/^runtime: nodejs$/m.test(original)) throw new Error(`unexpected runtime in ${file}:\n${original}`);
  writeFileSync(
    file,
    original.replace(/^runtime: nodejs$/m, `runtime:\n  name: client\n  options:\n    address: 127.0.0.1:${port}`),
  );
  try {
    return await fn();
  } finally {
    writeFileSync(file, original);
    server.forceShutdown();
  }
}

/** Runs the plain CLI in the stack's project (`pulumi import`, `pulumi state ...`), as a user types it. */
export async function pluginCli(testStack: TestStack, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(enginePath(), [...args, "--stack", testStack.stack.name], {
    cwd: testStack.workDir,
    env: { ...process.env, ...testStack.stack.workspace.envVars },
  });
  return stdout;
}
