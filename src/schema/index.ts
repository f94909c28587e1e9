/**
 * The Pulumi package schema of `cloudplatform`, generated from the list of resources and their
 * field tables: the resources, the look-ups as functions, the shared object types and the provider
 * configuration. `npm run generate` writes it to schema.json; a test fails when the checked-in file
 * is stale, and another binds it with Pulumi's own schema package (scripts/pulumi-toolchain/schema-bind).
 */
import type { EngineType } from "../client/index.js";
import { RESOURCE_LIST } from "../resources/list.js";
import { typeOn, type Field, type FieldFacts, type FieldType } from "../shared/fields/table.js";
import { PACKAGE, token } from "../shared/engine/package.js";
import { FUNCTIONS, RESULT_TYPES } from "./functions.js";
import { SHARED_TYPES } from "./object-types.js";
import type { PackageSchema, SchemaObjectType, SchemaProperty, SchemaResource } from "./pulumi-schema.js";

/** The shared object types and the look-ups' result types, by schema name, each with what it is. */
const OBJECT_TYPES: Record<string, [string, FieldFacts, string?]> = { ...SHARED_TYPES, ...RESULT_TYPES };

function typeOf(type: FieldType): SchemaProperty {
  if (type === "id") return { type: "integer" };
  if (typeof type === "string") return { type };
  if ("array" in type) return { type: "array", items: typeOf(type.array) };
  if ("map" in type) return { type: "object", additionalProperties: typeOf(type.map) };
  return { $ref: `#/types/${token(type.ref)}` };
}

/** Schema defaults are for primitives only; a list's default stays in the description. */
function defaultOf(field: Omit<Field, "api">): SchemaProperty {
  const d = field.default;
  return typeof d === "string" || typeof d === "number" || typeof d === "boolean" ? { default: d } : {};
}

function property(field: Omit<Field, "api">, as: "input" | "output", engine?: EngineType): SchemaProperty {
  const type = as === "output" ? (field.outputType ?? typeOn(field, engine)) : typeOn(field, engine);
  return {
    ...typeOf(type),
    description: field.description,
    ...(as === "input" ? defaultOf(field) : {}),
    ...(field.secret ? { secret: true } : {}),
    ...(as === "output" && field.change === "replace" ? { replaceOnChanges: true } : {}),
  };
}

function resource(table: FieldFacts, description: string, engine?: EngineType): SchemaResource {
  const fields = Object.entries(table).filter(([, f]) => !engine || !f.engines || f.engines.includes(engine));
  const inputs = fields.filter(([, f]) => f.change !== "output");
  const outputs = fields.filter(([, f]) => f.change === "output" || f.output);
  const required = (list: typeof fields) => list.filter(([, f]) => f.required).map(([k]) => k);
  return {
    description,
    properties: Object.fromEntries(outputs.map(([k, f]) => [k, property(f, "output", engine)])),
    required: required(outputs),
    inputProperties: Object.fromEntries(inputs.map(([k, f]) => [k, property(f, "input", engine)])),
    requiredInputs: required(inputs),
  };
}

function objectType(table: FieldFacts, as: "input" | "output"): SchemaObjectType {
  const fields = Object.entries(table);
  return {
    type: "object",
    properties: Object.fromEntries(fields.map(([k, f]) => [k, property(f, as)])),
    ...(fields.some(([, f]) => f.required) ? { required: fields.filter(([, f]) => f.required).map(([k]) => k) } : {}),
  };
}

/** The provider configuration: the stack configuration keys, and the inputs of an explicit provider. */
export const CONFIG: Record<string, SchemaProperty> = {
  apiUrl: {
    type: "string",
    description:
      "Base URL of the API, without /v4; plain http is refused unless the host is loopback or allowInsecureHttp is set.",
    defaultInfo: { environment: ["CLOUDPLATFORM_API_URL"] },
  },
  token: {
    type: "string",
    description: "API token; never an input or output of a resource.",
    secret: true,
    defaultInfo: { environment: ["CLOUDPLATFORM_TOKEN"] },
  },
  allowInsecureHttp: {
    type: "boolean",
    description: "Allow a plain http API URL whose host is not loopback (an emulator reached by name in CI).",
    defaultInfo: { environment: ["CLOUDPLATFORM_ALLOW_INSECURE_HTTP"] },
  },
  databasePlatform: {
    type: "string",
    description:
      'The platform new databases are made on, "rdbms-legacy" or "rdbms-default"; left out, told from the engine catalogue (major-only ids such as mysql/8 are rdbms-default).',
    defaultInfo: { environment: ["CLOUDPLATFORM_DATABASE_PLATFORM"] },
  },
};

/** The package schema, as schema.json holds it. */
export function generateSchema(version: string): PackageSchema {
  return {
    name: PACKAGE,
    displayName: "Cloud Platform",
    version,
    description:
      "VPCs, subnets, managed MySQL and PostgreSQL databases and their snapshots of the Cloud Platform API v4.",
    license: "Apache-2.0",
    keywords: ["pulumi", PACKAGE, "category/cloud"],
    config: { variables: CONFIG },
    provider: {
      description: `The provider of the ${PACKAGE} package: the API URL and token.`,
      properties: CONFIG,
      inputProperties: CONFIG,
    },
    resources: Object.fromEntries(
      RESOURCE_LIST.map((r) => [token(r.name), resource(r.table, r.description, r.engine)]),
    ),
    functions: Object.fromEntries(
      Object.entries(FUNCTIONS).map(([name, fn]) => [
        token(name),
        {
          description: fn.description,
          inputs: objectType(fn.inputs, "input"),
          outputs: objectType(fn.outputs, "output"),
        },
      ]),
    ),
    types: Object.fromEntries(
      Object.entries(OBJECT_TYPES).map(([name, [description, table]]) => [
        token(name),
        {
          description,
          ...objectType(table, Object.values(table).some((f) => f.change === "output") ? "output" : "input"),
        },
      ]),
    ),
  };
}
