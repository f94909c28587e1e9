/**
 * The package schema the plugin answers GetSchema with: `schema.json` at the package root,
 * generated from the resources' field tables (`npm run generate`). A build without it answers with
 * the package's name and version only, which is all the engine needs to run programs.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { packageVersion } from "../client/config.js";
import { PACKAGE } from "../shared/engine/package.js";
import type { SchemaHead } from "../schema/pulumi-schema.js";

/**
 * Where the schema is looked for: the package root, seen from `src/plugin` or `dist/plugin`, and
 * beside the bundled plugin of the plugin archive.
 */
export const SCHEMA_PATHS = [join(__dirname, "..", "..", "schema.json"), join(__dirname, "schema.json")];

/** The schema text. */
export function readSchema(paths: readonly string[] = SCHEMA_PATHS): string {
  const found = paths.find((p) => existsSync(p));
  if (found) return readFileSync(found, "utf8");
  const head: SchemaHead = { name: PACKAGE, version: packageVersion() };
  return JSON.stringify(head);
}
