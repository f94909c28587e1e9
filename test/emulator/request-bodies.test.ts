/**
 * What the emulator takes as a request body, as the real API does (api-behaviour.md, HTTP): a key
 * the operation does not define is a 400 naming it, at any depth; the body-less actions are taken
 * with no body, an empty body, `{}` and any content type (the official JavaScript client posts
 * them as an empty form).
 */
import { withEmulator } from "../support/emulator.js";
import { buildFixture, type Fixture } from "./fixture.js";
import { apiCaller, errorsOf } from "./http.js";

const em = withEmulator();
const call = apiCaller(() => em().url);
let fx: Fixture;

beforeEach(async () => {
  fx = await buildFixture(em());
  // Long enough that a read right after an action still sees its status.
  await em().control.setTimings({ patchSeconds: 60, restoreSeconds: 60 });
});

const UNKNOWN = "Unknown field: not accepted by this operation";
const mysql = () => `/databases/mysql/instances/${fx.db.mysql.id}`;
const postgresql = () => `/databases/postgresql/instances/${fx.db.postgresql.id}`;

/** Every operation that reads a body, with a body it takes and where an unknown key is put into it. */
const withBodies: [string, string, () => string, Record<string, unknown>, string][] = [
  ["VPC create", "POST", () => "/vpcs", { label: "new-vpc", region: "us-east", colour: "red" }, "colour"],
  [
    "VPC create, in a subnet",
    "POST",
    () => "/vpcs",
    { label: "new-vpc", region: "us-east", subnets: [{ label: "a", ipv4: "10.1.0.0/24", gateway: "10.1.0.1" }] },
    "subnets[0].gateway",
  ],
  ["VPC update", "PUT", () => `/vpcs/${fx.vpcId}`, { label: "renamed", region: "us-west" }, "region"],
  [
    "subnet create",
    "POST",
    () => `/vpcs/${fx.vpcId}/subnets`,
    { label: "b", ipv4: "10.0.1.0/24", vpc_id: 1 },
    "vpc_id",
  ],
  [
    "subnet update",
    "PUT",
    () => `/vpcs/${fx.vpcId}/subnets/${fx.subnetId}`,
    { label: "c", ipv4: "10.0.0.0/24" },
    "ipv4",
  ],
  [
    "MySQL create",
    "POST",
    () => "/databases/mysql/instances",
    { label: "new-db", region: "us-east", type: "g6-nanode-1", engine: "mysql/8.0.30", port: 3306 },
    "port",
  ],
  [
    "PostgreSQL create",
    "POST",
    () => "/databases/postgresql/instances",
    { label: "new-db", region: "us-east", type: "g6-nanode-1", engine: "postgresql/14.6", version: "14.6" },
    "version",
  ],
  ["MySQL update", "PUT", mysql, { label: "renamed", cluster_size: 1 }, "cluster_size"],
  [
    "PostgreSQL update, in the maintenance window",
    "PUT",
    postgresql,
    { updates: { frequency: "weekly", duration: 1, hour_of_day: 2, day_of_week: 1, pending: [] } },
    "updates.pending",
  ],
  ["MySQL snapshot create", "POST", () => `${mysql()}/backups`, { label: "snap", type: "snapshot" }, "type"],
  [
    "PostgreSQL snapshot create",
    "POST",
    () => `${postgresql()}/backups`,
    { label: "snap", target: "primary", x: 1 },
    "x",
  ],
];

describe("a body key the operation does not define", () => {
  test.each(withBodies)("%s: 400 naming it, nothing changed", async (_what, method, path, body, field) => {
    const before = await call("GET", "/_emulator/requests");
    const answer = await call(method, path(), { body });
    expect(answer.status).toBe(400);
    expect(errorsOf(answer)).toEqual([{ field, reason: UNKNOWN }]);
    const log = (await em().control.requests()).slice(before.body.requests.length);
    expect(log).toEqual([expect.objectContaining({ method, status: 400, handled: false })]);
  });

  test.each(withBodies)("%s: the same body without it is taken", async (_what, method, path, body, field) => {
    const answer = await call(method, path(), { body: without(body, field) });
    expect(answer.status).toBe(200);
  });

  test("several unknown keys are all named at once, with the other errors", async () => {
    const answer = await call("POST", "/vpcs", { body: { label: "x", colour: "red", size: 3 } });
    expect(answer.status).toBe(400);
    expect(errorsOf(answer)).toEqual(
      expect.arrayContaining([
        { field: "region", reason: "Required" },
        { field: "colour", reason: UNKNOWN },
        { field: "size", reason: UNKNOWN },
      ]),
    );
    expect((await call("GET", "/vpcs")).body.results).toBe(1);
  });
});

/** Removes the unknown key (a dotted or indexed path) from a copy of the body. */
function without(body: Record<string, unknown>, field: string): Record<string, unknown> {
  const copy = structuredClone(body);
  const parts = field.replace(/\[(\d+)\]/g, ".$1").split(".");
  let node = copy as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>;
  delete node[parts[parts.length - 1]!];
  return copy;
}

/** Posts raw bytes with a given content type (or none). */
async function post(path: string, contentType: string | undefined, body: string | undefined) {
  const headers: Record<string, string> = { authorization: "Bearer emulator-token" };
  if (contentType) headers["content-type"] = contentType;
  const res = await fetch(`${em().apiUrl}${path}`, { method: "POST", headers, body });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe("the body-less actions", () => {
  const actions: [string, () => string][] = [
    ["MySQL patch", () => `${mysql()}/patch`],
    ["PostgreSQL patch", () => `${postgresql()}/patch`],
    ["MySQL credentials reset", () => `${mysql()}/credentials/reset`],
    ["PostgreSQL credentials reset", () => `${postgresql()}/credentials/reset`],
    ["MySQL restore", () => `${mysql()}/backups/${fx.db.mysql.backupId}/restore`],
    ["PostgreSQL restore", () => `${postgresql()}/backups/${fx.db.postgresql.backupId}/restore`],
  ];
  const sendings: [string, string | undefined, string | undefined][] = [
    ["an empty form post (the official client)", "application/x-www-form-urlencoded", ""],
    ["no body and no content type", undefined, undefined],
    ["a JSON content type and no body", "application/json", ""],
    ["{}", "application/json", "{}"],
    ["a text body", "text/plain", "anything"],
    ["a form body", "application/x-www-form-urlencoded", "a=1"],
  ];
  const cases = actions.flatMap(([what, path]) =>
    sendings.map(([how, type, body]) => [what, how, path, type, body] as const),
  );

  test.each(cases)("%s is taken with %s", async (_what, _how, path, type, body) => {
    expect(await post(path(), type, body)).toEqual({ status: 200, body: {} });
    // Each action was carried out: the database shows its effect.
    const [, , engine, , id] = path().split("/");
    const db = await call("GET", `/databases/${engine}/instances/${id}`);
    if (path().endsWith("/patch")) expect(db.body.status).toBe("updating");
    if (path().endsWith("/restore")) expect(db.body.status).toBe("restoring");
  });

  test.each(actions)("%s names a JSON key it does not define", async (_what, path) => {
    const answer = await call("POST", path(), { body: { force: true } });
    expect(answer.status).toBe(400);
    expect(errorsOf(answer)).toEqual([{ field: "force", reason: UNKNOWN }]);
  });

  test("an operation that reads a body still reads JSON only", async () => {
    const answer = await post("/vpcs", "application/x-www-form-urlencoded", "label=x&region=us-east");
    expect(answer).toEqual({ status: 415, body: { errors: [{ reason: "Content-Type must be application/json" }] } });
    expect((await call("GET", "/vpcs")).body.results).toBe(1);
  });

  test("an unknown route stays a 404 whatever body it is sent", async () => {
    const notFound = { status: 404, body: { errors: [{ reason: "Not found" }] } };
    expect(await post("/nothing-here", "application/json", '{"a":1}')).toEqual(notFound);
    expect(await post("/nothing-here", "application/x-www-form-urlencoded", "")).toEqual(notFound);
  });
});
