// The stack of a project copy, opened through the Automation API of the installed @pulumi/pulumi,
// and the operations run on it, for scripts/packed-example.mjs.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import * as path from "node:path";
import { root, seconds } from "./common.mjs";

/** The engine version that .tools/bin/pulumi holds (scripts/install-pulumi.sh). */
const ENGINE_VERSION = "3.274.1";

/** Engine events to the steps that change something, and to the policy violations reported. */
function changeCollector() {
  const changes = [];
  const policy = [];
  const onEvent = (event) => {
    const p = event.policyEvent;
    if (p)
      policy.push({
        policyName: p.policyName,
        policyPackName: p.policyPackName,
        enforcementLevel: p.enforcementLevel,
        message: p.message,
        urn: p.resourceUrn,
      });
    const meta = event.resourcePreEvent?.metadata;
    if (!meta || meta.op === "same" || meta.op === "read") return;
    const name = meta.urn.slice(meta.urn.lastIndexOf("::") + 2);
    changes.push({ op: meta.op, type: meta.type, name, ...(meta.diffs?.length ? { diffs: meta.diffs } : {}) });
  };
  return { changes, policy, onEvent };
}

const shownOutputs = (outputs) =>
  Object.fromEntries(Object.entries(outputs).map(([k, o]) => [k, o.secret ? "[secret]" : o.value]));

/**
 * Opens (or creates) the stack `opts.stack` of the project copy with `program` inline and the
 * config of `opts`; records the SDK, Node.js and setup time in `report`.
 */
export async function openStack(projectDir, program, opts, report) {
  const engine = path.join(root, ".tools", "bin", "pulumi");
  if (!existsSync(engine))
    throw new Error("the Pulumi engine is missing at .tools/bin/pulumi: run `bash scripts/install-pulumi.sh`");
  // The Automation API of the installed @pulumi/pulumi: the program's own runtime module instance.
  const requireInstalled = createRequire(path.join(projectDir, "package.json"));
  const automationPath = requireInstalled.resolve("@pulumi/pulumi/automation");
  const { LocalWorkspace, PulumiCommand } = requireInstalled(automationPath);
  const { SemVer } = createRequire(automationPath)("semver");
  report.sdk = requireInstalled("@pulumi/pulumi/package.json").version;
  report.node = process.version;

  const setupStart = performance.now();
  const projectName = /^name:\s*(\S+)\s*$/m.exec(readFileSync(path.join(projectDir, "Pulumi.yaml"), "utf8"))?.[1];
  if (!projectName) throw new Error("Pulumi.yaml has no name");
  const pulumiHome = path.join(root, ".state", "pulumi-home");
  const backend = path.join(projectDir, ".backend");
  mkdirSync(backend, { recursive: true });
  const pulumiCommand = await PulumiCommand.get({
    root: path.join(root, ".tools"),
    version: new SemVer(ENGINE_VERSION),
  });
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: opts.stack, projectName, program },
    {
      workDir: projectDir,
      pulumiCommand,
      pulumiHome,
      secretsProvider: "passphrase",
      envVars: {
        // The provider process (pulumi-resource-pulumi-nodejs runs `node`) on the Node.js of this run.
        PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
        PULUMI_HOME: pulumiHome,
        PULUMI_BACKEND_URL: `file://${backend}`,
        PULUMI_CONFIG_PASSPHRASE: process.env.PULUMI_CONFIG_PASSPHRASE ?? "packed-example",
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      },
    },
  );
  if (Object.keys(opts.config).length > 0) await stack.setAllConfig(opts.config);
  report.setupSeconds = seconds(setupStart);
  return stack;
}

/** Runs the operations of `opts` in order on `stack`, each recorded in `report.operations`. */
export async function runOperations(stack, projectDir, opts, report) {
  const onOutput = opts.quiet ? undefined : (text) => process.stderr.write(text);
  report.operations = [];
  for (const operation of opts.operations) {
    const start = performance.now();
    const { changes, policy, onEvent } = changeCollector();
    const common = { color: "never", onOutput, onEvent };
    // Refresh and destroy take no policy packs (the engine runs none for them).
    if (opts.policyPacks.length > 0 && ["preview", "up"].includes(operation)) {
      common.policyPacks = opts.policyPacks.map((p) => path.resolve(projectDir, p));
      if (opts.policyPackConfigs.length > 0)
        common.policyPackConfigs = opts.policyPackConfigs.map((p) => path.resolve(projectDir, p));
    }
    const entry = { operation };
    report.operations.push(entry);
    try {
      if (operation === "preview") {
        const result = await stack.preview(common);
        entry.summary = result.changeSummary;
        entry.noChanges = Object.entries(result.changeSummary).every(([op, n]) => op === "same" || n === 0);
      } else {
        const result = await stack[operation](common);
        entry.result = result.summary.result;
        entry.summary = result.summary.resourceChanges ?? {};
        if (result.outputs) entry.outputs = shownOutputs(result.outputs);
      }
    } catch (err) {
      if (!opts.allowFailure) throw err;
      entry.failed = true;
      entry.error = err instanceof Error ? err.message : String(err);
    }
    entry.changes = changes;
    entry.policy = policy;
    entry.seconds = seconds(start);
    if (operation === "preview" && !entry.failed && !entry.noChanges && !opts.allowChanges)
      throw new Error(`preview reports changes: ${JSON.stringify(entry.summary)} ${JSON.stringify(changes)}`);
  }
}
