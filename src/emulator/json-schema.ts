/**
 * The JSON Schema keywords the emulator's request schemas use (fastify's ajv validates them). Its
 * `type` is JSON Schema's word for a value's kind, not the API's field: declaring the keywords
 * keeps the two apart, and a misspelt keyword a type error rather than a schema ajv ignores.
 */

/** A request body's schema, or one of its parts. */
export interface JsonSchema {
  type?: "object" | "array" | "string" | "integer" | "number" | "boolean";
  properties?: Readonly<Record<string, JsonSchema>>;
  required?: readonly string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  enum?: readonly unknown[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxItems?: number;
}
