/**
 * The settings of a database that the API stores as given and returns as stored: the fields the
 * API model (src/api) marks `plain`, with their default and whether an update takes them. Create,
 * update and the view read them here; settings with rules of their own (label, allow list, type,
 * replication, maintenance window) stay in the model. A record saved before a setting existed
 * (an older state file) answers its default.
 */
import { DATABASE } from "../../api/index.js";

type Fields = typeof DATABASE.fields;
type Plain = { [K in keyof Fields]: Fields[K] extends { plain: true } ? K : never }[keyof Fields];
type Updatable = { [K in Plain]: Fields[K] extends { update: true } ? K : never }[Plain];
type Value<F> = F extends { type: "boolean" } ? boolean : F extends { type: "integer" } ? number : string;

/** The settings as a database record holds them. */
export type DatabaseSettings = { -readonly [K in Plain]: Value<Fields[K]> };
/** The settings a create body may give. */
export type SettingsCreate = Partial<DatabaseSettings>;
/** The settings an update body may give. */
export type SettingsUpdate = Partial<Pick<DatabaseSettings, Updatable>>;

const entries = Object.entries(DATABASE.fields).filter(([, f]) => "plain" in f && f.plain) as [Plain, Fields[Plain]][];

/** The settings of a new database: as the body gives them, defaults for the rest. */
export function settingsAtCreate(body: SettingsCreate): DatabaseSettings {
  return Object.fromEntries(entries.map(([k, f]) => [k, body[k] ?? f.default])) as DatabaseSettings;
}

/** Applies the updatable settings an update body gives. */
export function applySettings(db: DatabaseSettings, body: SettingsUpdate): void {
  for (const [k, f] of entries) {
    const value = (body as Partial<DatabaseSettings>)[k];
    if ("update" in f && f.update && value !== undefined) (db as Record<string, unknown>)[k] = value;
  }
}

/** The settings as the API returns them; one a record lacks (saved before it existed) is its default. */
export function settingsView(db: Partial<DatabaseSettings>): DatabaseSettings {
  return Object.fromEntries(entries.map(([k, f]) => [k, db[k] ?? f.default])) as DatabaseSettings;
}
