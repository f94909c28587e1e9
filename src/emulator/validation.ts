import type { FastifySchemaValidationError } from "fastify";
import type { ErrorEntry } from "./failures.js";

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

/** Converts ajv errors of a body schema into API error entries, one per offending field. */
export function validationErrors(errors: FastifySchemaValidationError[]): ErrorEntry[] {
  return errors.map((e) => {
    const params = e.params as Record<string, unknown>;
    const child =
      e.keyword === "required"
        ? String(params.missingProperty)
        : e.keyword === "additionalProperties"
          ? String(params.additionalProperty)
          : undefined;
    const field = fieldName(e.instancePath, child);
    let reason = e.keyword === "required" ? "Required" : (e.message ?? "Invalid value");
    if (e.keyword === "additionalProperties") reason = UNKNOWN_FIELD;
    if (e.keyword === "enum") reason = `Must be one of: ${(params.allowedValues as unknown[]).join(", ")}`;
    if (e.keyword === "type" && !field) reason = "Request body must be a JSON object";
    reason = reason.charAt(0).toUpperCase() + reason.slice(1);
    return field ? { field, reason } : { reason };
  });
}
