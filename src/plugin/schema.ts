/**
 * The package schema the plugin answers GetSchema with: `schema.json` at the package root,
 * generated from the resources' field tables (`npm run schema`). A build without it answers with
 * the package's name and version only, which is all the engine needs to run programs.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { packageVersion } from "../client/config.js";
import { PACKAGE } from "./token.js";

/** Where the schema is looked for: the package root, seen from `src/plugin` or `dist/plugin`. */
export const SCHEMA_PATH = join(__dirname, "..", "..", "schema.json");

/** The schema text. */
export function readSchema(path = SCHEMA_PATH): string {
  if (existsSync(path)) return readFileSync(path, "utf8");
  return JSON.stringify({ name: PACKAGE, version: packageVersion() });
}
