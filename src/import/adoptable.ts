/**
 * Whether the provider would accept adopting an object now. Adoption is a create to the engine, so
 * the provider's `check` applies its catalogue rules (region status and capability, engine version,
 * plan availability) exactly as for a new object, and a database adoption waits for `active`. An
 * object that would fail there is left out with the reason: one failing `check` stops the whole
 * `pulumi up`, which is worse than a program that adopts everything else.
 */
import type { Database, DatabaseEngine, Region, RegionAvailability } from "../client/index.js";

/** The catalogue lists the rules need; undefined members could not be read, and their rules are skipped. */
export interface Catalogue {
  regions?: Region[];
  engines?: DatabaseEngine[];
  availability?: RegionAvailability[];
}

/**
 * Statuses a database does not leave for `active` by itself: the provider's wait stops at once on
 * them, so an adoption would fail.
 */
const STUCK: Record<string, string> = {
  failed: 'its status is "failed", from which it does not recover; adopting it would fail (replace or delete it)',
  degraded: 'its status is "degraded", which the API does not update; adopting it would fail until it is restored',
  suspended: 'its status is "suspended"; resume it, then run the import again',
  suspending: 'its status is "suspending"; resume it once suspended, then run the import again',
};

/** Why the region cannot take a new resource needing `capability`, or undefined. */
export function regionRefusal(
  catalogue: Catalogue,
  region: string,
  capability: "VPCs" | "Managed Databases",
): string | undefined {
  if (!catalogue.regions) return undefined;
  const found = catalogue.regions.find((r) => r.id === region);
  if (!found) return `its region ${region} is not in the region list, so the provider's check would refuse it`;
  if (found.status !== "ok")
    return `its region ${region} has status "${found.status}", and the provider's check refuses adopting there until it is "ok"`;
  if (!found.capabilities.includes(capability))
    return `its region ${region} does not list "${capability}", so the provider's check would refuse it`;
  return undefined;
}

/** Why a database cannot be adopted now, or undefined when it can. */
export function databaseRefusal(catalogue: Catalogue, db: Database): string | undefined {
  const stuck = STUCK[db.status];
  if (stuck) return stuck;
  const region = regionRefusal(catalogue, db.region, "Managed Databases");
  if (region) return region;
  const engineId = `${db.engine}/${db.version}`;
  if (catalogue.engines && !catalogue.engines.some((e) => e.id === engineId))
    return `its engine ${engineId} is no longer in the engine catalogue, and the provider's check refuses adopting it`;
  if (catalogue.availability?.some((a) => a.region === db.region && a.plan === db.type && !a.available))
    return `its type ${db.type} is listed as unavailable in ${db.region}, and the provider's check refuses adopting it`;
  return undefined;
}
