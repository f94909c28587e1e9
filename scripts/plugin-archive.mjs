#!/usr/bin/env node
// Packs the provider plugin the way `pulumi plugin install` takes it:
//
//   node scripts/plugin-archive.mjs [--out DIR]      (after `npm run build`)
//
// writes DIR/pulumi-resource-cloudplatform-v<version>-<os>-<arch>.tar.gz (default DIR: dist-plugin)
// holding `pulumi-resource-cloudplatform`, the plugin and everything it loads bundled into one
// JavaScript file by esbuild (so it needs only `node` on PATH, no `npm install`), and
// `schema.json` when the package has one. Install it with
//
//   pulumi plugin install resource cloudplatform <version> --file <archive>
//
// and print the archive's path on stdout.
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outIndex = process.argv.indexOf("--out");
const outDir = path.resolve(outIndex > 0 ? process.argv[outIndex + 1] : path.join(root, "dist-plugin"));
const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const entry = path.join(root, "dist", "plugin", "main.js");
if (!existsSync(entry)) {
  console.error("plugin-archive: dist/plugin/main.js is missing; run `npm run build` first");
  process.exit(1);
}

const stage = mkdtempSync(path.join(tmpdir(), "cloudplatform-plugin-"));
try {
  const plugin = path.join(stage, "pulumi-resource-cloudplatform");
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    outfile: plugin,
    banner: { js: "#!/usr/bin/env node" },
    define: { __CLOUDPLATFORM_VERSION__: JSON.stringify(version) },
    // Code of @pulumi/pulumi the plugin never runs (npm's script runner) refers to node-gyp by path.
    external: ["node-gyp/bin/node-gyp.js"],
    logLevel: "error",
  });
  chmodSync(plugin, 0o755);
  const files = ["pulumi-resource-cloudplatform"];
  if (existsSync(path.join(root, "schema.json"))) {
    copyFileSync(path.join(root, "schema.json"), path.join(stage, "schema.json"));
    files.push("schema.json");
  }
  mkdirSync(outDir, { recursive: true });
  const os = process.platform === "win32" ? "windows" : process.platform;
  const arch = { x64: "amd64", arm64: "arm64" }[process.arch] ?? process.arch;
  const archive = path.join(outDir, `pulumi-resource-cloudplatform-v${version}-${os}-${arch}.tar.gz`);
  execFileSync("tar", ["-czf", archive, "-C", stage, ...files]);
  console.log(archive);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
