/** The database providers' diff: what changes in place, what replaces, and what is no change at all. */
import { UNKNOWN } from "../../src/shared/fields/validate.js";
import { base, mysql, pg, pgBase } from "./database-env.js";
import { useProviderEmulator } from "./provider-env.js";

useProviderEmulator();

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
