#!/usr/bin/env node
// Writes schema.json, the Pulumi package schema of `cloudplatform`, from the field tables (built
// into dist/ by `npm run build`). `npm run schema` builds and runs it; test/schema/schema.test.ts
// fails when the checked-in file differs from what this writes.
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const { generateSchema } = await import(pathToFileURL(path.join(root, "dist/schema/index.js")).href);
writeFileSync(path.join(root, "schema.json"), `${JSON.stringify(generateSchema(version), null, 2)}\n`);
console.log("schema: wrote schema.json");
