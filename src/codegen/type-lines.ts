/**
 * TypeScript types and doc comments of fields, as the generated declarations spell them: an input
 * as `pulumi.Input<...>` (the field's `tsType` where the table gives one), an output as the value
 * the engine resolves, with `| null` or `| undefined` where the field says what it holds when absent.
 */
import type { EngineType } from "../client/index.js";
import { typeOn, type Field, type FieldFacts, type FieldType } from "../shared/fields/table.js";
import { SHARED_TYPES } from "../schema/object-types.js";

type Facts = Omit<Field, "api">;

/** The object types the declarations use, by the interface names they are generated under. */
export class TypeUse {
  /** Schema names of object types used as arguments, and as outputs. */
  readonly inputs = new Set<string>();
  readonly outputs = new Set<string>();
}

/** The name of the arguments interface of a shared object type. */
export function argsName(ref: string): string {
  const entry = SHARED_TYPES[ref];
  if (!entry)
    throw new Error(`field type { ref: "${ref}" } names no entry of SHARED_TYPES (src/schema/object-types.ts)`);
  return entry[2] ?? `${ref}Args`;
}

function inputInner(type: FieldType, use: TypeUse): string {
  if (type === "id") return "number | string";
  if (type === "integer" || type === "number") return "number";
  if (typeof type === "string") return type;
  if ("array" in type) return `pulumi.Input<${inputInner(type.array, use)}>[]`;
  if ("map" in type) return `Record<string, pulumi.Input<${inputInner(type.map, use)}>>`;
  use.inputs.add(type.ref);
  return argsName(type.ref);
}

/** The declared type of an input: a string field with choices takes only those values. */
export function inputType(field: Facts, engine: EngineType | undefined, use: TypeUse): string {
  const type = typeOn(field, engine);
  if (typeof type === "object" && "ref" in type) use.inputs.add(type.ref);
  const given = typeof field.tsType === "string" ? field.tsType : engine ? field.tsType?.[engine] : undefined;
  if (given) return given;
  const choices = field.choices?.values;
  if (field.type === "string" && choices?.every((c) => typeof c === "string"))
    return `pulumi.Input<${choices.map((c) => JSON.stringify(c)).join(" | ")}>`;
  return `pulumi.Input<${inputInner(type, use)}>`;
}

function outputInner(type: FieldType, use: TypeUse): string {
  if (type === "id" || type === "integer" || type === "number") return "number";
  if (typeof type === "string") return type;
  if ("array" in type) return `${outputInner(type.array, use)}[]`;
  if ("map" in type) return `Record<string, ${outputInner(type.map, use)}>`;
  use.outputs.add(type.ref);
  return type.ref;
}

/** The value type of an output. */
export function outputType(field: Facts, use: TypeUse): string {
  const inner = outputInner(field.outputType ?? field.type, use);
  return field.absent ? `${inner} | ${field.absent}` : inner;
}

/** A doc comment of one or more lines, indented by `indent`. */
export function doc(text: string, indent = ""): string {
  const lines = text.trimEnd().split("\n");
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} *${l ? ` ${l}` : ""}`).join("\n")}\n${indent} */\n`;
}

/** What an argument's doc comment says: the field's description, its default, and a replacing change. */
export function argumentDoc(field: Facts): string {
  const d = field.default;
  const shown = typeof d === "string" ? `"${d}"` : JSON.stringify(d);
  return [
    field.description,
    d !== undefined ? `Default: \`${shown}\`.` : "",
    field.change === "replace"
      ? `Changing it replaces the resource${field.todays?.change === "update" ? " (on rdbms-default it changes in place)" : ""}.`
      : "",
    field.todays?.change === "refused" ? "Refused on rdbms-default." : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** The lines of an arguments interface (the table's inputs for `engine`). */
export function argumentLines(table: FieldFacts, engine: EngineType | undefined, use: TypeUse): string {
  return Object.entries(table)
    .filter(([, f]) => f.change !== "output" && (!engine || !f.engines || f.engines.includes(engine)))
    .map(([k, f]) => `${doc(argumentDoc(f), "  ")}  ${k}${f.required ? "" : "?"}: ${inputType(f, engine, use)};\n`)
    .join("");
}

/** The output properties of a class: the table's outputs and the inputs it also exposes. */
export function outputLines(table: FieldFacts, engine: EngineType | undefined, use: TypeUse): string {
  return Object.entries(table)
    .filter(([, f]) => (f.change === "output" || f.output) && (!engine || !f.engines || f.engines.includes(engine)))
    .map(
      ([k, f]) =>
        `${doc(f.description + (f.secret ? " Secret." : ""), "  ")}  declare public readonly ${k}: pulumi.Output<${outputType(f, use)}>;\n`,
    )
    .join("");
}
