/**
 * A plain list of objects in the emulator (plain.ts): the model alone says how a create and an
 * update keep it (each entry's answered members in the model's order, a member left out its
 * default, a write-only member taken and not kept), so a new field of the kind needs no
 * emulator code. The entity here is made up; the VPC's create and update keep a plain field too.
 */
import { entity } from "../../src/api/index.js";
import { applyPlain, plainAtCreate } from "../../src/emulator/plain.js";
import { answerOf } from "../../src/emulator/stored.js";

const ROUTE = entity({
  name: "route",
  fields: {
    destination: { type: "string", create: "required", source: "made up" },
    target: { type: "string", create: "optional", default: "gateway", source: "made up: filled in by the API" },
    token: { type: "string", create: "optional", answer: false, source: "made up: never answered" },
  },
});

const HOLDER = entity({
  name: "holder",
  fields: {
    id: { type: "integer", source: "made up" },
    routes: {
      type: { array: ROUTE },
      create: "optional",
      update: true,
      nullable: true,
      plain: true,
      source: "made up",
    },
  },
});

describe("a plain list of objects", () => {
  test("a create keeps each entry's answered members in the model's order, defaults filled in", () => {
    const body = {
      id: 7,
      routes: [
        { token: "s3cret", destination: "10.1.0.0/16" },
        { target: "nat", destination: "0.0.0.0/0" },
      ],
    };
    const record = { id: 7, ...plainAtCreate(HOLDER, body) };
    expect(record).toEqual({
      id: 7,
      routes: [
        { destination: "10.1.0.0/16", target: "gateway" },
        { destination: "0.0.0.0/0", target: "nat" },
      ],
    });
    expect(JSON.stringify(answerOf(HOLDER, record))).toBe(
      '{"id":7,"routes":[{"destination":"10.1.0.0/16","target":"gateway"},{"destination":"0.0.0.0/0","target":"nat"}]}',
    );
  });

  test("a create that leaves the list out keeps null; an update replaces the list the same way", () => {
    const record: Record<string, unknown> = { id: 1, ...plainAtCreate(HOLDER, { id: 1 }) };
    expect(answerOf(HOLDER, record)).toEqual({ id: 1, routes: null });
    applyPlain(HOLDER, record, { routes: [{ destination: "10.2.0.0/16", token: "x" }] });
    expect(record.routes).toEqual([{ destination: "10.2.0.0/16", target: "gateway" }]);
    applyPlain(HOLDER, record, {});
    expect(record.routes).toEqual([{ destination: "10.2.0.0/16", target: "gateway" }]);
  });
});
