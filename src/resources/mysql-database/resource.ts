/**
 * The `MysqlDatabase` resource: a managed MySQL database (single node or three-node cluster).
 */
import * as pulumi from "@pulumi/pulumi";
import { databaseProvider, ManagedDatabase, type DatabaseArgsBase } from "../managed-database/common.js";
import lazy from "../../providers/mysql-database.js";
import { DATABASE_FIELDS } from "../managed-database/fields.js";
import type { InputKeys, SameKeys } from "../../shared/fields.js";

/** Arguments of {@link MysqlDatabase}. */
export interface MysqlDatabaseArgs extends DatabaseArgsBase {
  /** "none", "asynch" or "semi_synch"; default "none" for 1 node, "semi_synch" for 3; 1 node needs "none", 3 nodes "asynch" or "semi_synch"; changing it replaces the database. */
  replicationType?: pulumi.Input<"none" | "asynch" | "semi_synch">;
}
true satisfies SameKeys<MysqlDatabaseArgs, InputKeys<typeof DATABASE_FIELDS, "mysql">>;

/** The implementation the lazy provider loads in the provider process. */
export const provider: pulumi.dynamic.ResourceProvider = databaseProvider("mysql");

/**
 * A managed MySQL database. `create` waits until provisioning (15 to 30 minutes, up to 45) is
 * over and the database is active; if that wait fails or times out, the database is still recorded
 * and the next `pulumi up` resumes the wait. Root credentials and the CA certificate are secret
 * outputs. `credentialsRotation` and `patchNow` are triggers: change their text to reset the root
 * password or to apply OS patches now.
 *
 * ## Example Usage
 *
 * ```typescript
 * import * as cloud from "pulumi-cloudplatform";
 *
 * const db = new cloud.MysqlDatabase("orders", {
 *     label: "orders-db",
 *     region: "us-east",
 *     type: "g6-standard-1",
 *     engineId: "mysql/8.0.30",
 *     clusterSize: 3,
 *     allowList: ["203.0.113.7", "10.0.0.0/16"],
 *     updates: { frequency: "weekly", duration: 2, hourOfDay: 3, dayOfWeek: 7 },
 *     timeouts: { create: "60m" },
 * });
 * export const host = db.hosts.primary;
 * export const password = db.rootPassword; // secret
 * ```
 *
 * ## Adoption
 *
 * `pulumi import` does not work for dynamic resources. To manage an existing database, declare it
 * with `adoptId` set to its id and arguments that match its region, engine id, cluster size,
 * encryption, SSL and replication (a mismatch fails with a message naming the field); the first
 * `pulumi up` then brings label, type, allow list and maintenance window to the arguments.
 *
 * ```typescript
 * const legacy = new cloud.MysqlDatabase("legacy", {
 *     adoptId: 4321, label: "legacy-db", region: "us-east", type: "g6-standard-2", engineId: "mysql/5.7.39",
 * });
 * ```
 */
export class MysqlDatabase extends ManagedDatabase {
  constructor(name: string, args: MysqlDatabaseArgs, opts?: pulumi.CustomResourceOptions) {
    super(lazy, "MysqlDatabase", name, args as MysqlDatabaseArgs & Record<string, unknown>, opts, "mysql");
  }
}
