/**
 * Each wire name of the API model is spelled in few hand-written source files: the model, the
 * resource's field table and, for a field with a rule of its own, one emulator file. Everything
 * else (the client's answer reader, the emulator's records and answers, the look-ups' results, the
 * importer) reads the name from the model or the table, so a renamed or added field is one edit,
 * not twelve.
 *
 * Spelled, for every name, single words included: a file's code holds the name as a string literal
 * (`"allow_list"`, the whole literal) or as an identifier (`{ resolvers: ... }`, `r.resolvers`), as
 * the TypeScript compiler parses it; comments and prose inside longer strings do not count.
 * Generated files (their first line says so) are exempt. A name of several words is held, as
 * before, to `git grep -lw <name> -- src` too (comments included).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { ENTITIES, type Entity } from "../../src/api/index.js";

const src = path.resolve(__dirname, "..", "..", "src");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? files(file) : [file];
  });
}

/** The wire names of every entity, nested entities included. */
function wireNames(): string[] {
  const names = new Set<string>();
  const visit = (e: Entity) => {
    for (const [name, field] of Object.entries(e.fields)) {
      names.add(name);
      if (typeof field.type === "object") visit("array" in field.type ? field.type.array : field.type.object);
    }
  };
  Object.values(ENTITIES).forEach(visit);
  return [...names].sort();
}

const sources = files(src).map((file) => ({ file: path.relative(src, file), text: readFileSync(file, "utf8") }));

/** Every string literal's value and identifier a file's code holds (module specifiers apart). */
function spellings(file: string, text: string): Set<string> {
  const found = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) found.add(node.text);
    else if (ts.isStringLiteralLike(node) && !ts.isModuleDeclaration(node.parent) && !isSpecifier(node))
      found.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  return found;
}

function isSpecifier(node: ts.Node): boolean {
  const p = node.parent;
  return ts.isImportDeclaration(p) || ts.isExportDeclaration(p) || ts.isExternalModuleReference(p);
}

/** The hand-written TypeScript sources, with what each spells. */
const handWritten = sources
  .filter((s) => s.file.endsWith(".ts") && !/^\/\/ Generated/.test(s.text))
  .map((s) => ({ file: s.file, spelled: spellings(s.file, s.text) }));

/** The model, however many files it is split into, counts as one place. */
const MODEL = `api${path.sep}`;

/** The hand-written files that spell `name`, the model's as one place (`api/`). */
function holders(name: string): string[] {
  const files = handWritten.filter((s) => s.spelled.has(name)).map((s) => (s.file.startsWith(MODEL) ? MODEL : s.file));
  return [...new Set(files)];
}

/** The folders of those files: where a name still over the limit is spelled. */
function folders(name: string): string[] {
  return [...new Set(holders(name).map((f) => (f === MODEL ? MODEL : path.dirname(f))))];
}

/**
 * Names still spelled in more than 3 places, none of several words: the model's own words (`type`,
 * `source`, `description`), the resources' inputs of the same spelling (`label`, `region`) and values
 * of other fields (`active`, `mysql`). For each, the number of folders that spell it (measured on
 * this commit; a file split within its folder changes nothing), which may not grow; a name brought
 * to 3 places or fewer leaves this list (the test says so).
 */
const NOT_YET: Record<string, number> = {
  active: 11,
  address: 7,
  available: 5,
  capabilities: 6,
  computes: 8,
  created: 10,
  databases: 11,
  description: 11,
  disk: 4,
  duration: 4,
  encrypted: 5,
  engine: 18,
  engines: 13,
  fork: 4,
  frequency: 4,
  gateway: 4,
  hosts: 5,
  id: 21,
  interfaces: 7,
  ipv4: 11,
  // Today's VPCs (issue 47) made these wire names: `ipv6` was the regions' resolvers' already, and
  // `range` is also the ordinary word of the IP code (ipv4.ts, ipv6.ts, the emulator's pools).
  ipv6: 7,
  members: 5,
  label: 14,
  nodebalancers: 4,
  mysql: 12,
  password: 4,
  pending: 4,
  plan: 6,
  platform: 11,
  port: 7,
  postgresql: 12,
  prefix: 9,
  primary: 5,
  range: 10,
  region: 13,
  secondary: 6,
  source: 6,
  status: 14,
  subnets: 13,
  target: 3,
  type: 17,
  updated: 4,
  updates: 6,
  username: 5,
  version: 13,
};

test("the model declares wire names to measure, single words included", () => {
  expect(wireNames()).toEqual(
    expect.arrayContaining(["allow_list", "replication_type", "total_disk_size_gb", "label", "resolvers"]),
  );
  // The measure sees an identifier and a whole string literal, not a comment nor a longer string.
  const seen = spellings("x.ts", '// resolvers\nconst a = { resolvers: 1 }; f("label"); g("a region");');
  expect(["resolvers", "label", "region"].map((n) => seen.has(n))).toEqual([true, true, false]);
});

test.each(wireNames().filter((n) => !(n in NOT_YET)))("%s is spelled in at most 3 source files", (name) => {
  const files = holders(name);
  expect(files.length <= 3 ? "at most 3" : files).toBe("at most 3");
});

test.each(Object.keys(NOT_YET))("%s spreads to no more folders, and is still over 3 files", (name) => {
  const where = folders(name);
  expect(where.length <= NOT_YET[name]! ? "no more" : where).toBe("no more");
  expect(holders(name).length > 3 ? "over 3" : "at most 3: take it off NOT_YET").toBe("over 3");
});

test.each(wireNames().filter((n) => n.includes("_")))(
  "%s is in at most 3 source files as `git grep -lw` counts, one of them the model",
  (name) => {
    const word = new RegExp(`\\b${name}\\b`);
    const found = sources.filter((s) => word.test(s.text)).map((s) => s.file);
    expect(found.filter((f) => f.startsWith(`api${path.sep}`))).toHaveLength(1);
    expect(found.length <= 3 ? "at most 3" : found).toBe("at most 3");
  },
);
