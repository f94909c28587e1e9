/**
 * `GET /regions/vpc-availability` and `GET /regions/{regionId}/vpc-availability` (todays-vpcs.md
 * §1.6): whether a region offers VPCs (its capability "VPCs") and the IPv6 prefix lengths it offers
 * the account (vpcs/account.ts: none without IPv6 access, as the 2026-02-02 recordings of such
 * an account list), in the recorded key order (the API model's `VPC_AVAILABILITY`). No token needed,
 * like the other region routes.
 */
import type { FastifyInstance } from "fastify";
import { VPC_AVAILABILITY } from "../api/index.js";
import { NotFound } from "./failures.js";
import { listPage } from "./pagination.js";
import type { RegionRecord } from "./records.js";
import type { Store } from "./store.js";
import { answerOf } from "./stored.js";
import { op, type Q } from "./route-helpers.js";

/** The VPC availability routes. */
export function vpcAvailabilityRoutes(app: FastifyInstance, store: Store): void {
  const none = op({ auth: "none" });
  const entry = (r: RegionRecord) =>
    answerOf(VPC_AVAILABILITY, {
      region: r.id,
      available: store.vpcAccount.offersVpcs(r),
      available_ipv6_prefix_lengths: store.vpcAccount.offered(r),
    });
  app.get<Q>("/v4/regions/vpc-availability", none, async (req) => listPage(store.state.regions.map(entry), req, []));
  app.get<{ Params: { regionId: string } }>("/v4/regions/:regionId/vpc-availability", none, async (req) => {
    const region = store.state.regions.find((r) => r.id === req.params.regionId);
    if (!region) throw new NotFound();
    return entry(region);
  });
}
