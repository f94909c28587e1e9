import type { FastifyInstance } from "fastify";
import { AVAILABILITY, DATABASE_STATUSES, isEngine, PLATFORMS, wireNames, type Platform } from "../../api/index.js";
import { timestamp } from "../clock.js";
import { BadRequest } from "../failures.js";
import type { FaultRule, RateLimit } from "../fault-rules.js";
import type { Faults } from "../faults.js";
import type { ComputeInput } from "../computes/model.js";
import { INTERFACE_BODY, type InterfaceInput } from "../vpcs/links.js";
import type { VpcCreate } from "../vpcs/model.js";
import type { RequestLog } from "../request-log.js";
import { tokenRecord } from "../seed.js";
import type {
  AvailabilityRecord,
  DatabaseRecord,
  EngineRecord,
  InstanceTypeRecord,
  RegionRecord,
  TokenRecord,
} from "../records.js";
import { ANSWER_SHAPES, DEFAULT_TIMINGS, type AnswerShape, type Timings } from "../store.js";
import type { Account } from "../account.js";
import { id } from "../route-helpers.js";
import type { JsonSchema } from "../json-schema.js";
import { vpcCreate } from "../schemas.js";
import { DATABASE_KEYS, ENGINE_KEYS, PLAN_KEYS, REGION_KEYS } from "../model-names.js";

/** Body of `POST /_emulator/seed`: entries are added, or replace those with the same id. */
export interface SeedBody {
  regions?: RegionRecord[];
  availability?: AvailabilityRecord[];
  engines?: EngineRecord[];
  types?: InstanceTypeRecord[];
  computes?: ComputeInput[];
  tokens?: (Partial<TokenRecord> & { token: string })[];
  /**
   * VPCs to make, as `POST /v4/vpcs` bodies, through the same rules (unique labels, regions): an
   * account of thousands of VPCs in one request, for measuring what grows with the account.
   */
  vpcs?: VpcCreate[];
}

function upsert<T>(list: T[], items: T[] | undefined, same: (a: T, b: T) => boolean): T[] {
  let out = list;
  for (const item of items ?? []) out = [...out.filter((x) => !same(x, item)), item];
  return out;
}

/** A list of objects, each with the `required` keys. */
const listOf = (...required: string[]): JsonSchema => ({
  type: "array",
  items: { type: "object", ...(required.length ? { required } : {}) },
});

const seedSchema: JsonSchema = {
  type: "object",
  properties: {
    regions: listOf(REGION_KEYS.id),
    availability: listOf(...wireNames(AVAILABILITY)),
    engines: listOf(ENGINE_KEYS.id, ENGINE_KEYS.engine, ENGINE_KEYS.version),
    types: listOf(PLAN_KEYS.id, PLAN_KEYS.disk),
    computes: listOf(),
    tokens: listOf("token"),
    vpcs: listOf(...(vpcCreate.required ?? [])),
  },
};

/** The control API under `/_emulator`: reset, seed, clock, timings, statuses, faults, request log. */
export function controlRoutes(app: FastifyInstance, store: Account, faults: Faults, log: RequestLog): void {
  const clockView = () => ({
    now: timestamp(store.clock.now()),
    epochMs: Math.floor(store.clock.now()),
    scale: store.clock.scale,
  });

  app.post("/_emulator/reset", async () => {
    store.reset();
    faults.clear();
    faults.setRateLimit(null);
    log.clear();
    return {};
  });

  app.post<{ Body: SeedBody }>("/_emulator/seed", { schema: { body: seedSchema } }, async (req) => {
    const s = store.state;
    const body = req.body ?? {};
    s.regions = upsert(s.regions, body.regions, (a, b) => a.id === b.id);
    s.availability = upsert(s.availability, body.availability, (a, b) => a.region === b.region && a.plan === b.plan);
    s.engines = upsert(s.engines, body.engines, (a, b) => a.id === b.id);
    s.types = upsert(s.types, body.types, (a, b) => a.id === b.id);
    s.tokens = upsert(s.tokens, body.tokens?.map(tokenRecord), (a, b) => a.token === b.token);
    const computes = (body.computes ?? []).map((c) => store.computes.upsert(c));
    const vpcs = (body.vpcs ?? []).map((v) => store.vpcs.create(v, null).id);
    return { computes, vpcs };
  });

  app.get("/_emulator/computes", async () => ({ computes: store.state.computes }));
  app.delete<{ Params: { computeId: string } }>("/_emulator/computes/:computeId", async (req) => {
    store.computes.remove(id(req.params.computeId));
    return {};
  });
  app.post<{ Params: { computeId: string }; Body: InterfaceInput }>(
    "/_emulator/computes/:computeId/interfaces",
    { schema: { body: INTERFACE_BODY } },
    async (req) => store.computes.attach(id(req.params.computeId), req.body),
  );
  app.put<{ Params: { computeId: string; interfaceId: string }; Body: { active: boolean } }>(
    "/_emulator/computes/:computeId/interfaces/:interfaceId",
    {
      schema: {
        body: {
          type: "object",
          required: ["active"],
          properties: { active: { type: "boolean" } },
        } satisfies JsonSchema,
      },
    },
    async (req) => {
      const iface = store.computes.getInterface(id(req.params.computeId), id(req.params.interfaceId));
      iface.active = req.body.active;
      return iface;
    },
  );
  app.delete<{ Params: { computeId: string; interfaceId: string } }>(
    "/_emulator/computes/:computeId/interfaces/:interfaceId",
    async (req) => {
      store.computes.detach(id(req.params.computeId), id(req.params.interfaceId));
      return {};
    },
  );

  app.get("/_emulator/clock", async () => clockView());
  app.post<{ Body: { advanceSeconds?: number; scale?: number } }>(
    "/_emulator/clock",
    {
      schema: {
        body: {
          type: "object",
          properties: {
            advanceSeconds: { type: "number", minimum: 0 },
            scale: { type: "number", exclusiveMinimum: 0 },
          },
        } satisfies JsonSchema,
      },
    },
    async (req) => {
      if (req.body?.scale !== undefined) store.clock.setScale(req.body.scale);
      if (req.body?.advanceSeconds !== undefined) store.clock.advance(req.body.advanceSeconds);
      store.databases.settleAll();
      return clockView();
    },
  );

  // Every timing of the store, each a non-negative number of emulated seconds.
  const timingProps = Object.fromEntries(
    Object.keys(DEFAULT_TIMINGS).map((k) => [k, { type: "number", minimum: 0 } satisfies JsonSchema]),
  );
  app.get("/_emulator/timings", async () => store.timings);
  app.put<{ Body: Partial<Timings> }>(
    "/_emulator/timings",
    { schema: { body: { type: "object", properties: timingProps } satisfies JsonSchema } },
    async (req) => {
      Object.assign(store.timings, req.body ?? {});
      return store.timings;
    },
  );

  app.put<{ Params: { engine: string; instanceId: string }; Body: Pick<DatabaseRecord, typeof DATABASE_KEYS.status> }>(
    "/_emulator/databases/:engine/:instanceId/status",
    {
      schema: {
        body: {
          type: "object",
          required: [DATABASE_KEYS.status],
          properties: { status: { type: "string", enum: [...DATABASE_STATUSES] } },
        } satisfies JsonSchema,
      },
    },
    async (req) => {
      const engine = req.params.engine;
      if (!isEngine(engine)) throw new BadRequest("Must be mysql or postgresql", DATABASE_KEYS.engine);
      const db = store.databases.setStatus(engine, id(req.params.instanceId), req.body.status);
      return { id: db.id, status: db.status } satisfies Partial<DatabaseRecord>;
    },
  );

  // The platform new databases are made on; databases already stored keep theirs.
  app.get("/_emulator/platform", async () => ({ databases: store.platform }));
  app.put<{ Body: { databases: Platform } }>(
    "/_emulator/platform",
    {
      schema: {
        body: {
          type: "object",
          required: ["databases"],
          additionalProperties: false,
          properties: { databases: { enum: PLATFORMS } },
        } satisfies JsonSchema,
      },
    },
    async (req) => {
      store.platform = req.body.databases;
      return { databases: store.platform };
    },
  );

  // The shape of database answers: the contract's version, or the API's from late 2024 on.
  app.get("/_emulator/answers", async () => ({ databases: store.answers }));
  app.put<{ Body: { databases: AnswerShape } }>(
    "/_emulator/answers",
    {
      schema: {
        body: {
          type: "object",
          required: ["databases"],
          properties: { databases: { enum: ANSWER_SHAPES } },
        } satisfies JsonSchema,
      },
    },
    async (req) => {
      store.answers = req.body.databases;
      return { databases: store.answers };
    },
  );

  // Values a database holds that the rules of a later day refuse (labels of 33..39 characters the
  // API accepted for years, windows of later versions): written as given, no rule applied.
  app.patch<{
    Params: { engine: string; instanceId: string };
    Body: Pick<Partial<DatabaseRecord>, typeof DATABASE_KEYS.label | typeof DATABASE_KEYS.updates>;
  }>(
    "/_emulator/databases/:engine/:instanceId",
    {
      schema: {
        body: {
          type: "object",
          additionalProperties: false,
          properties: { label: { type: "string", minLength: 1 }, updates: { type: "object" } },
        } satisfies JsonSchema,
      },
    },
    async (req) => {
      const engine = req.params.engine;
      if (!isEngine(engine)) throw new BadRequest("Must be mysql or postgresql", DATABASE_KEYS.engine);
      const db = store.databases.get(engine, id(req.params.instanceId), null);
      if (req.body.label !== undefined) db.label = req.body.label;
      if (req.body.updates !== undefined) db.updates = req.body.updates;
      store.save();
      return { id: db.id, label: db.label, updates: db.updates } satisfies Partial<DatabaseRecord>;
    },
  );

  app.get("/_emulator/faults", async () => ({ faults: faults.list() }));
  app.post<{ Body: FaultRule }>(
    "/_emulator/faults",
    {
      schema: {
        body: {
          type: "object",
          required: ["path"],
          properties: {
            method: { type: "string" },
            path: { type: "string", minLength: 1 },
            status: { type: "integer", minimum: 100, maximum: 599 },
            rate: { type: "number", minimum: 0, maximum: 1 },
            retryAfter: { type: "number", minimum: 0 },
            latencyMs: { type: "number", minimum: 0 },
            drop: { type: "boolean" },
            times: { type: "integer", minimum: 1 },
            html: { type: "boolean" },
            maintenance: { type: "boolean" },
            after: { type: "boolean" },
            seed: { type: "integer" },
            forSeconds: { type: "number", exclusiveMinimum: 0 },
            startAfter: {
              type: "object",
              required: ["path"],
              additionalProperties: false,
              properties: {
                method: { type: "string" },
                path: { type: "string", minLength: 1 },
                count: { type: "integer", minimum: 1 },
              },
            },
          },
        } satisfies JsonSchema,
      },
    },
    async (req) => faults.add(req.body),
  );
  app.delete("/_emulator/faults", async () => {
    faults.clear();
    return {};
  });
  app.put<{ Body: Partial<RateLimit> & { limit: number | null } }>(
    "/_emulator/rate-limit",
    {
      schema: {
        body: {
          type: "object",
          required: ["limit"],
          properties: {
            limit: { type: "integer", minimum: 0, nullable: true },
            windowSeconds: { type: "number", exclusiveMinimum: 0 },
          },
        } satisfies JsonSchema,
      },
    },
    async (req) => {
      const limit =
        req.body.limit === null ? null : { limit: req.body.limit, windowSeconds: req.body.windowSeconds ?? 60 };
      faults.setRateLimit(limit);
      return { rateLimit: limit };
    },
  );

  app.get("/_emulator/requests", async () => ({ requests: log.list() }));
  app.delete("/_emulator/requests", async () => {
    log.clear();
    return {};
  });
}
