/**
 * Drives every operation of the spec (spec/operations.json, the vendored copy of the shared spec):
 * each one answers 200 with its documented shape, enforces its token/scope/unrestricted rules,
 * records its events, and is gated by exactly the database statuses the spec lists.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import operations from "../../spec/operations.json";
import {
  answerMayLack,
  answerNames,
  AVAILABILITY,
  BACKUP,
  CREDENTIALS,
  DATABASE,
  DATABASE_SUMMARY,
  ENGINE,
  REGION,
  SUBNET,
  VPC,
  VPC_IP,
  type ApiField,
  type Engine,
  type Entity,
} from "../../src/api/index.js";
import { withEmulator } from "../support/emulator.js";
import { buildFixture, type Fixture } from "./fixture.js";
import { apiCaller, errorsOf, type Json } from "./http.js";

interface Operation {
  n: number | null;
  method: string;
  path: string;
  scope?: string | null;
  auth?: string;
  list?: boolean;
  grant?: string;
  unrestricted?: boolean;
  status?: string[];
  status_not?: string[];
  events?: string[];
}

const ops = operations.operations as Operation[];
/** The database statuses the contract lists ("Database `status` values: ..."), read from it. */
const STATUSES = (() => {
  const contract = readFileSync(join(__dirname, "..", "..", "spec", "cloud-api-v4.md"), "utf8");
  const line = /^Database `status` values: (.*)\.$/m.exec(contract);
  if (!line) throw new Error("spec/cloud-api-v4.md no longer lists the database statuses");
  return [...line[1]!.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!);
})();
const answersEmpty = (op: Operation) =>
  op.method === "DELETE" || (op.method === "POST" && /\/(backups|restore|reset|patch)$/.test(op.path));

const em = withEmulator();
const call = apiCaller(() => em().url);
const name = (op: Operation) => `#${op.n ?? "pg"} ${op.method} ${op.path}`;
const engineOf = (op: Operation) => (op.path.includes("/postgresql/") ? "postgresql" : "mysql");

function pathOf(op: Operation, f: Fixture): string {
  const db = f.db[engineOf(op)];
  return op.path
    .replace("{vpcId}", String(f.vpcId))
    .replace("{vpcSubnetId}", String(f.subnetId))
    .replace("{regionId}", "us-east")
    .replace("{engineId}", "mysql/8.0.30")
    .replace("{instanceId}", String(db.id))
    .replace("{backupId}", String(db.backupId));
}

function bodyOf(op: Operation): unknown {
  const key = `${op.method} ${op.path.replace(/\/(mysql|postgresql)\//, "/{engine}/")}`;
  const engine = engineOf(op);
  const bodies: Record<string, unknown> = {
    "POST /vpcs": {
      label: "new-vpc",
      region: "us-west",
      subnets: [
        { label: "one", ipv4: "10.1.0.0/24" },
        { label: "two", ipv4: "10.2.0.0/24" },
      ],
    },
    "PUT /vpcs/{vpcId}": { label: "renamed-vpc", description: "changed" },
    "POST /vpcs/{vpcId}/subnets": { label: "second", ipv4: "10.0.1.0/24" },
    "PUT /vpcs/{vpcId}/subnets/{vpcSubnetId}": { label: "renamed-subnet" },
    "POST /databases/{engine}/instances": {
      label: `new-${engine}`,
      region: "eu-central",
      type: "g6-nanode-1",
      engine: engine === "mysql" ? "mysql/5.7.39" : "postgresql/13.2",
    },
    "PUT /databases/{engine}/instances/{instanceId}": { label: "renamed-db", allow_list: ["203.0.113.5"] },
    "POST /databases/{engine}/instances/{instanceId}/backups": { label: "snap2" },
  };
  return bodies[key];
}

/** The keys of each shape an answer may leave out (the model's `answerMayLack`). */
const mayLeaveOut = new WeakMap<object, Set<string>>();

/**
 * `shape` fitted to `value`: without the keys `value` may leave out and does, at every depth, so
 * that a missing key the model allows passes and every other difference still shows.
 */
function fit(shape: unknown, value: unknown): unknown {
  const optional = typeof shape === "object" && shape !== null ? mayLeaveOut.get(shape) : undefined;
  if (!optional || typeof value !== "object" || value === null) return shape;
  const held = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(shape as Record<string, unknown>)
      .filter(([k]) => Object.hasOwn(held, k) || !optional.has(k))
      .map(([k, v]) => [k, fit(v, held[k])]),
  );
}

/** Matches a value equal to any of `options` (each a value or a matcher). */
const anyOf = (...options: unknown[]) => ({
  asymmetricMatch: (value: unknown) =>
    options.some((option) => {
      try {
        expect(value).toEqual(fit(option, value));
        return true;
      } catch {
        return false;
      }
    }),
  toAsymmetricMatcher: () => `anyOf(${options.map((o) => JSON.stringify(o)).join(", ")})`,
});
/** The spec's "nullable". */
const nullable = (matcher: unknown) => anyOf(null, matcher);

/** A timestamp as the spec writes them: ISO 8601 without zone designator. */
const timestamp = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);

/** Matches an array whose every item matches `item` (an empty one too). */
const eachOf = (item: unknown) => ({
  asymmetricMatch: (value: unknown) => Array.isArray(value) && value.every((v) => anyOf(item).asymmetricMatch(v)),
  toAsymmetricMatcher: () => "eachOf(...)",
});

/**
 * The fields of an entity of the API model (src/api), with their types: no more, no fewer. Each
 * field answers its wire type and enum; `also` narrows a field further where a rule says more.
 */
function shapeOf(entity: Entity, engine?: Engine, also: Record<string, unknown> = {}): Record<string, unknown> {
  const shape: Record<string, unknown> = {};
  for (const name of answerNames(entity, engine)) {
    const f = entity.fields[name]!;
    shape[name] = name in also ? also[name] : valueShape(f, engine);
  }
  const optional = answerNames(entity, engine).filter((name) => answerMayLack(entity.fields[name]!));
  mayLeaveOut.set(shape, new Set(optional));
  return shape;
}

function valueShape(f: ApiField, engine: Engine | undefined): unknown {
  const t = f.type;
  const values = [...(f.enum ?? []), ...((engine && f.requestEnum?.[engine]) ?? [])];
  const value =
    typeof t === "object"
      ? "array" in t
        ? eachOf(shapeOf(t.array, engine))
        : shapeOf(t.object, engine)
      : values.length
        ? anyOf(...new Set(values))
        : t === "date-time"
          ? timestamp
          : t === "strings"
            ? eachOf(expect.any(String))
            : t === "integers"
              ? eachOf(expect.any(Number))
              : expect.any(t === "integer" ? Number : t === "boolean" ? Boolean : String);
  return f.nullable ? nullable(value) : value;
}

const SHAPES = {
  vpc: shapeOf(VPC, undefined, { subnets: expect.arrayContaining([shapeOf(SUBNET)]) }),
  subnet: shapeOf(SUBNET),
  ip: shapeOf(VPC_IP),
  region: shapeOf(REGION),
  availability: shapeOf(AVAILABILITY),
  engine: shapeOf(ENGINE, undefined, { id: expect.stringMatching(/^(mysql|postgresql)\/.+$/) }),
  backup: shapeOf(BACKUP, undefined, { label: expect.stringMatching(/^[A-Za-z0-9]{0,30}$/) }),
  credentials: shapeOf(CREDENTIALS),
};
/** A managed database of `engine`: `replication_commit_type` is PostgreSQL's only. */
const databaseShape = (engine: Engine) => shapeOf(DATABASE, engine, { engine });
/** The cross-engine list entry: exactly the fields the spec lists for it. */
const summaryShape = shapeOf(DATABASE_SUMMARY, undefined, {
  instance_uri: expect.stringMatching(/^\/v4\/databases\/(mysql|postgresql)\/instances\/\d+$/),
});

/** The object the spec's Endpoints table names as the answer of `op` (of each list entry for a list). */
function documentedObject(op: Operation): unknown {
  const p = op.path;
  const engine = engineOf(op);
  if (/\/backups(\/\{backupId\})?$/.test(p)) return SHAPES.backup;
  if (p.endsWith("/credentials")) return SHAPES.credentials;
  if (p === "/databases/instances") return summaryShape;
  if (/^\/databases\/(mysql|postgresql)\/instances(\/\{instanceId\})?$/.test(p)) return databaseShape(engine);
  if (p.startsWith("/databases/engines")) return SHAPES.engine;
  if (p.endsWith("/availability")) return SHAPES.availability;
  if (p.startsWith("/regions")) return SHAPES.region;
  if (p.endsWith("/ips")) return SHAPES.ip;
  if (/\/subnets(\/\{vpcSubnetId\})?$/.test(p)) return SHAPES.subnet;
  if (/^\/vpcs(\/\{vpcId\})?$/.test(p)) return SHAPES.vpc;
  throw new Error(`no documented answer for ${op.method} ${p}`);
}

function expectShape(op: Operation, body: Json): void {
  if (op.list) {
    expect(body).toEqual({ data: expect.any(Array), page: 1, pages: expect.any(Number), results: expect.any(Number) });
    expect(body.results).toBeGreaterThan(0);
    for (const entry of body.data) expect(entry).toEqual(fit(documentedObject(op), entry));
  } else if (answersEmpty(op)) {
    expect(body).toEqual({});
  } else if (op.path.endsWith("/ssl")) {
    expect(body).toEqual({ ca_certificate: expect.any(String) });
    expect(Buffer.from(body.ca_certificate, "base64").toString()).toContain("BEGIN CERTIFICATE");
  } else if (op.path.endsWith("/{regionId}/availability")) {
    // "Region availability entry"; the emulator answers the entries of the region as a bare array.
    expect(body).toEqual(expect.arrayContaining([{ ...SHAPES.availability, region: "us-east" }]));
    for (const entry of body) expect(entry).toEqual(fit(SHAPES.availability, entry));
  } else {
    expect(body).toEqual(fit(documentedObject(op), body));
  }
}

/**
 * Whether a call may have changed the account, so the next call needs a fresh fixture: a write the
 * API took. A refusal (401, 403, a status gate's 400) and a read leave it as it was, so the next
 * call meets the same account a fresh fixture would give (ids restart at each reset).
 */
const changedBy = (op: Operation, status: number) => op.method !== "GET" && status < 400;

/** Seeds an IP entry so that the two IP lists are not empty. */
async function attachCompute(f: Fixture): Promise<void> {
  await em().control.seed({
    computes: [{ id: 42, region: "us-east", interfaces: [{ subnet_id: f.subnetId, active: false }] }],
  });
}

describe("every operation answers as specified", () => {
  test("the fixture lists every operation of the spec", () => {
    expect(ops).toHaveLength(47);
  });

  for (const op of ops) {
    test(`${name(op)}: 200 with the documented fields of its answer, and its events`, async () => {
      const f = await buildFixture(em());
      if (op.path.includes("ips")) await attachCompute(f);
      const before = await call("GET", "/account/events?page_size=500");
      const answer = await call(op.method, pathOf(op, f), {
        body: bodyOf(op),
        token: op.auth === "none" ? null : undefined,
      });
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: expect.anything() });
      expectShape(op, answer.body);
      const after = await call("GET", "/account/events?page_size=500");
      const actions = (after.body.data as { action: string }[])
        .slice(0, after.body.results - before.body.results)
        .map((e) => e.action);
      expect(new Set(actions)).toEqual(new Set(op.events ?? []));
    });

    if (op.auth === "none") {
      test(`${name(op)}: needs no token`, async () => {
        const f = await buildFixture(em());
        expect((await call(op.method, pathOf(op, f), { token: null })).status).toBe(200);
      });
      continue;
    }

    test(`${name(op)}: 401 without a token or with an unknown one`, async () => {
      const f = await buildFixture(em());
      for (const token of [null, "no-such-token"]) {
        const answer = await call(op.method, pathOf(op, f), { token, body: bodyOf(op) });
        expect({ status: answer.status, errors: errorsOf(answer) }).toEqual({
          status: 401,
          errors: [{ reason: "Invalid Token" }],
        });
      }
    });

    const scope = op.scope ?? "vpc:read_only";
    test(`${name(op)}: scope ${scope}${op.unrestricted ? " not needed by unrestricted users" : " required"}`, async () => {
      const f = await buildFixture(em());
      await em().control.seed({
        tokens: [
          { token: "no-scopes", scopes: [] },
          { token: "just-enough", scopes: [scope] },
        ],
      });
      const without = await call(op.method, pathOf(op, f), { token: "no-scopes", body: bodyOf(op) });
      expect(without.status).toBe(op.unrestricted ? 200 : 403);
      const f2 = changedBy(op, without.status) ? await buildFixture(em()) : f;
      await em().control.seed({ tokens: [{ token: "just-enough", scopes: [scope] }] });
      expect((await call(op.method, pathOf(op, f2), { token: "just-enough", body: bodyOf(op) })).status).toBe(200);
    });

    if (op.path.includes("{instanceId}")) {
      const allowed = op.status ?? STATUSES.filter((s) => !(op.status_not ?? []).includes(s));
      test(`${name(op)}: allowed in ${allowed.join(", ")} only`, async () => {
        const seen: Record<string, string> = {};
        let f = await buildFixture(em());
        for (const status of STATUSES) {
          await em().control.setStatus(engineOf(op), f.db[engineOf(op)].id, status);
          const answer = await call(op.method, pathOf(op, f), { body: bodyOf(op) });
          const gated = answer.status === 400 && /^Your database is /.test(errorsOf(answer)[0].reason);
          seen[status] = gated ? "refused" : answer.status === 200 ? "ok" : `other ${answer.status} ${answer.text}`;
          if (changedBy(op, answer.status)) f = await buildFixture(em());
        }
        const expected = Object.fromEntries(STATUSES.map((s) => [s, allowed.includes(s) ? "ok" : "refused"]));
        expect(seen).toEqual(expected);
      });
    }
  }
});
