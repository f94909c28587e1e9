/**
 * The field table's update request against answers of an API older than a field: the answer lacks
 * it, so the object holds the field's default, and only a program that asks for another value
 * sends it (an adoption or update never writes what the program already has).
 */
import { updateRequest, type FieldTable } from "../../src/shared/fields/table.js";

interface Answer {
  label?: string;
  guard?: boolean;
}

const TABLE = {
  label: { description: "Label.", change: "update", type: "string", api: "label", output: true },
  guard: { description: "Newer than some answers.", change: "update", type: "boolean", api: "guard", default: false },
} satisfies FieldTable<Answer>;

test("an updatable field the answer lacks is at its default: the default sends nothing", () => {
  expect(updateRequest(TABLE, { label: "db" }, { label: "db", guard: false })).toEqual({});
});

test("an updatable field the answer lacks is sent when the program asks for another value", () => {
  expect(updateRequest(TABLE, { label: "db" }, { label: "db", guard: true })).toEqual({ guard: true });
});

test("a field the answer holds is compared as held", () => {
  expect(updateRequest(TABLE, { label: "db", guard: true }, { label: "db", guard: false })).toEqual({ guard: false });
  expect(updateRequest(TABLE, { label: "db", guard: true }, { label: "other", guard: true })).toEqual({
    label: "other",
  });
});
