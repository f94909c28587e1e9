/**
 * docs/resources.md's field tables agree with the field tables the code reads: every field has a
 * row, every row names a field, and each row's in/out, change, secret and default say what the
 * table says. A docs row that disagrees with the code fails `npm test`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { DATABASE_FIELDS } from "../../src/resources/managed-database/fields.js";
import type { Change, FieldFacts } from "../../src/shared/fields.js";
import { SUBNET_FIELDS, VPC_FIELDS } from "../../src/resources/vpc/fields.js";
import { SNAPSHOT_FIELDS } from "../../src/resources/database-snapshot/fields.js";

const doc = fs.readFileSync(path.join(__dirname, "..", "..", "docs", "resources.md"), "utf8");

const SECTIONS: [string, FieldFacts][] = [
  ["## Vpc", VPC_FIELDS],
  ["## VpcSubnet", SUBNET_FIELDS],
  ["## MysqlDatabase and PostgresqlDatabase", DATABASE_FIELDS],
  ["## DatabaseSnapshot", SNAPSHOT_FIELDS],
];

/** What the Change column says for each kind of change. */
const CHANGE: Record<Change, string> = {
  replace: "**replace**",
  update: "update",
  trigger: "trigger",
  state: "state only",
  ignored: "nothing",
  output: "",
};

interface Row {
  names: string[];
  inOut: string;
  change: string;
  secret: string;
  notes: string;
}

/** The rows of the first `| Field |` table under `heading`. */
function rowsUnder(heading: string): Row[] {
  const start = doc.split("\n").findIndex((l) => l.trim() === heading);
  if (start < 0) throw new Error(`docs/resources.md has no heading "${heading}"`);
  const lines = doc.split("\n").slice(start + 1);
  const first = lines.findIndex((l) => l.startsWith("| Field"));
  const table: string[] = [];
  for (const l of lines.slice(first + 2)) {
    if (!l.startsWith("|")) break;
    table.push(l);
  }
  return table.map((line) => {
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim());
    const [names, inOut, change, secret, notes] = cells as [string, string, string, string, string];
    return { names: [...names.matchAll(/`([^`]+)`/g)].map((m) => m[1]!), inOut, change, secret, notes };
  });
}

function expectedInOut(f: FieldFacts[string]): string {
  const kind = f.change === "output" ? "output" : f.output ? "input/output" : "input";
  const engines = f.engines?.map((e) => (e === "mysql" ? "MySQL" : "PostgreSQL")).join(", ");
  return engines ? `${kind} (${engines} only)` : kind;
}

function shown(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

describe.each(SECTIONS)("docs/resources.md %s", (heading, table) => {
  const rows = rowsUnder(heading);
  const byName = new Map(rows.flatMap((r) => r.names.map((n) => [n, r] as const)));

  test("has one row for each field of the table, and no other", () => {
    expect([...byName.keys()].sort()).toEqual(Object.keys(table).sort());
  });

  test.each(Object.keys(table))("row of %s says what the table says", (name) => {
    const f = table[name]!;
    const row = byName.get(name)!;
    expect({ name, inOut: row.inOut, change: row.change, secret: row.secret }).toEqual({
      name,
      inOut: expectedInOut(f),
      change: CHANGE[f.change],
      secret: f.secret ? "**yes**" : "",
    });
    // Notes start with the default in backticks when there is one, and with "required" for required inputs.
    if (f.default !== undefined) expect(row.notes.startsWith(`\`${shown(f.default)}\``)).toBe(true);
    else expect(row.notes).not.toMatch(/^`[^`]*`;/);
    expect(row.notes.startsWith("required")).toBe(f.required === true);
  });
});
