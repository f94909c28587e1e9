/** The API model's two database platforms: what each field does on each, read through the helpers. */
import {
  answerNames,
  clusterSizesOf,
  createNames,
  createRefusal,
  DATABASE,
  engineIdOn,
  ENGINE,
  fieldOn,
  MAINTENANCE_WINDOW,
  majorOf,
  updateNames,
  valueRefusal,
} from "../../src/api/index.js";

const f = DATABASE.fields;

test("a create on today's platform takes neither replication setting, refusing each with its text", () => {
  expect(createNames(DATABASE, "postgresql")).toContain("replication_type");
  expect(createNames(DATABASE, "postgresql", "rdbms-default")).not.toContain("replication_type");
  expect(createNames(DATABASE, "postgresql", "rdbms-default")).not.toContain("replication_commit_type");
  expect(createRefusal(f.replication_type, "rdbms-default", "none")).toBe(
    "Configuring replication_type is no longer supported",
  );
  expect(createRefusal(f.replication_type, "rdbms-legacy", "none")).toBeUndefined();
});

test("cluster size, version, private network and engine settings are updated only on today's platform", () => {
  // The platforms compared with each other, not every field listed: a field updatable on both is no edit here.
  const today = updateNames(DATABASE, "rdbms-default");
  const todayOnly = ["version", "cluster_size", "private_network", "engine_config"];
  expect(today).toEqual(expect.arrayContaining(["label", "type", "allow_list", "updates", ...todayOnly]));
  expect(updateNames(DATABASE)).toEqual(today.filter((n) => !todayOnly.includes(n)));
  const created = (p: "rdbms-legacy" | "rdbms-default") => createNames(DATABASE, "mysql", p);
  expect(created("rdbms-default").filter((n) => !created("rdbms-legacy").includes(n))).toEqual([
    "private_network",
    "engine_config",
    "fork",
  ]);
  expect(fieldOn(f.cluster_size, "rdbms-default").enum).toEqual([1, 2, 3]);
  expect(fieldOn(f.cluster_size).enum).toEqual([1, 3]);
});

test("values: engine ids by major, fixed encryption, a 4-hour weekly window", () => {
  expect(createRefusal(f.engine, "rdbms-default", "mysql/8.0.30")).toBe("invalid engine");
  expect(createRefusal(f.engine, "rdbms-default", "mysql/8")).toBeUndefined();
  expect(createRefusal(f.encrypted, "rdbms-default", false)).toMatch(/^Must be true/);
  expect(createRefusal(f.encrypted, "rdbms-default", true)).toBeUndefined();
  const duration = MAINTENANCE_WINDOW.fields.duration;
  expect(valueRefusal(fieldOn(duration, "rdbms-default"), 3)).toBe("Duration must be 4");
  expect(valueRefusal(fieldOn(duration, "rdbms-default"), 4)).toBeUndefined();
  expect(valueRefusal(fieldOn(duration), 4)).toBe("Must be between 1 and 3");
});

test("answers: today's keys in today's order, the contract's unchanged", () => {
  expect(answerNames(DATABASE, "mysql")).not.toContain("platform");
  expect(answerNames(DATABASE, "mysql")).toContain("replication_type");
  const today = answerNames(DATABASE, "mysql", "rdbms-default");
  expect(today.slice(-2)).toEqual(["version", "platform"]);
  expect(today).not.toContain("replication_type");
  expect(today.slice(0, -2)).toEqual([...today.slice(0, -2)].sort());
  expect(answerNames(ENGINE, undefined, "rdbms-default")).toEqual(["engine", "id", "version"]);
  expect(answerNames(MAINTENANCE_WINDOW, undefined, "rdbms-default")).toEqual([
    "day_of_week",
    "duration",
    "frequency",
    "hour_of_day",
    "pending",
  ]);
});

test("platform rules: cluster sizes per plan class, engine ids", () => {
  expect(clusterSizesOf("rdbms-default", "g6-dedicated-2")).toEqual([1, 2, 3]);
  expect(clusterSizesOf("rdbms-default", "g6-nanode-1")).toEqual([1, 3]);
  expect(clusterSizesOf("rdbms-legacy", "g6-dedicated-2")).toEqual([1, 3]);
  expect(engineIdOn("rdbms-default", "postgresql", "14.17")).toBe("postgresql/14");
  expect(engineIdOn("rdbms-legacy", "postgresql", "14.17")).toBe("postgresql/14.17");
  expect(majorOf("8.0.35")).toBe("8");
});
