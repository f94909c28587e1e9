/**
 * API values as program expressions, each checked against the type its field declares. The API's
 * answer is not trusted to be code-free: a value of the wrong type, or an object key that the
 * field's type does not name, is refused here and never reaches the renderer.
 */
import type { FieldType } from "../shared/fields/table.js";
import { SHARED_TYPES } from "../schema/object-types.js";
import { literal, type Expr } from "./references.js";

/** A value the API answered that does not have the type of its field; the object is left out. */
export class UnwritableValue extends Error {}

/** How a refused value is shown: JSON, shortened, so a huge answer does not flood the summary. */
function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(typeof value);
  } catch {
    text = typeof value;
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function refuse(path: string, what: string, value: unknown): never {
  throw new UnwritableValue(`${path} must be ${what}, the API answered ${shown(value)}`);
}

/** A positive safe integer, the only form of id the program writes. */
export function idValue(value: unknown, path: string): number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : refuse(path, "an id", value);
}

/**
 * The expression of `value` read as `type`. Objects of a shared type are written with the keys
 * their type names only, in the type's order; null and absent entries are left out, as the
 * arguments leave them out.
 */
export function typedExpr(value: unknown, type: FieldType, path: string): Expr {
  if (type === "id") return literal(idValue(value, path));
  if (type === "string") return typeof value === "string" ? literal(value) : refuse(path, "a string", value);
  if (type === "boolean") return typeof value === "boolean" ? literal(value) : refuse(path, "true or false", value);
  if (type === "integer")
    return Number.isSafeInteger(value) ? literal(value as number) : refuse(path, "an integer", value);
  if (type === "number")
    return typeof value === "number" && Number.isFinite(value) ? literal(value) : refuse(path, "a number", value);
  if ("array" in type) {
    if (!Array.isArray(value)) return refuse(path, "a list", value);
    return { kind: "array", items: value.map((item, i) => typedExpr(item, type.array, `${path}[${i}]`)) };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return refuse(path, "an object", value);
  const bag = value as Record<string, unknown>;
  if ("map" in type)
    return {
      kind: "object",
      entries: Object.keys(bag)
        .filter((k) => bag[k] !== null && bag[k] !== undefined)
        .map((k) => [
          k === "__proto__" ? refuse(path, "free of a __proto__ key", k) : k,
          typedExpr(bag[k], type.map, `${path}.${k}`),
        ]),
    };
  const facts = SHARED_TYPES[type.ref]?.[1];
  if (facts === undefined) throw new UnwritableValue(`${path} has a type the import cannot write (${type.ref})`);
  const entries: [string, Expr][] = [];
  for (const [k, f] of Object.entries(facts)) {
    const v = Object.prototype.hasOwnProperty.call(bag, k) ? bag[k] : undefined;
    if (v === null || v === undefined) {
      if (f.required) refuse(`${path}.${k}`, "set", v);
      continue;
    }
    entries.push([k, typedExpr(v, f.type, `${path}.${k}`)]);
  }
  return { kind: "object", entries };
}
