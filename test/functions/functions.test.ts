import * as pulumi from "@pulumi/pulumi/output";
import {
  getDatabase,
  getDatabaseOutput,
  getDatabaseBackups,
  getDatabaseBackupsOutput,
  getDatabaseEngine,
  getDatabaseEngines,
  getDatabaseEnginesOutput,
  getDatabases,
  getRegion,
  getRegionAvailability,
  getRegionOutput,
  getRegions,
  getVpcIps,
  getVpcs,
  getVpcSubnets,
  getVpcSubnetsOutput,
} from "../../src/functions/index.js";
import { BACKUP_RESULT } from "../../src/functions/result-tables.js";
import { withEmulator } from "../support/emulator.js";

const emulator = withEmulator();
const saved = { url: process.env.CLOUDPLATFORM_API_URL, token: process.env.CLOUDPLATFORM_TOKEN };

beforeEach(() => {
  process.env.CLOUDPLATFORM_API_URL = emulator().url;
  process.env.CLOUDPLATFORM_TOKEN = emulator().token;
});
afterAll(() => {
  for (const [k, v] of [
    ["CLOUDPLATFORM_API_URL", saved.url],
    ["CLOUDPLATFORM_TOKEN", saved.token],
  ] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

async function api(path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${emulator().apiUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${emulator().token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

/** Resolves an Output outside a deployment (no engine: values are known). */
function valueOf<T>(o: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => o.apply((v) => resolve(v)));
}

describe("region look-ups", () => {
  test("getRegions filters by capability and status", async () => {
    const all = await getRegions();
    expect(all.regions.map((r) => r.id)).toEqual(
      expect.arrayContaining(["us-east", "us-west", "eu-central", "ap-south", "sa-east"]),
    );
    const db = await getRegions({ capability: "Managed Databases", status: "ok" });
    expect(db.regions.map((r) => r.id).sort()).toEqual(["eu-central", "us-east", "us-west"]);
  });

  test("getRegion works without a token and splits resolvers", async () => {
    delete process.env.CLOUDPLATFORM_TOKEN;
    const region = await getRegion({ id: "us-east" });
    expect(region).toMatchObject({ id: "us-east", status: "ok", capabilities: expect.arrayContaining(["VPCs"]) });
    expect(Array.isArray(region.resolvers.ipv4)).toBe(true);
    expect((await valueOf(getRegionOutput({ id: pulumi.output("eu-central") }))).id).toBe("eu-central");
  });

  test("getRegionAvailability lists entries for all or one region", async () => {
    const all = await getRegionAvailability();
    expect(Array.isArray(all.availability)).toBe(true);
    const one = await getRegionAvailability({ regionId: "us-east" });
    expect(one.availability.every((a) => a.region === "us-east")).toBe(true);
  });
});

describe("engine look-ups", () => {
  test("getDatabaseEngines lists, filters and picks the latest version", async () => {
    const all = await getDatabaseEngines();
    expect(all.engines.map((e) => e.id).sort()).toEqual([
      "mysql/5.7.39",
      "mysql/8.0.30",
      "postgresql/13.2",
      "postgresql/14.6",
    ]);
    expect(all.latest).toEqual({ mysql: "mysql/8.0.30", postgresql: "postgresql/14.6" });
    const pg = await valueOf(getDatabaseEnginesOutput({ engine: "postgresql" }));
    expect(pg.engines.map((e) => e.engine)).toEqual(["postgresql", "postgresql"]);
  });

  test("getDatabaseEngine reads one engine by its slash-containing id", async () => {
    expect(await getDatabaseEngine({ id: "mysql/5.7.39" })).toEqual({
      id: "mysql/5.7.39",
      engine: "mysql",
      version: "5.7.39",
      totalDiskSizeGb: expect.any(Number),
      usedDiskSizeGb: expect.any(Number),
    });
  });

  test("a missing API URL is reported with both ways to set it", async () => {
    delete process.env.CLOUDPLATFORM_API_URL;
    await expect(getDatabaseEngines()).rejects.toThrow(/cloudplatform:apiUrl.*CLOUDPLATFORM_API_URL/);
  });
});

describe("account look-ups", () => {
  test("getDatabases lists all engines and filters", async () => {
    await api("/databases/mysql/instances", {
      label: "my-db",
      region: "us-east",
      type: "g6-nanode-1",
      engine: "mysql/8.0.30",
    });
    await api("/databases/postgresql/instances", {
      label: "pg-db",
      region: "us-west",
      type: "g6-nanode-1",
      engine: "postgresql/14.6",
    });
    const all = await getDatabases();
    expect(all.databases.map((d) => d.label).sort()).toEqual(["my-db", "pg-db"]);
    const pg = await getDatabases({ engine: "postgresql" });
    expect(pg.databases).toEqual([
      expect.objectContaining({
        label: "pg-db",
        engineId: "postgresql/14.6",
        instanceUri: expect.stringMatching(/^\/v4\/databases\/postgresql\/instances\/\d+$/),
      }),
    ]);
  });

  test("getVpcs, getVpcSubnets and getVpcIps", async () => {
    const vpc = await api("/vpcs", {
      label: "net",
      region: "us-east",
      subnets: [{ label: "web", ipv4: "10.0.1.0/24" }],
    });
    const vpcs = await getVpcs({ label: "net" });
    expect(vpcs.vpcs).toEqual([
      expect.objectContaining({
        vpcId: vpc.id,
        region: "us-east",
        description: "",
        subnets: [expect.objectContaining({ label: "web" })],
      }),
    ]);
    const subnets = await valueOf(getVpcSubnetsOutput({ vpcId: pulumi.output(vpc.id as number) }));
    expect(subnets.subnets).toEqual([expect.objectContaining({ label: "web", ipv4: "10.0.1.0/24", computes: [] })]);
    const subnetId = subnets.subnets[0]!.subnetId;
    await emulator().control.seed({
      computes: [{ id: 31, interfaces: [{ id: 8, subnet_id: subnetId, address: "10.0.1.5", active: true }] }],
    });
    const ips = await getVpcIps({ vpcId: vpc.id as number });
    expect(ips.ips).toEqual([expect.objectContaining({ address: "10.0.1.5", computeId: 31, subnetId, vpcId: vpc.id })]);
    // Every field of the entry, under its result name (the API model's wire names in camelCase).
    expect(Object.keys(ips.ips[0]!)).toEqual([
      "active",
      "address",
      "addressRange",
      "configId",
      "gateway",
      "interfaceId",
      "computeId",
      "nat11",
      "prefix",
      "region",
      "subnetId",
      "subnetMask",
      "vpcId",
    ]);
    expect(ips.ips[0]).toMatchObject({ addressRange: null, nat11: "", interfaceId: 8, active: true });
    expect((await getVpcIps()).ips.length).toBe(1);
    expect((await getVpcSubnets({ vpcId: String(vpc.id), label: "nope" })).subnets).toEqual([]);
  });
});

describe("backup look-up", () => {
  test("getDatabaseBackups lists a database's backups for either engine", async () => {
    const my = await api("/databases/mysql/instances", {
      label: "my-db",
      region: "us-east",
      type: "g6-nanode-1",
      engine: "mysql/8.0.30",
    });
    const pg = await api("/databases/postgresql/instances", {
      label: "pg-db",
      region: "us-west",
      type: "g6-nanode-1",
      engine: "postgresql/14.6",
    });
    await emulator().control.advanceClock(600);
    await api(`/databases/mysql/instances/${my.id as number}/backups`, { label: "beforemigration" });
    await emulator().control.advanceClock(300);

    const mine = await getDatabaseBackups({ engine: "mysql", databaseId: my.id as number });
    const snapshots = mine.backups.filter((b) => b.type === "snapshot");
    expect(snapshots).toEqual([
      { id: expect.any(Number), label: "beforemigration", type: "snapshot", created: expect.any(String) },
    ]);
    // Every row of the backup's result table, none more (read from the table, not listed here).
    for (const b of mine.backups) expect(Object.keys(b).sort()).toEqual(Object.keys(BACKUP_RESULT).sort());
    // The same list through Outputs, with the id as the string a resource's `id` is.
    const viaOutputs = await valueOf(
      getDatabaseBackupsOutput({ engine: pulumi.output("mysql"), databaseId: pulumi.output(String(my.id)) }),
    );
    expect(viaOutputs).toEqual(mine);
    const theirs = await getDatabaseBackups({ engine: "postgresql", databaseId: pg.id as number });
    expect(theirs.backups.filter((b) => b.type === "snapshot")).toEqual([]);
  });

  test("getDatabaseBackups picks the latest automatic backup, or a snapshot by label", async () => {
    const my = await api("/databases/mysql/instances", {
      label: "my-db",
      region: "us-east",
      type: "g6-nanode-1",
      engine: "mysql/8.0.30",
    });
    await emulator().control.advanceClock(600);
    await api(`/databases/mysql/instances/${my.id as number}/backups`, { label: "beforemigration" });
    await emulator().control.advanceClock(3 * 86_400);
    const all = (await getDatabaseBackups({ engine: "mysql", databaseId: my.id as number })).backups;
    const autos = all.filter((b) => b.type === "auto").sort((a, b) => a.created.localeCompare(b.created));
    expect(autos.length).toBeGreaterThanOrEqual(3);

    const auto = await getDatabaseBackups({ engine: "mysql", databaseId: my.id as number, type: "auto" });
    expect(auto.backups.map((b) => b.id).sort()).toEqual(autos.map((b) => b.id).sort());
    expect(auto.latest).toEqual(autos.at(-1));
    const byLabel = await valueOf(
      getDatabaseBackupsOutput({
        engine: "mysql",
        databaseId: my.id as number,
        label: pulumi.output("beforemigration"),
      }),
    );
    expect(byLabel).toEqual({ backups: [all.find((b) => b.label === "beforemigration")], latest: byLabel.latest });
    expect(byLabel.latest).toMatchObject({ label: "beforemigration", type: "snapshot" });
    const none = await getDatabaseBackups({ engine: "mysql", databaseId: my.id as number, label: "nosuch" });
    expect(none).toEqual({ backups: [] });
    await expect(
      getDatabaseBackups({ engine: "mysql", databaseId: my.id as number, type: "daily" as "auto" }),
    ).rejects.toThrow('type must be "auto" or "snapshot", got "daily"');
  });

  test("getDatabaseBackups refuses an unknown engine or a malformed id before any request", async () => {
    await expect(getDatabaseBackups({ engine: "mssql" as "mysql", databaseId: 1 })).rejects.toThrow(
      'engine must be "mysql" or "postgresql", got "mssql"',
    );
    await expect(getDatabaseBackups({ engine: "mysql", databaseId: "db-1" })).rejects.toThrow(
      'databaseId must be a positive integer id, got "db-1"',
    );
  });
});

describe("one database", () => {
  test("getDatabase gives the settings of either engine; credentials and certificate once active, secret in the Output form", async () => {
    await emulator().control.setTimings({ provisioningSeconds: 60 });
    const db = await api("/databases/postgresql/instances", {
      label: "pg-one",
      region: "us-east",
      type: "g6-nanode-1",
      engine: "postgresql/14.6",
    });
    // While provisioning the API shows no credentials: the result leaves them out and asks for none.
    await emulator().control.clearRequests();
    const early = await getDatabase({ engine: "postgresql", id: db.id as number });
    expect(early).toMatchObject({ instanceId: db.id, label: "pg-one", status: "provisioning", port: 5432 });
    expect(early.rootPassword).toBeUndefined();
    expect((await emulator().control.requests()).map((r) => r.path)).toEqual([
      `/v4/databases/postgresql/instances/${db.id}`,
    ]);

    await emulator().control.advanceClock(61);
    const ready = await getDatabase({ engine: "postgresql", id: String(db.id) });
    const credentials = await fetch(`${emulator().apiUrl}/databases/postgresql/instances/${db.id}/credentials`, {
      headers: { authorization: `Bearer ${emulator().token}` },
    }).then((r) => r.json() as Promise<{ username: string; password: string }>);
    expect(ready).toMatchObject({
      engineType: "postgresql",
      engineId: "postgresql/14.6",
      sslConnection: true,
      replicationType: "none",
      replicationCommitType: expect.any(String),
      status: "active",
      rootUsername: credentials.username,
      rootPassword: credentials.password,
      caCertificate: expect.any(String),
    });
    const output = getDatabaseOutput({ engine: pulumi.output("postgresql"), id: db.id as number });
    expect(await pulumi.isSecret(output)).toBe(true);
    expect((await valueOf(output)).rootPassword).toBe(credentials.password);
  });

  test("getDatabase refuses an unknown engine or a malformed id before any request", async () => {
    await expect(getDatabase({ engine: "mssql" as "mysql", id: 1 })).rejects.toThrow(
      'engine must be "mysql" or "postgresql"',
    );
    await expect(getDatabase({ engine: "mysql", id: "db-1" })).rejects.toThrow("id must be a positive integer id");
  });
});

describe("engine settings in the look-ups", () => {
  test("getDatabase and getDatabases show the settings as the API holds them, nested as the resources' type; null on the contract's platform", async () => {
    await emulator().control.setPlatform("rdbms-legacy");
    const legacy = await api("/databases/mysql/instances", {
      label: "my-legacy",
      region: "us-east",
      type: "g6-nanode-1",
      engine: "mysql/8.0.30",
    });
    await emulator().control.setPlatform("rdbms-default");
    const pg = await api("/databases/postgresql/instances", {
      label: "pg-today",
      region: "us-east",
      type: "g6-dedicated-4",
      engine: "postgresql/16",
      engine_config: { pg: { "pg_partman_bgw.interval": 3600 }, work_mem: 4 },
    });
    expect(pg.engine_config).toBeDefined();

    const one = await getDatabase({ engine: "postgresql", id: pg.id as number });
    expect(one.engineConfig).toMatchObject({ pg: { pgPartmanBgw: { interval: 3600 } }, workMem: 4 });
    // All the API holds, its defaults too, not only what the create sent.
    expect(one.engineConfig?.pglookout).toEqual({ maxFailoverReplicationTimeLag: expect.any(Number) });

    const listed = await getDatabases();
    const byLabel = Object.fromEntries(listed.databases.map((d) => [d.label, d]));
    expect(byLabel["pg-today"]!.engineConfig).toEqual(one.engineConfig);
    expect(byLabel["my-legacy"]!.engineConfig).toBeNull();
    expect((await getDatabase({ engine: "mysql", id: legacy.id as number })).engineConfig).toBeNull();
  });
});
