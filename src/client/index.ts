/**
 * The typed client of the Cloud Platform API v4. One {@link CloudClient} per configuration; its
 * members group the operations by API area, one module each.
 */
import type { ClientConfig } from "./config.js";
import { databaseEngineApi, databasesApi, type DatabaseEngineApi, type DatabasesApi } from "./databases.js";
import { enginesApi, type EnginesApi } from "./engines.js";
import { HttpClient } from "./http.js";
import { regionsApi, type RegionsApi } from "./regions.js";
import { subnetsApi, type SubnetsApi } from "./subnets.js";
import type { EngineType } from "./wire-types.js";
import { vpcsApi, type VpcsApi } from "./vpcs.js";
import { vpcAvailabilityApi, type VpcAvailabilityApi } from "./vpc-availability.js";

export { ApiError, type ApiFieldError, type SanitizedCause } from "./errors.js";
export {
  resolveClientConfig,
  normalizeApiUrl,
  INSECURE_HTTP_OPT_IN,
  isLoopback,
  defaultUserAgent,
  type ClientConfig,
  type ClientConfigSource,
  type ConfigBag,
  type ResolveOptions,
  type RetryConfig,
} from "./config.js";
export { paginate, collectAll, type PageFetcher } from "./paginate.js";
export { singleAttempts } from "./http.js";
export { apiPath, engineIdSegments } from "./paths.js";
export { DEFAULT_RETRY, isTransient, isUnclearOutcome } from "./retry.js";
export { ENGINE_TYPES, type DatabaseEngineApi, type DatabasesApi } from "./databases.js";
export type { VpcsApi } from "./vpcs.js";
export type { SubnetsApi } from "./subnets.js";
export type { RegionsApi } from "./regions.js";
export type { VpcAvailabilityApi } from "./vpc-availability.js";
export type { EnginesApi } from "./engines.js";
export * from "./wire-types.js";

/**
 * Every operation of the API as a typed method. Construction validates the configuration (plain
 * http only to loopback) but sends nothing; region and engine calls work without a token.
 */
export class CloudClient {
  /** VPCs and their IP listings (#1 to #7). */
  readonly vpcs: VpcsApi;
  /** Subnets of a VPC (#8 to #12). */
  readonly subnets: SubnetsApi;
  /** Regions and plan availability (#13 to #16). */
  readonly regions: RegionsApi;
  /** Today's API: where VPCs and their IPv6 prefix lengths are offered, and the default IPv4 ranges. */
  readonly vpcAvailability: VpcAvailabilityApi;
  /** Database engine catalogue (#17, #18). */
  readonly engines: EnginesApi;
  /** Cross-engine database list (#19). */
  readonly databases: DatabasesApi;
  /** Managed MySQL (#20 to #33). */
  readonly mysql: DatabaseEngineApi;
  /** Managed PostgreSQL (#34 to #39 and the analogues of #26 to #33). */
  readonly postgresql: DatabaseEngineApi;

  constructor(config: ClientConfig) {
    const http = new HttpClient(config);
    this.vpcs = vpcsApi(http);
    this.subnets = subnetsApi(http);
    this.regions = regionsApi(http);
    this.vpcAvailability = vpcAvailabilityApi(http);
    this.engines = enginesApi(http);
    this.databases = databasesApi(http);
    this.mysql = databaseEngineApi(http, "mysql");
    this.postgresql = databaseEngineApi(http, "postgresql");
  }

  /** The operations of one engine family, for code that holds the engine as data. */
  database(engine: EngineType): DatabaseEngineApi {
    if (engine === "mysql") return this.mysql;
    if (engine === "postgresql") return this.postgresql;
    throw new TypeError(`Unknown database engine "${String(engine)}": expected mysql or postgresql`);
  }
}
