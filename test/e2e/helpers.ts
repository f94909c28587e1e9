/**
 * What the end-to-end stories share: reading the emulator's API the way a user would check the
 * cloud, reading the raw state files, and the text of a failed engine command.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import * as path from "node:path";
import type { LocalWorkspace, PulumiFn } from "@pulumi/pulumi/automation";
import type { EmulatorOptions } from "../../src/emulator/index.js";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { createTestStack, type TestStack } from "../support/pulumi";
import type { Exchange } from "../support/exchanges";

/**
 * Environment for every e2e stack: database waits poll fifty times faster than in production, so
 * an emulated provisioning of a few seconds is noticed quickly. Time limits stay as they are.
 */
export const FAST_POLLING: Record<string, string> = { CLOUDPLATFORM_POLL_SCALE: "0.02" };

/** Calls the emulator's `/v4` API with its token; throws on an error status. */
export async function api<T = unknown>(
  emulator: TestEmulator,
  method: string,
  apiPath: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${emulator.apiUrl}${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${emulator.token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${apiPath} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** The `data` of a list route (every list the stories read fits one page). */
export async function list<T>(emulator: TestEmulator, apiPath: string): Promise<T[]> {
  return (await api<{ data: T[] }>(emulator, "GET", apiPath)).data;
}

/** Every file of the stack's file backend, concatenated: what an attacker with the bucket would read. */
export function readStateFiles(workDir: string): string {
  const dir = path.join(workDir, "backend");
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), "utf8"))
    .join("\n");
}

/** Everything a failed Automation API command printed (its message carries stdout and stderr). */
export async function failureText(operation: Promise<unknown>): Promise<string> {
  try {
    await operation;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  throw new Error("expected the operation to fail, but it succeeded");
}

/** Polls `probe` until it returns a value (the emulator answers in milliseconds; 60 s is a generous bound). */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The resources of a stack's current state, as `pulumi stack export` shows them. */
export interface StateResource {
  urn: string;
  type: string;
  id?: string;
  outputs?: Record<string, unknown>;
}

/** An emulator for one test file and the stacks made against it. */
export interface E2e {
  /** The file's emulator (started in `beforeAll`). */
  readonly emulator: TestEmulator;
  /** A fresh stack of `program` configured for the emulator, its files removed after the file. */
  stack(program: PulumiFn, env?: Record<string, string>): Promise<TestStack>;
}

/**
 * Starts an emulator before the file's tests (as `opts` say: the contract's API unless told, see
 * startTestEmulator; then runs `prepare`, e.g. to set timings) and, after
 * them, removes every stack made with `stack()` (its files; see TestStack.dispose) and closes the
 * emulator. `exchanges`, when given, receives every API exchange (request bodies included).
 */
export function useE2e(
  prepare?: (emulator: TestEmulator) => Promise<unknown>,
  opts: EmulatorOptions = {},
  exchanges?: Exchange[],
): E2e {
  let emulator: TestEmulator | undefined;
  const stacks: TestStack[] = [];
  beforeAll(async () => {
    emulator = await startTestEmulator(opts, exchanges);
    await prepare?.(emulator);
  });
  afterAll(async () => {
    for (const s of stacks) await s.dispose();
    await emulator?.close();
  }, 120_000);
  return {
    get emulator() {
      if (!emulator) throw new Error("the emulator starts in beforeAll");
      return emulator;
    },
    async stack(program, env = FAST_POLLING) {
      const testStack = await createTestStack(program, { apiUrl: this.emulator.url, token: this.emulator.token, env });
      stacks.push(testStack);
      return testStack;
    },
  };
}

/** Process ids and parents of this machine, read from /proc. */
function processTable(): { pid: number; ppid: number; cmd: string[] }[] {
  const out: { pid: number; ppid: number; cmd: string[] }[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name in parentheses may hold spaces: the parent id follows its closing one.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").filter(Boolean);
      out.push({ pid: Number(entry), ppid, cmd });
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/**
 * The `pulumi <command>` process the Automation API runs for `stackName`, with every process it
 * started (the provider plugins), or undefined when none runs.
 */
export function engineProcesses(stackName: string, command: string): { cli: number; tree: number[] } | undefined {
  const table = processTable();
  const cli = table.find((p) => p.cmd.includes(command) && p.cmd.includes(stackName) && /pulumi$/.test(p.cmd[0] ?? ""));
  if (!cli) return undefined;
  const tree = [cli.pid];
  for (let grown = true; grown;) {
    grown = false;
    for (const p of table)
      if (tree.includes(p.ppid) && !tree.includes(p.pid)) {
        tree.push(p.pid);
        grown = true;
      }
  }
  return { cli: cli.pid, tree };
}

/**
 * Removes this machine's records of the stack's creates in flight (src/shared/account/create-records.ts),
 * so the next command runs as on a fresh CI runner.
 */
export function forgetCreateRecords(testStack: TestStack): number {
  const home = (testStack.stack.workspace as LocalWorkspace).envVars.PULUMI_HOME!;
  const dir = path.join(home, "cloudplatform", "creates");
  let removed = 0;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    const record = JSON.parse(readFileSync(file, "utf8")) as { urn?: string };
    if (!record.urn?.startsWith(`urn:pulumi:${testStack.stack.name}::`)) continue;
    rmSync(file);
    removed++;
  }
  return removed;
}
