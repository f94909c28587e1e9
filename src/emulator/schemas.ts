/**
 * JSON schemas of request bodies, validated by fastify's ajv before any handler runs, read from
 * the API model (src/api): each field's type, enum and bounds, whose refusals src/api words
 * (validation.ts). Rules that need state or more than the declaration (a label's characters,
 * ranges, uniqueness) live in the models. Every object is closed (`additionalProperties: false`): the real API answers
 * a body key the operation does not define with a 400 naming it (api-behaviour.md, HTTP), so a
 * client that sends one must fail here too, not first in production.
 */
import {
  BACKUP,
  DATABASE,
  fieldOn,
  knownToCreate,
  narrowedByPlatform,
  PLATFORMS,
  SUBNET,
  updatedOnAny,
  VPC,
  type ApiField,
  type Engine,
  type Entity,
  type WireType,
} from "../api/index.js";
import type { JsonSchema } from "./json-schema.js";

type Json = JsonSchema;

function valueSchema(
  type: WireType,
  f: ApiField | undefined,
  engine: Engine | undefined,
  on: "create" | "update",
): Json {
  if (typeof type === "object") {
    if ("array" in type)
      return {
        type: "array",
        items: bodySchema(type.array, "create", engine),
        ...(f?.maxItems !== undefined ? { maxItems: f.maxItems } : {}),
        ...(f?.nullable ? { nullable: true } : {}),
      };
    // An object of no declared keys (engine settings) holds the API's own keys: its area judges them.
    const inner: Json =
      Object.keys(type.object.fields).length > 0 ? bodySchema(type.object, on, engine) : { type: "object" };
    return f?.nullable ? { ...inner, nullable: true } : inner;
  }
  if (type === "strings") return { type: "array", items: { type: "string" } };
  if (type === "integers") return { type: "array", items: { type: "integer" } };
  const out: Json = { type: type === "date-time" ? "string" : type };
  if (!f) return out;
  if (narrowedByPlatform(f)) return { ...out, ...platformsUnion(f) };
  const values = (engine && f.requestEnum?.[engine]) ?? f.enum;
  if (values) out.enum = values;
  for (const bound of ["minLength", "maxLength", "pattern", "minimum", "maximum"] as const)
    if (f[bound] !== undefined) Object.assign(out, { [bound]: f[bound] });
  if (f.nullable) out.nullable = true;
  return out;
}

/**
 * The values every platform takes together (fieldOn): an enum where each platform has one (a
 * fixed value counts as one), no bounds; each platform's own check (`platformRefusal`) narrows it
 * once the database's platform is known.
 */
function platformsUnion(f: ApiField): Json {
  const ons = PLATFORMS.map((p) => fieldOn(f, p));
  const enums = ons.map((on) => (on.fixed !== undefined ? [on.fixed] : on.enum));
  const out: Json = {};
  if (enums.every((e) => e !== undefined)) out.enum = [...new Set(enums.flat())];
  if (f.nullable || ons.some((on) => on.fixed === null)) out.nullable = true;
  return out;
}

/**
 * The closed schema of a create or update body of `entity` (for `engine`). A field of the other
 * engine is let through to the model, which refuses it naming why.
 */
export function bodySchema(entity: Entity, on: "create" | "update", engine?: Engine): Json {
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  for (const [name, f] of Object.entries(entity.fields)) {
    if (on === "create" ? !knownToCreate(f) : !updatedOnAny(f)) continue;
    if (engine && f.engines && !f.engines.includes(engine)) {
      properties[name] = {};
      continue;
    }
    properties[name] = f.request
      ? valueSchema(f.request.type, undefined, engine, on)
      : valueSchema(f.type, f, engine, on);
    if (on === "create" && f.create === "required") required.push(name);
  }
  return { type: "object", additionalProperties: false, ...(required.length ? { required } : {}), properties };
}

/** POST /vpcs. */
export const vpcCreate = bodySchema(VPC, "create");

/** PUT /vpcs/{vpcId}. */
export const vpcUpdate = bodySchema(VPC, "update");

/** POST /vpcs/{vpcId}/subnets. */
export const subnetCreateBody = bodySchema(SUBNET, "create");

/** PUT /vpcs/{vpcId}/subnets/{vpcSubnetId}. */
export const subnetUpdate = bodySchema(SUBNET, "update");

/** POST /databases/{engine}/instances; PostgreSQL also takes `async` for `asynch`. */
export function databaseCreate(engine: Engine) {
  return bodySchema(DATABASE, "create", engine);
}

/** PUT /databases/{engine}/instances/{instanceId}. */
export const databaseUpdate = bodySchema(DATABASE, "update");

/** POST /databases/{engine}/instances/{instanceId}/backups. */
export const snapshotCreate = bodySchema(BACKUP, "create");
