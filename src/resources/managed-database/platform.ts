/**
 * The database platforms a database may be on, and what each one fills in for the inputs a program
 * leaves out. A create sends only what the program sets (the API picks the rest); diff, update and
 * adoption compare the program with what the API would have picked, so an unset input whose state
 * holds the API's default is no change, on either platform.
 */
import type { EngineType } from "../../client/index.js";
import { UNKNOWN, type Bag } from "../../shared/fields/validate.js";
import { engineIds } from "../../shared/account/catalogue.js";
import { configuredDatabasePlatform, DATABASE_PLATFORM_SETTING } from "../../shared/runtime/context.js";
import { PACKAGE } from "../../shared/engine/package.js";

/**
 * `rdbms-legacy`: the contract's databases (until late 2024); `rdbms-default`: every database the
 * API has made since (todays-platform.md). An answer without `platform` is a legacy database.
 */
export type DatabasePlatform = "rdbms-legacy" | "rdbms-default";

/** Today's platform. */
export const TODAYS: DatabasePlatform = "rdbms-default";
/** The contract's platform. */
export const LEGACY: DatabasePlatform = "rdbms-legacy";

/** The platform a database answer or a state names; none named is the contract's. */
export function platformOf(bag: object | undefined): DatabasePlatform {
  return (bag as Bag | undefined)?.platform === TODAYS ? TODAYS : LEGACY;
}

/** What each engine's 3-node cluster replicates with when the program leaves it to the legacy API. */
export const HA_REPLICATION: Record<EngineType, string> = { mysql: "semi_synch", postgresql: "asynch" };

/**
 * The values the API takes for the inputs `news` leaves out, on `platform`: one node, an empty
 * allow list, SSL required; disks encrypted on today's platform (its answers always say so),
 * unencrypted on the contract's, which also picks the replication by cluster size. Today's
 * platform takes no replication settings at all, so it has no default for them.
 */
export function apiDefaults(engine: EngineType, platform: DatabasePlatform, news: Bag): Bag {
  const common: Bag = { clusterSize: 1, allowList: [], sslConnection: true };
  if (platform === TODAYS) return { ...common, encrypted: true };
  const cluster = news.clusterSize ?? 1;
  return {
    ...common,
    encrypted: false,
    replicationType: cluster === UNKNOWN ? UNKNOWN : cluster === 3 ? HA_REPLICATION[engine] : "none",
    ...(engine === "postgresql" ? { replicationCommitType: "local" } : {}),
  };
}

/** `news` with the API's value for each input it leaves out (see {@link apiDefaults}). */
export function withApiDefaults(engine: EngineType, platform: DatabasePlatform, news: Bag): Bag {
  const out: Bag = { ...news };
  for (const [k, v] of Object.entries(apiDefaults(engine, platform, news)))
    if (out[k] === undefined || out[k] === null) out[k] = v;
  return out;
}

/** The platforms by name, for the setting's rule. */
const PLATFORMS: readonly DatabasePlatform[] = [LEGACY, TODAYS];

/**
 * The platform the API makes a new database of `engine` on, or undefined when it cannot be told
 * (no API configured, the catalogue unreadable: the API then judges at `up`). The setting
 * `cloudplatform:databasePlatform` decides when given; otherwise the engine catalogue: today's
 * platform lists each engine by its major version only (`mysql/8`, `postgresql/16`), the
 * contract's by full versions (`mysql/8.0.30`), and a create takes only the ids it lists.
 */
export async function newDatabasePlatform(engine: EngineType): Promise<DatabasePlatform | undefined> {
  const set = configuredDatabasePlatform();
  if (set !== undefined) return PLATFORMS.includes(set as DatabasePlatform) ? (set as DatabasePlatform) : undefined;
  const ids = (await engineIds())?.filter((id) => id.startsWith(`${engine}/`));
  if (!ids || ids.length === 0) return undefined;
  return ids.every((id) => MAJOR_ONLY.test(id)) ? TODAYS : LEGACY;
}

/** Why the platform setting is refused, or undefined when it is one of the platforms or unset. */
export function platformSettingProblem(): string | undefined {
  const set = configuredDatabasePlatform();
  if (set === undefined || PLATFORMS.includes(set as DatabasePlatform)) return undefined;
  return (
    `${PACKAGE}:${DATABASE_PLATFORM_SETTING.key} (or ${DATABASE_PLATFORM_SETTING.envVar}) must be ` +
    `${PLATFORMS.map((p) => `"${p}"`).join(" or ")}, got ${JSON.stringify(set)}`
  );
}

/** An engine id of today's platform: the engine and its major version only. */
const MAJOR_ONLY = /^[a-z]+\/[0-9]+$/;

/** The engine id of a database answer on `platform`: today's keeps the major version (`8.0.35` is `mysql/8`). */
export function engineIdOf(engine: string, version: string | null | undefined, platform: DatabasePlatform): string {
  return `${engine}/${platform === TODAYS && typeof version === "string" ? version.split(".")[0] : version}`;
}

/** The major version of an engine id (`postgresql/16` is 16), or undefined when it has none. */
export function majorOf(engineId: unknown): number | undefined {
  if (typeof engineId !== "string") return undefined;
  const match = /^[a-z]+\/([0-9]+)(?:\.|$)/.exec(engineId);
  return match ? Number(match[1]) : undefined;
}

/**
 * The inputs today's platform refuses, as the program sets them (what it leaves out is never
 * sent): it takes no replication setting (the API answers `replication_type: Configuring
 * replication_type is no longer supported`), and its disks are always encrypted and its
 * connections always SSL, so `false` can never be had.
 */
export function todaysRefusals(news: Bag): { property: string; reason: string }[] {
  const out: { property: string; reason: string }[] = [];
  const on = `on the ${TODAYS} platform (every database the API has made since late 2024)`;
  const set = (k: string): boolean => news[k] !== undefined && news[k] !== null;
  for (const k of ["replicationType", "replicationCommitType"])
    if (set(k))
      out.push({
        property: k,
        reason: `${k} is not taken ${on}: the API sets replication itself and refuses the setting; leave ${k} out`,
      });
  for (const k of ["encrypted", "sslConnection"])
    if (news[k] === false)
      out.push({
        property: k,
        reason: `${k} cannot be false ${on}: its databases are always ${k === "encrypted" ? "encrypted" : "reached over SSL"}; leave ${k} out`,
      });
  return out;
}
