/**
 * The database providers' create, update, delete, refresh and adoption against the emulator: the
 * waits, the failures and their messages.
 */
import { apiOf, base, mysql, pg, pgBase } from "./database-env.js";
import { thrown, untilLogged, useProviderEmulator } from "./provider-env.js";

const emulator = useProviderEmulator();
const api = apiOf(emulator);

describe("database lifecycle", () => {
  test("create waits until active and returns hosts and secrets", async () => {
    const inputs = (await mysql.check({}, { ...base, allowList: ["203.0.113.7"] })).inputs;
    const created = await mysql.create(inputs);
    expect(created.outs).toMatchObject({
      status: "active",
      engineType: "mysql",
      version: "8.0.30",
      engineId: "mysql/8.0.30",
      port: 3306,
      hosts: { primary: expect.any(String) },
      allowList: ["203.0.113.7/32"],
      rootUsername: expect.any(String),
      rootPassword: expect.any(String),
      caCertificate: expect.any(String),
    });
    // Right after create, the program's inputs show no changes.
    expect(await mysql.diff(created.id, created.outs, inputs)).toEqual({ changes: false });
    const read = await mysql.read(created.id, created.outs);
    expect(await mysql.diff(created.id, read.props!, inputs)).toEqual({ changes: false });
  });

  test("update resizes, changes the allow list and window, rotates credentials, patches", async () => {
    // A first value of credentialsRotation or patchNow only starts tracking; a change acts.
    const inputs = (await pg.check({}, { ...pgBase, credentialsRotation: "rotation-0", patchNow: "patch-0" })).inputs;
    const created = await pg.create(inputs);
    const news = (
      await pg.check(inputs, {
        ...pgBase,
        type: "g6-standard-2",
        allowList: ["10.1.0.0/16"],
        updates: { frequency: "monthly", duration: 2, hourOfDay: 4, dayOfWeek: 6, weekOfMonth: 2 },
        credentialsRotation: "rotation-1",
        patchNow: "patch-1",
      })
    ).inputs;
    const updated = await pg.update(created.id, created.outs, news);
    expect(updated.outs).toMatchObject({
      status: "active",
      type: "g6-standard-2",
      allowList: ["10.1.0.0/16"],
      updates: { frequency: "monthly", duration: 2, hourOfDay: 4, dayOfWeek: 6, weekOfMonth: 2 },
      replicationCommitType: "local",
    });
    expect(updated.outs!.rootPassword).not.toEqual(created.outs.rootPassword);
    expect(await pg.diff(created.id, updated.outs!, news)).toEqual({ changes: false });
    // The API refuses a new type and an allow list in one request: two updates, both accepted.
    const puts = (await emulator().control.requests()).filter((r) => r.method === "PUT");
    expect(puts.map((r) => r.status)).toEqual([200, 200]);
    const log = (await emulator().control.requests()).map((r) => `${r.method} ${r.path}`);
    expect(log).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^POST .*\/credentials\/reset$/),
        expect.stringMatching(/^POST .*\/patch$/),
      ]),
    );
  });

  test("a failed database ends the create wait at once with an init error carrying id and properties", async () => {
    await emulator().control.setTimings({ provisioningSeconds: 3600 });
    const inputs = { ...(await mysql.check({}, base)).inputs, __provider: "serialized-provider" };
    const pending = thrown(mysql.create(inputs));
    let id: number | undefined;
    while (id === undefined) {
      const list = (await api("/databases/mysql/instances")).data as { id: number }[];
      id = list[0]?.id;
    }
    await emulator().control.setStatus("mysql", id, "failed");
    const err = await pending;
    expect(err.message).toMatch(/status is "failed"/);
    expect(err.id).toBe(String(id));
    expect(err.properties).toMatchObject({
      __provider: "serialized-provider",
      label: "orders-db",
      status: "failed",
    });
    expect(err.reasons).toEqual([expect.stringMatching(/failed/)]);
  });

  test("a timed-out create is recorded and the next update resumes the wait", async () => {
    // Provisioning outlasts the create's wait however slow the machine; the clock is moved on
    // before the update.
    await emulator().control.setTimings({ provisioningSeconds: 3600 });
    const inputs = { ...(await mysql.check({}, { ...base, timeouts: { create: "1ms" } })).inputs, __provider: "p" };
    const err = await thrown(mysql.create(inputs));
    expect(err.message).toMatch(
      /Timed out after 1ms waiting for mysql database \d+ to become active \(last seen: status provisioning\)/,
    );
    expect(err.properties).toMatchObject({ status: "provisioning", __provider: "p" });
    const news = { ...inputs, timeouts: { create: "5m" } };
    // Ten seconds of provisioning are left for the update to wait out.
    await emulator().control.advanceClock(3590);
    const resumed = await mysql.update(err.id as string, err.properties as Record<string, unknown>, news);
    expect(resumed.outs).toMatchObject({ status: "active", rootPassword: expect.any(String) });
  });

  test("an update whose answer was lost, and whose resend finds the database updating, waits for that update", async () => {
    const created = await mysql.create((await mysql.check({}, base)).inputs);
    const path = `/v4/databases/mysql/instances/${created.id}`;
    // The update runs until the test moves the clock, once the resend has been refused.
    await emulator().control.setTimings({ updatingSeconds: 3600 });
    await emulator().control.addFault({ method: "PUT", path, after: true, drop: true, times: 1 });
    await emulator().control.clearRequests();
    const news = (await mysql.check({}, { ...base, allowList: ["10.0.0.0/16"] })).inputs;
    const pending = mysql.update(created.id, created.outs, news);
    await untilLogged(emulator(), (log) => log.some((r) => r.method === "PUT" && r.status === 400));
    await emulator().control.advanceClock(3600);
    const updated = await pending;
    expect(updated.outs).toMatchObject({ status: "active", allowList: ["10.0.0.0/16"] });
    const puts = (await emulator().control.requests()).filter((r) => r.method === "PUT");
    // The first PUT was carried out and its answer lost; the resend was refused while it ran.
    expect(puts.map((r) => [r.status, r.handled])).toEqual([
      [0, true],
      [400, false],
    ]);
  });

  test("updating a failed database stops at once and says how to replace it", async () => {
    const created = await mysql.create((await mysql.check({}, base)).inputs);
    await emulator().control.setStatus("mysql", Number(created.id), "failed");
    const news = (await mysql.check({}, { ...base, allowList: ["10.0.0.0/16"] })).inputs;
    const err = await thrown(mysql.update(created.id, created.outs, news));
    expect(err.message).toMatch(/status is "failed", from which it does not recover/);
    expect(err.message).toMatch(/pulumi up --replace/);
  });

  test("a database turning failed during credentialsRotation ends the wait at once, naming the status", async () => {
    const created = await mysql.create((await mysql.check({}, { ...base, credentialsRotation: "rotation-0" })).inputs);
    await emulator().control.setTimings({ credentialsResetSeconds: 3600 });
    await emulator().control.clearRequests();
    const news = (await mysql.check({}, { ...base, credentialsRotation: "rotation-1", timeouts: { update: "30s" } }))
      .inputs;
    const pending = thrown(mysql.update(created.id, created.outs, news));
    const resetSent = async () =>
      (await emulator().control.requests()).some((r) => r.method === "POST" && r.path.endsWith("/credentials/reset"));
    while (!(await resetSent())) await new Promise((r) => setTimeout(r, 10));
    await emulator().control.setStatus("mysql", Number(created.id), "failed");
    const err = await pending;
    expect(err.message).toMatch(
      /Gave up waiting for the new root password of mysql database \d+ \(credentialsRotation\)/,
    );
    expect(err.message).toMatch(/status is "failed", from which it does not recover/);
    expect(err.message).toMatch(/pulumi up --replace/);
  });

  test("a database that fails between the status read and the credentials read ends the rotation wait on its status", async () => {
    const created = await mysql.create((await mysql.check({}, { ...base, credentialsRotation: "rotation-0" })).inputs);
    await emulator().control.setTimings({ credentialsResetSeconds: 3600 });
    await emulator().control.clearRequests();
    const news = (await mysql.check({}, { ...base, credentialsRotation: "rotation-1", timeouts: { update: "30s" } }))
      .inputs;
    const pending = thrown(mysql.update(created.id, created.outs, news));
    const requests = () => emulator().control.requests();
    while (!(await requests()).some((r) => r.path.endsWith("/credentials/reset")))
      await new Promise((r) => setTimeout(r, 10));
    // From now on a credentials read is handled 0.5 s after it arrives; the next status read the
    // wait logs is followed by such a read, and the database fails in between.
    const instance = `/v4/databases/mysql/instances/${created.id}`;
    await emulator().control.addFault({ method: "GET", path: `${instance}/credentials`, latencyMs: 500 });
    const seen = (await requests()).length;
    while (!(await requests()).slice(seen).some((r) => r.method === "GET" && r.path === instance))
      await new Promise((r) => setTimeout(r, 10));
    await emulator().control.setStatus("mysql", Number(created.id), "failed");
    const err = await pending;
    // No read outlives the failed update: its way out reads the credentials once more (slow, and
    // refused like the wait's read), and that read is answered before the update ends.
    const refused = (await requests()).filter((r) => r.path === `${instance}/credentials` && r.status === 400);
    expect(refused).toHaveLength(2);
    await emulator().control.clearFaults();
    // The API refused the credentials read, and the wait still ended on the status.
    expect((await requests()).some((r) => r.path === `${instance}/credentials` && r.status === 400)).toBe(true);
    expect(err.message).toMatch(/Gave up waiting for the new root password/);
    expect(err.message).toMatch(/status is "failed", from which it does not recover/);
  });

  test.each([
    ["degraded", /status is "degraded".*Restore it from a backup \(the `restore` argument\) or replace it/],
    ["suspended", /status is "suspended".*Resume the database, then run `pulumi up` again/],
    ["suspending", /status is "suspending".*on its way to "suspended"/],
  ])("updating a %s database stops at once with the way out, sending no update", async (status, message) => {
    const created = await mysql.create((await mysql.check({}, base)).inputs);
    await emulator().control.setStatus("mysql", Number(created.id), status);
    await emulator().control.clearRequests();
    const news = (await mysql.check({}, { ...base, allowList: ["10.0.0.0/16"], timeouts: { update: "30s" } })).inputs;
    const err = await thrown(mysql.update(created.id, created.outs, news));
    expect(err.message).toMatch(new RegExp(`Gave up waiting for mysql database ${created.id} to become active`));
    expect(err.message).toMatch(message);
    const writes = (await emulator().control.requests()).filter((r) => r.method !== "GET");
    expect(writes).toEqual([]);
  });

  test("updating a resuming database waits until it is active, then updates", async () => {
    const created = await mysql.create((await mysql.check({}, base)).inputs);
    await emulator().control.setStatus("mysql", Number(created.id), "resuming");
    const news = (await mysql.check({}, { ...base, allowList: ["10.0.0.0/16"] })).inputs;
    await emulator().control.clearRequests();
    const pending = mysql.update(created.id, created.outs, news);
    // Resume only once the update has looked at the database twice, i.e. is waiting, not failing.
    const looks = async () =>
      (await emulator().control.requests()).filter((r) => r.method === "GET" && r.path.endsWith(`/${created.id}`))
        .length;
    while ((await looks()) < 2) await new Promise((r) => setTimeout(r, 10));
    await emulator().control.setStatus("mysql", Number(created.id), "active");
    expect((await pending).outs).toMatchObject({ status: "active", allowList: ["10.0.0.0/16"] });
  });

  test("delete waits for a deletable status, tolerates 404 and waits until gone", async () => {
    await emulator().control.setTimings({ provisioningSeconds: 2 });
    const { engineId: engine, ...body } = base;
    const created = await api("/databases/mysql/instances", {
      method: "POST",
      body: JSON.stringify({ ...body, engine }),
    });
    const id = String(created.id);
    await mysql.delete(id, {});
    expect(await mysql.read(id, {})).toEqual({ id: "" });
    await expect(mysql.delete(id, {})).resolves.toBeUndefined();
  });

  test("refresh reports drift as inputs", async () => {
    const created = await mysql.create((await mysql.check({}, base)).inputs);
    await api(`/databases/mysql/instances/${created.id}`, {
      method: "PUT",
      body: JSON.stringify({ label: "renamed-db", allow_list: ["1.2.3.4"] }),
    });
    await emulator().control.advanceClock(60);
    const read = await mysql.read(created.id, created.outs);
    expect(read.inputs).toMatchObject({ label: "renamed-db", allowList: ["1.2.3.4/32"], engineId: "mysql/8.0.30" });
    expect(read.props).toMatchObject({ rootPassword: created.outs.rootPassword });
    expect((await mysql.diff(created.id, read.props!, (await mysql.check({}, base)).inputs)).changes).toBe(true);
  });

  test("adoption checks immutable fields and converges mutable ones", async () => {
    const created = await mysql.create((await mysql.check({}, base)).inputs);
    const mismatch = await thrown(
      mysql.create({
        ...(await mysql.check({}, { ...base, clusterSize: 3, encrypted: true })).inputs,
        adoptId: Number(created.id),
      }),
    );
    expect(mismatch.message).toMatch(
      /Cannot adopt mysql database \d+: clusterSize is 1 but the arguments say 3; encrypted is false but the arguments say true/,
    );
    const adopted = await mysql.create(
      (await mysql.check({}, { ...base, label: "adopted-db", allowList: ["10.0.0.1"], adoptId: created.id })).inputs,
    );
    expect(adopted).toMatchObject({
      id: created.id,
      outs: { label: "adopted-db", allowList: ["10.0.0.1/32"], status: "active" },
    });
  });
});
