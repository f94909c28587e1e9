/**
 * Where today's VPC features are offered (todays-vpcs.md §1.6, §2): `GET /regions/vpc-availability`
 * (paginated), `GET /regions/{regionId}/vpc-availability`, and the IPv4 ranges of
 * `GET /vpcs/default-ranges`. The answers depend on the account (its IPv6 access), so they are
 * sent with its token, unlike the other region operations.
 */
import type { HttpClient } from "./http.js";
import { apiPath } from "./paths.js";
import { VPC_AVAILABILITY, VPC_DEFAULT_RANGES } from "../api/index.js";
import { reader } from "./normalize.js";
import { listAll } from "./paginate.js";
import type { ListOptions, RegionVpcAvailability, VpcDefaultRanges } from "./wire-types.js";

/** VPC availability operations of {@link CloudClient}. */
export interface VpcAvailabilityApi {
  /** Every region's VPC availability, all pages from `options.page` on. */
  list(options?: ListOptions): Promise<RegionVpcAvailability[]>;
  /** One region's VPC availability. */
  get(regionId: string): Promise<RegionVpcAvailability>;
  /** The default IPv4 ranges of a VPC and the ranges no VPC may use. */
  defaultRanges(): Promise<VpcDefaultRanges>;
}

const toAvailability = reader(VPC_AVAILABILITY);
const toDefaultRanges = reader(VPC_DEFAULT_RANGES);

/** Binds the VPC availability operations to a transport. */
export function vpcAvailabilityApi(http: HttpClient): VpcAvailabilityApi {
  return {
    list: (options) =>
      listAll(
        (query) => http.request("GET", apiPath("regions", "vpc-availability"), { query, filter: options?.filter }),
        toAvailability,
        options,
      ),
    get: async (regionId) =>
      toAvailability(await http.request("GET", apiPath("regions", regionId, "vpc-availability"))),
    defaultRanges: async () => toDefaultRanges(await http.request("GET", apiPath("vpcs", "default-ranges"))),
  };
}
