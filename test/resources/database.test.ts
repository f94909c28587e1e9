import * as pulumi from "@pulumi/pulumi";
import { provider as mysqlProvider } from "../../src/resources/mysql-database.js";
import { provider as pgProvider } from "../../src/resources/postgresql-database.js";
import { UNKNOWN } from "../../src/shared/fields/validate.js";
import { thrown, untilLogged, useProviderEmulator } from "./provider-env.js";

const emulator = useProviderEmulator();
const mysql = mysqlProvider as Required<typeof mysqlProvider>;
const pg = pgProvider as Required<typeof pgProvider>;

const base = { label: "orders-db", region: "us-east", type: "g6-standard-1", engineId: "mysql/8.0.30" };
const pgBase = { label: "pg-db", region: "us-east", type: "g6-standard-1", engineId: "postgresql/14.6" };

async function api(path: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const res = await fetch(`${emulator().apiUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${emulator().token}`, "content-type": "application/json" },
  });
  return (await res.json()) as Record<string, unknown>;
}

describe("database check", () => {
  test("leaves the API's defaults out and normalises the allow list", async () => {
    const res = await mysql.check({}, { ...base, allowList: ["10.0.0.9", "10.0.0.0/24", "10.0.0.9/32"] });
    // Only what the program sets: a create sends nothing more, the API picks the rest.
    expect(res).toEqual({ inputs: { ...base, allowList: ["10.0.0.0/24", "10.0.0.9/32"] } });
    expect((await mysql.check({}, base)).inputs).toEqual(base);
  });

  test("high-availability replication is the API's pick, an explicit one is kept", async () => {
    expect((await mysql.check({}, { ...base, clusterSize: 3 })).inputs).toEqual({ ...base, clusterSize: 3 });
    expect((await pg.check({}, { ...pgBase, clusterSize: 3, replicationType: "async" })).inputs).toMatchObject({
      replicationType: "asynch",
    });
  });

  test("an unknown cluster size passes with the replication left to the API", async () => {
    const res = await mysql.check({}, { ...base, clusterSize: UNKNOWN, allowList: [UNKNOWN] });
    expect(res.failures).toBeUndefined();
    expect(res.inputs).toEqual({ ...base, clusterSize: UNKNOWN, allowList: [UNKNOWN] });
  });

  test.each([
    ["mysql", { label: "ab" }, "label", /^label: Length must be 3-32 characters$/],
    ["mysql", { label: "a".repeat(33) }, "label", /^label: Length must be 3-32 characters$/],
    ["mysql", { label: "bad label" }, "label", /may only contain/],
    ["mysql", { clusterSize: 2 }, "clusterSize", /^clusterSize: Must be one of: 1, 3$/],
    ["mysql", { replicationType: "asynch" }, "replicationType", /single-node/],
    [
      "mysql",
      { clusterSize: 3, replicationType: "sync" },
      "replicationType",
      /^replicationType: Must be one of: none, asynch, semi_synch$/,
    ],
    [
      "postgresql",
      { clusterSize: 3, replicationType: "semi_synch" },
      "replicationType",
      /^replicationType: Must be one of: none, asynch, async$/,
    ],
    [
      "mysql",
      { replicationCommitType: "local" },
      "replicationCommitType",
      /^replicationCommitType: Only PostgreSQL databases accept replication_commit_type$/,
    ],
    [
      "postgresql",
      { replicationCommitType: "sometimes" },
      "replicationCommitType",
      /^replicationCommitType: Must be one of: on, local, remote_write, remote_apply, off$/,
    ],
    ["mysql", { allowList: ["10.0.0.300"] }, "allowList[0]", /IPv4 address or an IPv4 CIDR/],
    ["mysql", { allowList: ["::1"] }, "allowList[0]", /IPv4/],
    ["mysql", { engineId: "mysql" }, "engineId", /<engine>\/<version>/],
    ["mysql", { engineId: "postgresql/14.6" }, "engineId", /must be a mysql engine id/],
    ["postgresql", { engineId: "mysql/8.0.30" }, "engineId", /must be a postgresql engine id/],
    ["mysql", { engineId: "mysql/9.9.9" }, "engineId", /not offered; available: mysql\/8\.0\.30, mysql\/5\.7\.39/],
    ["mysql", { region: "sa-east" }, "region", /does not offer "Managed Databases"/],
    ["mysql", { encrypted: "yes" }, "encrypted", /true or false/],
    [
      "mysql",
      { updates: { frequency: "daily", duration: 1, hourOfDay: 0, dayOfWeek: 1 } },
      "updates.frequency",
      /^updates\.frequency: Must be one of: weekly, monthly \(got "daily"\)$/,
    ],
    [
      "mysql",
      { updates: { frequency: "weekly", duration: 4, hourOfDay: 0, dayOfWeek: 1 } },
      "updates.duration",
      /^updates\.duration: Must be between 1 and 3 \(got 4\)$/,
    ],
    [
      "mysql",
      { updates: { frequency: "weekly", duration: 1, hourOfDay: 24, dayOfWeek: 1 } },
      "updates.hourOfDay",
      /^updates\.hourOfDay: Must be between 0 and 23 \(got 24\)$/,
    ],
    [
      "mysql",
      { updates: { frequency: "weekly", duration: 1, hourOfDay: 0, dayOfWeek: 0 } },
      "updates.dayOfWeek",
      /^updates\.dayOfWeek: Must be between 1 and 7 \(got 0\)$/,
    ],
    [
      "mysql",
      { updates: { frequency: "monthly", duration: 1, hourOfDay: 0, dayOfWeek: 1 } },
      "updates.weekOfMonth",
      /required for a monthly/,
    ],
    [
      "mysql",
      { updates: { frequency: "monthly", duration: 1, hourOfDay: 0, dayOfWeek: 1, weekOfMonth: 5 } },
      "updates.weekOfMonth",
      /^updates\.weekOfMonth: Must be between 1 and 4 \(got 5\)$/,
    ],
    [
      "mysql",
      { updates: { frequency: "weekly", duration: 1, hourOfDay: 0, dayOfWeek: 1, weekOfMonth: 2 } },
      "updates.weekOfMonth",
      /left out for a weekly/,
    ],
    ["mysql", { timeouts: { create: "forever" } }, "timeouts.create", /duration/],
  ])("%s %j fails on %s", async (engine, change, path, reason) => {
    const prov = engine === "mysql" ? mysql : pg;
    const news = { ...(engine === "mysql" ? base : pgBase), ...change };
    const res = await prov.check({}, news);
    // The engine finds only top-level inputs: a nested failure names its top-level input, and the
    // reason starts with the full path.
    const property = path.replace(/[.[].*$/, "");
    expect(res.failures).toEqual([{ property, reason: expect.stringMatching(reason) }]);
    if (property !== path)
      expect(res.failures![0]!.reason).toMatch(new RegExp(`^${path.replace(/[.[\]]/g, "\\$&")}[: ]`));
  });

  test("a database adopted where the catalogue no longer offers its region or version is not refused", async () => {
    const adopting = { ...base, region: "ap-south", engineId: "mysql/9.9.9", adoptId: 7 };
    expect((await mysql.check({}, adopting)).failures).toBeUndefined();
    // A new one there still is refused its version; the region's outage is only a warning (below).
    const { adoptId: _unused, ...creating } = adopting;
    expect((await mysql.check({}, creating)).failures?.map((f) => f.property)).toEqual(["engineId"]);
  });

  test("a region in outage gets a warning at check, not a refusal: the API decides", async () => {
    const warn = jest.spyOn(pulumi.log, "warn").mockResolvedValue(undefined);
    try {
      expect((await mysql.check({}, { ...base, region: "ap-south" })).failures).toBeUndefined();
      expect(warn.mock.calls).toEqual([[expect.stringMatching(/^region "ap-south" reports status "outage"/)]]);
      // A database already there is not warned about again.
      const olds = (await mysql.check({}, { ...base, region: "ap-south", adoptId: 7 })).inputs;
      warn.mockClear();
      expect((await mysql.check(olds, { ...base, region: "ap-south", label: "renamed" })).failures).toBeUndefined();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  test("an allow-list range with host bits set is taken as written and compared as the range it admits", async () => {
    const res = await mysql.check({}, { ...base, allowList: ["10.0.0.1/24", "10.0.0.9"] });
    expect(res.failures).toBeUndefined();
    expect(res.inputs.allowList).toEqual(["10.0.0.1/24", "10.0.0.9/32"]);
    // Whether the API keeps the host bits or clears them, the program's list shows no diff.
    for (const stored of [
      ["10.0.0.1/24", "10.0.0.9/32"],
      ["10.0.0.0/24", "10.0.0.9/32"],
    ]) {
      const olds = { ...res.inputs, allowList: stored, status: "active" };
      expect(await mysql.diff("7", olds, res.inputs)).toEqual({ changes: false });
    }
    // Another range is a change.
    const olds = { ...res.inputs, allowList: ["10.0.1.0/24"], status: "active" };
    expect((await mysql.diff("7", olds, res.inputs)).changes).toBe(true);
  });

  test("a nested failure shows the value it refuses", async () => {
    const weekly = { frequency: "weekly", duration: 1, hourOfDay: 0, dayOfWeek: 1, weekOfMonth: 2 };
    expect((await mysql.check({}, { ...base, updates: weekly })).failures).toEqual([
      { property: "updates", reason: "updates.weekOfMonth must be left out for a weekly window (got 2)" },
    ]);
    expect((await mysql.check({}, { ...base, timeouts: { create: "forever", creat: "1m" } })).failures).toEqual([
      {
        property: "timeouts",
        reason: 'timeouts.create must be a duration such as "45m", "1h30m" or "90s", got "forever"',
      },
      { property: "timeouts", reason: 'timeouts.creat is not known; use create, update or delete (got "1m")' },
    ]);
  });

  test("a timeout or window field not known yet (preview) is not a failure", async () => {
    const updates = { frequency: UNKNOWN, duration: 1, hourOfDay: 0, dayOfWeek: 1 };
    const res = await mysql.check({}, { ...base, updates, timeouts: { create: UNKNOWN, delete: "30m" } });
    expect(res.failures).toBeUndefined();
  });

  test("clusterSize other than 1 or 3 is refused with the API's reason", async () => {
    expect((await mysql.check({}, { ...base, clusterSize: 2 })).failures).toEqual([
      { property: "clusterSize", reason: "clusterSize: Must be one of: 1, 3" },
    ]);
  });
});

describe("the API's replication rules for three nodes", () => {
  test.each([
    [
      "mysql",
      { clusterSize: 3, replicationType: "none" },
      "replicationType",
      /"none" is refused for a 3-node cluster.*"asynch" or "semi_synch"/,
    ],
    [
      "postgresql",
      { clusterSize: 3, replicationType: "none" },
      "replicationType",
      /"none" is refused for a 3-node cluster.*use "asynch"/,
    ],
    [
      "postgresql",
      { clusterSize: 3, replicationCommitType: "on" },
      "replicationCommitType",
      /"local" or "off" with replicationType "asynch".*got "on"/,
    ],
    [
      "postgresql",
      { clusterSize: 3, replicationCommitType: "remote_write" },
      "replicationCommitType",
      /got "remote_write"/,
    ],
    [
      "postgresql",
      { clusterSize: 3, replicationType: "async", replicationCommitType: "remote_apply" },
      "replicationCommitType",
      /got "remote_apply"/,
    ],
    // The cluster size is not known yet, but "asynch" is: the commit type is refused all the same.
    [
      "postgresql",
      { clusterSize: UNKNOWN, replicationType: "asynch", replicationCommitType: "on" },
      "replicationCommitType",
      /got "on"/,
    ],
  ])("%s %j is refused naming %s", async (engine, change, property, reason) => {
    const prov = engine === "mysql" ? mysql : pg;
    const res = await prov.check({}, { ...(engine === "mysql" ? base : pgBase), ...change });
    expect(res.failures).toEqual([{ property, reason: expect.stringMatching(reason) }]);
    // Create runs the same rules before its first API call.
    const err = await thrown(prov.create({ ...res.inputs }));
    expect(err.message).toContain(property);
    expect((await emulator().control.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  });

  test.each([
    ["mysql", { clusterSize: 3, replicationType: "asynch" }],
    ["mysql", { clusterSize: 3 }],
    ["postgresql", { clusterSize: 3 }],
    ["postgresql", { clusterSize: 3, replicationCommitType: "off" }],
    // One node replicates nothing: every commit type is taken.
    ["postgresql", { replicationCommitType: "remote_apply" }],
    // Not known yet: the default follows the cluster size, so nothing can be said.
    ["postgresql", { clusterSize: UNKNOWN, replicationCommitType: "on" }],
  ])("%s %j passes", async (engine, change) => {
    const prov = engine === "mysql" ? mysql : pg;
    expect((await prov.check({}, { ...(engine === "mysql" ? base : pgBase), ...change })).failures).toBeUndefined();
  });

  test("only a create is judged: an existing cluster is not, an adopted one is not, a replacement is", async () => {
    const ha = { ...pgBase, clusterSize: 3, replicationCommitType: "remote_write" };
    // Adopted, the database exists already: its immutable fields are compared, not judged.
    expect((await pg.check({}, { ...ha, adoptId: 7 })).failures).toBeUndefined();
    // A stack that holds such a cluster (made where the rule was not enforced) previews a rename.
    const olds = (await pg.check({}, { ...ha, adoptId: 7 })).inputs;
    expect((await pg.check(olds, { ...ha, adoptId: 7, label: "renamed-db" })).failures).toBeUndefined();
    // A change that replaces it creates a new one, which the API would refuse.
    expect((await pg.check(olds, { ...ha, adoptId: 7, region: "us-west" })).failures).toEqual([
      { property: "replicationCommitType", reason: expect.stringMatching(/got "remote_write"/) },
    ]);
    // Growing a single node with "none" set to three nodes is a replacement too.
    const single = (await pg.check({}, { ...pgBase, replicationType: "none" })).inputs;
    expect((await pg.check(single, { ...pgBase, replicationType: "none", clusterSize: 3 })).failures).toEqual([
      { property: "replicationType", reason: expect.stringMatching(/"none" is refused for a 3-node cluster/) },
    ]);
  });
});

describe("database diff", () => {
  const olds = {
    ...base,
    instanceId: 7,
    engineType: "mysql",
    version: "8.0.30",
    clusterSize: 1,
    encrypted: false,
    sslConnection: true,
    replicationType: "none",
    allowList: ["10.0.0.0/24", "10.0.0.9/32"],
    updates: { frequency: "weekly", duration: 3, hourOfDay: 0, dayOfWeek: 1, weekOfMonth: null },
    status: "active",
  };
  const news = {
    ...base,
    clusterSize: 1,
    encrypted: false,
    sslConnection: true,
    replicationType: "none",
    allowList: ["10.0.0.0/24", "10.0.0.9/32"],
  };

  test("no changes when only API-filled values differ", async () => {
    expect(await mysql.diff("7", olds, news)).toEqual({ changes: false });
  });

  test("a state saved before a defaulted field existed holds its default: no change, and a set value is one", async () => {
    const { sslConnection: _ssl, encrypted: _enc, ...older } = olds;
    expect(await mysql.diff("7", older, news)).toEqual({ changes: false });
    expect(await mysql.diff("7", older, { ...news, sslConnection: false })).toEqual({
      changes: true,
      replaces: ["sslConnection"],
      deleteBeforeReplace: true,
    });
  });

  test.each(["region", "engineId", "clusterSize", "encrypted", "sslConnection", "replicationType"])(
    "%s replaces and deletes first when the label stays",
    async (field) => {
      const changed = {
        region: "us-west",
        engineId: "mysql/5.7.39",
        clusterSize: 3,
        encrypted: true,
        sslConnection: false,
        replicationType: "asynch",
      }[field];
      expect(await mysql.diff("7", olds, { ...news, [field]: changed })).toEqual({
        changes: true,
        replaces: [field],
        deleteBeforeReplace: true,
      });
      expect(await mysql.diff("7", olds, { ...news, label: "other-db", [field]: changed })).toEqual({
        changes: true,
        replaces: [field],
      });
    },
  );

  test("replicationCommitType replaces a PostgreSQL database", async () => {
    const pgOlds = { ...olds, ...pgBase, replicationCommitType: "local" };
    expect(await pg.diff("7", pgOlds, { ...news, ...pgBase, replicationCommitType: "off" })).toEqual({
      changes: true,
      replaces: ["replicationCommitType"],
      deleteBeforeReplace: true,
    });
  });

  test.each([
    ["label", "renamed-db"],
    ["type", "g6-standard-2"],
    ["allowList", ["0.0.0.0/0"]],
    ["updates", { frequency: "weekly", duration: 2, hourOfDay: 0, dayOfWeek: 1, weekOfMonth: null }],
    ["credentialsRotation", "2024-06"],
    ["patchNow", "1"],
  ])("%s updates in place", async (field, value) => {
    expect(await mysql.diff("7", olds, { ...news, [field]: value })).toEqual({
      changes: true,
    });
  });

  test("an unknown replace field during preview counts as a replacement", async () => {
    expect(await mysql.diff("7", olds, { ...news, region: UNKNOWN })).toEqual({
      changes: true,
      replaces: ["region"],
      deleteBeforeReplace: true,
    });
  });
});

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
