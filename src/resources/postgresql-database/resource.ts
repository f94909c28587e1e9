/**
 * The `PostgresqlDatabase` resource: a managed PostgreSQL database (single node or three-node
 * cluster).
 */
import * as pulumi from "@pulumi/pulumi";
import { databaseProvider, ManagedDatabase, type DatabaseArgsBase } from "../managed-database/common.js";
import lazy from "../../providers/postgresql-database.js";
import { DATABASE_FIELDS } from "../managed-database/fields.js";
import type { InputKeys, SameKeys } from "../../shared/fields.js";

/** Arguments of {@link PostgresqlDatabase}. */
export interface PostgresqlDatabaseArgs extends DatabaseArgsBase {
  /** "none" or "asynch" ("async" accepted); default "none" for 1 node, "asynch" for 3; 1 node needs "none", 3 nodes "asynch"; changing it replaces the database. */
  replicationType?: pulumi.Input<"none" | "asynch" | "async">;
  /** "on", "local", "remote_write", "remote_apply" or "off"; default "local"; "asynch" replication (every 3-node cluster) takes "local" or "off" only; changing it replaces the database. */
  replicationCommitType?: pulumi.Input<"on" | "local" | "remote_write" | "remote_apply" | "off">;
}
true satisfies SameKeys<PostgresqlDatabaseArgs, InputKeys<typeof DATABASE_FIELDS, "postgresql">>;

/** The implementation the lazy provider loads in the provider process. */
export const provider: pulumi.dynamic.ResourceProvider = databaseProvider("postgresql");

/**
 * A managed PostgreSQL database. `create` waits until provisioning (15 to 30 minutes, up to 45)
 * is over and the database is active; if that wait fails or times out, the database is still
 * recorded and the next `pulumi up` resumes the wait. Root credentials and the CA certificate are
 * secret outputs. `credentialsRotation` and `patchNow` are triggers: change their text to reset the
 * root password or to apply OS patches now.
 *
 * ## Example Usage
 *
 * ```typescript
 * import * as cloud from "pulumi-cloudplatform";
 *
 * const db = new cloud.PostgresqlDatabase("analytics", {
 *     label: "analytics-db",
 *     region: "eu-central",
 *     type: "g6-dedicated-4",
 *     engineId: "postgresql/14.6",
 *     clusterSize: 3, // replicates "asynch", so the commit type is "local" (the default) or "off"
 *     allowList: ["10.0.0.0/16"],
 * });
 * export const port = db.port;
 * export const caCertificate = db.caCertificate; // secret, base64
 * ```
 *
 * ## Adoption
 *
 * `pulumi import` does not work for dynamic resources. To manage an existing database, declare it
 * with `adoptId` set to its id and arguments that match its region, engine id, cluster size,
 * encryption, SSL and replication settings (a mismatch fails with a message naming the field); the
 * first `pulumi up` then brings label, type, allow list and maintenance window to the arguments.
 *
 * ```typescript
 * const legacy = new cloud.PostgresqlDatabase("legacy", {
 *     adoptId: 8765, label: "legacy-pg", region: "us-west", type: "g6-standard-1", engineId: "postgresql/13.2",
 * });
 * ```
 */
export class PostgresqlDatabase extends ManagedDatabase {
  /** Commit mode of the replicas. */
  declare public readonly replicationCommitType: pulumi.Output<string>;

  constructor(name: string, args: PostgresqlDatabaseArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      lazy,
      "PostgresqlDatabase",
      name,
      args as PostgresqlDatabaseArgs & Record<string, unknown>,
      opts,
      "postgresql",
    );
  }
}
