/**
 * Every rule the API model declares (type, integer, bounds, length, pattern, enum, engines,
 * nullability) refuses a value at preview, through each provider's check, with the API's reason:
 * for each case the check's failure names the input and gives the reason, and the emulator,
 * sent what `up` would send, refuses the same field with the same reason. A change of the
 * wording on either side, or a rule one side stops applying, fails here.
 */
import { provider as snapshotProvider } from "../../src/resources/database-snapshot.js";
import { provider as mysqlProvider } from "../../src/resources/mysql-database.js";
import { provider as pgProvider } from "../../src/resources/postgresql-database.js";
import { provider as subnetProvider } from "../../src/resources/vpc-subnet.js";
import { provider as vpcProvider } from "../../src/resources/vpc.js";
import type { Bag } from "../../src/shared/fields/validate.js";
import { useProviderEmulator } from "./provider-env.js";

const emulator = useProviderEmulator();

type Check = (olds: Bag, news: Bag) => Promise<{ failures?: { property: string; reason: string }[] }>;
const check = (p: { check?: unknown }): Check => (p as { check: Check }).check;

const DB = {
  mysql: { label: "orders-db", region: "us-east", type: "g6-standard-1", engineId: "mysql/8.0.30" },
  postgresql: { label: "pg-db", region: "us-east", type: "g6-standard-1", engineId: "postgresql/14.6" },
} as const;
const dbBody = (engine: "mysql" | "postgresql") => ({
  label: DB[engine].label,
  region: "us-east",
  type: "g6-standard-1",
  engine: DB[engine].engineId,
});
const WEEKLY = { frequency: "weekly", duration: 1, hourOfDay: 0, dayOfWeek: 1 };
const WEEKLY_WIRE = { frequency: "weekly", duration: 1, hour_of_day: 0, day_of_week: 1 };

/** One bad value: the check's inputs and the request `up` would send for them. */
interface Case {
  rule: string;
  check: Check;
  inputs: Bag;
  request: [method: string, path: string, body: Bag];
  /** The failure's input path and the wire field the API names. */
  input: string;
  wire: string;
  /** The API's reason. */
  reason: string;
}

const vpc = { label: "net", region: "us-east" };
const database = (engine: "mysql" | "postgresql"): Case[] => {
  const p = check(engine === "mysql" ? mysqlProvider : pgProvider);
  const create = (inputs: Bag, body: Bag, input: string, wire: string, rule: string, reason: string): Case => ({
    rule: `${rule} (${engine})`,
    check: p,
    inputs: { ...DB[engine], ...inputs },
    request: ["POST", `/databases/${engine}/instances`, { ...dbBody(engine), ...body }],
    input,
    wire,
    reason,
  });
  const update = (window: Bag, wire: Bag, part: string, rule: string, reason: string): Case => ({
    rule: `${rule} (${engine})`,
    check: p,
    inputs: { ...DB[engine], updates: { ...WEEKLY, ...window } },
    // A database of the contract's platform (the emulator judges an update by its database's platform).
    request: ["PUT", `/databases/${engine}/instances/{legacy}`, { updates: { ...WEEKLY_WIRE, ...wire } }],
    input: `updates.${part}`,
    wire: `updates.${part.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`,
    reason,
  });
  return [
    create({ label: 5 }, { label: 5 }, "label", "label", "type: string", "Must be a string"),
    create(
      { encrypted: "yes" },
      { encrypted: "yes" },
      "encrypted",
      "encrypted",
      "type: boolean",
      "Must be true or false",
    ),
    create({ label: "ab" }, { label: "ab" }, "label", "label", "minLength", "Length must be 3-32 characters"),
    create(
      { label: "a".repeat(33) },
      { label: "a".repeat(33) },
      "label",
      "label",
      "maxLength",
      "Length must be 3-32 characters",
    ),
    create({ clusterSize: 2 }, { cluster_size: 2 }, "clusterSize", "cluster_size", "enum", "Must be one of: 1, 3"),
    update({ duration: 4 }, { duration: 4 }, "duration", "maximum (nested)", "Must be between 1 and 3"),
    update({ dayOfWeek: 0 }, { day_of_week: 0 }, "dayOfWeek", "minimum (nested)", "Must be between 1 and 7"),
    update({ hourOfDay: 1.5 }, { hour_of_day: 1.5 }, "hourOfDay", "integer (nested)", "Must be an integer"),
    update(
      { frequency: "daily" },
      { frequency: "daily" },
      "frequency",
      "enum (nested)",
      "Must be one of: weekly, monthly",
    ),
    update({ frequency: null }, { frequency: null }, "frequency", "nullability (nested)", "Must be a string"),
  ];
};

const CASES: Case[] = [
  ...database("mysql"),
  ...database("postgresql"),
  {
    rule: "enum of one engine's requests (postgresql)",
    check: check(pgProvider),
    inputs: { ...DB.postgresql, clusterSize: 3, replicationType: "semi_synch" },
    request: ["POST", "/databases/postgresql/instances", { ...dbBody("postgresql"), replication_type: "semi_synch" }],
    input: "replicationType",
    wire: "replication_type",
    reason: "Must be one of: none, asynch, async",
  },
  {
    rule: "enum (postgresql-only field)",
    check: check(pgProvider),
    inputs: { ...DB.postgresql, replicationCommitType: "sometimes" },
    request: [
      "POST",
      "/databases/postgresql/instances",
      { ...dbBody("postgresql"), replication_commit_type: "sometimes" },
    ],
    input: "replicationCommitType",
    wire: "replication_commit_type",
    reason: "Must be one of: on, local, remote_write, remote_apply, off",
  },
  {
    rule: "engines (mysql)",
    check: check(mysqlProvider),
    inputs: { ...DB.mysql, replicationCommitType: "local" },
    request: ["POST", "/databases/mysql/instances", { ...dbBody("mysql"), replication_commit_type: "local" }],
    input: "replicationCommitType",
    wire: "replication_commit_type",
    reason: "Only PostgreSQL databases accept replication_commit_type",
  },
  {
    rule: "maxLength alone",
    check: check(vpcProvider),
    inputs: { ...vpc, description: "x".repeat(256) },
    request: ["POST", "/vpcs", { ...vpc, description: "x".repeat(256) }],
    input: "description",
    wire: "description",
    reason: "Length must be at most 255 characters",
  },
  {
    rule: "minLength (inline subnet)",
    check: check(vpcProvider),
    inputs: { ...vpc, subnets: [{ label: "", ipv4: "10.0.1.0/24" }] },
    request: ["POST", "/vpcs", { ...vpc, subnets: [{ label: "", ipv4: "10.0.1.0/24" }] }],
    input: "subnets[0].label",
    wire: "subnets[0].label",
    reason: "Length must be 1-64 characters",
  },
  {
    rule: "maxLength (subnet)",
    check: check(subnetProvider),
    inputs: { vpcId: 999, label: "s".repeat(65), ipv4: "10.0.1.0/24" },
    request: ["POST", "/vpcs/999/subnets", { label: "s".repeat(65), ipv4: "10.0.1.0/24" }],
    input: "label",
    wire: "label",
    reason: "Length must be 1-64 characters",
  },
  {
    rule: "pattern",
    check: check(snapshotProvider),
    inputs: { engine: "mysql", instanceId: 999, label: "with-hyphen" },
    request: ["POST", "/databases/mysql/instances/999/backups", { label: "with-hyphen" }],
    input: "label",
    wire: "label",
    reason: "Must match the pattern ^[A-Za-z0-9_]+$",
  },
  {
    rule: "maxLength (snapshot)",
    check: check(snapshotProvider),
    inputs: { engine: "mysql", instanceId: 999, label: "a".repeat(31) },
    request: ["POST", "/databases/mysql/instances/999/backups", { label: "a".repeat(31) }],
    input: "label",
    wire: "label",
    reason: "Length must be 1-30 characters",
  },
];

/** The id of an active database of `engine` on the contract's platform, made once per engine. */
const made = new Map<string, Promise<number>>();
async function legacyDatabase(engine: string): Promise<number> {
  if (!made.has(engine))
    made.set(
      engine,
      send("POST", `/databases/${engine}/instances`, dbBody(engine as "mysql" | "postgresql")).then(async (res) => {
        const { id } = (await res.json()) as { id: number };
        await emulator().control.setStatus(engine as "mysql" | "postgresql", id, "active");
        return id;
      }),
    );
  return made.get(engine)!;
}

function send(method: string, path: string, body: Bag): Promise<Response> {
  return fetch(`${emulator().apiUrl}${path}`, {
    method,
    body: JSON.stringify(body),
    headers: { authorization: `Bearer ${emulator().token}`, "content-type": "application/json" },
  });
}

/** What the emulator answers the request `up` would send (`{legacy}` in the path: a database of the contract's platform). */
async function refusal(method: string, path: string, body: Bag): Promise<{ status: number; errors: unknown }> {
  const engine = path.split("/")[2]!;
  if (path.includes("{legacy}")) path = path.replace("{legacy}", String(await legacyDatabase(engine)));
  const res = await fetch(`${emulator().apiUrl}${path}`, {
    method,
    body: JSON.stringify(body),
    headers: { authorization: `Bearer ${emulator().token}`, "content-type": "application/json" },
  });
  return { status: res.status, errors: ((await res.json()) as { errors?: unknown }).errors };
}

test.each(CASES.map((c) => [c.rule, c.input, c] as const))(
  "%s: check refuses %s with the API's reason, the text the emulator gives",
  async (_rule, _input, c) => {
    const { failures } = await c.check({}, c.inputs);
    // The engine shows only top-level properties; a nested reason names the whole path and the value.
    const property = c.input.replace(/[.[].*$/, "");
    expect(failures).toEqual([
      {
        property,
        reason:
          property === c.input ? `${c.input}: ${c.reason}` : expect.stringMatching(prefixOf(`${c.input}: ${c.reason}`)),
      },
    ]);
    const [method, path, body] = c.request;
    expect(await refusal(method, path, body)).toEqual({ status: 400, errors: [{ field: c.wire, reason: c.reason }] });
  },
);

test("a nullable part takes null, at preview and in the API", async () => {
  const inputs = { ...DB.mysql, updates: { ...WEEKLY, weekOfMonth: null } };
  expect((await check(mysqlProvider)({}, inputs)).failures).toBeUndefined();
  // The body passes its rules, checked before any handler: the handler then finds no database 999.
  const body = { updates: { ...WEEKLY_WIRE, week_of_month: null } };
  expect(await refusal("PUT", "/databases/mysql/instances/999", body)).toEqual({
    status: 404,
    errors: [{ reason: "Not found" }],
  });
});

/** A pattern matching `text` followed by anything (the value the engine's message adds). */
function prefixOf(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
}
