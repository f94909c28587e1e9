/**
 * The arguments `MysqlDatabase` and `PostgresqlDatabase` share, hand-written for their doc
 * comments; the compiler checks them against DATABASE_FIELDS (see mysql-database.ts).
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Timeouts } from "../../shared/wait.js";

/** Maintenance window for automatic OS patching, in UTC. */
export interface MaintenanceWindowArgs {
  /** "weekly" or "monthly"; any string compiles (a window kept in a `const` widens it), `check` refuses others. */
  frequency: pulumi.Input<"weekly" | "monthly" | (string & {})>;
  /** Length of the window in hours, 1..3. */
  duration: pulumi.Input<number>;
  /** Start hour, 0..23 (UTC). */
  hourOfDay: pulumi.Input<number>;
  /** Day, 1..7 with 1 = Monday. */
  dayOfWeek: pulumi.Input<number>;
  /** Week of the month, 1..4: required for monthly, left out for weekly. */
  weekOfMonth?: pulumi.Input<number>;
}

/** A restore of a database from one of its backups (see {@link DatabaseArgsBase.restore}). */
export interface DatabaseRestoreArgs {
  /** Id of a backup of this database, automatic or snapshot (see `getDatabaseBackups`). */
  backupId: pulumi.Input<number>;
  /** Any text; changing it restores the same backup again. */
  trigger?: pulumi.Input<string>;
}

/** Arguments both database resources accept. */
export interface DatabaseArgsBase {
  /** Label, 3..32 letters, digits, '.', '_' or '-', unique in the account; changed in place. */
  label: pulumi.Input<string>;
  /** Region id with the "Managed Databases" capability (a region in outage gets a warning); changing it replaces the database. */
  region: pulumi.Input<string>;
  /** Compute instance type of the nodes; changing it resizes in place (only to a type with more disk). */
  type: pulumi.Input<string>;
  /** Engine id `<engine>/<version>` from the catalogue (see `getDatabaseEngines`); changing it replaces the database. */
  engineId: pulumi.Input<string>;
  /** 1 (single node) or 3 (primary and two replicas), `check` refuses others; default 1; changing it replaces the database. */
  clusterSize?: pulumi.Input<number>;
  /** Encrypt the disks; default false; changing it replaces the database. */
  encrypted?: pulumi.Input<boolean>;
  /** Require SSL to connect; default true; changing it replaces the database. */
  sslConnection?: pulumi.Input<boolean>;
  /** IPv4 addresses or CIDR ranges allowed to connect; default [] (no access); updated in place. */
  allowList?: pulumi.Input<pulumi.Input<string>[]>;
  /** Maintenance window; the API's default window is kept when left out. */
  updates?: pulumi.Input<MaintenanceWindowArgs>;
  /** Any text; changing it resets the root password and waits for the new one. */
  credentialsRotation?: pulumi.Input<string>;
  /** Any text; changing it applies OS patches now and waits until the database is active again. */
  patchNow?: pulumi.Input<string>;
  /**
   * Restore this database from one of its backups (replaces ALL its data): set it, name another
   * backup, or change `trigger` to restore; removing it does nothing. See docs/resources.md.
   */
  restore?: pulumi.Input<DatabaseRestoreArgs>;
  /** Id of an existing database of this engine to take under management instead of creating one. */
  adoptId?: pulumi.Input<number | string>;
  /** Time limits; defaults create 45m, update 45m, delete 30m. */
  timeouts?: pulumi.Input<Timeouts>;
}
