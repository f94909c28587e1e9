#!/usr/bin/env node
// Runs the example stack (examples/demo) with `pulumi up` through the Automation API, against the
// embedded emulator by default (its own default: the API as it is today), with a local file backend under .state/demo. Run again and nothing
// changes; `--destroy` tears the stack down. Set CLOUDPLATFORM_API_URL and CLOUDPLATFORM_TOKEN to
// deploy to a real API instead: that is the stack `api` (the emulator's is `dev`), and its secrets
// are encrypted with the user's PULUMI_CONFIG_PASSPHRASE (or _FILE), never with the built-in one.
// Needs `npm run build` and scripts/install-pulumi.sh (npm run demo does both).
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const { LocalWorkspace, PulumiCommand } = require("@pulumi/pulumi/automation");
const { SemVer } = require("semver");

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// DEMO_STATE_DIR moves the demo's state (the emulator's file and the stack's backend), e.g. for a test.
const stateDir = process.env.DEMO_STATE_DIR
  ? path.resolve(process.env.DEMO_STATE_DIR)
  : path.join(root, ".state", "demo");
const destroy = process.argv.includes("--destroy");
const port = Number(process.env.DEMO_EMULATOR_PORT ?? 4010);
/** Encrypts only the emulator's well-known token; a real API's token needs the user's own passphrase. */
const EMULATOR_PASSPHRASE = "demo-passphrase";

/** The passphrase settings for the engine, or an error saying what to set. */
function passphraseEnv(realApi) {
  const own = {};
  for (const name of ["PULUMI_CONFIG_PASSPHRASE", "PULUMI_CONFIG_PASSPHRASE_FILE"]) {
    if (process.env[name] !== undefined) own[name] = process.env[name];
  }
  if (Object.keys(own).length > 0) return own;
  if (realApi) {
    throw new Error(
      "against a real API the demo encrypts your token with your own passphrase: set PULUMI_CONFIG_PASSPHRASE " +
        "(or PULUMI_CONFIG_PASSPHRASE_FILE) and keep it; every later run and `npm run demo:destroy` need the same one",
    );
  }
  return { PULUMI_CONFIG_PASSPHRASE: EMULATOR_PASSPHRASE };
}

async function main() {
  mkdirSync(path.join(stateDir, "backend"), { recursive: true });
  let emulator;
  let apiUrl = process.env.CLOUDPLATFORM_API_URL;
  let token = process.env.CLOUDPLATFORM_TOKEN;
  const realApi = Boolean(apiUrl);
  const passphrase = passphraseEnv(realApi);
  if (!apiUrl) {
    const { startEmulator, DEFAULT_TOKEN } = require(path.join(root, "dist", "emulator", "index.js"));
    // A fixed port keeps the stack's apiUrl stable between runs; the state file keeps the emulated
    // cloud's contents, so a second run finds everything in place.
    emulator = await startEmulator({ port, persistFile: path.join(stateDir, "emulator.json") });
    apiUrl = emulator.url;
    token = DEFAULT_TOKEN;
    console.log(
      `demo: emulator listening on ${apiUrl} (today's API; state in ${path.relative(root, stateDir)}/emulator.json)`,
    );
  }
  if (!token) throw new Error("CLOUDPLATFORM_TOKEN must be set along with CLOUDPLATFORM_API_URL");

  const { demo } = require(path.join(root, "dist-examples", "demo", "program.js"));
  const pulumiCommand = await PulumiCommand.get({ root: path.join(root, ".tools"), version: new SemVer("3.274.1") });
  const pulumiHome = path.join(root, ".state", "pulumi-home");
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: realApi ? "api" : "dev", projectName: "cloudplatform-demo", program: demo },
    {
      workDir: stateDir,
      pulumiCommand,
      pulumiHome,
      secretsProvider: "passphrase",
      envVars: {
        PATH: `${path.join(root, ".tools", "bin")}${path.delimiter}${process.env.PATH}`,
        ...passphrase,
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_HOME: pulumiHome,
      },
      projectSettings: {
        name: "cloudplatform-demo",
        runtime: "nodejs",
        backend: { url: `file://${path.join(stateDir, "backend")}` },
      },
    },
  );
  await stack.setConfig("cloudplatform:apiUrl", { value: apiUrl });
  await stack.setConfig("cloudplatform:token", { value: token, secret: true });

  const onOutput = (line) => process.stdout.write(line);
  try {
    if (destroy) {
      const result = await stack.destroy({ onOutput, color: "never" });
      console.log(`demo: destroy ${result.summary.result}`);
      return;
    }
    const result = await stack.up({ onOutput, color: "never" });
    console.log(`demo: up ${result.summary.result}`, result.summary.resourceChanges);
    for (const [name, output] of Object.entries(result.outputs)) {
      console.log(`  ${name}: ${output.secret ? "[secret]" : JSON.stringify(output.value)}`);
    }
    const preview = await stack.preview({ color: "never" });
    const changed = Object.entries(preview.changeSummary).filter(([op]) => op !== "same");
    console.log(
      `demo: preview after up: ${changed.length === 0 ? "no changes" : JSON.stringify(preview.changeSummary)}`,
    );
    if (changed.length > 0) process.exitCode = 1;
  } finally {
    await emulator?.close();
  }
}

main().catch((err) => {
  console.error(`demo: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
