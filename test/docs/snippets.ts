/**
 * The code blocks of the documentation, and what today's API takes of the values they name:
 * regions (with the capabilities a block uses) and engine ids. Both facts come from the emulator's
 * own seed (its default account, today's API), so the docs check and the emulator cannot drift
 * apart. A block about the legacy platform carries the marker {@link LEGACY_MARKER} and is exempt.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { defaultState } from "../../src/emulator/seed";
import { catalogueOf } from "../../src/emulator/databases/platform";

/** The repository's root. */
export const root = path.resolve(__dirname, "..", "..");

/**
 * What marks a block as being about the contract's (legacy) platform: the platform's name,
 * `rdbms-legacy`, anywhere in it, e.g. a comment (`# rdbms-legacy: ...`, `// rdbms-legacy`), or the
 * setting that chooses it (`--platform rdbms-legacy`, `databasePlatform: "rdbms-legacy"`).
 */
export const LEGACY_MARKER = "rdbms-legacy";

/** A fenced code block: the file, the line its fence opens on, its language and its text. */
export interface CodeBlock {
  file: string;
  line: number;
  lang: string;
  code: string;
}

/** The fenced code blocks of a Markdown file (relative to the repository). */
export function codeBlocks(file: string): CodeBlock[] {
  const lines = readFileSync(path.join(root, file), "utf8").split("\n");
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^\s*```(\S*)/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^\s*```\s*$/.test(lines[i]!); i++) body.push(lines[i]!);
    blocks.push({ file, line: start + 1, lang: open[1]!, code: body.join("\n") });
  }
  return blocks;
}

const seeded = defaultState("rdbms-default");

/** Today's regions (the emulator's default seed), by id, with their capabilities. */
export const TODAYS_REGION_CAPABILITIES: ReadonlyMap<string, readonly string[]> = new Map(
  seeded.regions.map((r) => [r.id, r.capabilities]),
);

/** Today's engine ids (the catalogue the emulator's default answers). */
export const TODAYS_ENGINE_IDS: ReadonlySet<string> = new Set(catalogueOf(seeded, "rdbms-default").map((e) => e.id));

/** The capabilities a block uses: VPCs where it makes or names one, Managed Databases likewise. */
function usedCapabilities(code: string): string[] {
  const used: string[] = [];
  if (/\bVpc\b|\bVpcSubnet\b|\/vpcs\b|\bvpcs?\b|Vpc\(|:Vpc\b/i.test(code)) used.push("VPCs");
  if (/Database\b|\/databases\b|engineId|"engine"\s*:|\bengine:/.test(code)) used.push("Managed Databases");
  return used;
}

/** The region ids a block sets: `region: "x"`, `"region": "x"`, `region: x` (YAML), `--region x`, `default: x` under `region:`. */
function regionsOf(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/["']?region["']?\s*[:=]\s*["']?([a-z]{2}-[a-z]+(?:-\d)?)\b/g)) found.add(m[1]!);
  for (const m of code.matchAll(/\bregion:\s*\n\s+type: string\s*\n\s+default: ([a-z]{2}-[a-z]+(?:-\d)?)\b/g))
    found.add(m[1]!);
  for (const m of code.matchAll(/--region[ =]([a-z]{2}-[a-z]+(?:-\d)?)\b/g)) found.add(m[1]!);
  return [...found];
}

/** What today's API would refuse of a block's values; empty when it takes them all or the block is legacy. */
export function problemsOf(block: CodeBlock): string[] {
  if (block.code.includes(LEGACY_MARKER)) return [];
  const problems: string[] = [];
  const where = `${block.file}:${block.line}`;
  const used = usedCapabilities(block.code);
  for (const region of regionsOf(block.code)) {
    const caps = TODAYS_REGION_CAPABILITIES.get(region);
    if (!caps) problems.push(`${where}: region ${region} is not in today's region list`);
    else
      for (const cap of used)
        if (!caps.includes(cap)) problems.push(`${where}: region ${region} lacks the capability ${cap}`);
  }
  for (const [id] of block.code.matchAll(/\b(?:mysql|postgresql)\/\d[\d.]*\b/g))
    if (!TODAYS_ENGINE_IDS.has(id))
      problems.push(`${where}: engine id ${id} is not in today's catalogue (${[...TODAYS_ENGINE_IDS].join(", ")})`);
  return problems;
}
