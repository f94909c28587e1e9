import type { FastifyInstance, FastifyRequest } from "fastify";
import type { UpdateBody, VPC } from "../../api/index.js";
import type { SubnetCreate, VpcCreate } from "./model.js";
import { FILTERABLE } from "../x-filter.js";
import { listPage } from "../pagination.js";
import { subnetCreateBody, subnetUpdate, vpcCreate, vpcUpdate } from "../schemas.js";
import type { Account } from "../account.js";
import { eventView, subnetView, vpcView } from "../views.js";
import { ipEntries } from "./links.js";
import { id, op, type Q } from "../route-helpers.js";

type Vpc = { Params: { vpcId: string } };
type Subnet = { Params: { vpcId: string; subnetId: string } };

/** VPCs and subnets (#1..#12), the `/v4/vpcs/ips` alias and the account event log. */
export function vpcRoutes(app: FastifyInstance, store: Account): void {
  const read = op({ scope: "vpc:read_only" });
  const write = (body?: object) => op({ scope: "vpc:read_write" }, body);
  const ips = op({ scope: "ips:read_only" });

  app.get<Q>("/v4/vpcs", read, async (req) =>
    listPage(
      store.vpcs.list(req.actor).map((v) => vpcView(store, v)),
      req,
      FILTERABLE.vpcs,
    ),
  );
  app.post<{ Body: VpcCreate }>("/v4/vpcs", write(vpcCreate), async (req) =>
    vpcView(store, store.vpcs.create(req.body, req.actor)),
  );
  const allIps = async (req: FastifyRequest<Q>) => {
    const visible = new Set(store.vpcs.list(req.actor).map((v) => v.id));
    return listPage(ipEntries(store.computes.interfacesIn(), store.state, visible), req, FILTERABLE.vpcIps);
  };
  app.get<Q>("/v4/networking/vpcs/ips", ips, allIps);
  app.get<Q>("/v4/vpcs/ips", ips, allIps);
  app.get<Vpc>("/v4/vpcs/:vpcId", read, async (req) => vpcView(store, store.vpcs.get(id(req.params.vpcId), req.actor)));
  app.put<Vpc & { Body: UpdateBody<typeof VPC> }>("/v4/vpcs/:vpcId", write(vpcUpdate), async (req) =>
    vpcView(store, store.vpcs.update(id(req.params.vpcId), req.body ?? {}, req.actor)),
  );
  app.delete<Vpc>("/v4/vpcs/:vpcId", write(), async (req) => {
    store.vpcs.delete(id(req.params.vpcId), req.actor);
    return {};
  });
  app.get<Vpc & Q>("/v4/vpcs/:vpcId/ips", ips, async (req) => {
    const vpc = store.vpcs.get(id(req.params.vpcId), req.actor);
    return listPage(ipEntries(store.computes.interfacesIn(vpc.id), store.state), req, FILTERABLE.vpcIpsOfOne);
  });
  app.get<Vpc & Q>("/v4/vpcs/:vpcId/subnets", read, async (req) => {
    const vpc = store.vpcs.get(id(req.params.vpcId), req.actor);
    return listPage(
      store.vpcs.subnetsOf(vpc.id).map((s) => subnetView(store, s)),
      req,
      FILTERABLE.subnets,
    );
  });
  app.post<Vpc & { Body: SubnetCreate }>("/v4/vpcs/:vpcId/subnets", write(subnetCreateBody), async (req) =>
    subnetView(store, store.vpcs.createSubnet(id(req.params.vpcId), req.body, req.actor)),
  );
  app.get<Subnet>("/v4/vpcs/:vpcId/subnets/:subnetId", read, async (req) =>
    subnetView(store, store.vpcs.getSubnet(id(req.params.vpcId), id(req.params.subnetId), req.actor)),
  );
  app.put<Subnet & { Body: { label?: string } }>(
    "/v4/vpcs/:vpcId/subnets/:subnetId",
    write(subnetUpdate),
    async (req) =>
      subnetView(
        store,
        store.vpcs.updateSubnet(id(req.params.vpcId), id(req.params.subnetId), req.body ?? {}, req.actor),
      ),
  );
  app.delete<Subnet>("/v4/vpcs/:vpcId/subnets/:subnetId", write(), async (req) => {
    store.vpcs.deleteSubnet(id(req.params.vpcId), id(req.params.subnetId), req.actor);
    return {};
  });
  // Newest first, as the real event log reads.
  app.get<Q>("/v4/account/events", op({ scope: "events:read_only" }), async (req) =>
    listPage([...store.state.events].reverse().map(eventView), req, FILTERABLE.events),
  );
}
