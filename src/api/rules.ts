/**
 * The rules a field's declaration states (type, nullability, enum, bounds, length, pattern,
 * engines) and the API's wording of each refusal, written once: the emulator answers a request
 * body with these reasons, and the providers' check refuses the same values with the same text at
 * preview. The contract does not show the API's reason texts; these are the project's reading.
 */
import type { ApiField, Engine, WireType } from "./field.js";

/** What a rule reads of a field: its declaration, or a JSON schema made from it (the same keys). */
export interface Bounds {
  readonly type?: WireType | "number" | "array" | "object";
  readonly enum?: readonly unknown[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly maxItems?: number;
}

/** The rules, by the name a refusal reports. */
export type RuleName = "type" | "enum" | "range" | "length" | "pattern" | "items" | "engines";
/** The rules of a field's bounds, which a JSON schema checks too (all but the engines' own). */
export type BoundsRule = Exclude<RuleName, "engines">;

const TYPE_NAMES: Record<string, string> = {
  string: "a string",
  "date-time": "a string",
  integer: "an integer",
  number: "a number",
  boolean: "true or false",
  strings: "a list of strings",
  integers: "a list of integers",
  array: "a list",
  object: "an object",
};

const ENGINE_NAMES: Record<Engine, string> = { mysql: "MySQL", postgresql: "PostgreSQL" };

function typeName(type: Bounds["type"]): string {
  if (type === undefined) return "a value";
  if (typeof type === "object") return "array" in type ? "a list" : "an object";
  return TYPE_NAMES[type] ?? `a ${type}`;
}

/** The API's reason for a value that breaks `rule` of a field with these bounds. */
export function ruleReason(rule: BoundsRule, b: Bounds): string {
  switch (rule) {
    case "type":
      return `Must be ${typeName(b.type)}`;
    case "enum":
      return `Must be one of: ${(b.enum ?? []).join(", ")}`;
    case "range":
      if (b.minimum !== undefined && b.maximum !== undefined) return `Must be between ${b.minimum} and ${b.maximum}`;
      return b.minimum !== undefined ? `Must be at least ${b.minimum}` : `Must be at most ${b.maximum}`;
    case "length":
      if (b.minLength !== undefined && b.maxLength !== undefined)
        return `Length must be ${b.minLength}-${b.maxLength} characters`;
      return b.minLength !== undefined
        ? `Length must be at least ${b.minLength} characters`
        : `Length must be at most ${b.maxLength} characters`;
    case "pattern":
      return `Must match the pattern ${b.pattern}`;
    case "items":
      return `Must hold at most ${b.maxItems} ${b.maxItems === 1 ? "entry" : "entries"}`;
  }
}

/** The API's reason for a field of one engine's databases in a request to the other's. */
export function enginesReason(wire: string, engines: readonly Engine[]): string {
  return `Only ${engines.map((e) => ENGINE_NAMES[e]).join(" and ")} databases accept ${wire}`;
}

/** One refusal: the wire path of the field (`updates.duration`, `subnets[0].label`) and the API's reason. */
export interface Refusal {
  readonly field: string;
  readonly reason: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Whether `value` has the JSON type of `type` (null is no type's value). */
function hasType(type: WireType, value: unknown): boolean {
  if (typeof type === "object") return "array" in type ? Array.isArray(value) : isObject(value);
  if (type === "integer") return Number.isInteger(value);
  if (type === "boolean") return typeof value === "boolean";
  if (type === "strings" || type === "integers") return Array.isArray(value);
  return typeof value === "string";
}

/**
 * What the API refuses of `value` sent as `field` (wire name `wire`) in a request for `engine`:
 * the first broken rule of the field, or of each part of a list or object of another entity (the
 * parts an update of it takes). A value not sent (undefined) breaks nothing; null breaks the type
 * unless the field is nullable. Keys the entity lacks are the caller's to refuse.
 */
export function fieldProblems(wire: string, field: ApiField, value: unknown, engine?: Engine): Refusal[] {
  if (value === undefined) return [];
  if (engine && field.engines && !field.engines.includes(engine))
    return [{ field: wire, reason: enginesReason(wire, field.engines) }];
  if (value === null) return field.nullable ? [] : [{ field: wire, reason: ruleReason("type", field) }];
  const type = field.request?.type ?? field.type;
  if (!hasType(type, value)) return [{ field: wire, reason: ruleReason("type", { type }) }];
  if (Array.isArray(value) && field.maxItems !== undefined && value.length > field.maxItems)
    return [{ field: wire, reason: ruleReason("items", field) }];
  if (typeof type === "object") {
    if ("array" in type) {
      const items = type.array.fields;
      return (value as unknown[]).flatMap((item, i) =>
        isObject(item)
          ? entityProblems(`${wire}[${i}]`, items, item, "create", engine)
          : [{ field: `${wire}[${i}]`, reason: ruleReason("type", { type: "object" }) }],
      );
    }
    return entityProblems(wire, type.object.fields, value as Record<string, unknown>, "update", engine);
  }
  if (type === "strings" || type === "integers") {
    const item = type === "strings" ? "string" : "integer";
    return (value as unknown[]).flatMap((v, i) =>
      hasType(item, v) ? [] : [{ field: `${wire}[${i}]`, reason: ruleReason("type", { type: item }) }],
    );
  }
  const reason = scalarProblem(field, value, engine);
  return reason === undefined ? [] : [{ field: wire, reason }];
}

function entityProblems(
  path: string,
  fields: Readonly<Record<string, ApiField>>,
  value: Record<string, unknown>,
  on: "create" | "update",
  engine: Engine | undefined,
): Refusal[] {
  return Object.entries(fields)
    .filter(([, f]) => (on === "create" ? f.create : f.update))
    .flatMap(([k, f]) => fieldProblems(`${path}.${k}`, f, value[k], engine));
}

/** The first rule a scalar of the right type breaks: enum, then bounds, length and pattern. */
function scalarProblem(field: ApiField, value: unknown, engine: Engine | undefined): string | undefined {
  if (field.request) return undefined;
  const values = (engine && field.requestEnum?.[engine]) ?? field.enum;
  return boundsProblem({ ...field, enum: values }, value);
}

/**
 * The first of `b`'s value rules that `value` (of the right type) breaks, worded by ruleReason:
 * its enum, then its bounds, length and pattern. Any declaration of bounds reads it: a model
 * field's, or a setting of the API's own description of engine settings.
 */
export function boundsProblem(b: Bounds, value: unknown): string | undefined {
  if (b.enum && !b.enum.includes(value)) return ruleReason("enum", b);
  if (typeof value === "number") {
    if ((b.minimum !== undefined && value < b.minimum) || (b.maximum !== undefined && value > b.maximum))
      return ruleReason("range", b);
  }
  if (typeof value === "string") {
    const length = [...value].length;
    if ((b.minLength !== undefined && length < b.minLength) || (b.maxLength !== undefined && length > b.maxLength))
      return ruleReason("length", b);
    if (b.pattern !== undefined && !new RegExp(b.pattern, "u").test(value)) return ruleReason("pattern", b);
  }
  return undefined;
}
