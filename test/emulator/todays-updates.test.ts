/**
 * Updates of a database on today's database platform (`rdbms-default`, todays-platform.md) in the
 * emulator: what a PUT refuses and with which text, the window, resizes and plan changes through
 * their statuses, major upgrades in place, and a resize whose answer was lost.
 */
import { withEmulator } from "../support/emulator.js";
import { databaseCalls } from "./database-calls.js";
import { errorsOf, fieldsOf } from "./http.js";

const em = withEmulator({ provisioningSeconds: 600 });
const { create, get, put, active } = databaseCalls(em, { mysql: "mysql/8", postgresql: "postgresql/14" });

beforeEach(async () => {
  await em().control.setPlatform("rdbms-default");
});

describe("updates", () => {
  test("a PUT while provisioning is refused with the API's text", async () => {
    const id = (await create("mysql")).body.id as number;
    const res = await put("mysql", id, { label: "renamed" });
    expect(res.status).toBe(400);
    expect(errorsOf(res)).toEqual([
      {
        reason: "Your database is provisioning; please wait until provisioning is complete to perform this operation.",
      },
    ]);
  });

  test("label, allow list and window change at once: the answer stays active", async () => {
    const id = await active("mysql");
    const res = await put("mysql", id, {
      label: "renamed",
      allow_list: ["128.173.205.21", "123.177.200.20"],
      updates: { day_of_week: 3, duration: 4, frequency: "weekly", hour_of_day: 8, week_of_month: null },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "active",
      label: "renamed",
      allow_list: ["123.177.200.20/32", "128.173.205.21/32"],
      updates: { day_of_week: 3, duration: 4, frequency: "weekly", hour_of_day: 8, pending: [] },
    });
    expect(res.body.updates).not.toHaveProperty("week_of_month");
  });

  test.each([
    [{ duration: 3 }, "updates.duration", "Duration must be 4"],
    [{ frequency: "monthly", week_of_month: 2 }, "updates.frequency", "Frequency must be weekly"],
    [{ week_of_month: 2 }, "updates.week_of_month", "Must be null for a weekly maintenance window"],
  ])("the window %j is refused", async (updates, field, reason) => {
    const id = await active("postgresql");
    const res = await put("postgresql", id, { updates });
    expect(res.status).toBe(400);
    expect(errorsOf(res)).toContainEqual({ field, reason });
  });

  test("cluster_size 1 → 3 resizes in place: resizing, then active with a standby; no delete, no second create", async () => {
    const id = await active("postgresql");
    await em().control.clearRequests();
    const res = await put("postgresql", id, { cluster_size: 3 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: "resizing", cluster_size: 1 });
    const busy = await put("postgresql", id, { label: "during" });
    expect(errorsOf(busy)).toEqual([
      { reason: "Your database is resizing; please wait until the resize is complete to perform this operation." },
    ]);
    await em().control.advanceClock(2);
    const after = (await get("postgresql", id)).body;
    expect(after).toMatchObject({ id, status: "active", cluster_size: 3, hosts: { standby: expect.any(String) } });
    const log = (await em().control.requests()).map((r) => `${r.method} ${r.status}`);
    expect(log).toEqual(["PUT 200", "PUT 400", "GET 200"]);
  });

  test("a plan change goes down as well as up, with the cluster size in the same request; 2 nodes need a dedicated plan", async () => {
    const id = await active("mysql", { type: "g6-dedicated-4" });
    expect(errorsOf(await put("mysql", id, { type: "g6-standard-1", cluster_size: 2 }))).toEqual([
      { field: "cluster_size", reason: "Must be one of 1, 3 on plan g6-standard-1" },
    ]);
    expect((await put("mysql", id, { type: "g6-nanode-1", cluster_size: 3 })).body.status).toBe("resizing");
    await em().control.advanceClock(2);
    expect((await get("mysql", id)).body).toMatchObject({ status: "active", type: "g6-nanode-1", cluster_size: 3 });
    expect(errorsOf(await put("mysql", id, { type: "g6-unknown" }))).toEqual([
      { field: "type", reason: "Type not found" },
    ]);
  });

  test("a newer major of the same engine upgrades in place through updating; older, unknown or with a resize is refused", async () => {
    const id = await active("postgresql");
    expect(errorsOf(await put("postgresql", id, { version: "13" }))).toEqual([
      { field: "version", reason: "Must be a newer major version of postgresql than 14: one of 15, 16, 17" },
    ]);
    expect(fieldsOf(await put("postgresql", id, { version: "16", cluster_size: 3 }))).toEqual(["version"]);
    const res = await put("postgresql", id, { version: "16" });
    expect(res.body).toMatchObject({ status: "updating", version: "14.19" });
    await em().control.advanceClock(2);
    expect((await get("postgresql", id)).body).toMatchObject({ status: "active", version: "16.8" });
    expect(errorsOf(await put("postgresql", id, { version: "17.4" }))).toEqual([
      { field: "version", reason: "Must be a newer major version of postgresql than 16: one of 17" },
    ]);
    const mysql = await active("mysql", { label: "db-mysql-2" });
    expect(errorsOf(await put("mysql", mysql, { version: "9" }))).toEqual([
      { field: "version", reason: "Must be a newer major version of mysql than 8; there is none" },
    ]);
  });

  test("a resize whose answer was lost still runs: the retry is refused while it does, as the API would", async () => {
    const id = await active("mysql");
    await em().control.addFault({
      method: "PUT",
      path: `/v4/databases/mysql/instances/${id}`,
      after: true,
      status: 502,
      times: 1,
    });
    const lost = await put("mysql", id, { cluster_size: 3 });
    expect(lost.status).toBe(502);
    const retry = await put("mysql", id, { cluster_size: 3 });
    expect(retry.status).toBe(400);
    expect((await get("mysql", id)).body.status).toBe("resizing");
    const log = (await em().control.requests()).filter((r) => r.method === "PUT");
    expect(log.map((r) => [r.status, r.handled])).toEqual([
      [502, true],
      [400, false],
    ]);
  });
});
