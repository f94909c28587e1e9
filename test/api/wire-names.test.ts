/**
 * Each wire name of the API model is spelled in few hand-written source files: the model, the
 * resource's field table and, for a field with a rule of its own, one emulator file. Everything
 * else (the client's answer reader, the emulator's records and answers, the look-ups' results, the
 * importer) reads the name from the model or the table, so a renamed or added field is one edit,
 * not twelve.
 *
 * Spelled, for every name, single words included, as the TypeScript type checker sees the code
 * (test/support/wire-spellings.ts): a file names the API's field by hand where it holds
 * - a string literal whose whole value is the name (`"allow_list"`, `body["label"]`, a key list),
 *   unless it is a value: the type it meets (or the union type it is a member of) is a union of
 *   string literals, each an enum value of the model (`engine === "mysql"`) or one at least no
 *   wire name (a pending change's `"updated"`, a Pulumi name `"platform" satisfies keyof ...`);
 * - a property declared by hand outside src/api in a wire shape: an interface or type literal at
 *   least two of whose members, and more than half, carry wire names (a record, body or answer
 *   written out again instead of mapped from the model);
 * - an object-literal key, a destructured key or a property access `.name` that the checker
 *   resolves to such a declaration or to an object literal's own key, or to no declared property
 *   at all (`any`, `unknown`, a string-keyed record: untyped JSON).
 * Not spelled: a property the checker resolves to the model (a type mapped from src/api, such as
 * `vpc.label` of a `Stored<typeof VPC>`), to a generated file or to a library (got's `status`);
 * local variables and parameters; comments; prose inside longer strings. Generated files (their
 * first line says so) are exempt, and src/api counts as one place. A name of several words is held,
 * as before, to `git grep -lw <name> -- src` too (comments included).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import { ENTITIES, type ApiField, type Entity } from "../../src/api/index.js";
import type { Spelling } from "../support/wire-spellings.js";
import { cachedWireSpellings, current, keptFor } from "../support/spellings-cache.js";

/** Every field of every entity, nested entities included. */
function allFields(): [string, ApiField][] {
  const found: [string, ApiField][] = [];
  const visit = (e: Entity) => {
    for (const [name, field] of Object.entries(e.fields)) {
      found.push([name, field]);
      if (typeof field.type === "object") visit("array" in field.type ? field.type.array : field.type.object);
    }
  };
  Object.values(ENTITIES).forEach(visit);
  return found;
}

/** The wire names of every entity, nested entities included. */
function wireNames(): string[] {
  return [...new Set(allFields().map(([name]) => name))].sort();
}

/** The values of every field's enum, any platform's included (`active`, `mysql`). */
function enumValues(): Set<string> {
  const platformEnums = (f: ApiField) => Object.values(f.platforms ?? {}).flatMap((p) => p?.enum ?? []);
  return new Set(allFields().flatMap(([, f]) => [...(f.enum ?? []), ...platformEnums(f)].map(String)));
}

const src = path.resolve(__dirname, "..", "..", "src");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? files(file) : [file];
  });
}

/** Every file of src/, as `git grep` reads them. */
const sources = files(src).map((file) => ({ file: path.relative(src, file), text: readFileSync(file, "utf8") }));

const MEASURE = { names: new Set(wireNames()), values: enumValues() };
const spellings = cachedWireSpellings(MEASURE);

/** The model, however many files it is split into, counts as one place. */
const MODEL = `api${path.sep}`;

/** The hand-written files that spell `name`, the model's as one place (`api/`). */
function holders(name: string): string[] {
  const files = spellings.filter((s) => s.name === name).map((s) => (s.file.startsWith(MODEL) ? MODEL : s.file));
  return [...new Set(files)].sort();
}

test("the measure counts a hand-written spelling, and not the model's own field nor a local word", () => {
  expect([...MEASURE.names]).toEqual(expect.arrayContaining(["allow_list", "replication_type", "label", "resolvers"]));
  const planted = `
    import type { Engine } from "./api/index.js";
    import type { VpcRecord } from "./emulator/records.js";
    interface Hand { label: string; region: string; note: string }
    // a comment naming the plan
    export function f(v: VpcRecord, h: Hand, j: any, status: string, e: Engine) {
      const port = new URL(v.label).port + (e === "mysql" ? "" : "active");
      const body = { region: h.region, id: 1 };
      return [j.engine, "type", "a region", status, port, body];
    }`;
  const found = cachedWireSpellings({ ...MEASURE, only: "planted.ts" }, { "planted.ts": planted });
  const seen = found.map((s: Spelling) => `${s.name} ${s.how}`).sort();
  expect(seen).toEqual([
    "active string", // a whole string literal where no enum type says it is a value
    "engine access", // untyped JSON
    "id key", // an object literal with no type, a wire shape by its keys
    "label declaration", // a wire shape written by hand
    "region access", // resolves to the hand-written wire shape
    "region declaration",
    "region key",
    "type string", // a whole string literal
  ]);
  // Not counted: v.label (the model's), URL's port (a library's), status (a parameter), "mysql"
  // (met by the model's Engine: a value), prose and comments.
});

test("the measure is read back only while every file it read is unchanged and src/ has no new file", () => {
  const kept = keptFor(MEASURE)!;
  expect(current(kept)).toBe(true);
  const files = Object.keys(kept.files);
  const model = files.find((f) => f.endsWith(`${path.sep}src${path.sep}api${path.sep}index.ts`))!;
  const library = files.find((f) => f.includes(`${path.sep}@types${path.sep}node${path.sep}`))!;
  for (const changed of [model, library, files.find((f) => f.endsWith("tsconfig.json"))!]) {
    expect(current({ ...kept, files: { ...kept.files, [changed]: "another digest" } })).toBe(false);
  }
  const withoutModel = { ...kept.files };
  delete withoutModel[model];
  expect(current({ ...kept, files: withoutModel })).toBe(false);
});

test.each(wireNames())("%s is spelled in at most 3 source files", (name) => {
  const files = holders(name);
  expect(files.length <= 3 ? "at most 3" : files).toBe("at most 3");
});

test.each(wireNames().filter((n) => n.includes("_")))(
  "%s is in at most 3 source files as `git grep -lw` counts, one of them the model",
  (name) => {
    const word = new RegExp(`\\b${name}\\b`);
    const found = sources.filter((s) => word.test(s.text)).map((s) => s.file);
    expect(found.filter((f) => f.startsWith(MODEL))).toHaveLength(1);
    expect(found.length <= 3 ? "at most 3" : found).toBe("at most 3");
  },
);
