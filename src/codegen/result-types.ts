/**
 * `src/functions/result-types.ts`: the types of the look-ups' results, one interface per result
 * table (src/functions/result-tables.ts, named in `RESULT_TYPES`), so a row added to a table is a
 * key of its type after `npm run generate`, and a result type no table declares does not exist.
 * Every row read from the API object is always present (`fromApi` sets it), with `| null` where
 * the row says the API may give none; a row of one engine, or one the look-up fills in itself
 * (the secrets), may be left out.
 */
import { DATABASE_DETAIL_RESULT } from "../functions/result-tables.js";
import { RESULT_TYPES } from "../schema/functions.js";
import { SHARED_TYPES } from "../schema/object-types.js";
import type { Field, FieldFacts } from "../shared/fields/table.js";
import { header } from "./header.js";
import { doc, outputType, TypeUse } from "./type-lines.js";

/** Every result type by its name, with its description and table. */
export const RESULTS: Record<string, [string, FieldFacts]> = {
  ...RESULT_TYPES,
  DatabaseDetailResult: ["One database with its settings, credentials and certificate.", DATABASE_DETAIL_RESULT],
};

/** One interface's lines: each row as the look-up returns it. */
function resultLines(table: FieldFacts, use: TypeUse): string {
  return Object.entries(table)
    .map(([k, f]) => {
      const type = outputType(f, use);
      // The facts the schema reads leave `api` out; the tables themselves hold it.
      const read = (f as Field<unknown>).api !== undefined;
      const optional = !read || f.engines !== undefined;
      return `${doc(f.description, "  ")}  ${k}${optional ? "?" : ""}: ${type};\n`;
    })
    .join("");
}

/** An object type of the shared ones as an output gives it. */
function objectLines(table: FieldFacts, use: TypeUse): string {
  return Object.entries(table)
    .map(([k, f]) => {
      // A key answers may leave out (`unanswered`) is optional even where it may hold null.
      const optional = (!f.required && !f.absent) || f.unanswered !== undefined;
      return `${doc(f.description, "  ")}  ${k}${optional ? "?" : ""}: ${outputType({ ...f, change: "output" }, use)};\n`;
    })
    .join("");
}

/**
 * The file's text. `resourceOutputs`: the object types `src/resources/types.ts` declares as
 * outputs, imported from there; any other shared type a result uses is declared here.
 */
export function resultTypesFile(resourceOutputs: ReadonlySet<string>): string {
  const use = new TypeUse();
  const results = Object.entries(RESULTS).map(
    ([name, [description, table]]) =>
      `${doc(description)}export interface ${name} {\n${resultLines(table as FieldFacts, use)}}\n`,
  );
  const own: string[] = [];
  const declared = new Set<string>();
  for (let more = true; more;) {
    more = false;
    for (const name of [...use.outputs]) {
      if (name in RESULTS || resourceOutputs.has(name) || declared.has(name)) continue;
      const [description, table] = SHARED_TYPES[name]!;
      declared.add(name);
      own.push(`${doc(description)}export interface ${name} {\n${objectLines(table, use)}}\n`);
      more = true;
    }
  }
  const imported = [...use.outputs].filter((n) => !(n in RESULTS) && !declared.has(n)).sort();
  return `${header("the look-ups' result tables (src/functions/result-tables.ts)")}/**
 * The look-ups' results: each a result table's rows as the look-up returns them (results.ts reads
 * them through the tables).
 */
${imported.length ? `import type { ${imported.join(", ")} } from "../resources/types.js";\n` : ""}
${[...results, ...own].join("\n")}`;
}
