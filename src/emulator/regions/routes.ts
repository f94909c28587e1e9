import type { FastifyInstance } from "fastify";
import { NotFound } from "../failures.js";
import { FILTERABLE } from "../x-filter.js";
import { listPage } from "../pagination.js";
import type { Store } from "../store.js";
import type { EngineRecord } from "../records.js";
import { CONTRACT_PLATFORM, databasePlans, ENGINE } from "../../api/index.js";
import { answerOf } from "../stored.js";
import { catalogueOf } from "../databases/platform.js";
import { op, type Q } from "../route-helpers.js";

/** Regions (#13..#16), the engine catalogue (#17, #18) and the database plans: no token needed. */
export function regionRoutes(app: FastifyInstance, store: Store): void {
  const none = op({ auth: "none" });
  app.get<Q>("/v4/regions", none, async (req) => listPage(store.state.regions, req, FILTERABLE.regions));
  app.get<Q>("/v4/regions/availability", none, async (req) =>
    listPage(store.state.availability, req, FILTERABLE.availability),
  );
  app.get<{ Params: { regionId: string } }>("/v4/regions/:regionId", none, async (req) => {
    const region = store.state.regions.find((r) => r.id === req.params.regionId);
    if (!region) throw new NotFound();
    return region;
  });
  // The real API answers a bare array of the region's entries; so do we.
  app.get<{ Params: { regionId: string } }>("/v4/regions/:regionId/availability", none, async (req) => {
    if (!store.state.regions.some((r) => r.id === req.params.regionId)) throw new NotFound();
    return store.state.availability.filter((a) => a.region === req.params.regionId);
  });
  // The catalogue new databases are made from: the seeded one, or today's (its keys and order).
  const catalogue = () => catalogueOf(store.state, store.platform);
  const entry = (e: EngineRecord) =>
    store.platform === CONTRACT_PLATFORM ? e : answerOf(ENGINE, e, {}, undefined, undefined, store.platform);
  app.get<Q>("/v4/databases/engines", none, async (req) => {
    const page = listPage(catalogue(), req, FILTERABLE.engines);
    return { ...page, data: page.data.map(entry) };
  });
  const engine = (engineId: string) => {
    const found = catalogue().find((e) => e.id === engineId);
    if (!found) throw new NotFound();
    return entry(found);
  };
  app.get<{ Params: { family: string; release: string } }>(
    "/v4/databases/engines/:family/:release",
    none,
    async (req) => engine(`${req.params.family}/${req.params.release}`),
  );
  // An escaped slash (`mysql%2F8.0.30`) arrives here as one decoded parameter.
  app.get<{ Params: { engineId: string } }>("/v4/databases/engines/:engineId", none, async (req) =>
    engine(req.params.engineId),
  );
  // The plans, with the cluster sizes new databases take on each (the switch's platform decides).
  app.get<Q>("/v4/databases/types", none, async (req) =>
    listPage(databasePlans(store.platform), req, FILTERABLE.plans),
  );
  app.get<{ Params: { typeId: string } }>("/v4/databases/types/:typeId", none, async (req) => {
    const found = databasePlans(store.platform).find((p) => p.id === req.params.typeId);
    if (!found) throw new NotFound();
    return found;
  });
}
