/**
 * JSON schemas of request bodies, validated by fastify's ajv before any handler runs. Type and
 * bound checks live here; rules that need state or friendlier reasons (labels, ranges, uniqueness)
 * live in the models. Every object is closed (`additionalProperties: false`): the real API answers
 * a body key the operation does not define with a 400 naming it (api-behaviour.md, HTTP), so a
 * client that sends one must fail here too, not first in production.
 */
import { settingsSchema } from "./databases/settings.js";

const str = { type: "string" } as const;

const closed = { additionalProperties: false } as const;

const subnetCreate = {
  type: "object",
  ...closed,
  required: ["label", "ipv4"],
  properties: { label: str, ipv4: str },
} as const;

/** POST /vpcs. */
export const vpcCreate = {
  type: "object",
  ...closed,
  required: ["label", "region"],
  properties: {
    label: str,
    region: str,
    description: { type: "string", maxLength: 255 },
    subnets: { type: "array", items: subnetCreate },
  },
} as const;

/** PUT /vpcs/{vpcId}. */
export const vpcUpdate = {
  type: "object",
  ...closed,
  properties: { label: str, description: { type: "string", maxLength: 255 } },
} as const;

/** POST /vpcs/{vpcId}/subnets. */
export const subnetCreateBody = subnetCreate;

/** PUT /vpcs/{vpcId}/subnets/{vpcSubnetId}. */
export const subnetUpdate = { type: "object", ...closed, properties: { label: str } } as const;

const COMMIT_TYPES = ["on", "local", "remote_write", "remote_apply", "off"];

/** POST /databases/{engine}/instances; PostgreSQL also takes `async` for `asynch`. */
export function databaseCreate(engine: "mysql" | "postgresql") {
  return {
    type: "object",
    ...closed,
    required: ["label", "region", "type", "engine"],
    properties: {
      label: str,
      region: str,
      type: str,
      engine: str,
      cluster_size: { type: "integer", enum: [1, 3] },
      ...settingsSchema("create"),
      replication_type: {
        type: "string",
        enum: engine === "mysql" ? ["none", "asynch", "semi_synch"] : ["none", "asynch", "async"],
      },
      // MySQL: any value is refused by the model with a clear reason.
      replication_commit_type: engine === "postgresql" ? { type: "string", enum: COMMIT_TYPES } : {},
      allow_list: { type: "array", items: str },
    },
  };
}

/** PUT /databases/{engine}/instances/{instanceId}. */
export const databaseUpdate = {
  type: "object",
  ...closed,
  properties: {
    label: str,
    allow_list: { type: "array", items: str },
    type: str,
    ...settingsSchema("update"),
    updates: {
      type: "object",
      ...closed,
      properties: {
        frequency: { type: "string", enum: ["weekly", "monthly"] },
        duration: { type: "integer", minimum: 1, maximum: 3 },
        hour_of_day: { type: "integer", minimum: 0, maximum: 23 },
        day_of_week: { type: "integer", minimum: 1, maximum: 7 },
        week_of_month: { type: "integer", minimum: 1, maximum: 4, nullable: true },
      },
    },
  },
} as const;

/** POST /databases/{engine}/instances/{instanceId}/backups. */
export const snapshotCreate = {
  type: "object",
  ...closed,
  required: ["label"],
  properties: {
    label: { type: "string", minLength: 1, maxLength: 30, pattern: "^[A-Za-z0-9_]+$" },
    target: { type: "string", enum: ["primary", "secondary"] },
  },
} as const;
