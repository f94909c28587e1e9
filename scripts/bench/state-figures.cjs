"use strict";
// Figures of one exported Pulumi state, per resource of this package: shared by `npm run bench`
// and test/e2e/footprint.test.ts so that the benchmark and the budget test measure the same thing.
const { readFileSync, readdirSync } = require("node:fs");
const path = require("node:path");

/**
 * The budgets docs/performance.md sets: the serialized provider's length, and the bytes of an entry
 * and of the provider's own share of it (inputs and outputs), secrets not counted.
 */
const BUDGET = { providerChars: 400, entryBytes: 2000, providerShareBytes: 2000 };

/** Bytes of every secret inside a value, as stored: the envelope {<signature>: ..., ciphertext}. */
function secretBytes(value) {
  if (Array.isArray(value)) return value.reduce((n, v) => n + secretBytes(v), 0);
  if (value === null || typeof value !== "object") return 0;
  if (typeof value.ciphertext === "string") return Buffer.byteLength(JSON.stringify(value));
  return Object.values(value).reduce((n, v) => n + secretBytes(v), 0);
}

/** Absolute paths of this machine that a serialized provider must never hold. */
function pathsIn(text) {
  return [...text.matchAll(/(?:^|[\s"'`(=])((?:[A-Za-z]:)?[\\/]+[\w.-]+[\\/]+[^\s"'`)]*)/g)].map((m) => m[1]);
}

/** Reads `<backend>/.pulumi/stacks/<project>/<stack>.json` of a file backend. */
function readState(backendDir) {
  const stacks = path.join(backendDir, ".pulumi", "stacks");
  for (const project of readdirSync(stacks)) {
    for (const file of readdirSync(path.join(stacks, project))) {
      if (file.endsWith(".json")) return JSON.parse(readFileSync(path.join(stacks, project, file), "utf8"));
    }
  }
  throw new Error(`no stack state under ${stacks}`);
}

/**
 * One row per resource of this package (dynamic, or the plugin's: `via`): the entry's bytes as compact JSON; the same without its
 * secrets; the provider's share (inputs and outputs without secrets; the rest is the engine's own
 * record: URN, parent, dependencies, timestamps and the program's source positions); and the
 * serialized provider's length and any machine path in it.
 */
function entryFigures(state) {
  return state.checkpoint.latest.resources
    .filter(
      (r) => r.type.startsWith("pulumi-nodejs:dynamic/cloudplatform:") || r.type.startsWith("cloudplatform:index:"),
    )
    .map((r) => {
      const bytes = Buffer.byteLength(JSON.stringify(r));
      const provider = String(r.inputs?.__provider ?? "");
      const share = { inputs: r.inputs, outputs: r.outputs };
      return {
        type: r.type.slice(r.type.lastIndexOf(":") + 1),
        via: r.type.startsWith("cloudplatform:index:") ? "plugin" : "dynamic",
        bytes,
        withoutSecrets: bytes - secretBytes(r),
        providerShare: Buffer.byteLength(JSON.stringify(share)) - secretBytes(share),
        sourcePositions: Buffer.byteLength(JSON.stringify({ s: r.sourcePosition, t: r.stackTrace })),
        providerChars: provider.length,
        paths: pathsIn(provider),
      };
    });
}

module.exports = { BUDGET, entryFigures, pathsIn, readState, secretBytes };
