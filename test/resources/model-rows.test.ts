/** Rows read from the API model: a dotted path reads a field inside an object, typed by its declaration. */
import { DATABASE, DATABASE_SUMMARY } from "../../src/api/index.js";
import type { Database } from "../../src/client/index.js";
import { asResult, asResults, modelRow } from "../../src/shared/fields/model-rows.js";
import { fromApi, type FieldTable } from "../../src/shared/fields/table.js";
import { DATABASE_FIELDS } from "../../src/resources/managed-database/fields.js";
import { DATABASE_DETAIL_RESULT, DATABASE_RESULT } from "../../src/functions/result-tables.js";

const standby = modelRow<typeof DATABASE, unknown>(DATABASE, "hosts.standby", "Standby host.");
const resource = modelRow<typeof DATABASE, unknown>(DATABASE, "hosts.standby", "Standby host.", {
  absent: "undefined",
});

test("a nested row reads the value inside the object, typed by the nested field's declaration", () => {
  expect(standby).toMatchObject({ change: "output", type: "string" });
  expect(fromApi({ standbyHost: standby }, { hosts: { primary: "p", standby: "s" } })).toEqual({ standbyHost: "s" });
});

test("a missing nested value (or object) reads null for a look-up and undefined for a resource", () => {
  for (const answer of [{ hosts: { primary: "p" } }, { hosts: null }, {}]) {
    expect(fromApi({ standbyHost: standby }, answer)).toEqual({ standbyHost: null });
    expect(fromApi({ standbyHost: resource }, answer)).toEqual({ standbyHost: undefined });
  }
  expect(resource.absent).toBe("undefined");
});

test("a path the model does not declare is refused, by the type and at run time", () => {
  // @ts-expect-error: hosts has no field tertiary
  expect(() => modelRow(DATABASE_SUMMARY, "hosts.tertiary", "x")).toThrow("hosts has no field tertiary");
  // @ts-expect-error: label holds no object
  expect(() => modelRow(DATABASE, "label.x", "x")).toThrow("managed database.label holds no object");
});

test("a resource's row as a look-up's result reads the same value, null where the resource's is undefined", () => {
  const result = asResult<unknown, unknown>(resource);
  expect(result).toMatchObject({ change: "output", type: "string", description: "Standby host." });
  expect(result.absent).toBeUndefined();
  expect(fromApi({ standbyHost: result }, { hosts: { standby: "s" } })).toEqual({ standbyHost: "s" });
  expect(fromApi({ standbyHost: result }, { hosts: {} })).toEqual({ standbyHost: null });
});

test("a look-up takes the resource's model outputs an answer may lack, null where absent, and no hand row", () => {
  const table: FieldTable<unknown> = {
    label: modelRow(DATABASE, "label", "Label.", { absent: "undefined" }),
    standbyHost: resource,
    platform: modelRow(DATABASE, "platform", "Platform.", { absent: "undefined" }),
    primary: modelRow(DATABASE, "hosts.primary", "Primary.", { absent: "null" }),
    lastRestore: { description: "Provider's own.", change: "output", type: "string", absent: "undefined" },
  };
  const results = asResults<unknown, unknown>(table);
  expect(Object.keys(results)).toEqual(["standbyHost", "platform"]);
  expect(fromApi(results, { hosts: { standby: "s" } })).toEqual({ standbyHost: "s", platform: null });
});

test("the database look-ups give every output of the database resources read from an answer that may lack it", () => {
  // The resource's rows that read the answer (a codec) and hold undefined when it lacks the value.
  const mayLack = Object.entries(DATABASE_FIELDS as FieldTable<Database>)
    .filter(([, row]) => row.absent === "undefined" && typeof row.api === "object")
    .map(([name]) => name);
  expect(mayLack).toEqual(expect.arrayContaining(["standbyHost", "platform"]));
  for (const table of [DATABASE_RESULT, DATABASE_DETAIL_RESULT] as FieldTable<unknown>[]) {
    expect(Object.keys(table)).toEqual(expect.arrayContaining(mayLack));
    const rows = Object.fromEntries(mayLack.map((name) => [name, table[name]!]));
    expect(fromApi(rows, { hosts: { primary: "p" } })).toEqual(Object.fromEntries(mayLack.map((n) => [n, null])));
    expect(fromApi(rows, { hosts: { primary: "p", standby: "s" }, platform: "rdbms-default" })).toMatchObject({
      standbyHost: "s",
      platform: "rdbms-default",
    });
  }
});
