/**
 * Managed database backups and restores, credentials and the certificate, the cross-engine list,
 * grants and timing controls, driven by the emulated clock.
 */
import { withEmulator } from "../support/emulator.js";
import { base, databaseCalls } from "./database-calls.js";
import { errorsOf, fieldsOf } from "./http.js";

const em = withEmulator({ provisioningSeconds: 600 });
const { call, create, get, active } = databaseCalls(em, { mysql: "mysql/8.0.30", postgresql: "postgresql/14.6" });

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
