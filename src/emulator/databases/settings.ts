/**
 * The settings of a database that the API stores as given and returns as stored: the fields the
 * API model marks `plain` (plain.ts). Settings with rules of their own (label, allow list, type,
 * replication, maintenance window) stay in the model.
 */
import { DATABASE } from "../../api/index.js";
import { applyPlain, plainAtCreate, plainView, type Plain, type PlainCreate, type PlainUpdate } from "../plain.js";

/** The settings as a database record holds them. */
export type DatabaseSettings = Plain<typeof DATABASE>;
/** The settings a create body may give. */
export type SettingsCreate = PlainCreate<typeof DATABASE>;
/** The settings an update body may give. */
export type SettingsUpdate = PlainUpdate<typeof DATABASE>;

/** The settings of a new database: as the body gives them, defaults for the rest. */
export function settingsAtCreate(body: SettingsCreate): DatabaseSettings {
  return plainAtCreate(DATABASE, body);
}

/** Applies the updatable settings an update body gives. */
export function applySettings(db: DatabaseSettings, body: SettingsUpdate): void {
  applyPlain(DATABASE, db, body);
}

/** The settings as the API returns them; one a record lacks (saved before it existed) is its default. */
export function settingsView(db: Partial<DatabaseSettings>): DatabaseSettings {
  return plainView(DATABASE, db);
}
