/** Managed database rules and the status machine, driven by the emulated clock. */
import { withEmulator } from "../support/emulator.js";
import { apiCaller, errorsOf, fieldsOf } from "./http.js";

const em = withEmulator({ provisioningSeconds: 600 });
const call = apiCaller(() => em().url);
const base = (engine: string) => `/databases/${engine}/instances`;
const create = (engine: "mysql" | "postgresql", body: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  call("POST", base(engine), {
    body: {
      label: `db-${engine}`,
      region: "us-east",
      type: "g6-standard-1",
      engine: engine === "mysql" ? "mysql/8.0.30" : "postgresql/14.6",
      ...body,
    },
    headers,
  });
const get = (engine: string, id: number) => call("GET", `${base(engine)}/${id}`);

/** Creates a database and lets provisioning finish by moving the clock. */
async function active(engine: "mysql" | "postgresql", body: Record<string, unknown> = {}) {
  const db = await create(engine, body);
  if (db.status !== 200) throw new Error(db.text);
  await em().control.advanceClock(600);
  return db.body.id as number;
}

describe("create rules", () => {
  test.each([
    ["too short", "ab"],
    ["too long", "a".repeat(33)],
    ["with a space", "my db"],
  ])("label %s is refused", async (_what, label) => {
    expect(fieldsOf(await create("mysql", { label }))).toEqual(["label"]);
  });

  test("labels are unique across engines", async () => {
    await create("mysql", { label: "shared" });
    const dup = await create("postgresql", { label: "shared" });
    expect(errorsOf(dup)).toEqual([{ field: "label", reason: "Label must be unique among your databases" }]);
  });

  test("engine must be a catalogue id of the route's engine; responses carry the type only", async () => {
    expect(fieldsOf(await create("mysql", { engine: "mysql/9.9" }))).toEqual(["engine"]);
    expect(fieldsOf(await create("mysql", { engine: "postgresql/14.6" }))).toEqual(["engine"]);
    const ok = await create("mysql", { engine: "mysql/5.7.39" });
    expect(ok.body).toMatchObject({ engine: "mysql", version: "5.7.39", port: 3306 });
    expect((await create("postgresql")).body).toMatchObject({ engine: "postgresql", version: "14.6", port: 5432 });
  });

  test("region must exist, offer Managed Databases and not be in outage; type must exist", async () => {
    for (const region of ["mars", "sa-east", "ap-south"])
      expect(fieldsOf(await create("mysql", { region }))).toEqual(["region"]);
    expect(fieldsOf(await create("mysql", { type: "g6-huge" }))).toEqual(["type"]);
  });

  test("cluster_size is 1 or 3", async () => {
    expect(fieldsOf(await create("mysql", { cluster_size: 2 }))).toEqual(["cluster_size"]);
    expect((await create("mysql", { cluster_size: 3 })).body.cluster_size).toBe(3);
  });

  test("defaults: single node, not encrypted, SSL on, empty allow list, weekly window", async () => {
    expect((await create("mysql")).body).toMatchObject({
      cluster_size: 1,
      encrypted: false,
      ssl_connection: true,
      allow_list: [],
      replication_type: "none",
      status: "provisioning",
      hosts: { primary: null, secondary: null },
      updates: { frequency: "weekly", week_of_month: null },
    });
  });

  test("replication defaults per engine and cluster size", async () => {
    expect((await create("mysql", { label: "mm3", cluster_size: 3 })).body.replication_type).toBe("semi_synch");
    const pg = await create("postgresql", { label: "pp3", cluster_size: 3 });
    expect(pg.body).toMatchObject({ replication_type: "async", replication_commit_type: "local" });
    expect((await create("postgresql", { label: "pp1" })).body.replication_type).toBe("none");
  });

  test("replication other than none needs three nodes; enums differ per engine", async () => {
    expect(fieldsOf(await create("mysql", { replication_type: "asynch" }))).toEqual(["replication_type"]);
    expect(fieldsOf(await create("postgresql", { cluster_size: 3, replication_type: "semi_synch" }))).toEqual([
      "replication_type",
    ]);
    const pg = await create("postgresql", {
      cluster_size: 3,
      replication_type: "asynch",
      replication_commit_type: "off",
    });
    expect(pg.body).toMatchObject({ replication_type: "async", replication_commit_type: "off" });
  });

  test("three nodes refuse replication none, and PostgreSQL's asynch takes commit types local and off only", async () => {
    expect(errorsOf(await create("mysql", { cluster_size: 3, replication_type: "none" }))).toEqual([
      {
        field: "replication_type",
        reason: "Must be asynch or semi_synch for a high availability cluster (cluster_size 3)",
      },
    ]);
    expect(errorsOf(await create("postgresql", { cluster_size: 3, replication_type: "none" }))).toEqual([
      { field: "replication_type", reason: "Must be asynch for a high availability cluster (cluster_size 3)" },
    ]);
    for (const commit of ["on", "remote_write", "remote_apply"]) {
      // Left out, replication_type defaults to asynch for three nodes: the same rule applies.
      for (const replication of [{ replication_type: "asynch" }, {}])
        expect(
          errorsOf(await create("postgresql", { cluster_size: 3, ...replication, replication_commit_type: commit })),
        ).toEqual([
          { field: "replication_commit_type", reason: "Must be local or off when replication_type is asynch" },
        ]);
    }
    // One node replicates nothing: any commit type is taken.
    const single = await create("postgresql", { label: "pg-single", replication_commit_type: "remote_apply" });
    expect(single.body).toMatchObject({ replication_type: "none", replication_commit_type: "remote_apply" });
    expect((await create("mysql", { label: "my-ha", cluster_size: 3, replication_type: "asynch" })).status).toBe(200);
  });

  test("replication_commit_type is PostgreSQL only", async () => {
    expect(fieldsOf(await create("mysql", { replication_commit_type: "local" }))).toEqual(["replication_commit_type"]);
    expect(fieldsOf(await create("postgresql", { replication_commit_type: "sometimes" }))).toEqual([
      "replication_commit_type",
    ]);
    expect((await create("mysql")).body).not.toHaveProperty("replication_commit_type");
  });

  test("allow_list items are IPv4 addresses or CIDRs, answered as /32 and sorted", async () => {
    const ok = await create("mysql", { allow_list: ["203.0.113.7", "10.0.0.0/8", "192.0.2.0/24", "10.0.0.0/8"] });
    expect(ok.body.allow_list).toEqual(["10.0.0.0/8", "192.0.2.0/24", "203.0.113.7/32"]);
    const bad = await create("mysql", {
      label: "bad",
      allow_list: ["1.2.3.4", "example.com", "1.2.3.4/33", "10.0.0.300"],
    });
    expect(fieldsOf(bad)).toEqual(["allow_list[1]", "allow_list[2]", "allow_list[3]"]);
  });

  test("an allow_list range with host bits set matches the published pattern: taken and kept as sent", async () => {
    const ok = await create("mysql", { label: "host-bits", allow_list: ["10.0.0.1/24", "10.0.0.0/24"] });
    expect(ok.status).toBe(200);
    expect(ok.body.allow_list).toEqual(["10.0.0.0/24", "10.0.0.1/24"]);
  });
});

describe("status machine", () => {
  test("provisioning until the emulated time has passed; hosts appear then", async () => {
    const db = await create("mysql");
    await em().control.advanceClock(599);
    expect((await get("mysql", db.body.id)).body.status).toBe("provisioning");
    await em().control.advanceClock(1);
    const read = await get("mysql", db.body.id);
    expect(read.body).toMatchObject({
      status: "active",
      hosts: { primary: expect.any(String), secondary: expect.any(String) },
    });
  });

  test("X-Emulator-Provisioning-Seconds and PUT /_emulator/timings override the server default", async () => {
    const fast = await create("mysql", { label: "fast" }, { "X-Emulator-Provisioning-Seconds": "0" });
    expect((await get("mysql", fast.body.id)).body.status).toBe("active");
    await em().control.setTimings({ provisioningSeconds: 5 });
    const db = await create("mysql", { label: "timed" });
    await em().control.advanceClock(5);
    expect((await get("mysql", db.body.id)).body.status).toBe("active");
  });

  test("a wrong status answers 400 with the provisioning reason", async () => {
    const db = await create("mysql");
    const answer = await call("PUT", `${base("mysql")}/${db.body.id}`, { body: { label: "later" } });
    expect(errorsOf(answer)).toEqual([
      {
        reason: "Your database is provisioning; please wait until provisioning is complete to perform this operation.",
      },
    ]);
  });

  test("allow_list updates and resizes go updating, then active", async () => {
    const id = await active("mysql");
    const updated = await call("PUT", `${base("mysql")}/${id}`, { body: { allow_list: ["198.51.100.1"] } });
    expect(updated.body).toMatchObject({ status: "updating", allow_list: ["198.51.100.1/32"] });
    expect((await call("PUT", `${base("mysql")}/${id}`, { body: { label: "again" } })).status).toBe(400);
    await em().control.advanceClock(60);
    const resized = await call("PUT", `${base("mysql")}/${id}`, { body: { type: "g6-standard-2" } });
    expect(resized.body).toMatchObject({ status: "updating", type: "g6-standard-2", total_disk_size_gb: 80 });
    await em().control.advanceClock(60);
    const label = await call("PUT", `${base("mysql")}/${id}`, { body: { label: "renamed" } });
    expect(label.body).toMatchObject({ status: "active", label: "renamed" });
  });

  test("a new type and an allow_list in one request are refused, naming type; as two requests both apply", async () => {
    const id = await active("mysql");
    const both = await call("PUT", `${base("mysql")}/${id}`, {
      body: { type: "g6-standard-2", allow_list: ["10.0.0.0/16"] },
    });
    expect(both.status).toBe(400);
    expect(errorsOf(both)).toEqual([
      { field: "type", reason: "You can't update the allow_list and set a new type in the same request" },
    ]);
    expect((await get("mysql", id)).body).toMatchObject({ status: "active", type: "g6-standard-1", allow_list: [] });
    // The same type is no resize: it may travel with an allow list.
    const same = await call("PUT", `${base("mysql")}/${id}`, {
      body: { type: "g6-standard-1", allow_list: ["10.0.0.0/16"] },
    });
    expect(same.body).toMatchObject({ status: "updating", allow_list: ["10.0.0.0/16"] });
    // A resize is refused while that update runs, and taken once the database is active again.
    expect((await call("PUT", `${base("mysql")}/${id}`, { body: { type: "g6-standard-2" } })).status).toBe(400);
    await em().control.advanceClock(60);
    const resized = await call("PUT", `${base("mysql")}/${id}`, { body: { type: "g6-standard-2" } });
    expect(resized.body).toMatchObject({ status: "updating", type: "g6-standard-2", allow_list: ["10.0.0.0/16"] });
  });

  test("resize only to a type with more disk", async () => {
    const id = await active("mysql", { type: "g6-standard-2" });
    for (const type of ["g6-standard-1", "g6-nanode-1", "g6-unknown"]) {
      expect(fieldsOf(await call("PUT", `${base("mysql")}/${id}`, { body: { type } }))).toEqual(["type"]);
    }
    expect((await get("mysql", id)).body.type).toBe("g6-standard-2");
  });

  test("patch keeps the database updating for a while", async () => {
    const id = await active("postgresql");
    expect((await call("POST", `${base("postgresql")}/${id}/patch`)).body).toEqual({});
    expect((await get("postgresql", id)).body.status).toBe("updating");
    await em().control.advanceClock(60);
    expect((await get("postgresql", id)).body.status).toBe("active");
  });
});

describe("maintenance window", () => {
  test.each([
    [{ duration: 0 }, "updates.duration"],
    [{ duration: 4 }, "updates.duration"],
    [{ hour_of_day: 24 }, "updates.hour_of_day"],
    [{ day_of_week: 0 }, "updates.day_of_week"],
    [{ day_of_week: 8 }, "updates.day_of_week"],
    [{ frequency: "daily" }, "updates.frequency"],
    [{ frequency: "monthly" }, "updates.week_of_month"],
    [{ frequency: "monthly", week_of_month: 5 }, "updates.week_of_month"],
    [{ week_of_month: 2 }, "updates.week_of_month"],
  ])("refuses %j", async (updates, field) => {
    const id = await active("mysql");
    expect(fieldsOf(await call("PUT", `${base("mysql")}/${id}`, { body: { updates } }))).toEqual([field]);
  });

  test("monthly needs week_of_month; back to weekly clears it", async () => {
    const id = await active("mysql");
    const monthly = await call("PUT", `${base("mysql")}/${id}`, {
      body: { updates: { frequency: "monthly", week_of_month: 4, duration: 1, hour_of_day: 23, day_of_week: 7 } },
    });
    expect(monthly.body.updates).toEqual({
      frequency: "monthly",
      week_of_month: 4,
      duration: 1,
      hour_of_day: 23,
      day_of_week: 7,
    });
    const weekly = await call("PUT", `${base("mysql")}/${id}`, { body: { updates: { frequency: "weekly" } } });
    expect(weekly.body.updates).toMatchObject({ frequency: "weekly", week_of_month: null });
  });
});

describe("backups", () => {
  const backups = async (engine: string, id: number) => (await call("GET", `${base(engine)}/${id}/backups`)).body.data;

  test("a snapshot shows backing_up, then appears in the list as type snapshot", async () => {
    const id = await active("mysql");
    expect((await call("POST", `${base("mysql")}/${id}/backups`, { body: { label: "first" } })).body).toEqual({});
    expect((await get("mysql", id)).body.status).toBe("backing_up");
    expect(await backups("mysql", id)).toEqual([]);
    const again = await call("POST", `${base("mysql")}/${id}/backups`, { body: { label: "second" } });
    expect(again.status).toBe(400);
    await em().control.advanceClock(300);
    expect((await get("mysql", id)).body.status).toBe("active");
    expect(await backups("mysql", id)).toEqual([
      { id: expect.any(Number), label: "first", type: "snapshot", created: expect.any(String) },
    ]);
  });

  test("at most 3 snapshots; labels unique, 1..30 letters, digits or underscores", async () => {
    const id = await active("postgresql");
    for (const label of ["a1", "b2", "nightly_1"]) {
      expect((await call("POST", `${base("postgresql")}/${id}/backups`, { body: { label } })).status).toBe(200);
      await em().control.advanceClock(300);
    }
    const fourth = await call("POST", `${base("postgresql")}/${id}/backups`, { body: { label: "d4" } });
    expect(errorsOf(fourth)[0].reason).toContain("3 snapshots");
    const [first] = await backups("postgresql", id);
    expect((await call("DELETE", `${base("postgresql")}/${id}/backups/${first.id}`)).status).toBe(200);
    expect(fieldsOf(await call("POST", `${base("postgresql")}/${id}/backups`, { body: { label: "b2" } }))).toEqual([
      "label",
    ]);
    for (const label of ["", "a".repeat(31), "with-hyphen"]) {
      expect(new Set(fieldsOf(await call("POST", `${base("postgresql")}/${id}/backups`, { body: { label } })))).toEqual(
        new Set(["label"]),
      );
    }
    expect((await call("POST", `${base("postgresql")}/${id}/backups`, { body: { label: "d4" } })).status).toBe(200);
  });

  test("target secondary needs a three-node cluster", async () => {
    const single = await active("mysql");
    expect(
      fieldsOf(await call("POST", `${base("mysql")}/${single}/backups`, { body: { label: "s", target: "secondary" } })),
    ).toEqual(["target"]);
    const ha = await active("mysql", { label: "ha-db", cluster_size: 3 });
    expect(
      (await call("POST", `${base("mysql")}/${ha}/backups`, { body: { label: "s", target: "secondary" } })).status,
    ).toBe(200);
  });

  test("automatic backups at 0:00 UTC every day, kept 7 days", async () => {
    const id = await active("mysql");
    await em().control.advanceClock(3 * 86400);
    const three = await backups("mysql", id);
    expect(three).toHaveLength(3);
    expect(
      three.every((b: { type: string; created: string }) => b.type === "auto" && b.created.endsWith("T00:00:00")),
    ).toBe(true);
    await em().control.advanceClock(10 * 86400);
    expect(await backups("mysql", id)).toHaveLength(7);
  });

  test("no automatic backup is taken at a midnight passed while still provisioning", async () => {
    const { epochMs } = (await call("GET", "/_emulator/clock")).body as { epochMs: number };
    const day = 86400_000;
    await em().control.advanceClock((Math.ceil(epochMs / day) * day - epochMs) / 1000 - 10);
    const db = await create("mysql"); // provisioning for 600 s, across 0:00 UTC
    await em().control.advanceClock(700);
    expect((await get("mysql", db.body.id)).body.status).toBe("active");
    expect(await backups("mysql", db.body.id)).toEqual([]);
    await em().control.advanceClock(86400);
    expect((await backups("mysql", db.body.id)).map((b: { type: string }) => b.type)).toEqual(["auto"]);
  });

  test("a status forced out of provisioning starts the daily backups only then", async () => {
    const db = await create("mysql", {}, { "X-Emulator-Provisioning-Seconds": String(30 * 86400) });
    await em().control.advanceClock(3 * 86400);
    await em().control.setStatus("mysql", db.body.id, "active");
    expect(await backups("mysql", db.body.id)).toEqual([]);
    await em().control.advanceClock(86400);
    expect(await backups("mysql", db.body.id)).toHaveLength(1);
  });

  test("restore goes restoring then active; after a credentials reset it ends failed", async () => {
    const id = await active("mysql");
    await call("POST", `${base("mysql")}/${id}/backups`, { body: { label: "before" } });
    await em().control.advanceClock(300);
    const [backup] = await backups("mysql", id);
    expect((await call("POST", `${base("mysql")}/${id}/backups/${backup.id}/restore`)).body).toEqual({});
    expect((await get("mysql", id)).body.status).toBe("restoring");
    await em().control.advanceClock(300);
    expect((await get("mysql", id)).body.status).toBe("active");
    const old = (await call("GET", `${base("mysql")}/${id}/credentials`)).body.password;
    expect((await call("POST", `${base("mysql")}/${id}/credentials/reset`)).body).toEqual({});
    await em().control.advanceClock(30);
    expect((await call("GET", `${base("mysql")}/${id}/credentials`)).body.password).not.toBe(old);
    await call("POST", `${base("mysql")}/${id}/backups/${backup.id}/restore`);
    await em().control.advanceClock(300);
    expect((await get("mysql", id)).body.status).toBe("failed");
    expect((await call("DELETE", `${base("mysql")}/${id}`)).status).toBe(200);
  });

  test.each(["mysql", "postgresql"] as const)(
    "%s: a degraded or failed database is restored to active; a second restore is refused while one runs",
    async (engine) => {
      const id = await active(engine);
      await em().control.advanceClock(86400);
      const [auto] = await backups(engine, id);
      expect(auto.type).toBe("auto");
      for (const status of ["degraded", "failed"]) {
        await em().control.setStatus(engine, id, status);
        const restore = `${base(engine)}/${id}/backups/${auto.id}/restore`;
        expect((await call("POST", restore)).status).toBe(200);
        expect((await get(engine, id)).body.status).toBe("restoring");
        const again = await call("POST", restore);
        expect(again.status).toBe(400);
        expect(JSON.stringify(again.body)).toContain("please wait until the restore is complete");
        await em().control.advanceClock(300);
        expect((await get(engine, id)).body.status).toBe("active");
      }
    },
  );

  test("a backup taken after a credentials reset restores to active", async () => {
    const id = await active("mysql");
    await call("POST", `${base("mysql")}/${id}/credentials/reset`);
    await em().control.advanceClock(30);
    await call("POST", `${base("mysql")}/${id}/backups`, { body: { label: "after" } });
    await em().control.advanceClock(300);
    const [backup] = await backups("mysql", id);
    await call("POST", `${base("mysql")}/${id}/backups/${backup.id}/restore`);
    await em().control.advanceClock(300);
    expect((await get("mysql", id)).body.status).toBe("active");
  });

  test("a backup of another database is 404", async () => {
    const a = await active("mysql", { label: "aaa" });
    const b = await active("mysql", { label: "bbb" });
    await call("POST", `${base("mysql")}/${a}/backups`, { body: { label: "x" } });
    await em().control.advanceClock(300);
    const [backup] = await backups("mysql", a);
    expect((await call("GET", `${base("mysql")}/${b}/backups/${backup.id}`)).status).toBe(404);
    expect((await call("GET", `${base("postgresql")}/${a}`)).status).toBe(404);
  });
});

describe("credentials, certificate, listing", () => {
  test("credentials are random per database; the certificate is base64 PEM", async () => {
    const a = await active("mysql", { label: "aaa" });
    const b = await active("postgresql", { label: "bbb" });
    const ca = (await call("GET", `${base("mysql")}/${a}/credentials`)).body;
    const cb = (await call("GET", `${base("postgresql")}/${b}/credentials`)).body;
    expect(ca.password).not.toBe(cb.password);
    expect(ca.password.length).toBeGreaterThanOrEqual(16);
    const ssl = (await call("GET", `${base("mysql")}/${a}/ssl`)).body.ca_certificate;
    expect(Buffer.from(ssl, "base64").toString()).toMatch(/^-----BEGIN CERTIFICATE-----/);
  });

  test("the cross-engine list carries only its fields and points at the engine record", async () => {
    const id = await active("postgresql");
    const list = await call("GET", "/databases/instances");
    expect(Object.keys(list.body.data[0]).sort()).toEqual(
      [
        "allow_list",
        "cluster_size",
        "created",
        "encrypted",
        "engine",
        "hosts",
        "id",
        "instance_uri",
        "label",
        "region",
        "status",
        "type",
        "updated",
        "updates",
        "version",
      ].sort(),
    );
    expect(list.body.data[0].instance_uri).toBe(`/v4/databases/postgresql/instances/${id}`);
    expect((await call("GET", list.body.data[0].instance_uri.replace("/v4", ""))).body.id).toBe(id);
    expect((await call("GET", base("mysql"))).body.results).toBe(0);
  });
});

describe("grants and unrestricted status", () => {
  test("create needs add_databases; delete and credentials reset need an unrestricted user", async () => {
    const id = await active("mysql");
    await em().control.seed({
      tokens: [
        { token: "plain", restricted: true, scopes: "*" },
        {
          token: "adder",
          restricted: true,
          scopes: "*",
          grants: { global: { add_databases: true }, database: { [id]: "read_write" } },
        },
      ],
    });
    const body = { label: "new-db", region: "us-east", type: "g6-nanode-1", engine: "mysql/8.0.30" };
    expect((await call("POST", base("mysql"), { token: "plain", body })).status).toBe(403);
    expect((await call("POST", base("mysql"), { token: "adder", body })).status).toBe(200);
    expect((await call("GET", `${base("mysql")}/${id}`, { token: "plain" })).status).toBe(404);
    expect((await call("PUT", `${base("mysql")}/${id}`, { token: "adder", body: { label: "by-adder" } })).status).toBe(
      200,
    );
    expect((await call("DELETE", `${base("mysql")}/${id}`, { token: "adder" })).status).toBe(403);
    expect((await call("POST", `${base("mysql")}/${id}/credentials/reset`, { token: "adder" })).status).toBe(403);
  });

  test("read_only grants cannot write", async () => {
    const id = await active("mysql");
    await em().control.seed({
      tokens: [{ token: "reader", restricted: true, scopes: "*", grants: { database: { [id]: "read_only" } } }],
    });
    expect((await call("GET", `${base("mysql")}/${id}`, { token: "reader" })).status).toBe(200);
    expect((await call("POST", `${base("mysql")}/${id}/patch`, { token: "reader" })).status).toBe(403);
  });
});

describe("timing controls and credentials reset", () => {
  test("a bad X-Emulator-Provisioning-Seconds header is 400 naming it", async () => {
    const answer = await create("mysql", {}, { "X-Emulator-Provisioning-Seconds": "soon" });
    expect(fieldsOf(answer)).toEqual(["X-Emulator-Provisioning-Seconds"]);
  });

  test("the old password stays readable until the reset completes", async () => {
    await em().control.setTimings({ credentialsResetSeconds: 10 });
    const id = await active("postgresql");
    const path = `${base("postgresql")}/${id}/credentials`;
    const old = (await call("GET", path)).body.password;
    await call("POST", `${path}/reset`);
    expect((await call("GET", path)).body.password).toBe(old);
    await em().control.advanceClock(10);
    expect((await call("GET", path)).body.password).not.toBe(old);
  });

  test("a restore while a reset is still pending also ends failed", async () => {
    await em().control.setTimings({ credentialsResetSeconds: 1000 });
    const id = await active("mysql");
    await call("POST", `${base("mysql")}/${id}/backups`, { body: { label: "b" } });
    await em().control.advanceClock(300);
    const [backup] = (await call("GET", `${base("mysql")}/${id}/backups`)).body.data;
    await call("POST", `${base("mysql")}/${id}/credentials/reset`);
    await call("POST", `${base("mysql")}/${id}/backups/${backup.id}/restore`);
    await em().control.advanceClock(300);
    expect((await get("mysql", id)).body.status).toBe("failed");
  });

  test("snapshot timing comes from PUT /_emulator/timings", async () => {
    await em().control.setTimings({ snapshotSeconds: 1000 });
    const id = await active("mysql");
    await call("POST", `${base("mysql")}/${id}/backups`, { body: { label: "slow" } });
    await em().control.advanceClock(999);
    expect((await get("mysql", id)).body.status).toBe("backing_up");
    await em().control.advanceClock(1);
    expect((await get("mysql", id)).body.status).toBe("active");
  });
});
