/**
 * Writes the program model as source text: TypeScript (an ES module importing the package) or
 * CommonJS JavaScript (a `require`). The text depends only on the model and the header lines, with
 * no time or machine detail, so two imports of the same account give the same file; the layout
 * is close to what prettier prints, so a formatter run by the user changes little.
 */
import type { ImportLanguage } from "./options.js";
import type { Declaration, ProgramModel } from "./program.js";
import type { Expr } from "./references.js";

const INDENT = "  ";
/** Lists of literals are written on one line up to this width, as prettier's default would. */
const WIDTH = 100;

/**
 * Characters a string literal or comment never carries raw: controls (C0 but tab, DEL, C1), the
 * line and paragraph separators, and the bidirectional overrides that make code read otherwise than
 * it runs.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * A string, number or boolean as the program writes it; JSON's quoting is valid in both
 * languages. Anything else (an object, NaN, Infinity) is refused: a literal is never anything but
 * data.
 */
function scalar(value: string | number | boolean): string {
  if (typeof value === "string")
    return JSON.stringify(value).replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  if (typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))) return String(value);
  throw new Error(`cannot write ${typeof value} ${String(value)} as a literal`);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * An object key: bare when it is a plain identifier, quoted otherwise, so that no key can end the
 * object early. `__proto__` would set the object's prototype, quoted or not, so it is refused.
 */
function objectKey(key: string): string {
  if (key === "__proto__") throw new Error("cannot write an object key __proto__");
  return IDENTIFIER.test(key) ? key : scalar(key);
}

/** A variable name the program refers to; the namer makes only plain identifiers, checked again here. */
function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`cannot write ${JSON.stringify(name)} as an identifier`);
  return name;
}

/** An expression at the given depth; objects and long lists span several lines. */
export function renderExpr(expr: Expr, depth: number): string {
  switch (expr.kind) {
    case "literal":
      return scalar(expr.value);
    case "output":
      return `${identifier(expr.identifier)}.${identifier(expr.property)}`;
    case "inlineRange":
      return `inlineSubnetRange(${identifier(expr.identifier)}, ${scalar(expr.label)})`;
    case "array": {
      if (expr.items.length === 0) return "[]";
      const parts = expr.items.map((item) => renderExpr(item, depth + 1));
      const flat = `[${parts.join(", ")}]`;
      if (!parts.some((p) => p.includes("\n")) && flat.length + depth * INDENT.length <= WIDTH) return flat;
      const pad = INDENT.repeat(depth + 1);
      return `[\n${parts.map((p) => `${pad}${p},\n`).join("")}${INDENT.repeat(depth)}]`;
    }
    case "object": {
      const parts = expr.entries.map(([key, value]) => `${objectKey(key)}: ${renderExpr(value, depth + 1)}`);
      const flat = `{ ${parts.join(", ")} }`;
      if (!parts.some((p) => p.includes("\n")) && flat.length + depth * INDENT.length <= WIDTH) return flat;
      const pad = INDENT.repeat(depth + 1);
      return `{\n${parts.map((p) => `${pad}${p},\n`).join("")}${INDENT.repeat(depth)}}`;
    }
  }
}

/** Comment text on one line; nothing from the API is trusted to end a comment or hide text in it. */
function commentLine(text: string): string {
  return `// ${text.replace(UNSAFE, " ")}`;
}

function renderDeclaration(d: Declaration): string {
  const lines = (d.comment ?? []).map(commentLine);
  const args = d.args.map(([key, value]) => `${INDENT}${objectKey(key)}: ${renderExpr(value, 1)},\n`).join("");
  lines.push(`const ${identifier(d.identifier)} = new cloud.${identifier(d.cls)}(${scalar(d.name)}, {\n${args}});`);
  return lines.join("\n");
}

/** The lookup that lets an allow list follow an inline subnet of a VPC by its label. */
function inlineRangeHelper(language: ImportLanguage): string {
  const params = language === "ts" ? "vpc: cloud.Vpc, label: string" : "vpc, label";
  return [
    "// The range of a VPC's inline subnet, as an output: an allow list that names it follows the VPC.",
    `function inlineSubnetRange(${params}) {`,
    "  return vpc.subnets.apply((subnets) => {",
    "    const subnet = subnets.find((s) => s.label === label);",
    "    if (subnet === undefined) throw new Error(`the VPC has no inline subnet labelled ${label}`);",
    "    return subnet.ipv4;",
    "  });",
    "}",
  ].join("\n");
}

/**
 * The whole file. `header` lines become the opening comment (the command that made the file and
 * what to know before running it).
 */
export function renderProgram(model: ProgramModel, language: ImportLanguage, header: string[]): string {
  const blocks: string[] = [];
  const top = header.map(commentLine);
  if (language === "js") top.push('"use strict";');
  top.push(
    language === "ts"
      ? 'import * as cloud from "pulumi-cloudplatform";'
      : 'const cloud = require("pulumi-cloudplatform");',
  );
  blocks.push(top.join("\n"));
  if (model.usesInlineRanges) blocks.push(inlineRangeHelper(language));
  for (const d of model.declarations) blocks.push(renderDeclaration(d));
  return `${blocks.join("\n\n")}\n`;
}
