/**
 * Managed database rules and the status machine, driven by the emulated clock: what a create
 * refuses and defaults, the statuses, the maintenance window. Backups and the rest:
 * database-backups.test.ts.
 */
import { withEmulator } from "../support/emulator.js";
import { base, databaseCalls } from "./database-calls.js";
import { errorsOf, fieldsOf } from "./http.js";

const em = withEmulator({ provisioningSeconds: 600 });
const { call, create, get, active } = databaseCalls(em, { mysql: "mysql/8.0.30", postgresql: "postgresql/14.6" });

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
