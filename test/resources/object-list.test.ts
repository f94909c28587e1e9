/**
 * The field kind "a list of nested objects with a member the API computes" (object-list.ts), on a
 * made-up table shaped like a VPC's `ipv6`: what the state, the requests, diff, adoption and check
 * read from its one row.
 */
import { computeDiff } from "../../src/shared/fields/diff.js";
import { listObjectTypes, objectList } from "../../src/shared/fields/object-list.js";
import {
  adoptionMismatches,
  checkFields,
  createBody,
  diffSpec,
  stateFields,
  type FieldTable,
} from "../../src/shared/fields/table.js";

interface Answer {
  id: number;
  ipv6: { range: string }[] | null;
}

/** `/N` answers any prefix of length N, `auto` any prefix, a CIDR only itself. */
const byMeaning = (given: unknown, held: unknown): boolean =>
  given === "auto" ||
  (typeof given === "string" && given.startsWith("/") ? String(held).endsWith(given) : given === held);

const TABLE = {
  ipv6: {
    description: "test",
    change: "replace",
    ...objectList<Answer>({
      key: "ipv6",
      type: { name: "TestIpv6", description: "An IPv6 prefix." },
      max: 1,
      members: {
        range: {
          description: "The prefix.",
          computed: true,
          matches: byMeaning,
          rule: (v) => (/^(auto|\/\d+|.*:.*)$/.test(v) ? undefined : "Is no range"),
        },
        allocationClass: { description: "Its class.", writeOnly: true },
      },
    }),
  },
} satisfies FieldTable<Answer>;

const allocated: Answer = { id: 1, ipv6: [{ range: "2600:3c00:e000::/52" }] };

describe("a list of nested objects with a computed member", () => {
  it("sends the members the program sets by their wire names, the write-only one too", () => {
    expect(createBody(TABLE, { ipv6: [{ range: "/52", allocationClass: "gold" }] })).toEqual({
      ipv6: [{ range: "/52", allocation_class: "gold" }],
    });
    expect(createBody(TABLE, { ipv6: [{}] })).toEqual({ ipv6: [{}] });
  });

  it("keeps the answer's members in the state, never the write-only one, and nothing for null", () => {
    const state = stateFields(TABLE, allocated, { ipv6: [{ range: "/52", allocationClass: "gold" }] });
    expect(state).toEqual({ ipv6: [{ range: "2600:3c00:e000::/52" }] });
    expect(stateFields(TABLE, { id: 1, ipv6: null }, {})).toEqual({ ipv6: undefined });
  });

  it("compares only the members the program gives, each by its meaning", () => {
    const spec = diffSpec(TABLE);
    const olds = { ipv6: [{ range: "2600:3c00:e000::/52" }] };
    for (const given of [[{ range: "/52" }], [{ range: "auto" }], [{}], [{ allocationClass: "other" }]])
      expect(computeDiff(olds, { ipv6: given }, spec)).toEqual({ changes: false });
    expect(computeDiff(olds, { ipv6: [{ range: "2600:3c00:e000::/52" }] }, spec).changes).toBe(false);
    expect(computeDiff(olds, { ipv6: [{ range: "/48" }] }, spec)).toEqual({ changes: true, replaces: ["ipv6"] });
    expect(computeDiff(olds, { ipv6: [{ range: "2600:3c00:f000::/52" }] }, spec).replaces).toEqual(["ipv6"]);
    expect(computeDiff(olds, {}, spec).replaces).toEqual(["ipv6"]);
    expect(computeDiff({}, { ipv6: [] }, spec).changes).toBe(false);
    expect(computeDiff({}, { ipv6: [{}] }, spec).replaces).toEqual(["ipv6"]);
  });

  it("adopts an object whose allocated range answers the program's by meaning, and names a mismatch", () => {
    expect(adoptionMismatches(TABLE, allocated, { ipv6: [{ range: "/52" }] })).toEqual([]);
    expect(adoptionMismatches(TABLE, allocated, { ipv6: [{ range: "/48" }] })).toEqual([
      'ipv6 is [{"range":"2600:3c00:e000::/52"}] but the arguments say [{"range":"/48"}]',
    ]);
  });

  it("refuses too many entries, unknown members and a member's rule, naming the path", () => {
    const { rules } = checkFields(TABLE, { ipv6: [{ range: "x" }, { colour: "red" }] }, undefined);
    expect(rules.failures.map((f) => f.reason)).toEqual([
      "ipv6 takes at most 1 entry, got 2",
      "ipv6[0].range: Is no range",
      "ipv6[1].colour is not a member; the members are range, allocationClass",
    ]);
    expect(checkFields(TABLE, { ipv6: [{ range: "/52" }] }, undefined).rules.failures).toEqual([]);
  });

  it("marks an input holding the write-only member as one to keep secret", () => {
    expect(TABLE.ipv6.secretInput([{ range: "/52", allocationClass: "gold" }])).toBe(true);
    expect(TABLE.ipv6.secretInput([{ range: "/52" }])).toBe(false);
  });

  it("declares the schema's object type of an entry, the write-only member secret", () => {
    expect(listObjectTypes(TABLE as FieldTable<never>)).toEqual({
      TestIpv6: [
        "An IPv6 prefix.",
        {
          range: { description: "The prefix.", change: "update", type: "string", absent: "null" },
          allocationClass: {
            description: "Its class.",
            change: "update",
            type: "string",
            absent: "null",
            secret: true,
          },
        },
      ],
    });
    expect(TABLE.ipv6.type).toEqual({ array: { ref: "TestIpv6" } });
  });
});
