/**
 * Managed databases of both engines: the contract's "Managed database", the cross-engine list
 * entry and the source of a fork. What a database's answer nests is database-parts.ts; its backups,
 * credentials and certificate are database-backups.ts (both re-exported here).
 */
import { entity, fieldOn, mayLack, pick, PLATFORMS, type Platform } from "./field.js";
import {
  answeredOnlyToday,
  DATABASE_STATUSES,
  REPLICATION_COMMIT_TYPES,
  REPLICATION_TYPES,
  ENGINE_SETTINGS,
  HOSTS,
  MAINTENANCE_WINDOW,
  MEMBERS,
  takenOnlyToday,
} from "./database-parts.js";
import type { IpFamily } from "./ipv4.js";
import { PRIVATE_NETWORK } from "./network.js";

export {
  DATABASE_STATUSES,
  MAINTENANCE_WINDOW,
  PENDING_UPDATE,
  REPLICATION_COMMIT_TYPES,
  REPLICATION_TYPES,
} from "./database-parts.js";
export * from "./database-backups.js";

/** The source a database was forked from and the instant restored (today's platform, §4). */
export const FORK = entity({
  name: "fork",
  fields: {
    source: {
      type: "integer",
      create: "required",
      source: "todays-platform.md §4: `fork:{source:<id>, ...}`; the source database's id",
    },
    restore_time: {
      type: "date-time",
      create: "optional",
      source:
        "todays-platform.md §4: `restore_time` optional (`YYYY-MM-DDTHH:MM:SS`), between the source's oldest_restore_time and now",
    },
  },
});

/**
 * The disk sizes both a database engine of the catalogue and a managed database answer (the
 * database's answers may lack them: `mayLack`), declared once.
 */
export const DISK_SIZES = {
  total_disk_size_gb: {
    type: "integer",
    source:
      "Database engine: | total_disk_size_gb | integer |; Managed database: | total_disk_size_gb | integer | no | no | GB |",
  },
  used_disk_size_gb: {
    type: "integer",
    source:
      "Database engine: | used_disk_size_gb | integer |; Managed database: | used_disk_size_gb | integer | no | no | GB |",
  },
} as const;

/** A managed MySQL or PostgreSQL database. */
export const DATABASE = entity({
  name: "managed database",
  published: ["DatabaseMySQL", "DatabasePostgreSQL"],
  fields: {
    id: { type: "integer", source: "Managed database: | id | integer | no | no | unique id |" },
    label: {
      type: "string",
      create: "required",
      update: true,
      minLength: 3,
      maxLength: 32,
      filterable: true,
      platforms: {
        "rdbms-default": {
          maxLength: null,
          source:
            "todays-platform.md §1.1 and the recordings (TestDatabase_*_Suite.yaml, 2025-02-12): labels of 35, 37 and 43 characters taken and answered; no longer one refused, no maximum published (Cloud Manager's 3..32 is its own form's)",
        },
      },
      source: "Managed database: | label | string, 3..32 characters | required | optional |",
    },
    region: {
      type: "string",
      create: "required",
      filterable: true,
      source: "Managed database: | region | string | required | no |",
    },
    type: {
      type: "string",
      create: "required",
      update: true,
      filterable: true,
      source: "Managed database: | type | string | required | optional |",
    },
    engine: {
      type: "string",
      enum: ["mysql", "postgresql"],
      cutAt: "/",
      create: "required",
      request: { type: "string" },
      filterable: true,
      platforms: {
        "rdbms-default": {
          pattern: "^(mysql|postgresql)/[0-9]+$",
          refusal: "invalid engine",
          source:
            "todays-platform.md §1.1: engine `<engine>/<major>`; `mysql/8.0.30` refused `invalid engine` (TF #1669, pulumi-linode #805)",
        },
      },
      source:
        "Managed database: | engine | string | required, `<engine>/<version>` | no | in responses it holds the engine type only |",
    },
    version: {
      type: "string",
      filterable: true,
      platforms: {
        "rdbms-default": {
          update: true,
          source:
            "todays-platform.md §2.2: PUT {version: <major>} upgrades to a newer major of the same engine; major at create, full once active (§7.2)",
        },
      },
      source: "Managed database: | version | string | no | no |",
    },
    cluster_size: {
      type: "integer",
      enum: [1, 3],
      create: "optional",
      default: 1,
      platforms: {
        "rdbms-default": {
          enum: [1, 2, 3],
          update: true,
          source: "todays-platform.md §1.1, §1.3, §2.2: 1, 2 or 3 (2 only on dedicated plans), changed in place by PUT",
        },
      },
      source: "Managed database: | cluster_size | integer, enum 1, 3 | optional, default 1 | no |",
    },
    encrypted: {
      type: "boolean",
      create: "optional",
      default: false,
      plain: true,
      platforms: {
        "rdbms-default": {
          fixed: true,
          default: true,
          refusal: "Must be true: every database on this platform is encrypted",
          source:
            "todays-platform.md §7.2: always true; §1.1: a create giving it UNVERIFIED (true taken, false refused with this text)",
        },
      },
      source: "Managed database: | encrypted | boolean | optional, default false | no |",
    },
    ssl_connection: {
      type: "boolean",
      create: "optional",
      default: true,
      plain: true,
      platforms: {
        "rdbms-default": {
          fixed: true,
          refusal: "Must be true: every database on this platform requires SSL connections",
          source:
            "todays-platform.md §7.2: always true; §1.1: true accepted (CLI live tests), false UNVERIFIED (refused with this text)",
        },
      },
      source: "Managed database: | ssl_connection | boolean | optional, default true | no |",
    },
    allow_list: {
      type: "strings",
      create: "optional",
      update: true,
      default: [],
      ipFamilies: [4],
      platforms: {
        "rdbms-default": {
          ipFamilies: [4, 6],
          source:
            "todays-platform.md §1.1, §7.2: IPv4 and IPv6 addresses or CIDRs, answered as `/32` and `/128`, sorted (recorded `1234::5678/128`)",
        },
      },
      source: "Managed database: | allow_list | array of strings | optional, default `[]` | optional |",
    },
    replication_type: {
      type: "string",
      enum: REPLICATION_TYPES,
      aliases: { async: "asynch" },
      requestEnum: { mysql: ["none", "asynch", "semi_synch"], postgresql: ["none", "asynch", "async"] },
      create: "optional",
      absent: true,
      lateAnswer: false,
      platforms: {
        "rdbms-default": {
          create: "refused",
          answer: false,
          refusal: "Configuring replication_type is no longer supported",
          source: "todays-platform.md §1.1: refused, reason recorded in TF #1669 and pulumi-linode #805",
        },
      },
      source:
        "Managed database: | replication_type | string | optional | no | MySQL enum: `none`, `asynch`, `semi_synch`. PostgreSQL enum: `none`, `asynch`. ... A PostgreSQL response value shown is `async`. |",
    },
    replication_commit_type: {
      type: "string",
      enum: REPLICATION_COMMIT_TYPES,
      create: "optional",
      default: "local",
      engines: ["postgresql"],
      absent: true,
      lateAnswer: false,
      platforms: {
        "rdbms-default": {
          create: "refused",
          answer: false,
          refusal: "Configuring replication_commit_type is no longer supported",
          source:
            "todays-platform.md §1.1: UNVERIFIED (CM marks it legacy-only); refused like replication_type, with its text",
        },
      },
      source:
        "Managed database: | replication_commit_type | string, PostgreSQL only | optional, default `local` | no |",
    },
    port: { type: "integer", source: "Managed database: | port | integer | no | no | access port |" },
    hosts: { type: { object: HOSTS }, source: "Managed database: | hosts | object | no | no |" },
    members: {
      type: { object: MEMBERS },
      absent: true,
      published: false,
      platforms: answeredOnlyToday("todays-platform.md §7.2: members on every answer, {} while provisioning"),
      source: 'todays-platform.md §7.1, §7.2: `members` `{ "<ip>": "primary"|"failover" }`',
    },
    private_network: {
      type: { object: PRIVATE_NETWORK },
      nullable: true,
      absent: true,
      published: false,
      platforms: takenOnlyToday("todays-platform.md §5: create and PUT, `null` removes; answers `null` when none"),
      source: "todays-platform.md §5: a VPC, one of its subnets, public access (LGO DatabasePrivateNetwork)",
    },
    engine_config: {
      type: { object: ENGINE_SETTINGS },
      absent: true,
      published: false,
      platforms: takenOnlyToday("todays-platform.md §6: create and PUT (merged); answers with defaults filled in"),
      source: "todays-platform.md §6: `engine_config`, keys per GET /databases/{engine}/config",
    },
    fork: {
      type: { object: FORK },
      absent: true,
      published: false,
      platforms: {
        "rdbms-default": {
          create: "optional",
          source: "todays-platform.md §4: create with `fork`; answered only by forks",
        },
        "rdbms-legacy": { answer: false, source: "the contract lacks it" },
      },
      source: "todays-platform.md §4: `fork:{source, restore_time}` on create and in a fork's answers",
    },
    oldest_restore_time: {
      type: "date-time",
      absent: true,
      published: false,
      platforms: answeredOnlyToday("todays-platform.md §7.2: key absent while provisioning, present once active"),
      source: "todays-platform.md §7.1, §7.2: `oldest_restore_time` once the first backup exists",
    },
    status: {
      type: "string",
      enum: DATABASE_STATUSES,
      filterable: true,
      source: "States and transitions: Database `status` values",
    },
    ...mayLack(DISK_SIZES),
    updates: {
      type: { object: MAINTENANCE_WINDOW },
      update: true,
      absent: true,
      source: "Managed database: | updates | object | no | optional | maintenance window |",
    },
    created: { type: "date-time", source: "Managed database: | created | string, date-time | no | no |" },
    updated: {
      type: "date-time",
      nullable: true,
      source: "Managed database: | updated | string, date-time | no | no |",
    },
    platform: {
      type: "string",
      enum: PLATFORMS,
      absent: true,
      published: false,
      platforms: answeredOnlyToday("§7.1: `platform` last in every answer of today's platform"),
      source:
        "todays-platform.md §7.2: | `platform` | `rdbms-default` | absent (2024) / `rdbms-legacy` (2025) |; §7.1: `platform` last",
    },
  },
});

/** An entry of the cross-engine database list. */
export const DATABASE_SUMMARY = entity({
  name: "cross-engine list entry",
  published: "Database",
  fields: {
    ...pick(DATABASE.fields, [
      "id",
      "label",
      "region",
      "type",
      "engine",
      "version",
      "cluster_size",
      "encrypted",
      "allow_list",
      "hosts",
    ]),
    instance_uri: {
      type: "string",
      source:
        "Managed database: `instance_uri` is a string of the form `/v4/databases/<engine>/instances/<instance_id>`",
    },
    ...pick(DATABASE.fields, ["status", "updates", "created", "updated", "platform"]),
  },
});

/** The IP families a database's allow list takes on `platform` (the field's `ipFamilies`: IPv6 too on today's). */
export function allowListFamilies(platform: Platform): readonly IpFamily[] {
  return fieldOn(DATABASE.fields.allow_list, platform).ipFamilies ?? [4];
}
