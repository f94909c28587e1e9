/**
 * Regions (#13 to #16). Read-only and public: sent without an Authorization header.
 */
import type { HttpClient } from "./http.js";
import { apiPath } from "./paths.js";
import { AVAILABILITY, REGION } from "../api/index.js";
import { asRecord, reader } from "./normalize.js";
import { listAll } from "./paginate.js";
import type { ListOptions, Region, RegionAvailability } from "./wire-types.js";

/** Region operations of {@link CloudClient}. */
export interface RegionsApi {
  /** #13: every region, all pages. */
  list(options?: ListOptions): Promise<Region[]>;
  /** #15 */
  get(id: string): Promise<Region>;
  /** #14: availability of select premium and GPU plans in select regions. */
  listAvailability(options?: ListOptions): Promise<RegionAvailability[]>;
  /** #16: availability entries of one region; always an array, whatever shape the API answers. */
  getAvailability(id: string): Promise<RegionAvailability[]>;
}

/** Reads a region: lists the API holds as one string (the model's `separator`) leave as trimmed arrays. */
export const toRegion: (raw: unknown) => Region = reader(REGION);

/** Reads an availability entry. */
export const toRegionAvailability = reader(AVAILABILITY);

/**
 * #16 is a single entry in the spec but a bare array in the real API; a `{data}` page is accepted
 * too. All read as an array.
 */
export function toAvailabilityList(raw: unknown): RegionAvailability[] {
  if (Array.isArray(raw)) return raw.map(toRegionAvailability);
  const r = asRecord(raw);
  if (Array.isArray(r.data)) return r.data.map(toRegionAvailability);
  return Object.keys(r).length === 0 ? [] : [toRegionAvailability(r)];
}

/** Binds the region operations to a transport. */
export function regionsApi(http: HttpClient): RegionsApi {
  const get = (path: string, query?: Record<string, number | undefined>) =>
    http.request("GET", path, { auth: false, ...(query ? { query } : {}) });
  return {
    list: (options) => listAll((query) => get(apiPath("regions"), query), toRegion, options),
    get: async (id) => toRegion(await get(apiPath("regions", id))),
    listAvailability: (options) =>
      listAll((query) => get(apiPath("regions", "availability"), query), toRegionAvailability, options),
    getAvailability: async (id) => toAvailabilityList(await get(apiPath("regions", id, "availability"))),
  };
}
