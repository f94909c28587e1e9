import type { FastifySchemaValidationError } from "fastify";
import { ruleReason, type Bounds, type BoundsRule } from "../api/index.js";
import type { ErrorEntry } from "./failures.js";
import type { JsonSchema } from "./json-schema.js";

/** The declared rule each ajv keyword checks, whose reason src/api words. */
const RULES: Record<string, BoundsRule> = {
  type: "type",
  enum: "enum",
  minimum: "range",
  maximum: "range",
  minLength: "length",
  maxLength: "length",
  pattern: "pattern",
  maxItems: "items",
};

/** `/subnets/0/ipv4` → `subnets[0].ipv4`, the API's way of naming nested fields. */
export function fieldName(instancePath: string, child?: string): string | undefined {
  const parts = instancePath.split("/").filter(Boolean);
  if (child !== undefined) parts.push(child);
  let out = "";
  for (const part of parts) out += /^[0-9]+$/.test(part) ? `[${part}]` : out ? `.${part}` : part;
  return out || undefined;
}

/** The reason of a body key the operation does not define (the API's text is not published). */
export const UNKNOWN_FIELD = "Unknown field: not accepted by this operation";

/**
 * Converts ajv errors of a body schema into API error entries, one per offending field, each
 * declared rule worded by src/api (rules.ts), as the providers' check words it at preview. Needs
 * ajv's `verbose` errors, which carry the schema the value broke.
 */
export function validationErrors(errors: FastifySchemaValidationError[]): ErrorEntry[] {
  // ajv reports each keyword a value breaks (null for a string of an enum: type and enum); the
  // API names a field once, for the first rule it breaks (src/api rules.ts checks in that order).
  const named = new Set<string>();
  return entries(errors).filter((e) => !e.field || (!named.has(e.field) && named.add(e.field)));
}

function entries(errors: FastifySchemaValidationError[]): ErrorEntry[] {
  return errors.map((e) => {
    const params = e.params as Record<string, unknown>;
    const child =
      e.keyword === "required"
        ? String(params.missingProperty)
        : e.keyword === "additionalProperties"
          ? String(params.additionalProperty)
          : undefined;
    const field = fieldName(e.instancePath, child);
    // The schema the value broke is made from the field's declaration (schemas.ts): the same keys.
    const declared = ((e as { parentSchema?: Bounds }).parentSchema ?? {}) as Bounds;
    const rule = RULES[e.keyword];
    let reason =
      e.keyword === "required" ? "Required" : rule ? ruleReason(rule, declared) : (e.message ?? "Invalid value");
    if (e.keyword === "additionalProperties") reason = UNKNOWN_FIELD;
    // JSON Schema's keyword, not the API's field of that name.
    if (e.keyword === ("type" satisfies keyof JsonSchema) && !field) reason = "Request body must be a JSON object";
    reason = reason.charAt(0).toUpperCase() + reason.slice(1);
    return field ? { field, reason } : { reason };
  });
}
