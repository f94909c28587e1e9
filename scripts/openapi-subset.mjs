#!/usr/bin/env node
// Regenerates test/fixtures/openapi/linode-api.json: the subset of the real API's published OpenAPI
// description that the conformance tests hold the emulator and our client to. It keeps the
// operations of the contract (the paths under their published names) and the schemas they
// reference, and drops the prose (descriptions, examples, summaries, CLI hints).
//
// From this repository's root, with a clone of https://github.com/linode/linode-api-docs at <docs>:
//
//   git -C <docs> show v4.176.0:openapi.yaml > openapi.yaml
//   node scripts/openapi-subset.mjs openapi.yaml "$(git -C <docs> rev-parse v4.176.0)" \
//     > test/fixtures/openapi/linode-api.json
//   npx prettier --write test/fixtures/openapi/linode-api.json && rm openapi.yaml
//
// The renames between the published names and the contract's live in
// test/fixtures/openapi/contract-differences.json, not here: this file is the document, cut down.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const yaml = require("js-yaml");

const [file, commit] = process.argv.slice(2);
if (!file || !/^[0-9a-f]{40}$/.test(commit ?? "")) {
  console.error("usage: node scripts/openapi-subset.mjs <openapi.yaml> <40-hex commit it was taken from>");
  process.exit(2);
}
const doc = yaml.load(readFileSync(file, "utf8"));
const ops = JSON.parse(readFileSync(new URL("../spec/operations.json", import.meta.url), "utf8"));
const differences = JSON.parse(
  readFileSync(new URL("../test/fixtures/openapi/contract-differences.json", import.meta.url), "utf8"),
);

// Keys that carry prose or tooling hints, not rules.
const PROSE = new Set(["description", "example", "examples", "summary", "externalDocs", "tags", "servers"]);

function strip(node) {
  if (Array.isArray(node)) return node.map(strip);
  if (!node || typeof node !== "object") return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (PROSE.has(key) || key.startsWith("x-")) continue;
    // Under `properties` the keys are field names (a VPC has a `description`), not keywords.
    out[key] = key === "properties" ? mapValues(value, strip) : strip(value);
  }
  return out;
}

function mapValues(object, fn) {
  return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, fn(v)]));
}

// Every component a kept node references, transitively (a $ref may point inside a schema).
const kept = { schemas: new Set(), parameters: new Set(), responses: new Set() };
function collect(node) {
  if (Array.isArray(node)) return node.forEach(collect);
  if (!node || typeof node !== "object") return;
  if (typeof node.$ref === "string") {
    const [, , kind, name] = node.$ref.split("/");
    if (!kept[kind].has(name)) {
      kept[kind].add(name);
      collect(doc.components[kind][name]);
    }
  }
  Object.values(node).forEach(collect);
}

const renamedPaths = Object.fromEntries(differences.paths.map((p) => [p.contract, p.published]));
const paths = {};
for (const op of ops.operations) {
  const published = renamedPaths[op.path] ?? op.path;
  const item = doc.paths[published];
  const operation = item?.[op.method.toLowerCase()];
  if (!operation) throw new Error(`${op.method} ${published} is not in ${file}`);
  const { parameters, requestBody, responses } = operation;
  paths[published] ??= item.parameters ? { parameters: strip(item.parameters) } : {};
  paths[published][op.method.toLowerCase()] = strip({
    operationId: operation.operationId,
    parameters,
    requestBody,
    responses: { 200: responses["200"], default: responses.default },
  });
}
collect(paths);
const components = {};
for (const [kind, names] of Object.entries(kept))
  if (names.size)
    components[kind] = Object.fromEntries([...names].sort().map((n) => [n, strip(doc.components[kind][n])]));

const out = {
  source: {
    repository: "https://github.com/linode/linode-api-docs",
    commit,
    path: "openapi.yaml",
    version: doc.info.version,
  },
  openapi: doc.openapi,
  paths,
  components,
};
process.stdout.write(JSON.stringify(out, null, 2) + "\n");
