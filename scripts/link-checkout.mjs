#!/usr/bin/env node
// Programs run from this checkout load this package by name in their provider processes, as in a
// user's project, and a provider process resolves it from its working directory. Projects under
// .state/ (the demo, the end-to-end tests) find it through .state/node_modules; the top-level
// Pulumi.yaml, whose engine works in the directory of its main (examples/demo), through
// examples/demo/node_modules. Both links point back at the checkout. Run by `npm run build`.
import { mkdirSync, readlinkSync, symlinkSync, unlinkSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Makes `<root>/<dir>/node_modules/pulumi-cloudplatform` a relative link to the checkout. */
function link(dir) {
  const modules = path.join(root, dir, "node_modules");
  const at = path.join(modules, "pulumi-cloudplatform");
  const target = path.relative(modules, root);
  mkdirSync(modules, { recursive: true });
  let current;
  try {
    current = readlinkSync(at);
  } catch {
    current = undefined;
  }
  if (current === target) return;
  if (current !== undefined) unlinkSync(at);
  symlinkSync(target, at, "dir");
}

link(".state");
link(path.join("examples", "demo"));
