/**
 * The database providers' check: what they refuse, naming the field, and what they leave to the
 * API, replication rules for three nodes included.
 */
import * as log from "@pulumi/pulumi/log";
import { UNKNOWN } from "../../src/shared/fields/validate.js";
import { base, mysql, pg, pgBase } from "./database-env.js";
import { thrown, useProviderEmulator } from "./provider-env.js";

const emulator = useProviderEmulator();

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
    const warn = jest.spyOn(log, "warn").mockResolvedValue(undefined);
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
