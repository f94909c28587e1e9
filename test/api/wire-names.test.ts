/**
 * Each wire name of the API model is spelled in few source files: the model, the resource's field
 * table and, for a field with a rule of its own, one emulator file. Everything else (the client's
 * answer reader, the emulator's records and answers, the look-ups' results, the importer) reads
 * the name from the model or the table, so a renamed or added field is one edit, not twelve.
 * Measured as `git grep -lw <name> -- src` would: a file counts when it holds the name as a word,
 * comments included. Names of one word (`label`, `region`) are also the resources' own input names
 * and English words, so only the names a resource spells otherwise (snake_case) are measured.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";
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
  return [...names].filter((n) => n.includes("_")).sort();
}

const sources = files(src).map((file) => ({ file: path.relative(src, file), text: readFileSync(file, "utf8") }));

test("the model declares snake_case wire names to measure", () => {
  expect(wireNames()).toEqual(expect.arrayContaining(["allow_list", "replication_type", "total_disk_size_gb"]));
});

test.each(wireNames())("%s is spelled in at most 3 source files, one of them the model", (name) => {
  const word = new RegExp(`\\b${name}\\b`);
  const holders = sources.filter((s) => word.test(s.text)).map((s) => s.file);
  expect(holders.filter((f) => f.startsWith(`api${path.sep}`))).toHaveLength(1);
  expect(holders.length <= 3 ? "at most 3" : holders).toBe("at most 3");
});
