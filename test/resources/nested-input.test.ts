/**
 * A nested input object is its API model entity and one row: the maintenance window's schema type
 * (`MaintenanceWindow`) and the `updates` row's codec are read from `MAINTENANCE_WINDOW` of the
 * model, so a field the model's window gains reaches both with no other edit.
 */
import type * as API from "../../src/api/index.js";
import type * as ObjectTypes from "../../src/schema/object-types.js";
import type * as Fields from "../../src/resources/managed-database/fields.js";
import type { Codec } from "../../src/shared/fields/table.js";

type Bag = Record<string, unknown>;

/** The window's schema type and codec, loaded afresh after `change` edits the model's window. */
function loaded(change: (window: Bag) => void = () => undefined) {
  let out: { facts: Bag; codec: Codec<Bag> } | undefined;
  // A fresh module registry, so the modules read the model as `change` left it.
  /* eslint-disable @typescript-eslint/no-require-imports */
  jest.isolateModules(() => {
    const api = require("../../src/api/index.js") as typeof API;
    change(api.MAINTENANCE_WINDOW.fields as unknown as Bag);
    const types = require("../../src/schema/object-types.js") as typeof ObjectTypes;
    const fields = require("../../src/resources/managed-database/fields.js") as typeof Fields;
    out = { facts: types.SHARED_TYPES.MaintenanceWindow![1], codec: fields.DATABASE_FIELDS.updates.api as Codec<Bag> };
  });
  /* eslint-enable @typescript-eslint/no-require-imports */
  return out!;
}

const weekly = { frequency: "weekly", duration: 2, hour_of_day: 3, day_of_week: 4 };

test("the window reads and writes by the model: camelCase keys, a missing nullable key as null", () => {
  const { codec } = loaded();
  const read = codec.read({ updates: { ...weekly, pending: [] } });
  expect(read).toEqual({ frequency: "weekly", duration: 2, hourOfDay: 3, dayOfWeek: 4, weekOfMonth: null });
  expect(codec.read({})).toBeNull();
  expect(codec.write!(read)).toEqual({ updates: { ...weekly, week_of_month: null } });
});

test("a field the model's window gains is in the schema type (tsc then asks for its description) and read and written", () => {
  const { facts, codec } = loaded((window) => {
    window.start_minute = { type: "integer", update: true, nullable: true, source: "test" };
    // An answer-only field (as a later platform's pending updates) is no input: neither typed nor read.
    window.notices = { type: "strings", absent: true, source: "test" };
  });
  expect(Object.keys(facts)).toEqual(["frequency", "duration", "hourOfDay", "dayOfWeek", "weekOfMonth", "startMinute"]);
  expect(facts.startMinute).toMatchObject({ type: "integer", absent: "null" });
  expect(codec.read({ updates: { ...weekly, start_minute: 30, notices: ["x"] } })).toEqual({
    frequency: "weekly",
    duration: 2,
    hourOfDay: 3,
    dayOfWeek: 4,
    weekOfMonth: null,
    startMinute: 30,
  });
  expect(codec.write!({ frequency: "weekly", startMinute: 30 })).toEqual({
    updates: { frequency: "weekly", week_of_month: null, start_minute: 30 },
  });
});
