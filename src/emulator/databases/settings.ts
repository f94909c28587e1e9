/**
 * The settings of a database that the API stores as given and returns as stored, one entry each:
 * its JSON schema, its value when a create leaves it out, and whether an update may change it.
 * The request schemas, the record, create, update and the view read this table; settings with
 * rules of their own (label, allow list, type, replication, maintenance window) stay in the model.
 */
const bool = { type: "boolean" } as const;

/** Every plain setting of a database. */
export const DATABASE_SETTINGS = {
  encrypted: { schema: bool, default: false, updatable: false },
  ssl_connection: { schema: bool, default: true, updatable: false },
} as const;

type Settings = typeof DATABASE_SETTINGS;
type Value<S> = S extends { schema: { type: "boolean" } }
  ? boolean
  : S extends { schema: { type: "integer" } }
    ? number
    : string;
type Updatable = { [K in keyof Settings]: Settings[K]["updatable"] extends true ? K : never }[keyof Settings];

/** The settings as a database record holds them. */
export type DatabaseSettings = { -readonly [K in keyof Settings]: Value<Settings[K]> };
/** The settings a create body may give. */
export type SettingsCreate = Partial<DatabaseSettings>;
/** The settings an update body may give. */
export type SettingsUpdate = Partial<Pick<DatabaseSettings, Updatable>>;

const entries = Object.entries(DATABASE_SETTINGS) as [keyof Settings, Settings[keyof Settings]][];

/** The request schema's properties of the settings a create, or an update, takes. */
export function settingsSchema(on: "create" | "update"): Record<string, unknown> {
  return Object.fromEntries(entries.filter(([, s]) => on === "create" || s.updatable).map(([k, s]) => [k, s.schema]));
}

/** The settings of a new database: as the body gives them, defaults for the rest. */
export function settingsAtCreate(body: SettingsCreate): DatabaseSettings {
  return Object.fromEntries(entries.map(([k, s]) => [k, body[k] ?? s.default])) as DatabaseSettings;
}

/** Applies the updatable settings an update body gives. */
export function applySettings(db: DatabaseSettings, body: SettingsUpdate): void {
  for (const [k, s] of entries) {
    const value = (body as Partial<DatabaseSettings>)[k];
    if (s.updatable && value !== undefined) (db as Record<string, unknown>)[k] = value;
  }
}

/** The settings as the API returns them. */
export function settingsView(db: DatabaseSettings): DatabaseSettings {
  return Object.fromEntries(entries.map(([k]) => [k, db[k]])) as DatabaseSettings;
}
