#!/usr/bin/env node
// Programs run from this checkout (the demo, the end-to-end tests) keep their Pulumi projects under
// .state/. Their provider processes load this package by name, as in a user's project, so
// .state/node_modules/pulumi-cloudplatform points back at the checkout. Run by `npm run build`.
import { mkdirSync, readlinkSync, symlinkSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = path.join(root, ".state", "node_modules");
const link = path.join(dir, "pulumi-cloudplatform");
mkdirSync(dir, { recursive: true });
let current;
try {
  current = readlinkSync(link);
} catch {
  current = undefined;
}
if (current !== path.join("..", "..")) symlinkSync(path.join("..", ".."), link, "dir");
