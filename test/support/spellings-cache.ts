/**
 * The wire-name measure (wire-spellings.ts), kept from run to run the way `tsc --incremental` keeps
 * its state: in node_modules/.cache, keyed by the content of every file the measure's program read.
 * Type-checking the program over src/ costs seconds on every run; when no file it read has
 * changed, the spellings are the same, so they are read back instead. Any change to a source, a
 * library's declarations, tsconfig.json, the lock file, TypeScript or the measure's own code (or a
 * new file in src/) computes them again.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { ROOT, sourceFiles } from "./house.js";
import { sourceProgram, wireSpellings, type Measure, type Spelling } from "./wire-spellings.js";

const SRC = path.join(ROOT, "src");
const CACHE = path.join(ROOT, "node_modules", ".cache", "wire-spellings", "spellings.json");
/** How many measures the cache keeps: the suite's two, and a few older name lists. */
const KEPT = 4;
/** Files every measure depends on besides its program's sources. */
const ALWAYS = ["tsconfig.json", "package-lock.json", "test/support/wire-spellings.ts"].map((f) => path.join(ROOT, f));

/** One measure's result and the digest of each file it depended on. */
export interface Entry {
  files: Record<string, string>;
  spellings: Spelling[];
}

const digest = (text: string | Buffer): string => createHash("sha256").update(text).digest("hex");

/** A file's digest, or "" when it can no longer be read (so a deleted file counts as a change). */
function fileDigest(file: string): string {
  try {
    return digest(readFileSync(file));
  } catch {
    return "";
  }
}

/** Every TypeScript file under src/: each is a root of the program, so a new one is a change. */
const srcFiles = (): string[] =>
  sourceFiles()
    .filter((file) => file.startsWith("src/") && file.endsWith(".ts"))
    .map((file) => path.join(ROOT, file));

function readCache(): Record<string, Entry> {
  try {
    return JSON.parse(readFileSync(CACHE, "utf8")) as Record<string, Entry>;
  } catch {
    return {};
  }
}

/** Whether every file the entry depended on is as it was, and no file of src/ is new to it. */
export function current(entry: Entry | undefined): entry is Entry {
  if (!entry) return false;
  if (srcFiles().some((file) => !(file in entry.files))) return false;
  return Object.entries(entry.files).every(([file, was]) => fileDigest(file) === was);
}

/** A measure's key: what it asks for, and the TypeScript that answers. */
function keyOf(measure: Measure, planted: Record<string, string>): string {
  const asked = { names: [...measure.names].sort(), values: [...measure.values].sort(), only: measure.only ?? null };
  return digest(JSON.stringify({ typescript: ts.version, ...asked, planted }));
}

/** The kept entry of a measure, if any (for the cache's own test). */
export function keptFor(measure: Measure, planted: Record<string, string> = {}): Entry | undefined {
  return readCache()[keyOf(measure, planted)];
}

/** The program the last computed measure used: a planted one reuses its parsed files. */
let lastProgram: ts.Program | undefined;

/**
 * The spellings of `measure` in the program over src/ (plus `planted` files, given by text), read
 * back from the cache when every file the program read is unchanged, else computed and kept.
 */
export function cachedWireSpellings(measure: Measure, planted: Record<string, string> = {}): Spelling[] {
  const key = keyOf(measure, planted);
  const cache = readCache();
  const known = cache[key];
  if (current(known)) return known.spellings;

  const program = sourceProgram(planted, lastProgram);
  lastProgram = program;
  const spellings = wireSpellings(program, measure);
  const read = program
    .getSourceFiles()
    .map((sf) => sf.fileName)
    .filter((file) => !(path.relative(SRC, file) in planted));
  const files = Object.fromEntries([...read, ...ALWAYS].map((file) => [file, fileDigest(file)]));
  // Insertion order is age: the newest few measures are kept (a changed name list is a new key).
  delete cache[key];
  cache[key] = { files, spellings };
  const kept = Object.fromEntries(Object.entries(cache).slice(-KEPT));
  mkdirSync(path.dirname(CACHE), { recursive: true });
  const temporary = `${CACHE}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify(kept));
  renameSync(temporary, CACHE);
  return spellings;
}
