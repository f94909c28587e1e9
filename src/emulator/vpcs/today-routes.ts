/**
 * The VPC operations today's API adds (todays-vpcs.md §1.2, §2): the default and forbidden IPv4
 * ranges (`GET /vpcs/default-ranges`, as recorded) and the IPv6 listings of VPC addresses
 * (`GET /vpcs/ipv6s`, `GET /vpcs/{vpcId}/ipv6s`, paginated and filtered like `/vpcs/ips`).
 * Registered before vpcs/routes.ts's `/vpcs/:vpcId`, which their static paths win over anyway.
 */
import type { FastifyInstance } from "fastify";
import {
  DEFAULT_RANGES_LISTED,
  filterNames,
  FORBIDDEN_IPV4_RANGES,
  VPC_DEFAULT_RANGES,
  VPC_IPV6_ENTRY,
} from "../../api/index.js";
import { listPage } from "../pagination.js";
import type { Account } from "../account.js";
import { answerOf } from "../stored.js";
import { id, op, type Q } from "../route-helpers.js";
import { ipv6Entries } from "./links.js";

const IPV6_FILTERABLE = filterNames(VPC_IPV6_ENTRY);

/** The default ranges and IPv6 listing routes. */
export function vpcTodayRoutes(app: FastifyInstance, store: Account): void {
  const read = op({ scope: "vpc:read_only" });
  const ips = op({ scope: "ips:read_only" });
  // An account without IPv6 access has no IPv6 entries to list.
  const ipv6Of = (interfaces: Parameters<typeof ipv6Entries>[0], visible?: ReadonlySet<number>) =>
    store.vpcAccount.ipv6 ? ipv6Entries(interfaces, store.state, visible) : [];
  app.get("/v4/vpcs/default-ranges", read, async () =>
    answerOf(VPC_DEFAULT_RANGES, {
      default_ipv4_ranges: [...DEFAULT_RANGES_LISTED],
      forbidden_ipv4_ranges: [...FORBIDDEN_IPV4_RANGES],
    }),
  );
  app.get<Q>("/v4/vpcs/ipv6s", ips, async (req) => {
    const visible = new Set(store.vpcs.list(req.actor).map((v) => v.id));
    return listPage(ipv6Of(store.computes.interfacesIn(), visible), req, IPV6_FILTERABLE);
  });
  app.get<{ Params: { vpcId: string } } & Q>("/v4/vpcs/:vpcId/ipv6s", ips, async (req) => {
    const vpc = store.vpcs.get(id(req.params.vpcId), req.actor);
    return listPage(ipv6Of(store.computes.interfacesIn(vpc.id)), req, IPV6_FILTERABLE);
  });
}
