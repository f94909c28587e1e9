/**
 * What the emulator does per database platform (src/api `PLATFORM_RULES`, the fields' `platforms`)
 * beyond one field's rule: which platform a database is on, the engine catalogue a platform
 * lists, the full versions behind today's majors, and today's host names, port and members. The
 * settings' own rules per platform are fields.ts's; the status machine is model.ts's.
 */
import {
  CONTRACT_PLATFORM,
  createdOn,
  ENGINE,
  type DATABASE,
  fieldOn,
  platformRefusal,
  TODAYS_ENGINES,
  updatedOn,
  type DatabaseHosts,
  type Entity,
  type Platform,
} from "../../api/index.js";
import type { ErrorList } from "../failures.js";
import { UNKNOWN_FIELD } from "../validation.js";
import { filled, type Stored } from "../stored.js";
import type { DATABASE_KEYS as KEYS } from "../model-names.js";

/**
 * What this file reads of a database record (fields.ts): its platform, and for today's hosts and
 * members its id, region and status. It names no record type, so that the record's file can read it.
 */
type Held = Pick<Stored<typeof DATABASE>, typeof KEYS.id | typeof KEYS.region | typeof KEYS.status> & {
  platform?: Platform | null;
};

/** An engine of the catalogue (records.ts `EngineRecord`). */
type CatalogueEngine = Stored<typeof ENGINE>;

/** The platform a database is on; a record saved before platforms existed is the contract's. */
export function platformOf(db: Pick<Held, "platform">): Platform {
  return db.platform ?? CONTRACT_PLATFORM;
}

/** Whether a database is on today's platform. */
export function onToday(db: Pick<Held, "platform">): boolean {
  return platformOf(db) !== CONTRACT_PLATFORM;
}

const TODAYS_CATALOGUE: CatalogueEngine[] = TODAYS_ENGINES.map(({ engine, version }) =>
  filled(ENGINE, { id: `${engine}/${version}`, engine, version }),
);

/**
 * The engine catalogue new databases of `platform` are made from: the seeded one (control API
 * `seed`) on the contract's platform, the recorded one (todays-platform.md §1.2) on today's.
 */
export function catalogueOf(state: { engines: CatalogueEngine[] }, platform: Platform): CatalogueEngine[] {
  return platform === CONTRACT_PLATFORM ? state.engines : TODAYS_CATALOGUE;
}

/**
 * The full version a major of today's platform runs once active (todays-platform.md §7.2: `8`
 * answers `8.0.35` once active; PostgreSQL `14.17`, `16.8`, `17.4` were recorded); the newest
 * recorded minor of each major, or `<major>.0` for one never recorded.
 */
export function fullVersion(major: string): string {
  return FULL_VERSIONS[major] ?? `${major}.0`;
}

const FULL_VERSIONS: Record<string, string> = {
  "8": "8.0.35",
  "13": "13.20",
  "14": "14.19",
  "15": "15.12",
  "16": "16.8",
  "17": "17.4",
};

/**
 * Today's hosts, set at create (todays-platform.md §7.2): the primary's name, and the standby's
 * (`replica-` before it) on a cluster of more than one node.
 */
export function todaysHosts(db: Held, nodes: number): DatabaseHosts {
  const primary = `a${db.id}-${db.region}-default.emulator.internal`;
  return nodes > 1 ? { primary, standby: `replica-${primary}` } : { primary };
}

/**
 * Today's port: not the engine's standard one, the same for every database of the account
 * (todays-platform.md §7.2: 18319 for both databases of the 2025-02 recordings).
 */
export const TODAYS_PORT = 18319;

/**
 * Today's members (todays-platform.md §7.2): `{}` while provisioning or resuming, then one
 * address per node, the first `primary` and the others `failover`.
 */
export function todaysMembers(db: Held, nodes: number): Record<string, "primary" | "failover"> {
  if (db.status === "provisioning" || db.status === "resuming") return {};
  const base = db.id % 200;
  return Object.fromEntries(
    Array.from({ length: nodes }, (_, i) => [`192.0.2.${base + i + 1}`, i === 0 ? "primary" : "failover"]),
  );
}

/**
 * Today's maintenance window, chosen by the API at create (todays-platform.md §1.4, §9: days 1..6
 * and hours 1..22 were seen): a day and hour read from the id, so a run is reproducible.
 */
export function chosenWindow(id: number): { day: number; hour: number } {
  return { day: (id % 6) + 1, hour: (id % 22) + 1 };
}

/**
 * What `platform` refuses of a body the shared schema let through (schemas.ts takes the union of
 * the platforms): a create's refused field with the API's text, a field this platform does not
 * create or update (as the schema names an unknown one: `fork` on the contract's platform), a
 * value outside the platform's own (an engine id, a cluster size, a window's duration), each
 * naming its field; nested objects in turn, by the same operation.
 */
export function platformProblems(
  entity: Entity,
  body: object,
  platform: Platform,
  on: "create" | "update",
  errors: ErrorList,
  prefix = "",
): void {
  for (const [name, value] of Object.entries(body)) {
    const f = entity.fields[name];
    if (!f || value === undefined) continue;
    const field = prefix + name;
    const use = fieldOn(f, platform);
    const problem =
      on === "create" && use.create === "refused"
        ? use.refusal
        : (on === "update" ? !updatedOn(f, platform) : !createdOn(f, platform))
          ? UNKNOWN_FIELD
          : platformRefusal(f, platform, value);
    if (problem) errors.add(field, problem);
    else if (typeof f.type === "object" && "object" in f.type && value !== null && typeof value === "object")
      platformProblems(f.type.object, value, platform, on, errors, `${field}.`);
  }
}
