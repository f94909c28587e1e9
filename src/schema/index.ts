/**
 * The Pulumi package schema of `cloudplatform`, generated from the field tables: the five
 * resources, the look-ups as functions, the shared object types and the provider configuration.
 * `npm run schema` writes it to schema.json; a test fails when the checked-in file is stale, and
 * another binds it with Pulumi's own schema package (scripts/pulumi-toolchain/schema-bind).
 */
import type { EngineType } from "../client/index.js";
import { DATABASE_FIELDS } from "../resources/managed-database/fields.js";
import type { Field, FieldFacts, FieldType } from "../shared/fields.js";
import { SUBNET_FIELDS, VPC_FIELDS } from "../resources/vpc/fields.js";
import { SNAPSHOT_FIELDS } from "../resources/database-snapshot/fields.js";
import { FUNCTIONS, RESULT_TYPES } from "./functions.js";
import { SHARED_TYPES } from "./types.js";

/** The package name, and the module of every token: `cloudplatform:index:<Name>`. */
export const PACKAGE = "cloudplatform";
const token = (name: string): string => `${PACKAGE}:index:${name}`;

/** One property of the schema. */
export type SchemaProperty = Record<string, unknown>;

/** The resources of the package, each with its table (and engine, for the databases). */
export const RESOURCES: { name: string; description: string; table: FieldFacts; engine?: EngineType }[] = [
  {
    name: "Vpc",
    description: "A private network in one region, optionally with inline subnets.",
    table: VPC_FIELDS,
  },
  {
    name: "VpcSubnet",
    description: "One IPv4 range of a VPC, managed on its own.",
    table: SUBNET_FIELDS,
  },
  {
    name: "MysqlDatabase",
    description: "A managed MySQL database: a single node or a three-node cluster.",
    table: DATABASE_FIELDS,
    engine: "mysql",
  },
  {
    name: "PostgresqlDatabase",
    description: "A managed PostgreSQL database: a single node or a three-node cluster.",
    table: DATABASE_FIELDS,
    engine: "postgresql",
  },
  {
    name: "DatabaseSnapshot",
    description: "An on-demand snapshot backup of a managed database; every argument but timeouts replaces it.",
    table: SNAPSHOT_FIELDS,
  },
];

/** The shared object types and the look-ups' result types, by schema name, each with what it is. */
const OBJECT_TYPES: Record<string, [string, FieldFacts]> = { ...SHARED_TYPES, ...RESULT_TYPES };

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

function property(field: Omit<Field, "api">, as: "input" | "output"): SchemaProperty {
  const type = as === "output" ? (field.outputType ?? field.type) : field.type;
  return {
    ...typeOf(type),
    description: field.description,
    ...(as === "input" ? defaultOf(field) : {}),
    ...(field.secret ? { secret: true } : {}),
    ...(as === "output" && field.change === "replace" ? { replaceOnChanges: true } : {}),
  };
}

function resource(table: FieldFacts, description: string, engine?: EngineType): SchemaProperty {
  const fields = Object.entries(table).filter(([, f]) => !engine || !f.engines || f.engines.includes(engine));
  const inputs = fields.filter(([, f]) => f.change !== "output");
  const outputs = fields.filter(([, f]) => f.change === "output" || f.output);
  const required = (list: typeof fields) => list.filter(([, f]) => f.required).map(([k]) => k);
  return {
    description,
    properties: Object.fromEntries(outputs.map(([k, f]) => [k, property(f, "output")])),
    required: required(outputs),
    inputProperties: Object.fromEntries(inputs.map(([k, f]) => [k, property(f, "input")])),
    requiredInputs: required(inputs),
  };
}

function objectType(table: FieldFacts, as: "input" | "output"): SchemaProperty {
  const fields = Object.entries(table);
  return {
    type: "object",
    properties: Object.fromEntries(fields.map(([k, f]) => [k, property(f, as)])),
    ...(fields.some(([, f]) => f.required) ? { required: fields.filter(([, f]) => f.required).map(([k]) => k) } : {}),
  };
}

const CONFIG: Record<string, SchemaProperty> = {
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
};

/** The package schema, as schema.json holds it. */
export function generateSchema(version: string): Record<string, unknown> {
  return {
    name: PACKAGE,
    displayName: "Cloud Platform",
    version,
    description:
      "VPCs, subnets, managed MySQL and PostgreSQL databases and their snapshots of the Cloud Platform API v4.",
    license: "Apache-2.0",
    keywords: ["pulumi", "cloudplatform", "category/cloud"],
    config: { variables: CONFIG },
    provider: {
      description: "The provider of the cloudplatform package: the API URL and token.",
      properties: CONFIG,
      inputProperties: CONFIG,
    },
    resources: Object.fromEntries(RESOURCES.map((r) => [token(r.name), resource(r.table, r.description, r.engine)])),
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
