/** Rows read from the API model: a dotted path reads a field inside an object, typed by its declaration. */
import { DATABASE, DATABASE_SUMMARY } from "../../src/api/index.js";
import { asResult, modelRow } from "../../src/shared/fields/model-rows.js";
import { fromApi } from "../../src/shared/fields/table.js";

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
