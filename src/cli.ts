#!/usr/bin/env node
/**
 * Command line entry of the package, two commands:
 * - `pulumi-cloudplatform emulator [--port N] [--host H] [--provisioning-seconds N] [--state-file PATH]`
 *   runs the API emulator until SIGINT/SIGTERM;
 * - `pulumi-cloudplatform import [options]` reads an account through the API and writes the Pulumi
 *   program that adopts it (see docs/import.md and `import --help`).
 * Each command loads its own modules only when it runs, so `import` works without fastify (the
 * emulator's optional peer dependency) and `emulator` does not load the HTTP client.
 */
import type * as Emulator from "./emulator/index.js";
import type * as Import from "./import/index.js";

const EMULATOR_USAGE =
  "usage: pulumi-cloudplatform emulator [--port N] [--host ADDRESS] [--provisioning-seconds N] [--state-file PATH]";

const USAGE = [
  EMULATOR_USAGE,
  "       pulumi-cloudplatform import [--api-url URL] [--token TOKEN] [--out FILE] [--language ts|js]",
  "                                   [--subnets inline|resources] [--snapshots] [--region ID[,ID]]",
  "                                   [--label PATTERN[,PATTERN]] [--kind vpc,mysql,postgresql]",
  "       pulumi-cloudplatform import --help   (what each option does)",
].join("\n");

/** Parsed options of the `emulator` command. */
export interface EmulatorArgs {
  port: number;
  host: string;
  provisioningSeconds?: number;
  stateFile?: string;
}

/** Parses the arguments after the command name; throws with a usage text on anything unknown. */
export function parseEmulatorArgs(args: string[]): EmulatorArgs {
  const out: EmulatorArgs = { port: 4010, host: "127.0.0.1" };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split("=", 2);
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
    if (flag === "--port") out.port = port();
    else if (flag === "--host") out.host = value();
    else if (flag === "--provisioning-seconds") out.provisioningSeconds = number();
    else if (flag === "--state-file") out.stateFile = value();
    else throw new Error(`unknown option ${args[i]}\n${EMULATOR_USAGE}`);
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

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === "import") {
    process.exitCode = await loadImport().runImportCommand(rest, {
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
      env: process.env,
    });
    return;
  }
  if (command !== "emulator") {
    process.stderr.write(`${USAGE}\n`);
    process.exitCode = command === "--help" || command === "-h" ? 0 : 2;
    return;
  }
  const args = parseEmulatorArgs(rest);
  const { startEmulator } = loadEmulator();
  const emulator = await startEmulator({
    port: args.port,
    host: args.host,
    provisioningSeconds: args.provisioningSeconds,
    persistFile: args.stateFile,
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
