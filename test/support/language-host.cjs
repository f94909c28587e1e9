#!/usr/bin/env node
// Runs the repository's top-level Pulumi.yaml the way the Node.js language host of a regular
// Pulumi installation does, which cannot be built here (docs/engine.md): the working directory
// becomes the directory of `main`, ts-node is registered exactly as @pulumi/pulumi's `cmd/run`
// registers it (the project's ts-node, else the one @pulumi/pulumi vendors; the project's
// TypeScript; the tsconfig.json of that directory, or none), the program is required, and its
// resources go through the real engine from an Automation API inline program that does only that.
// The engine starts the provider processes in the same directory, so they must resolve the
// package by name from the checkout.
//
// Usage: node test/support/language-host.cjs <backend dir> <stack> <operation>...
// (up, preview, destroy) with CLOUDPLATFORM_API_URL and CLOUDPLATFORM_TOKEN set. Prints one JSON
// report on stdout. After `destroy` the stack and its settings file beside Pulumi.yaml are removed.
const { existsSync, readFileSync, rmSync } = require("node:fs");
const { createRequire } = require("node:module");
const path = require("node:path");

const root = path.resolve(__dirname, "..", "..");
const [backend, stackName, ...operations] = process.argv.slice(2);
const main = /^main:\s*(\S+)\s*$/m.exec(readFileSync(path.join(root, "Pulumi.yaml"), "utf8"))[1];
const program = path.join(root, main);

/** What cmd/run does before it requires the program (@pulumi/pulumi cmd/run/run.js, 3.248). */
function registerLikeCmdRun() {
  process.chdir(path.dirname(program));
  const runJs = createRequire(path.join(process.cwd(), "index.js")).resolve("@pulumi/pulumi/cmd/run/run.js");
  const fromRun = createRequire(runJs);
  const tsutils = fromRun("../../tsutils");
  const semver = fromRun("semver");
  const tsConfigPath = process.env.PULUMI_NODEJS_TSCONFIG_PATH ?? "tsconfig.json";
  const compilerOptions = tsutils.loadTypeScriptCompilerOptions(tsConfigPath);
  const { tsnodeRequire, typescriptRequire } = tsutils.typeScriptRequireStrings();
  const ts = fromRun(typescriptRequire);
  const useNodeNext = semver.parse(ts.version).compare(new semver.SemVer("4.7.0")) >= 0;
  fromRun(tsnodeRequire).register({
    compiler: typescriptRequire,
    transpileOnly: compilerOptions.noCheck,
    project: tsConfigPath,
    skipProject: !existsSync(tsConfigPath),
    compilerOptions: {
      target: "ES2020",
      module: useNodeNext ? "nodenext" : "commonjs",
      moduleResolution: useNodeNext ? "nodenext" : "node",
      sourceMap: "true",
      ...compilerOptions,
    },
  });
  return { tsnode: tsnodeRequire === "ts-node" ? "project" : "vendored", typescript: ts.version };
}

async function main_() {
  const { LocalWorkspace, PulumiCommand } = require(path.join(root, "node_modules/@pulumi/pulumi/automation"));
  const semver = require("semver");
  const host = registerLikeCmdRun();
  const pulumiHome = path.join(root, ".state", "pulumi-home");
  const stack = await LocalWorkspace.createOrSelectStack(
    {
      stackName,
      projectName: "cloudplatform-demo",
      program: async () => {
        const exported = require(program);
        return exported instanceof Function ? exported() : exported;
      },
    },
    {
      // The checkout's own Pulumi.yaml: the engine takes its main's directory as working directory.
      workDir: root,
      pulumiCommand: await PulumiCommand.get({
        root: path.join(root, ".tools"),
        version: new semver.SemVer("3.248.0"),
      }),
      pulumiHome,
      envVars: {
        PATH: `${path.join(root, ".tools", "bin")}${path.delimiter}${process.env.PATH}`,
        PULUMI_BACKEND_URL: `file://${backend}`,
        PULUMI_CONFIG_PASSPHRASE: "checkout-passphrase",
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_HOME: pulumiHome,
      },
    },
  );
  const report = { host, cwd: path.relative(root, process.cwd()), operations: [] };
  for (const op of operations) {
    if (op === "preview") {
      const result = await stack.preview({ color: "never" });
      report.operations.push({ op, summary: result.changeSummary });
    } else {
      const result = await stack[op]({ color: "never" });
      const outputs = Object.fromEntries(
        Object.entries(result.outputs ?? {}).map(([k, v]) => [k, v.secret ? "[secret]" : v.value]),
      );
      report.operations.push({ op, result: result.summary.result, summary: result.summary.resourceChanges, outputs });
    }
  }
  if (operations.at(-1) === "destroy") {
    await stack.workspace.removeStack(stackName);
    // The stack's settings file (its passphrase salt) is written beside Pulumi.yaml.
    rmSync(path.join(root, `Pulumi.${stackName}.yaml`), { force: true });
  }
  return report;
}

main_().then(
  (report) => process.stdout.write(`${JSON.stringify(report)}\n`),
  (err) => {
    process.stdout.write(`${JSON.stringify({ error: err instanceof Error ? err.message : String(err) })}\n`);
    process.exitCode = 1;
  },
);
