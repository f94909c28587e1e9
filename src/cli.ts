#!/usr/bin/env node
/**
 * Command line entry of the package, two commands (plus `--help` and `--version`):
 * - `pulumi-cloudplatform emulator [--port N] [--host H] [--allow-remote-control] [--provisioning-seconds N] [--state-file PATH] [--platform P]`
 *   runs the API emulator until SIGINT/SIGTERM;
 * - `pulumi-cloudplatform import [options]` reads an account through the API and writes the Pulumi
 *   program that adopts it (see docs/import.md and `import --help`).
 * Each command loads its own modules only when it runs, so `import` works without fastify (the
 * emulator's optional peer dependency) and `emulator` does not load the HTTP client.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type * as Emulator from "./emulator/index.js";
import type * as Import from "./import/index.js";

const EMULATOR_USAGE =
  "usage: pulumi-cloudplatform emulator [--port N] [--host ADDRESS] [--allow-remote-control] [--provisioning-seconds N] [--state-file PATH] [--platform rdbms-legacy|rdbms-default]";

/** What `emulator --help` prints: the usage line and what each option does. */
const EMULATOR_HELP = `${EMULATOR_USAGE}

Runs the Cloud Platform API emulator (API under /v4, control API under /_emulator, token
emulator-token) until SIGINT or SIGTERM. Needs fastify: npm install fastify@5.

options:
  --port N                  TCP port 0..65535; 0 picks a free one (default 4010)
  --host ADDRESS            listen address (default 127.0.0.1); on any other than loopback
                            the control API is off unless --allow-remote-control
  --allow-remote-control    serve the control API (no authentication) on a non-loopback --host
  --provisioning-seconds N  emulated seconds a new database stays provisioning (default 3)
  --state-file PATH         load the account from PATH at start, write it after every change
                            (mode 0600; one emulator per file, PATH.lock holds its pid)
  --platform P              the API to start as: rdbms-default (default, today's: new
                            databases on today's platform, the 2026 region list) or
                            rdbms-legacy (the contract's 2024 platform and regions)
  --help                    print this text`;

const USAGE = [
  EMULATOR_USAGE,
  "       pulumi-cloudplatform import [--api-url URL] [--token TOKEN] [--out FILE [--force]] [--language ts|js]",
  "                                   [--subnets inline|resources] [--snapshots] [--region ID[,ID]]",
  "                                   [--label PATTERN[,PATTERN]] [--kind vpc,mysql,postgresql]",
  "       pulumi-cloudplatform <command> --help   (what each option does)",
  "       pulumi-cloudplatform --version",
].join("\n");

/** Output streams and environment of one command run, so tests can run the CLI in process. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: NodeJS.ProcessEnv;
}

const HELP_FLAGS = ["--help", "-h", "help"];

/** The arguments that ask for the package's version (a command's words, not the API's). */
type VersionFlag = "--version" | "-V" | "version";
const VERSION_FLAGS: readonly VersionFlag[] = ["--version", "-V", "version"];

/** The installed package's version (dist/cli.js and src/cli.ts both sit one level below package.json). */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(__dirname, "..", "package.json"), "utf8")) as { version: string }).version;
}

/** Parsed options of the `emulator` command. */
export interface EmulatorArgs {
  port: number;
  host: string;
  provisioningSeconds?: number;
  stateFile?: string;
  /** Serve the control API on a non-loopback `host` too. */
  allowRemoteControl?: boolean;
  /** The platform new databases are made on. */
  platform?: "rdbms-legacy" | "rdbms-default";
}

/**
 * Parses the arguments after the command name; `"help"` when they ask for the help text. Throws
 * with a usage text on anything unknown.
 */
export function parseEmulatorArgs(args: string[]): EmulatorArgs | "help" {
  const out: EmulatorArgs = { port: 4010, host: "127.0.0.1" };
  for (let i = 0; i < args.length; i++) {
    // Split at the first "=" only: a value may hold one (`--state-file=a=b.json`).
    const eq = args[i].startsWith("--") ? args[i].indexOf("=") : -1;
    const flag = eq > 0 ? args[i].slice(0, eq) : args[i];
    const inline = eq > 0 ? args[i].slice(eq + 1) : undefined;
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined) throw new Error(`${flag} needs a value\n${EMULATOR_USAGE}`);
      return v;
    };
    const number = () => {
      const n = Number(value());
      if (!Number.isFinite(n) || n < 0) throw new Error(`${flag} needs a non-negative number\n${EMULATOR_USAGE}`);
      return n;
    };
    const port = () => {
      const text = value();
      const n = /^[0-9]+$/.test(text) ? Number(text) : NaN;
      if (!Number.isInteger(n) || n > 65535)
        throw new Error(
          `--port needs an integer from 0 to 65535 (0 picks a free port), got "${text}"\n${EMULATOR_USAGE}`,
        );
      return n;
    };
    if (flag === "--help" || flag === "-h") return "help";
    if (flag === "--port") out.port = port();
    else if (flag === "--host") out.host = value();
    else if (flag === "--provisioning-seconds") out.provisioningSeconds = number();
    else if (flag === "--state-file") out.stateFile = value();
    else if (flag === "--allow-remote-control" && inline === undefined) out.allowRemoteControl = true;
    else if (flag === "--platform") {
      const p = value();
      if (p !== "rdbms-legacy" && p !== "rdbms-default")
        throw new Error(`--platform needs rdbms-legacy or rdbms-default, got "${p}"\n${EMULATOR_USAGE}`);
      out.platform = p;
    } else throw new Error(`unknown option ${args[i]}\n${EMULATOR_USAGE}`);
  }
  return out;
}

/**
 * The emulator's web server (fastify) is an optional peer dependency, so that a program that only
 * uses the resources installs nothing of it; this says what to install when it is missing.
 */
function loadEmulator(): typeof Emulator {
  try {
    require.resolve("fastify");
  } catch {
    throw new Error(
      "The emulator needs fastify, an optional peer dependency of pulumi-cloudplatform: run 'npm install fastify@5' in this project first",
    );
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only for this command
  return require("./emulator/index.js") as typeof Emulator;
}

/** The import command's modules, loaded only when it runs (they bring the HTTP client). */
function loadImport(): typeof Import {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only for this command
  return require("./import/index.js") as typeof Import;
}

/**
 * Runs every command but a started emulator: help and version texts go to stdout with exit code 0;
 * an unknown command or option prints the usage on stderr with exit code 2. Returns the exit code,
 * or the parsed emulator arguments when the emulator is to be started.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number | EmulatorArgs> {
  const [command, ...rest] = argv;
  if (command === undefined || HELP_FLAGS.includes(command)) {
    (command === undefined ? io.stderr : io.stdout)(`${USAGE}\n`);
    return command === undefined ? 2 : 0;
  }
  if (VERSION_FLAGS.some((flag) => flag === command)) {
    io.stdout(`${packageVersion()}\n`);
    return 0;
  }
  if (command === "import") return loadImport().runImportCommand(rest, io);
  if (command !== "emulator") {
    io.stderr(`unknown command ${command}\n${USAGE}\n`);
    return 2;
  }
  let args: EmulatorArgs | "help";
  try {
    args = parseEmulatorArgs(rest);
  } catch (err) {
    io.stderr(`${(err as Error).message}\n`);
    return 2;
  }
  if (args === "help") {
    io.stdout(`${EMULATOR_HELP}\n`);
    return 0;
  }
  return args;
}

async function main(argv: string[]): Promise<void> {
  const outcome = await runCli(argv, {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
  });
  if (typeof outcome === "number") {
    process.exitCode = outcome;
    return;
  }
  const args = outcome;
  const { startEmulator, exposureWarnings } = loadEmulator();
  for (const line of exposureWarnings(args.host, args.allowRemoteControl)) process.stderr.write(`${line}\n`);
  const emulator = await startEmulator({
    port: args.port,
    host: args.host,
    remoteControl: args.allowRemoteControl,
    provisioningSeconds: args.provisioningSeconds,
    persistFile: args.stateFile,
    platform: args.platform,
  });
  process.stdout.write(
    `Cloud Platform API emulator listening on ${emulator.url} (API at ${emulator.url}/v4, token: emulator-token)\n`,
  );
  const stop = () => {
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((err: Error) => {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  });
}
