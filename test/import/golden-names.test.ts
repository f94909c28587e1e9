/**
 * The golden recording names ids only where the program holds an id: a field whose value equals a
 * seeded id by chance (a default of 100) keeps its number. Numbering the names again gives back a
 * program (the e2e tier type-checks the golden files so).
 */
import { ID_KEYS, nameIds, numberIds } from "./golden-names.js";

const ids = [
  [100, "APP"],
  [101, "ORDERS"],
] as const;

test("the id-valued inputs are read from the resources' tables", () => {
  expect(ID_KEYS).toEqual(["adoptId", "instanceId", "vpcId"]);
});

test("an id in an id-valued input is named; a number equal to an id elsewhere stays a number", () => {
  const program = [
    'const db = new cloud.MysqlDatabase("orders", {',
    "  adoptId: 101,",
    "  clusterSize: 1,",
    "  connectionLimit: 100,",
    "  allowList: [],",
    '  updates: { frequency: "weekly", duration: 3, hourOfDay: 0, dayOfWeek: 1 },',
    "});",
    'const subnet = new cloud.VpcSubnet("web", { adoptId: 102, vpcId: 100, label: "web-100" });',
    'const snap = new cloud.DatabaseSnapshot("nightly", { adoptId: "mysql/101/100", instanceId: 101, label: "n100" });',
  ].join("\n");
  expect(nameIds(program, ids)).toBe(
    [
      'const db = new cloud.MysqlDatabase("orders", {',
      "  adoptId: ORDERS,",
      "  clusterSize: 1,",
      "  connectionLimit: 100,",
      "  allowList: [],",
      '  updates: { frequency: "weekly", duration: 3, hourOfDay: 0, dayOfWeek: 1 },',
      "});",
      'const subnet = new cloud.VpcSubnet("web", { adoptId: 102, vpcId: APP, label: "web-100" });',
      'const snap = new cloud.DatabaseSnapshot("nightly", { adoptId: "mysql/ORDERS/BACKUP", instanceId: ORDERS, label: "n100" });',
    ].join("\n"),
  );
});

test("numbering a golden file's names gives each name one number, where the recording wrote it", () => {
  const golden = [
    'const db = new cloud.MysqlDatabase("orders", { adoptId: ORDERS, connectionLimit: 100, label: "APP" });',
    'const subnet = new cloud.VpcSubnet("web", { adoptId: 102, vpcId: APP, label: "web-100" });',
    'const snap = new cloud.DatabaseSnapshot("nightly", { adoptId: "mysql/ORDERS/BACKUP", instanceId: ORDERS });',
  ].join("\n");
  expect(numberIds(golden)).toBe(
    [
      'const db = new cloud.MysqlDatabase("orders", { adoptId: 1000, connectionLimit: 100, label: "APP" });',
      'const subnet = new cloud.VpcSubnet("web", { adoptId: 102, vpcId: 1002, label: "web-100" });',
      'const snap = new cloud.DatabaseSnapshot("nightly", { adoptId: "mysql/1000/1001", instanceId: 1000 });',
    ].join("\n"),
  );
});
