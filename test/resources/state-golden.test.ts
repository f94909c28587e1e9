/**
 * Golden test of what every resource keeps and sends: for fixtures of each resource, the inputs
 * `check` returns, the API calls and state of `create`, the state and inputs of `read`, and the
 * calls and state of `update`. test/resources/golden/state.json was recorded from the providers as
 * they were before their fields moved into tables (src/shared/fields/table.ts), so a stack deployed
 * with an earlier version sees the same state key for key and value for value. One deliberate
 * change since, from the restore work (not the tables): a credentials rotation first lists the
 * backups and records `lastCredentialsReset` ("mysql full" update). Two from the API's published
 * rules: a resize and an allow-list change go as two updates ("mysql minimal" update), and the
 * "postgresql full" fixture commits "off", since the API refuses "remote_apply" for three nodes.
 * And one in the calls only, from claims by proof: a database create looks its label up in the
 * cross-engine list (`databases.list`, one namespace for both engines) instead of its engine's.
 * And one more in the calls only: a VPC create looks with one filtered read (`vpcs.list` with its
 * `X-Filter`), above the newest VPC id read once per process (`vpcs.iterate`, the first VPC case).
 * And one in the checked inputs and create bodies only: a database create sends only what the
 * program sets (issue 40), so `check` no longer fills in the API's defaults (`encrypted`,
 * `sslConnection`, `allowList`, `clusterSize`, the replication settings); the states are unchanged.
 * `npm run golden` records it again (only for a deliberate change of the state), with its keys
 * sorted at every level: CLOUDPLATFORM_WRITE_GOLDEN=1, then Prettier on the file.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Database, Vpc } from "../../src/client/index.js";
import { fakeClient, type Call, type FakeWorld } from "./fake-client.js";

let mockClient: unknown;
jest.mock("../../src/shared/runtime/context.js", () => ({
  configure: async () => undefined,
  resetCaches: () => undefined,
  onReconfigure: () => undefined,
  warn: () => undefined,
  client: () => mockClient,
  catalogueClient: () => undefined,
  // No account reads in check and no records of creates: these fixtures hold the state and requests only.
  accountClient: () => undefined,
  configuredDatabasePlatform: () => undefined,
  configuredApiUrl: () => undefined,
}));

import { provider as vpc } from "../../src/resources/vpc/provider.js";
import { provider as subnet } from "../../src/resources/vpc-subnet/provider.js";
import { provider as mysql } from "../../src/resources/mysql-database.js";
import { provider as pg } from "../../src/resources/postgresql-database.js";
import { provider as snapshot } from "../../src/resources/database-snapshot/provider.js";
import type * as pulumi from "@pulumi/pulumi";

type Provider = Required<pulumi.dynamic.ResourceProvider>;
type Bag = Record<string, unknown>;

const GOLDEN = path.join(__dirname, "golden", "state.json");
const T0 = "2026-01-02T03:04:05";

function world(): FakeWorld {
  const apiVpc: Vpc = {
    id: 100,
    label: "app-vpc",
    region: "us-east",
    description: "kept by the API",
    subnets: [
      { id: 101, label: "web", ipv4: "10.0.1.0/24", computes: [], created: T0, updated: null },
      {
        id: 102,
        label: "db",
        ipv4: "10.0.2.0/24",
        computes: [{ id: 7, interfaces: [{ id: 70, active: true }] }],
        created: T0,
        updated: null,
      },
    ],
    created: T0,
    updated: null,
  };
  const apiDb = (id: number, engine: "mysql" | "postgresql", extra: Partial<Database> = {}): Database => ({
    id,
    label: `${engine}-db`,
    region: "us-east",
    type: "g6-standard-1",
    engine,
    version: engine === "mysql" ? "8.0.30" : "14.6",
    cluster_size: 3,
    encrypted: true,
    ssl_connection: true,
    allow_list: ["10.0.0.0/24", "10.0.9.9/32"],
    replication_type: engine === "mysql" ? "semi_synch" : "asynch",
    replication_commit_type: engine === "postgresql" ? "remote_write" : null,
    port: engine === "mysql" ? 3306 : 5432,
    hosts: { primary: `${engine}-primary.example`, secondary: `${engine}-secondary.example` },
    status: "active",
    total_disk_size_gb: 30,
    used_disk_size_gb: 2,
    updates: { frequency: "monthly", duration: 2, hour_of_day: 3, day_of_week: 7, week_of_month: 2 },
    created: T0,
    updated: null,
    ...extra,
  });
  return {
    vpcs: [apiVpc],
    databases: [
      apiDb(200, "mysql"),
      apiDb(300, "postgresql"),
      apiDb(400, "mysql", {
        cluster_size: 1,
        replication_type: null,
        hosts: { primary: "one.example", secondary: null },
        updates: null,
      }),
    ],
    backups: { 200: [{ id: 501, label: "nightly1", type: "snapshot", created: T0 }] },
  };
}

interface Case {
  name: string;
  provider: Provider;
  news: Bag;
  /** Id and changed inputs of an update of the created object. */
  update?: Bag;
  /** Id of an existing object read with the created state's props. */
  readId?: (created: string) => string;
}

const CASES: Case[] = [
  { name: "vpc minimal", provider: vpc as Provider, news: { label: "net-a", region: "us-east" } },
  {
    name: "vpc full",
    provider: vpc as Provider,
    news: {
      label: "net-b",
      region: "us-east",
      description: "network b",
      subnets: [{ label: "web", ipv4: "10.1.1.0/24" }],
      timeouts: { delete: "5m" },
    },
    update: { label: "net-b2", description: "", subnets: [{ label: "api", ipv4: "10.1.2.0/24" }] },
  },
  {
    name: "vpc adopted",
    provider: vpc as Provider,
    news: { adoptId: "100", label: "app-vpc", region: "us-east", subnets: [{ label: "web", ipv4: "10.0.1.0/24" }] },
    update: { description: "now managed" },
  },
  {
    name: "subnet",
    provider: subnet as Provider,
    news: { vpcId: "100", label: "cache", ipv4: "10.0.3.0/24", timeouts: { create: "1m" } },
    update: { label: "cache2" },
  },
  {
    name: "subnet adopted",
    provider: subnet as Provider,
    news: { vpcId: 100, adoptId: 102, label: "db", ipv4: "10.0.2.0/24" },
  },
  {
    name: "mysql minimal",
    provider: mysql as Provider,
    news: { label: "orders", region: "us-east", type: "g6-standard-1", engineId: "mysql/8.0.30" },
    update: {
      label: "orders2",
      type: "g6-standard-2",
      allowList: ["10.2.0.9", "10.2.0.0/24"],
      updates: { frequency: "weekly", duration: 1, hourOfDay: 4, dayOfWeek: 2 },
      credentialsRotation: "one",
      patchNow: "a",
    },
  },
  {
    name: "mysql full",
    provider: mysql as Provider,
    news: {
      label: "orders-ha",
      region: "us-east",
      type: "g6-standard-1",
      engineId: "mysql/8.0.30",
      clusterSize: 3,
      encrypted: true,
      sslConnection: false,
      allowList: ["10.0.0.1"],
      updates: { frequency: "monthly", duration: 2, hourOfDay: 1, dayOfWeek: 3, weekOfMonth: 4 },
      credentialsRotation: "r1",
      patchNow: "p1",
      timeouts: { create: "60m" },
    },
    update: { credentialsRotation: "r2", patchNow: "p2", timeouts: { create: "60m", update: "10m" } },
  },
  {
    name: "mysql adopted",
    provider: mysql as Provider,
    news: {
      adoptId: 200,
      label: "mysql-db",
      region: "us-east",
      type: "g6-standard-1",
      engineId: "mysql/8.0.30",
      clusterSize: 3,
      encrypted: true,
    },
  },
  {
    name: "mysql single adopted",
    provider: mysql as Provider,
    news: {
      adoptId: 400,
      label: "mysql-db",
      region: "us-east",
      type: "g6-standard-1",
      engineId: "mysql/8.0.30",
      encrypted: true,
    },
  },
  {
    name: "postgresql minimal",
    provider: pg as Provider,
    news: { label: "pg1", region: "us-east", type: "g6-standard-1", engineId: "postgresql/14.6" },
    update: { allowList: [] },
  },
  {
    name: "postgresql full",
    provider: pg as Provider,
    news: {
      label: "pg-ha",
      region: "us-east",
      type: "g6-standard-1",
      engineId: "postgresql/14.6",
      clusterSize: 3,
      replicationType: "async",
      replicationCommitType: "off",
      allowList: ["10.9.0.0/16"],
    },
  },
  {
    name: "postgresql adopted",
    provider: pg as Provider,
    news: {
      adoptId: "300",
      label: "postgresql-db",
      region: "us-east",
      type: "g6-standard-1",
      engineId: "postgresql/14.6",
      clusterSize: 3,
      encrypted: true,
      replicationCommitType: "remote_write",
      updates: { frequency: "monthly", duration: 2, hourOfDay: 3, dayOfWeek: 7, weekOfMonth: 2 },
    },
  },
  {
    name: "snapshot",
    provider: snapshot as Provider,
    news: { engine: "mysql", instanceId: "200", label: "beforemigration", target: "secondary" },
    update: { timeouts: { delete: "1m" } },
  },
  {
    name: "snapshot adopted",
    provider: snapshot as Provider,
    news: { engine: "mysql", instanceId: 200, label: "nightly1", adoptId: "mysql/200/501" },
  },
];

/** Runs one case's lifecycle on a fresh fake account and records what a user's state would hold. */
async function run(c: Case): Promise<Bag> {
  const calls: Call[] = [];
  mockClient = fakeClient(world(), calls);
  const take = (): Call[] => calls.splice(0, calls.length);
  const checked = await c.provider.check({}, c.news);
  const inputs = checked.inputs as Bag;
  const created = await c.provider.create(inputs);
  const createCalls = take();
  const read = await c.provider.read(created.id, created.outs);
  const readCalls = take();
  const out: Bag = {
    check: checked,
    create: { calls: createCalls, ...created },
    read: { calls: readCalls, ...read },
  };
  if (c.update) {
    const news = (await c.provider.check(created.outs, { ...c.news, ...c.update })).inputs as Bag;
    const diff = await c.provider.diff(created.id, created.outs, news);
    const updated = await c.provider.update(created.id, created.outs, news);
    out.update = { diff, calls: take(), ...updated };
  }
  return JSON.parse(JSON.stringify(out)) as Bag;
}

describe("state, requests and refresh inputs stay as they were", () => {
  // Only Date is frozen: the state records when a credentials reset happened, and the waits keep real timers.
  beforeAll(() =>
    jest.useFakeTimers({
      now: new Date("2026-01-03T00:00:00Z"),
      doNotFake: [
        "hrtime",
        "nextTick",
        "performance",
        "queueMicrotask",
        "setImmediate",
        "clearImmediate",
        "setInterval",
        "clearInterval",
        "setTimeout",
        "clearTimeout",
      ],
    }),
  );
  afterAll(() => jest.useRealTimers());
  const recorded: Record<string, Bag> = {};
  const golden = fs.existsSync(GOLDEN) ? (JSON.parse(fs.readFileSync(GOLDEN, "utf8")) as Record<string, Bag>) : {};

  test.each(CASES.map((c) => [c.name, c] as const))("%s", async (name, c) => {
    const now = await run(c);
    recorded[name] = now;
    if (process.env.CLOUDPLATFORM_WRITE_GOLDEN === "1") return;
    expect(golden[name]).toBeDefined();
    expect(now).toEqual(golden[name]);
  });

  afterAll(() => {
    if (process.env.CLOUDPLATFORM_WRITE_GOLDEN !== "1") return;
    fs.mkdirSync(path.dirname(GOLDEN), { recursive: true });
    // Keys sorted at every level, so a re-record shows only what changed, not a new key order.
    const sorted = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(sorted)
        : v !== null && typeof v === "object"
          ? Object.fromEntries(
              Object.keys(v)
                .sort()
                .map((k) => [k, sorted((v as Bag)[k])]),
            )
          : v;
    fs.writeFileSync(GOLDEN, `${JSON.stringify(sorted(recorded), null, 2)}\n`);
  });
});
