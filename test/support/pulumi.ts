/**
 * Runs Pulumi programs through the Automation API on the real engine built by
 * scripts/install-pulumi.sh: a local file backend and a passphrase secrets provider in a work
 * directory under `.state/e2e`, so nothing leaves this machine and every test has its own stack.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import * as path from "node:path";
import * as semver from "semver";
import { LocalWorkspace, PulumiCommand, type PulumiFn, type Stack } from "@pulumi/pulumi/automation";

const repoRoot = path.resolve(__dirname, "..", "..");
const toolsBin = path.join(repoRoot, ".tools", "bin");

/** The version scripts/install-pulumi.sh builds; the tests refuse to run on anything else. */
export const ENGINE_VERSION = "3.274.1";

/** A stack of an inline program, with the means to remove everything it left behind. */
export interface TestStack {
  stack: Stack;
  workDir: string;
  /**
   * Removes the stack's work directory, its backend with it. Nothing is destroyed: the stack's
   * objects live in the emulator of its test file, which closes after it, and a story that is
   * about `destroy` runs it itself (an engine run per stack here cost more than the stories).
   */
  dispose(): Promise<void>;
}

/** Options of {@link createTestStack}. */
export interface TestStackOptions {
  /** Emulator base URL (without /v4), given to the provider as `cloudplatform:apiUrl`. */
  apiUrl: string;
  /** API token, stored as the secret `cloudplatform:token`. */
  token: string;
  /** Extra environment for the engine and provider processes. */
  env?: Record<string, string>;
}

/** Fails, never skips, when the engine is missing: the e2e suite is the proof that the provider works. */
export function enginePath(): string {
  const cli = path.join(toolsBin, "pulumi");
  if (!existsSync(cli)) {
    throw new Error(`The Pulumi engine is missing at .tools/bin/pulumi: run 'bash scripts/install-pulumi.sh' first`);
  }
  return cli;
}

let command: Promise<PulumiCommand> | undefined;

/**
 * The engine of .tools/bin, its version checked once per test process (each check runs the CLI):
 * exactly ENGINE_VERSION, since the SDK's own check only refuses an older one.
 */
function engineCommand(): Promise<PulumiCommand> {
  command ??= PulumiCommand.get({ root: path.dirname(toolsBin), version: new semver.SemVer(ENGINE_VERSION) }).then(
    (found) => {
      if (found.version?.compare(ENGINE_VERSION) !== 0)
        throw new Error(
          `The engine at .tools/bin/pulumi is v${found.version?.version}, not v${ENGINE_VERSION}: run 'bash scripts/install-pulumi.sh'`,
        );
      return found;
    },
  );
  return command;
}

/** Creates a fresh stack for `program` with the emulator's URL and token in its config. */
export async function createTestStack(program: PulumiFn, options: TestStackOptions): Promise<TestStack> {
  enginePath();
  const id = randomUUID().slice(0, 8);
  // Inside the repository, so that the provider process resolves @pulumi/pulumi and this package.
  const workDir = path.join(repoRoot, ".state", "e2e", id);
  mkdirSync(path.join(workDir, "backend"), { recursive: true });
  const envVars: Record<string, string> = {
    PATH: `${toolsBin}${path.delimiter}${process.env.PATH ?? ""}`,
    PULUMI_CONFIG_PASSPHRASE: "e2e-passphrase",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_HOME: path.join(repoRoot, ".state", "pulumi-home"),
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    ...options.env,
  };
  const pulumiCommand = await engineCommand();
  const stack = await LocalWorkspace.createStack(
    { stackName: `e2e-${id}`, projectName: "cloudplatform-e2e", program },
    {
      workDir,
      pulumiCommand,
      pulumiHome: envVars.PULUMI_HOME,
      envVars,
      secretsProvider: "passphrase",
      projectSettings: {
        name: "cloudplatform-e2e",
        runtime: "nodejs",
        backend: { url: `file://${path.join(workDir, "backend")}` },
      },
    },
  );
  await stack.setAllConfig({
    "cloudplatform:apiUrl": { value: options.apiUrl },
    "cloudplatform:token": { value: options.token, secret: true },
  });
  return {
    stack,
    workDir,
    async dispose() {
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
