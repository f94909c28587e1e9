/**
 * The SDKs that scripts/pulumi-toolchain/gen-sdk generates from the repository's schema.json, as a
 * user of another language gets them. Fails, never skips, without the generator.
 */
import { existsSync } from "node:fs";
import * as path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const repoRoot = path.resolve(__dirname, "..", "..");

/** Where generated SDKs go: `.state/sdk/<lang>` (build output, never committed). */
export const SDK_DIR = path.join(repoRoot, ".state", "sdk");

/**
 * Generates the SDKs of `langs` from schema.json into `outDir` (default {@link SDK_DIR}; a suite
 * that builds from the files gives its own, so no other suite rewrites them meanwhile); returns
 * what gen-sdk printed.
 */
export async function generateSdks(langs: ("go" | "python" | "nodejs")[], outDir = SDK_DIR): Promise<string> {
  const genSdk = path.join(repoRoot, ".tools", "bin", "gen-sdk");
  if (!existsSync(genSdk))
    throw new Error("gen-sdk is missing at .tools/bin/gen-sdk: run 'bash scripts/install-pulumi.sh'");
  const schema = path.join(repoRoot, "schema.json");
  if (!existsSync(schema)) throw new Error("schema.json is missing at the repository root: run 'npm run generate'");
  const { stdout } = await promisify(execFile)(genSdk, ["-lang", langs.join(","), schema, outDir]);
  return stdout;
}
