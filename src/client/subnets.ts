/**
 * VPC subnets (#8 to #12). Child of a VPC, so every method takes the VPC id first.
 */
import type { HttpClient } from "./http.js";
import { apiPath } from "./paths.js";
import { SUBNET, VPC, wireKeys } from "../api/index.js";
import { reader } from "./normalize.js";
import { collectAll, paginate, toPage } from "./paginate.js";
import type { CreateOptions, CreateSubnetRequest, ListOptions, Subnet, UpdateSubnetRequest } from "./wire-types.js";

/** Subnet operations of {@link CloudClient}. */
export interface SubnetsApi {
  /** #8: every subnet of the VPC, all pages. */
  list(vpcId: number, options?: ListOptions): Promise<Subnet[]>;
  /** #8 as an async iterator, fetching pages as they are consumed. */
  iterate(vpcId: number, options?: ListOptions): AsyncIterable<Subnet>;
  /** #11 */
  get(vpcId: number, id: number): Promise<Subnet>;
  /** #9 */
  create(vpcId: number, request: CreateSubnetRequest, options?: CreateOptions<Subnet>): Promise<Subnet>;
  /** #12: only the label can change. */
  update(vpcId: number, id: number, request: UpdateSubnetRequest): Promise<Subnet>;
  /** #10: fails while a compute interface still uses the subnet. */
  delete(vpcId: number, id: number): Promise<void>;
}

/** Reads a subnet answer; absent `updated` reads as null, unknown keys are kept. */
export const toSubnet = reader(SUBNET);

/** Binds the subnet operations to a transport. */
export function subnetsApi(http: HttpClient): SubnetsApi {
  // The collection's path word is the VPC's field that lists them.
  const { subnets } = wireKeys(VPC);
  const base = (vpcId: number) => apiPath("vpcs", vpcId, subnets);
  const item = (vpcId: number, id: number) => apiPath("vpcs", vpcId, subnets, id);
  const iterate = (vpcId: number, options?: ListOptions) =>
    paginate(
      async (query) => toPage(await http.request("GET", base(vpcId), { query, filter: options?.filter }), toSubnet),
      options,
    );
  return {
    iterate,
    list: (vpcId, options) => collectAll(iterate(vpcId, options)),
    get: async (vpcId, id) => toSubnet(await http.request("GET", item(vpcId, id))),
    create: async (vpcId, request, options) =>
      toSubnet(await http.request("POST", base(vpcId), { ...options, body: request })),
    update: async (vpcId, id, request) => toSubnet(await http.request("PUT", item(vpcId, id), { body: request })),
    delete: async (vpcId, id) => {
      await http.request("DELETE", item(vpcId, id));
    },
  };
}
