import { CONTRACT_PLATFORM, ENGINE, type Platform } from "../api/index.js";
import type { Grants, RegionRecord, State, TokenRecord } from "./records.js";
import { TODAYS_REGIONS } from "./regions/todays-regions.js";
import { filled } from "./stored.js";

/** The token every default-seeded emulator accepts, unrestricted with all scopes. */
export const DEFAULT_TOKEN = "emulator-token";

const ALL_SERVICES = ["Compute Instances", "Block Storage", "VPCs", "Managed Databases", "Object Storage"];

/** Grants of an unrestricted user, or the empty starting point of a restricted one. */
export function emptyGrants(): Grants {
  return { global: { add_vpc: false, add_databases: false }, vpc: {}, database: {} };
}

/** Fills in a partly given token record (from the seed control route) with defaults. */
export function tokenRecord(input: Partial<TokenRecord> & { token: string }): TokenRecord {
  const grants = emptyGrants();
  if (input.grants) {
    Object.assign(grants.global, input.grants.global ?? {});
    Object.assign(grants.vpc, input.grants.vpc ?? {});
    Object.assign(grants.database, input.grants.database ?? {});
  }
  return {
    token: input.token,
    username: input.username ?? (input.restricted ? "restricted-user" : "emulator-user"),
    scopes: input.scopes ?? "*",
    restricted: input.restricted ?? false,
    grants,
  };
}

const region = (
  id: string,
  label: string,
  country: string,
  caps: readonly string[],
  status: "ok" | "outage" = "ok",
): RegionRecord => ({
  id,
  label,
  country,
  capabilities: [...caps],
  // The real API separates with commas and sometimes spaces; keep both forms in the seed.
  resolvers: { ipv4: "192.0.2.10, 192.0.2.11,192.0.2.12", ipv6: "2001:db8::10, 2001:db8::11" },
  status,
});

/** The contract's seed: five regions of the brief, one in an outage, one without databases. */
function contractRegions(): RegionRecord[] {
  return [
    region("us-east", "Newark, NJ, USA", "us", ALL_SERVICES),
    region("us-west", "Fremont, CA, USA", "us", ALL_SERVICES),
    region("eu-central", "Frankfurt, DE", "de", ALL_SERVICES),
    region("ap-south", "Singapore, SG", "sg", ALL_SERVICES, "outage"),
    region(
      "sa-east",
      "Sao Paulo, BR",
      "br",
      ALL_SERVICES.filter((c) => c !== "Managed Databases"),
    ),
  ];
}

/**
 * A fresh account: one unrestricted token, no resources, and the regions of `platform`'s API: the
 * contract's five (`rdbms-legacy`), or the list the API answered in 2026 (`rdbms-default`, the
 * emulator's default; todays-regions.ts). The engine seed is the contract's either way: today's
 * platform answers its recorded catalogue instead (databases/platform.ts).
 */
export function defaultState(platform: Platform = CONTRACT_PLATFORM): State {
  const plans = ["g7-premium-2", "g1-gpu-rtx6000-1"];
  // The catalogue's engines hold no data: their disk figures are zero.
  const engine = (type: "mysql" | "postgresql", version: string) =>
    filled(ENGINE, { id: `${type}/${version}`, engine: type, version });
  const regions =
    platform === CONTRACT_PLATFORM
      ? contractRegions()
      : TODAYS_REGIONS.map((recordedRegion) => region(...recordedRegion));
  return {
    regions,
    availability: regions.flatMap((r, i) =>
      plans.map((plan, j) => ({ region: r.id, plan, available: (i + j) % 2 === 0 })),
    ),
    engines: [
      engine("mysql", "8.0.30"),
      engine("mysql", "5.7.39"),
      engine("postgresql", "14.6"),
      engine("postgresql", "13.2"),
    ],
    types: [
      { id: "g6-nanode-1", label: "Nanode 1GB", disk: 25 },
      { id: "g6-standard-1", label: "Linode 2GB", disk: 50 },
      { id: "g6-standard-2", label: "Linode 4GB", disk: 80 },
      { id: "g6-dedicated-4", label: "Dedicated 8GB", disk: 160 },
    ],
    tokens: [tokenRecord({ token: DEFAULT_TOKEN })],
    computes: [],
    vpcs: [],
    subnets: [],
    databases: [],
    events: [],
    nextId: {},
  };
}
