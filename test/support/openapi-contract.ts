/**
 * The published description of the real API (test/fixtures/openapi/linode-api.json) as stored, and
 * where the contract differs from it: its field renames and added fields from the API model (src/api,
 * a field's `published`), the rest from test/fixtures/openapi/contract-differences.json; and the
 * request bodies the model lets each operation carry. test/support/openapi.ts builds the validators.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  BACKUP,
  DATABASE,
  ENTITIES,
  SUBNET,
  VPC,
  createNames,
  PLATFORMS,
  CONTRACT_PLATFORM,
  type Platform,
  updateNames,
  type ApiField,
  type Engine,
  type Entity,
} from "../../src/api/index.js";

/** A JSON schema node of the description, with the parts the validators read. */
export type Schema = Record<string, unknown> & {
  $ref?: string;
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  type?: string;
  readOnly?: boolean;
};

/** The fixture's operation entry (only what the validators read). */
export interface Operation {
  requestBody?: { content: { "application/json": { schema: Schema } } };
  responses: { 200: { content: { "application/json": { schema: Schema } } } };
}

/** The published subset: its source and the paths and components the tests need. */
export interface PublishedDescription {
  source: { repository: string; commit: string; path: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** A field the contract names otherwise than the published description, from the API model. */
export interface Rename {
  schema: string;
  published: string;
  contract: string;
  contract_line: string;
}

/** A field the contract (the API model) has and the published description lacks. */
export interface Added {
  schema: string;
  /** Its wire name, or its dotted path inside the component (`hosts.standby`). */
  field: string;
  declared: ApiField;
}

/** Where the contract differs from the published description, each with the contract's line. */
export interface ContractDifferences {
  paths: { contract: string; published: string; contract_line: string }[];
  fields: Rename[];
  added: Added[];
  values: { schema: string; field: string; also: string; contract_line: string }[];
  entries: { schema: string; without: string; contract_line: string }[];
  answers: { operation: string; envelope: string; contract_line: string; choice: string }[];
}

const FIXTURES = join(__dirname, "..", "fixtures", "openapi");

/** The published subset, as stored. */
export const published = JSON.parse(readFileSync(join(FIXTURES, "linode-api.json"), "utf8")) as PublishedDescription;

/** The components of the published description an entity of the model is. */
export const componentsOf = (e: Entity): readonly string[] =>
  e.published === undefined ? [] : typeof e.published === "string" ? [e.published] : e.published;
/** An entity's fields and, by dotted path, those of the objects and lists it holds (`hosts.standby`). */
const fieldsOf = (e: Entity, prefix = ""): { field: string; f: ApiField }[] =>
  Object.entries(e.fields).flatMap(([name, f]) => {
    const nested = typeof f.type === "object" ? ("object" in f.type ? f.type.object : f.type.array) : undefined;
    return [{ field: prefix + name, f }, ...(nested ? fieldsOf(nested, `${prefix}${name}.`) : [])];
  });
const modelFields = Object.values(ENTITIES as Record<string, Entity>).flatMap((e) =>
  componentsOf(e).flatMap((schema) => fieldsOf(e).map(({ field, f }) => ({ schema, field, f }))),
);

/** The contract's differences: the stored ones, and the model's renames and added fields. */
export const differences: ContractDifferences = {
  ...(JSON.parse(readFileSync(join(FIXTURES, "contract-differences.json"), "utf8")) as Omit<
    ContractDifferences,
    "fields" | "added"
  >),
  // A nested entity's renames are its own component's (a VPC's subnets are `VPCSubnet`s).
  fields: modelFields
    .filter(({ field, f }) => typeof f.published === "string" && !field.includes("."))
    .map(({ schema, field, f }) => ({
      schema,
      published: f.published as string,
      contract: field,
      contract_line: f.source,
    })),
  added: modelFields
    .filter(({ f }) => f.published === false)
    .map(({ schema, field, f }) => ({ schema, field, declared: f })),
};

/** The request bodies of the contract's operations: the entity each one creates or updates. */
export const BODIES: Record<string, [Entity, "create" | "update", Engine?]> = {
  "POST /vpcs": [VPC, "create"],
  "PUT /vpcs/{vpcId}": [VPC, "update"],
  "POST /vpcs/{vpcId}/subnets": [SUBNET, "create"],
  "PUT /vpcs/{vpcId}/subnets/{vpcSubnetId}": [SUBNET, "update"],
  "POST /databases/mysql/instances": [DATABASE, "create", "mysql"],
  "POST /databases/postgresql/instances": [DATABASE, "create", "postgresql"],
  "PUT /databases/mysql/instances/{instanceId}": [DATABASE, "update"],
  "PUT /databases/postgresql/instances/{instanceId}": [DATABASE, "update"],
  "POST /databases/mysql/instances/{instanceId}/backups": [BACKUP, "create"],
  "POST /databases/postgresql/instances/{instanceId}/backups": [BACKUP, "create"],
};

/** The wire names the model lets the body of an operation carry. */
export function modelBodyFields(operation: string): string[] {
  const [entity, on, engine] = BODIES[operation]!;
  const names = (p: Platform) => (on === "create" ? createNames(entity, engine, p) : updateNames(entity, p));
  // One body serves every platform: a field the description lacks (published: false) that only
  // another platform takes (`fork`) is in it too; a described one keeps the description's bodies.
  const others = PLATFORMS.flatMap(names).filter((n) => entity.fields[n]!.published === false);
  return [...new Set([...names(CONTRACT_PLATFORM), ...others])];
}
