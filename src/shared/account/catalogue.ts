/**
 * Live checks of region and engine ids for `check`. The catalogue is fetched at most once per
 * provider process (the promises are kept, failures included), because `check` runs for every
 * resource of every preview.
 */
import type { CloudClient, DatabaseEngine, Region, RegionAvailability } from "../../client/index.js";
import { catalogueClient, onReconfigure, warn } from "../runtime/context.js";

/** The catalogue's lists, by name. */
type CatalogueList = "regions" | "engines" | "availability";

/** The catalogue lists read in this process, by name (the promises, so concurrent checks share one read). */
const lists = new Map<CatalogueList, Promise<unknown[]>>();

onReconfigure(() => lists.clear());

/** The list `fetch` reads, read once per process; undefined when no API is configured or it cannot be read. */
async function catalogue<T>(
  name: CatalogueList,
  fetch: (client: CloudClient) => Promise<T[]>,
): Promise<T[] | undefined> {
  const client = catalogueClient();
  if (!client) return undefined;
  if (!lists.has(name)) lists.set(name, fetch(client));
  try {
    return (await lists.get(name)) as T[];
  } catch {
    return undefined;
  }
}

/** Region capability a resource needs. */
export type Capability = "VPCs" | "Managed Databases";

/**
 * Why `region` cannot host the resource, or undefined when it can or when the catalogue cannot be
 * read (no API configured, network trouble): the API then has the last word at create time. A
 * region whose status is not "ok" is only warned about: the status may concern another service,
 * and whether the API then refuses a create is not published, so the create decides.
 */
export async function regionProblem(region: string, capability: Capability): Promise<string | undefined> {
  const list = await catalogue<Region>("regions", (c) => c.regions.list());
  if (!list) return undefined;
  const found = list.find((r) => r.id === region);
  if (!found) return `region "${region}" does not exist; known regions: ${list.map((r) => r.id).join(", ")}`;
  if (found.status !== "ok")
    warn(
      `region "${region}" reports status "${found.status}" (something there is disrupted, perhaps not ` +
        `${capability}): the create is sent and the API decides whether it goes ahead`,
    );
  if (!found.capabilities.includes(capability)) {
    const alternatives = list.filter((r) => r.status === "ok" && r.capabilities.includes(capability)).map((r) => r.id);
    return `region "${region}" does not offer "${capability}"; regions that do: ${alternatives.join(", ") || "none"}`;
  }
  return undefined;
}

/** Why `engineId` is not in the engine catalogue, or undefined when it is (or cannot be checked). */
export async function engineProblem(engineId: string): Promise<string | undefined> {
  const list = await catalogue<DatabaseEngine>("engines", (c) => c.engines.list());
  if (!list) return undefined;
  if (list.some((e) => e.id === engineId)) return undefined;
  const engine = engineId.split("/")[0];
  const same = list.filter((e) => e.engine === engine).map((e) => e.id);
  return `engine "${engineId}" is not offered; available: ${same.join(", ") || "none"}`;
}

/** The engine ids of the catalogue, or undefined when it cannot be read (no API configured, network trouble). */
export async function engineIds(): Promise<string[] | undefined> {
  return (await catalogue<DatabaseEngine>("engines", (c) => c.engines.list()))?.map((e) => e.id);
}

/**
 * Why instance type `type` cannot be used in `region`, as far as the API tells: its availability
 * list covers only select premium and GPU plans, and the API offers no list of all types, so a type
 * it does not list passes here and is judged by the create itself.
 */
export async function typeProblem(region: string, type: string): Promise<string | undefined> {
  const list = await catalogue<RegionAvailability>("availability", (c) => c.regions.listAvailability());
  if (!list) return undefined;
  if (!list.some((a) => a.region === region && a.plan === type && !a.available)) return undefined;
  const elsewhere = list.filter((a) => a.plan === type && a.available).map((a) => a.region);
  return `type "${type}" is not available in region "${region}"${elsewhere.length ? `; regions that offer it: ${elsewhere.join(", ")}` : ""}`;
}

/**
 * Whether `region` offers `capability` (a capability of today's VPCs such as "GPUDirect RDMA"),
 * or undefined when the catalogue cannot be read or lacks the region: the API then has the last word.
 */
export async function regionOffers(region: string, capability: string): Promise<boolean | undefined> {
  const found = (await catalogue<Region>("regions", (c) => c.regions.list()))?.find((r) => r.id === region);
  return found ? found.capabilities.includes(capability) : undefined;
}
