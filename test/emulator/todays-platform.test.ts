/**
 * Today's database platform (`rdbms-default`, todays-platform.md) in the emulator: the switch
 * that makes new databases on it, what its create refuses and with which text, its engine
 * catalogue, answers and allow lists, its lack of backups; and an account holding a database of
 * each platform, each by its own rules. Its updates: todays-updates.test.ts.
 */
import { answerMayLack, answerNames, DATABASE, type ApiField, type Entity } from "../../src/api/index.js";
import { withEmulator } from "../support/emulator.js";
import { base, databaseCalls } from "./database-calls.js";
import { errorsOf, fieldsOf } from "./http.js";

const em = withEmulator({ provisioningSeconds: 600 });
const { call, create, get, put, active } = databaseCalls(em, { mysql: "mysql/8", postgresql: "postgresql/14" });

/** The model's `hosts` object. */
const HOSTS = (DATABASE.fields.hosts.type as { object: Entity }).object;

beforeEach(async () => {
  await em().control.setPlatform("rdbms-default");
});

describe("the switch", () => {
  test("the control API says and sets the platform of new databases; reset comes back to the contract's", async () => {
    expect((await call("GET", "/_emulator/platform")).body).toEqual({ databases: "rdbms-default" });
    const bad = await call("PUT", "/_emulator/platform", { body: { databases: "rdbms-v3" } });
    expect(bad.status).toBe(400);
    await em().control.reset();
    expect((await call("GET", "/_emulator/platform")).body).toEqual({ databases: "rdbms-legacy" });
    expect((await create("mysql", { engine: "mysql/8.0.30" })).body).not.toHaveProperty("platform");
  });
});

describe("create", () => {
  test("replication_type and a full-version engine id are refused with the API's texts", async () => {
    // The body of TF #1669 / pulumi-linode #805, which today's API refused with these two errors.
    const res = await create("mysql", { engine: "mysql/8.0.30", replication_type: "none" });
    expect(res.status).toBe(400);
    expect(errorsOf(res)).toEqual(
      expect.arrayContaining([
        { field: "replication_type", reason: "Configuring replication_type is no longer supported" },
        { field: "engine", reason: "invalid engine" },
      ]),
    );
    expect(errorsOf(res)).toHaveLength(2);
    expect((await call("GET", "/databases/instances")).body.data).toEqual([]);
  });

  test.each([
    [
      "replication_commit_type",
      { replication_commit_type: "local" },
      "Configuring replication_commit_type is no longer supported",
    ],
    ["encrypted", { encrypted: false }, "Must be true: every database on this platform is encrypted"],
    [
      "ssl_connection",
      { ssl_connection: false },
      "Must be true: every database on this platform requires SSL connections",
    ],
    ["engine", { engine: "postgresql/12" }, "invalid engine"],
    ["engine", { engine: "mysql/8" }, "invalid engine"],
    ["cluster_size", { cluster_size: 2 }, "Must be one of 1, 3 on plan g6-standard-1"],
  ])("%s %j is refused", async (field, body, reason) => {
    const res = await create("postgresql", body);
    expect(res.status).toBe(400);
    expect(errorsOf(res)).toEqual([{ field, reason }]);
  });

  test("a maintenance window is not taken by a create (the API chooses it)", async () => {
    const res = await create("mysql", {
      updates: { day_of_week: 1, duration: 4, frequency: "weekly", hour_of_day: 1 },
    });
    expect(fieldsOf(res)).toEqual(["updates"]);
  });

  test("a create answers provisioning with the major version, hosts, a chosen window and today's keys in order", async () => {
    const res = await create("mysql", { encrypted: true, ssl_connection: true, allow_list: ["10.0.0.2", "10.0.0.1"] });
    expect(res.status).toBe(200);
    // Today's keys: the model's (every one an answer may not lack, none it does not declare), less
    // the restore point a provisioning database lacks, sorted with version and platform last
    // (§7.1): derived, so a field added to the model is no edit here.
    const keys = Object.keys(res.body);
    const declared = answerNames(DATABASE, "mysql", "rdbms-default");
    expect(keys).toEqual(expect.arrayContaining(["members", "platform", "ssl_connection", "updates"]));
    expect(keys).toEqual(
      expect.arrayContaining(declared.filter((k) => !answerMayLack((DATABASE.fields as Record<string, ApiField>)[k]!))),
    );
    expect(declared).toEqual(expect.arrayContaining(keys));
    expect(keys).not.toContain("oldest_restore_time");
    expect(keys).toEqual([...keys.filter((k) => k !== "version" && k !== "platform").sort(), "version", "platform"]);
    const id = res.body.id as number;
    expect(res.body).toMatchObject({
      allow_list: ["10.0.0.1/32", "10.0.0.2/32"],
      cluster_size: 1,
      encrypted: true,
      ssl_connection: true,
      engine: "mysql",
      hosts: { primary: `a${id}-us-east-default.emulator.internal` },
      members: {},
      port: 18319,
      status: "provisioning",
      used_disk_size_gb: null,
      version: "8",
      platform: "rdbms-default",
    });
    expect(Object.keys(res.body.hosts)).toEqual(["primary"]);
    expect(res.body.updates).toEqual({
      day_of_week: (id % 6) + 1,
      duration: 4,
      frequency: "weekly",
      hour_of_day: (id % 22) + 1,
      pending: [],
    });
  });

  test("once active: the full version, members, a first restore point; three nodes have a standby host", async () => {
    const mysql = await active("mysql");
    const pg = await active("postgresql", { type: "g6-dedicated-4", cluster_size: 3 });
    const one = (await get("mysql", mysql)).body;
    expect(one).toMatchObject({ status: "active", version: "8.0.35", used_disk_size_gb: 1 });
    expect(Object.values(one.members)).toEqual(["primary"]);
    expect(typeof one.oldest_restore_time).toBe("string");
    expect(Object.keys(one).indexOf("oldest_restore_time")).toBe(Object.keys(one).indexOf("members") + 1);
    const three = (await get("postgresql", pg)).body;
    expect(three).toMatchObject({ version: "14.19", cluster_size: 3 });
    // Three nodes answer every hosts key today's platform declares (its model), these as named.
    expect(Object.keys(three.hosts).sort()).toEqual(answerNames(HOSTS, "postgresql", "rdbms-default"));
    expect(three.hosts).toMatchObject({
      primary: `a${pg}-us-east-default.emulator.internal`,
      standby: `replica-a${pg}-us-east-default.emulator.internal`,
    });
    expect(Object.values(three.members)).toEqual(["primary", "failover", "failover"]);
  });

  test("two nodes are taken on a dedicated plan", async () => {
    const res = await create("postgresql", { type: "g6-dedicated-4", cluster_size: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ cluster_size: 2, hosts: { standby: expect.stringMatching(/^replica-/) } });
  });
});

describe("engine catalogue", () => {
  test("lists today's majors with keys engine, id, version; an escaped slash finds one", async () => {
    const list = await call("GET", "/databases/engines");
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([
      "mysql/8",
      "postgresql/13",
      "postgresql/14",
      "postgresql/15",
      "postgresql/16",
      "postgresql/17",
    ]);
    expect(Object.keys(list.body.data[0])).toEqual(["engine", "id", "version"]);
    expect((await call("GET", "/databases/engines/mysql%2F8")).body).toEqual({
      engine: "mysql",
      id: "mysql/8",
      version: "8",
    });
    const filtered = await call("GET", "/databases/engines", { headers: { "x-filter": '{"engine":"mysql"}' } });
    expect(filtered.body.data).toEqual([{ engine: "mysql", id: "mysql/8", version: "8" }]);
    await em().control.setPlatform("rdbms-legacy");
    expect((await call("GET", "/databases/engines")).body.data[0].id).toBe("mysql/8.0.30");
  });
});

describe("backups", () => {
  test("none are listed, even days later; a snapshot is refused, pointing at a fork", async () => {
    const id = await active("mysql");
    await em().control.advanceClock(3 * 24 * 3600);
    const list = await call("GET", `${base("mysql")}/${id}/backups`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ data: [], results: 0 });
    const snap = await call("POST", `${base("mysql")}/${id}/backups`, { body: { label: "mine" } });
    expect(snap.status).toBe(400);
    expect(errorsOf(snap)).toEqual([
      {
        reason: "Backups are not available on this database's platform (rdbms-default); restore it by creating a fork",
      },
    ]);
  });
});

describe("both platforms in one account", () => {
  test("each database answers and changes by its own platform's rules", async () => {
    await em().control.setPlatform("rdbms-legacy");
    const legacy = (await create("mysql", { label: "old-db", engine: "mysql/8.0.30", replication_type: "none" })).body
      .id;
    await em().control.setPlatform("rdbms-default");
    const today = (await create("mysql", { label: "new-db" })).body.id;
    await em().control.advanceClock(600);

    const old = (await get("mysql", legacy)).body;
    expect(old).not.toHaveProperty("platform");
    expect(old).toMatchObject({
      version: "8.0.30",
      replication_type: "none",
      port: 3306,
      hosts: { secondary: expect.any(String) },
    });
    expect((await get("mysql", today)).body).toMatchObject({ platform: "rdbms-default", version: "8.0.35" });

    // The contract's rules stay the legacy database's: no cluster size in a PUT, a resize only up, through updating.
    expect(errorsOf(await put("mysql", legacy, { cluster_size: 3 }))).toEqual([
      { field: "cluster_size", reason: "Unknown field: not accepted by this operation" },
    ]);
    expect(errorsOf(await put("mysql", legacy, { updates: { duration: 4 } }))).toEqual([
      { field: "updates.duration", reason: "Must be between 1 and 3" },
    ]);
    expect((await put("mysql", legacy, { type: "g6-standard-2" })).body).toMatchObject({
      status: "updating",
      type: "g6-standard-2",
    });
    expect((await put("mysql", today, { cluster_size: 3 })).body.status).toBe("resizing");

    const entries = (await call("GET", "/databases/instances")).body.data;
    expect(entries.map((e: { label: string; platform?: string }) => [e.label, e.platform])).toEqual([
      ["old-db", undefined],
      ["new-db", "rdbms-default"],
    ]);
    expect(entries[0]).toHaveProperty("instance_uri");
    expect(Object.keys(entries[1])).toEqual(Object.keys((await get("mysql", today)).body));
  });

  test("a legacy create keeps the contract's texts though the switch says today's for others", async () => {
    await em().control.setPlatform("rdbms-legacy");
    const res = await create("mysql", { engine: "mysql/8", cluster_size: 2 });
    expect(errorsOf(res)).toEqual([
      { field: "cluster_size", reason: "Must be one of: 1, 3" },
      { field: "engine", reason: "Engine not found; use an id of the engine catalogue such as mysql/8.0.30" },
    ]);
  });
});

describe("allow lists", () => {
  const mixed = ["2001:db8::/32", "192.0.2.7", "1234:0:0::5678", "10.0.0.0/8", "192.0.2.7/32"];
  const stored = ["10.0.0.0/8", "192.0.2.7/32", "1234::5678/128", "2001:db8::/32"];

  test("today's platform takes IPv6 addresses and ranges on create and PUT: /128, IPv4 first, sorted, unique", async () => {
    const created = await create("mysql", { allow_list: mixed });
    expect(created.status).toBe(200);
    expect(created.body.allow_list).toEqual(stored);
    await em().control.advanceClock(600);
    const id = created.body.id as number;
    const updated = await put("mysql", id, { allow_list: ["::1", "203.0.113.0/24"] });
    expect(updated.body.allow_list).toEqual(["203.0.113.0/24", "::1/128"]);
    expect((await get("mysql", id)).body.allow_list).toEqual(["203.0.113.0/24", "::1/128"]);
  });

  test("today's platform refuses what is no range of either family, naming the entry", async () => {
    const bad = await create("postgresql", {
      allow_list: ["::1", "fe80::1%eth0", "1234::/129", "1234::/064", "10.0.0.300"],
    });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad)).toEqual(
      ["allow_list[1]", "allow_list[2]", "allow_list[3]", "allow_list[4]"].map((field) => ({
        field,
        reason: "Must be an IPv4 or IPv6 address or CIDR range",
      })),
    );
  });

  test("the contract's platform keeps IPv4 only, on create and on a PUT of one of its databases", async () => {
    await em().control.setPlatform("rdbms-legacy");
    const refused = await create("mysql", { engine: "mysql/8.0.30", label: "legacy-v6", allow_list: ["1234::5678"] });
    expect(errorsOf(refused)).toEqual([
      { field: "allow_list[0]", reason: "Must be an IPv4 address or an IPv4 CIDR range" },
    ]);
    const legacy = await create("mysql", { engine: "mysql/8.0.30", label: "legacy-v4", allow_list: ["192.0.2.7"] });
    await em().control.advanceClock(3600);
    const put6 = await put("mysql", legacy.body.id as number, { allow_list: ["::1"] });
    expect(errorsOf(put6)).toEqual([
      { field: "allow_list[0]", reason: "Must be an IPv4 address or an IPv4 CIDR range" },
    ]);
  });
});
