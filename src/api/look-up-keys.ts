/**
 * The fields of the API's answers the package's look-ups take as arguments, named once here, with
 * the model: the fields that name one database in the API's paths, and the fields each list
 * look-up keeps entries by (equality with the answer's value). Each must be a field of its entity.
 */
import type { BACKUP } from "./database-backups.js";
import type { DATABASE, DATABASE_SUMMARY } from "./databases.js";
import type { Entity } from "./field.js";
import type { VPC } from "./network.js";

/** Some wire names of `E`: one `E` lacks does not compile. */
type WireOf<E extends Entity, K extends keyof E["fields"] & string> = K;

/** The fields that name one database in the API's paths (`/databases/{engine}/instances/{id}`). */
export type DatabasePathKey = WireOf<typeof DATABASE, "engine" | "id">;

/** The fields the account's database list is filtered by. */
export type DatabaseFilter = WireOf<typeof DATABASE_SUMMARY, "engine" | "label" | "region" | "status">;

/** The fields a database's backup list is filtered by. */
export type BackupFilter = WireOf<typeof BACKUP, "type" | "label">;

/** The fields the account's VPC list is filtered by. */
export type VpcFilter = WireOf<typeof VPC, "label" | "region">;
