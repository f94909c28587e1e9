/**
 * The field tables of docs/resources.md, written from the resources' field tables. Each sits
 * between `<!-- fields: Name -->` and `<!-- end fields -->`, `Name` being a resource of the list;
 * the text around them stays as written.
 */
import type { EngineType } from "../client/index.js";
import type { Change, FieldFacts } from "../shared/fields/table.js";
import { RESOURCES } from "../resources/list.js";

/** What the Change column says for each kind of change. */
const CHANGE: Record<Change, string> = {
  replace: "**replace**",
  update: "update",
  trigger: "trigger",
  state: "state only",
  ignored: "nothing",
  output: "",
};

const ENGINE_NAMES: Record<EngineType, string> = { mysql: "MySQL", postgresql: "PostgreSQL" };

/** The In/out cell: what the program gives and reads, and for which engines when not all. */
function inOut(f: FieldFacts[string]): string {
  const kind = f.change === "output" ? "output" : f.output ? "input/output" : "input";
  return f.engines ? `${kind} (${f.engines.map((e) => ENGINE_NAMES[e]).join(", ")} only)` : kind;
}

/** The notes cell: the default in backticks, then `required`, then the row's own notes. */
function notes(f: FieldFacts[string]): string {
  const shown = typeof f.default === "string" ? f.default : JSON.stringify(f.default);
  return [f.default === undefined ? undefined : `\`${shown}\``, f.required ? "required" : undefined, f.notes]
    .filter((part) => part)
    .join("; ");
}

/**
 * The cell of today's platform (`rdbms-default`): what a change does there, its default and notes
 * where they differ from the contract's; "same" where nothing does.
 */
function todaysCell(f: FieldFacts[string]): string {
  const t = f.todays;
  if (!t) return f.change === "output" ? "" : "same";
  const change = t.change === undefined ? undefined : t.change === "refused" ? "**refused**" : CHANGE[t.change];
  const shown = "default" in t ? `\`${JSON.stringify(t.default)}\`` : undefined;
  return [change, shown, t.notes].filter((part) => part).join("; ");
}

/** The Markdown table of one field table (unpadded; the repository's formatter aligns it). */
export function fieldTableMarkdown(table: FieldFacts): string {
  const cell = (text: string) => text.replace(/\|/g, "\\|");
  // Only a table some of whose fields today's database platform treats otherwise gets its column.
  const platforms = Object.values(table).some((f) => f.todays);
  const rows = Object.entries(table).map(
    ([name, f]) =>
      `| \`${name}\` | ${inOut(f)} | ${CHANGE[f.change]} | ${f.secret ? "**yes**" : ""} | ${cell(notes(f))} |` +
      (platforms ? ` ${cell(todaysCell(f))} |` : ""),
  );
  const head = platforms
    ? [
        "| Field | In/out | Change | Secret | Default / notes | On `rdbms-default` |",
        "| --- | --- | --- | --- | --- | --- |",
      ]
    : ["| Field | In/out | Change | Secret | Default / notes |", "| --- | --- | --- | --- | --- |"];
  return [...head, ...rows].join("\n");
}

/** `text` (docs/resources.md) with every marked field table written afresh. */
export function withFieldTables(text: string): string {
  return text.replace(
    /(<!-- fields: (\w+) -->\n)[\s\S]*?(\n<!-- end fields -->)/g,
    (_all, open: string, name: string, close: string) => {
      const spec = (RESOURCES as Record<string, { table: FieldFacts }>)[name];
      if (!spec) throw new Error(`docs/resources.md marks a field table for "${name}", which is not a resource`);
      return `${open}\n${fieldTableMarkdown(spec.table)}\n${close}`;
    },
  );
}
