/**
 * The database engine catalogue (#17, #18). Public: sent without an Authorization header.
 */
import type { HttpClient } from "./http.js";
import { apiPath, engineIdSegments } from "./paths.js";
import { ENGINE, PATH_WORDS } from "../api/index.js";
import { reader } from "./normalize.js";
import { listAll } from "./paginate.js";
import type { DatabaseEngine, ListOptions } from "./wire-types.js";

/** Engine operations of {@link CloudClient}. */
export interface EnginesApi {
  /** #17: every engine version offered, all pages. */
  list(options?: ListOptions): Promise<DatabaseEngine[]>;
  /** #18: one engine by id, `mysql/8.0.30`, sent as the two path segments the API expects. */
  get(engineId: string): Promise<DatabaseEngine>;
}

/** Reads an engine entry. */
export const toEngine = reader(ENGINE);

/** Binds the engine operations to a transport. */
export function enginesApi(http: HttpClient): EnginesApi {
  return {
    list: (options) =>
      listAll(
        (query) => http.request("GET", apiPath(PATH_WORDS.databases, PATH_WORDS.engines), { auth: false, query }),
        toEngine,
        options,
      ),
    get: async (engineId) =>
      toEngine(
        await http.request("GET", apiPath(PATH_WORDS.databases, PATH_WORDS.engines, ...engineIdSegments(engineId)), {
          auth: false,
        }),
      ),
  };
}
