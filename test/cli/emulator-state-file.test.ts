/**
 * The emulator command (`node dist/cli.js emulator --state-file`) as its own process: a second
 * emulator on the same state file is refused while the first runs, the first gives the lock back
 * when stopped, and a corrupt file stops the command at start with exit code 2.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startTestEmulator } from "../support/emulator.js";

const cli = resolve(__dirname, "..", "..", "dist", "cli.js");

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "emulator-state-file-"));
  file = join(dir, "state.json");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Starts `emulator --state-file` in another process and waits until it listens. */
async function emulatorProcess(stateFile: string, ...more: string[]): Promise<ChildProcess & { url: string }> {
  const child = spawn(process.execPath, [cli, "emulator", "--port", "0", "--state-file", stateFile, ...more], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const url = await new Promise<string>((done, fail) => {
    let out = "";
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const listening = /listening on (http:\/\/\S+) /.exec(out);
      if (listening) done(listening[1]!);
    });
    child.once("exit", (code) => fail(new Error(`emulator exited ${code}`)));
  });
  return Object.assign(child, { url });
}

test("a second emulator on the same state file is refused, and takes over once the first stopped", async () => {
  const first = await emulatorProcess(file);
  try {
    await expect(startTestEmulator({ persistFile: file })).rejects.toThrow(
      `the state file ${file} is in use by another emulator (pid ${first.pid}, lock ${file}.lock)`,
    );
  } finally {
    const exited = new Promise((done) => first.once("exit", (code) => done(code)));
    first.kill("SIGTERM");
    // It stops cleanly, and gives the lock back on the way out.
    expect(await exited).toBe(0);
  }
  expect(existsSync(`${file}.lock`)).toBe(false);
  const second = await startTestEmulator({ persistFile: file });
  await second.close();
});

test("the command refuses a corrupt state file at start, naming it, with exit code 2", async () => {
  writeFileSync(file, "null");
  const child = spawn(process.execPath, [cli, "emulator", "--port", "0", "--state-file", file], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise((done) => child.once("exit", done));
  expect(code).toBe(2);
  expect(stderr).toContain(`the state file ${file} is not an emulator state: it holds null`);
  expect(existsSync(`${file}.lock`)).toBe(false);
});

test("by default new databases are on today's platform; restarted with --platform rdbms-legacy, they keep theirs", async () => {
  const post = (url: string, engine: string, label: string) =>
    fetch(`${url}/v4/databases/mysql/instances`, {
      method: "POST",
      headers: { authorization: "Bearer emulator-token", "content-type": "application/json" },
      body: JSON.stringify({ label, region: "us-east", type: "g6-nanode-1", engine }),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
  const stop = async (child: ChildProcess) => {
    const exited = new Promise((done) => child.once("exit", done));
    child.kill("SIGTERM");
    await exited;
  };
  const today = await emulatorProcess(file);
  let id: unknown;
  try {
    const made = await post(today.url, "mysql/8", "today-db");
    expect(made).toMatchObject({ status: 200, body: { platform: "rdbms-default", version: "8" } });
    id = made.body.id;
  } finally {
    await stop(today);
  }
  const contract = await emulatorProcess(file, "--platform", "rdbms-legacy");
  try {
    expect((await post(contract.url, "mysql/8.0.30", "legacy-db")).body).not.toHaveProperty("platform");
    const kept = await fetch(`${contract.url}/v4/databases/mysql/instances/${String(id)}`, {
      headers: { authorization: "Bearer emulator-token" },
    });
    expect(((await kept.json()) as { platform?: string }).platform).toBe("rdbms-default");
  } finally {
    await stop(contract);
  }
});
