#!/usr/bin/env node
// `npm run generate`: writes the generated files (schema.json, each resource's class.ts, the
// object types, the package's exports and the plugin SDK) from the list of resources and their
// field tables, with src/codegen. `--check` writes nothing and exits 1 naming each checked-in file
// that differs (test/schema/generated.test.ts runs it). The TypeScript sources are bundled in
// memory with esbuild rather than compiled with tsc, so a stale generated file never stops its
// own regeneration.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import * as prettier from "prettier";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const check = process.argv.includes("--check");
const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));

/** src/codegen, bundled and loaded; packages resolve from the checkout's node_modules. */
async function loadCodegen() {
  const dir = mkdtempSync(path.join(tmpdir(), "generate-"));
  try {
    const outfile = path.join(dir, "codegen.cjs");
    await esbuild.build({
      entryPoints: [path.join(root, "src/codegen/index.ts")],
      bundle: true,
      platform: "node",
      format: "cjs",
      target: "node20",
      packages: "external",
      outfile,
      logLevel: "warning",
    });
    const module = { exports: {} };
    const dirname = path.join(root, "src/codegen");
    new Function("module", "exports", "require", "__filename", "__dirname", readFileSync(outfile, "utf8"))(
      module,
      module.exports,
      createRequire(path.join(root, "package.json")),
      path.join(dirname, "index.ts"),
      dirname,
    );
    return module.exports;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const format = async (text, filepath) =>
  prettier.format(text, { ...((await prettier.resolveConfig(filepath)) ?? {}), filepath });
const { generatedFiles } = await loadCodegen();
const files = await generatedFiles(root, version, format);
if (check) {
  const stale = Object.entries(files)
    .filter(
      ([file, text]) => !existsSync(path.join(root, file)) || readFileSync(path.join(root, file), "utf8") !== text,
    )
    .map(([file]) => file);
  if (stale.length > 0) {
    console.error(`generate: stale, run \`npm run generate\`: ${stale.join(", ")}`);
    process.exit(1);
  }
  console.log(`generate: ${Object.keys(files).length} generated files are current`);
} else {
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(root, file), text);
  console.log(`generate: wrote ${Object.keys(files).join(", ")}`);
}
