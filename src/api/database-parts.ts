/**
 * The objects a managed database's answer nests (its hosts, its maintenance window and the
 * maintenance planned, its nodes, its engine settings), the values of its status and replication
 * fields, and the shorthands for how each platform uses a database field.
 */
import { entity, type PlatformUse } from "./field.js";

/** A field only today's platform takes, on create and update; the contract's answers lack it. */
export const takenOnlyToday = (source: string) =>
  ({
    "rdbms-default": { create: "optional", update: true, source },
    "rdbms-legacy": { answer: false, source: "the contract lacks it" },
  }) as const;

/**
 * A database's engine settings: no fixed keys here, since the API describes
 * them itself (`GET /databases/{engine}/config`, recorded in engine-config/*.json and read by
 * engine-config.ts), nested as that description nests them.
 */
export const ENGINE_SETTINGS = entity({ name: "engine settings", fields: {} });

/** A field today's platform's answers lack. */
const notAnsweredToday = (source: string) => ({ "rdbms-default": { answer: false, source } }) as const;

/** A field only today's platform answers (the contract's answers lack it). */
export const answeredOnlyToday = (source: string) =>
  ({ "rdbms-legacy": { answer: false, source: `the contract's answers lack it; ${source}` } as PlatformUse }) as const;

/** A database's host names: the primary, and the secondary or standby where the platform has one. */
export const HOSTS = entity({
  name: "hosts",
  fields: {
    primary: {
      type: "string",
      nullable: true,
      source: "Managed database: | hosts | object | `primary` ... assigned after provisioning completes |",
    },
    secondary: {
      type: "string",
      nullable: true,
      platforms: notAnsweredToday("todays-platform.md §7.2: hosts are {primary, standby} (2025 recordings)"),
      source: "Managed database: | hosts | object | `secondary` ... assigned after provisioning completes |",
    },
    standby: {
      type: "string",
      absent: true,
      published: false,
      platforms: answeredOnlyToday("§7.2: hosts.standby on a cluster of 2 or 3 nodes; 1-node clusters lack it"),
      source:
        "todays-platform.md §7.2: | `hosts` | `standby` = `replica-` + same; set at create; 1-node clusters have only `primary` (no `standby` key) |",
    },
  },
});

/** A maintenance today's platform has planned (`updates.pending[]`, todays-platform.md §7.2). */
export const PENDING_UPDATE = entity({
  name: "pending update",
  fields: {
    deadline: {
      type: "date-time",
      nullable: true,
      source: "todays-platform.md §7.2: pending `deadline` `<ts>` or null",
    },
    description: {
      type: "string",
      source:
        "todays-platform.md §7.2: pending `description` (`Platform Updates`, `TimescaleDB version … is available.`)",
    },
    planned_for: {
      type: "date-time",
      nullable: true,
      source: "todays-platform.md §7.2: pending `planned_for` `<ts>` or null",
    },
  },
});

/** A database's nodes by address (`members`): no fixed keys, each value `primary` or `failover`. */
export const MEMBERS = entity({ name: "members", fields: {} });

/** The maintenance window for automatic OS patching (UTC); bounds from the published description. */
export const MAINTENANCE_WINDOW = entity({
  name: "maintenance window",
  fields: {
    frequency: {
      type: "string",
      update: true,
      enum: ["weekly", "monthly"],
      platforms: {
        "rdbms-default": {
          enum: ["weekly"],
          refusal: "Frequency must be weekly",
          source:
            "todays-platform.md §9: every answer weekly; TF/ANS allow only weekly; text attributed to TF #1979 (UNVERIFIED)",
        },
      },
      source: "Managed database, `updates`: | frequency | string (values seen: weekly, monthly) |",
    },
    duration: {
      type: "integer",
      update: true,
      minimum: 1,
      maximum: 3,
      platforms: {
        "rdbms-default": {
          enum: [4],
          refusal: "Duration must be 4",
          source:
            "todays-platform.md §9: every answer duration 4, PUT with 4 accepted; text attributed to TF #1979 (UNVERIFIED)",
        },
      },
      source: "published Database.updates.duration: integer 1..3",
    },
    hour_of_day: {
      type: "integer",
      update: true,
      minimum: 0,
      maximum: 23,
      source: "published Database.updates.hour_of_day: integer 0..23",
    },
    day_of_week: {
      type: "integer",
      update: true,
      minimum: 1,
      maximum: 7,
      source: "published Database.updates.day_of_week: integer 1..7",
    },
    week_of_month: {
      type: "integer",
      update: true,
      nullable: true,
      minimum: 1,
      maximum: 4,
      platforms: {
        "rdbms-default": {
          answer: false,
          fixed: null,
          refusal: "Must be null for a weekly maintenance window",
          source:
            "todays-platform.md §9: absent from answers; CM sends week_of_month null; a number: UNVERIFIED (refused, as on a weekly legacy window)",
        },
      },
      source: "Managed database, `updates`: | week_of_month | integer, nullable (null for weekly) |",
    },
    pending: {
      type: { array: PENDING_UPDATE },
      absent: true,
      published: false,
      platforms: answeredOnlyToday("todays-platform.md §7.2: updates.pending[] on every answer of today's platform"),
      source: "todays-platform.md §7.2, §9: read-only pending[] of {deadline, description, planned_for}",
    },
  },
});

/** Database statuses (the contract's "States and transitions"). */
export const DATABASE_STATUSES = [
  "provisioning",
  "active",
  "suspending",
  "suspended",
  "resuming",
  "restoring",
  "failed",
  "degraded",
  "updating",
  "backing_up",
  // Today's platform: a plan or cluster-size change (todays-platform.md §2.2, §7.4; CM's status union).
  "resizing",
] as const;

/** The replication modes (both engines' request values are `requestEnum`'s). */
export const REPLICATION_TYPES = ["none", "asynch", "semi_synch"] as const;

/** PostgreSQL's replication commit modes. */
export const REPLICATION_COMMIT_TYPES = ["on", "local", "remote_write", "remote_apply", "off"] as const;
