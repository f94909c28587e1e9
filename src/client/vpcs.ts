/**
 * VPCs (#1 to #7): the VPC entity's operations and the IP address listings.
 */
import type { HttpClient } from "./http.js";
import { apiPath } from "./paths.js";
import { VPC, VPC_IP, VPC_IPV6_ENTRY } from "../api/index.js";
import { asRecord, readAnswer, reader } from "./normalize.js";
import { collectAll, listAll, paginate, toPage } from "./paginate.js";
import type {
  CreateOptions,
  CreateVpcRequest,
  ListOptions,
  Page,
  UpdateVpcRequest,
  Vpc,
  VpcIp,
  VpcIpv6,
} from "./wire-types.js";

/** VPC operations of {@link CloudClient}. */
export interface VpcsApi {
  /** #1: every VPC of the account, all pages from `options.page` on. */
  list(options?: ListOptions): Promise<Vpc[]>;
  /** #1 as an async iterator, fetching pages as they are consumed. */
  iterate(options?: ListOptions): AsyncIterable<Vpc>;
  /** #5 */
  get(id: number): Promise<Vpc>;
  /** #2: creates the VPC together with the subnets given. */
  create(request: CreateVpcRequest, options?: CreateOptions<Vpc>): Promise<Vpc>;
  /**
   * #6: label, description and (today's API) the customer's own IPv4 ranges; subnets are changed
   * through the subnet operations. Sends only the keys given: a region without custom ranges
   * refuses any `ipv4`, even the defaults repeated.
   */
  update(id: number, request: UpdateVpcRequest): Promise<Vpc>;
  /** #4: deletes the VPC and all its subnets, or nothing. */
  delete(id: number): Promise<void>;
  /** #3: every VPC IP address and range of the account. */
  listIps(options?: ListOptions): Promise<VpcIp[]>;
  /** #7: the IP addresses and ranges of one VPC. */
  listVpcIps(vpcId: number, options?: ListOptions): Promise<VpcIp[]>;
  /** Today's API: every VPC IPv6 range of the account's interfaces (`GET /vpcs/ipv6s`). */
  listIpv6s(options?: ListOptions): Promise<VpcIpv6[]>;
  /** Today's API: the IPv6 ranges of one VPC (`GET /vpcs/{vpcId}/ipv6s`). */
  listVpcIpv6s(vpcId: number, options?: ListOptions): Promise<VpcIpv6[]>;
}

const toVpcIpv6 = reader(VPC_IPV6_ENTRY);

/** Reads a VPC answer; a missing description reads as "" (the API's default). */
export const toVpc = reader(VPC);

/**
 * Reads one IP entry. The spec shows `page`, `pages` and `results` inside entries; they describe the
 * list, not the address, so they are dropped here.
 */
export function toVpcIp(raw: unknown): VpcIp {
  const { page: _page, pages: _pages, results: _results, ...entry } = asRecord(raw);
  return readAnswer(VPC_IP, entry);
}

/**
 * #7's shape is not settled by the spec: accept the usual `{data: [...]}` page, a bare array, or one
 * flat entry carrying `page`/`pages`/`results` beside its own fields.
 */
export function toVpcIpPage(raw: unknown): Page<VpcIp> {
  const r = asRecord(raw);
  if (Array.isArray(raw) || Array.isArray(r.data)) return toPage(raw, toVpcIp);
  if (Object.keys(r).length === 0) return { data: [], page: 1, pages: 1, results: 0 };
  return {
    data: [toVpcIp(r)],
    page: typeof r.page === "number" ? r.page : 1,
    pages: typeof r.pages === "number" ? r.pages : 1,
    results: typeof r.results === "number" ? r.results : 1,
  };
}

/** Binds the VPC operations to a transport. */
export function vpcsApi(http: HttpClient): VpcsApi {
  const base = apiPath("vpcs");
  const item = (id: number) => apiPath("vpcs", id);
  const iterate = (options?: ListOptions) =>
    paginate(
      async (query) => toPage(await http.request("GET", base, { query, filter: options?.filter }), toVpc),
      options,
    );
  const listOf = (path: string, options?: ListOptions) =>
    listAll((query) => http.request("GET", path, { query, filter: options?.filter }), toVpcIpv6, options);
  return {
    iterate,
    list: (options) => collectAll(iterate(options)),
    get: async (id) => toVpc(await http.request("GET", item(id))),
    create: async (request, options) => toVpc(await http.request("POST", base, { ...options, body: request })),
    update: async (id, request) => toVpc(await http.request("PUT", item(id), { body: request })),
    delete: async (id) => {
      await http.request("DELETE", item(id));
    },
    listIps: (options) =>
      listAll((query) => http.request("GET", apiPath("networking", "vpcs", "ips"), { query }), toVpcIp, options),
    listIpv6s: (options) => listOf(apiPath("vpcs", "ipv6s"), options),
    listVpcIpv6s: (vpcId, options) => listOf(apiPath("vpcs", vpcId, "ipv6s"), options),
    listVpcIps: (vpcId, options) =>
      collectAll(
        paginate(
          async (query) => toVpcIpPage(await http.request("GET", apiPath("vpcs", vpcId, "ips"), { query })),
          options,
        ),
      ),
  };
}
