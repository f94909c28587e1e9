/**
 * The database platforms a database may be on, and what each one fills in for the inputs a program
 * leaves out. A create sends only what the program sets (the API picks the rest); diff, update and
 * adoption compare the program with what the API would have picked, so an unset input whose state
 * holds the API's default is no change, on either platform.
 */
import type { EngineType } from "../../client/index.js";
import { UNKNOWN, type Bag } from "../../shared/fields/validate.js";

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
