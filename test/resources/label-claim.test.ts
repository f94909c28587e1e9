import { ageMs, claimInterruptedCreate, LabelTakenError, type LabelHolder } from "../../src/shared/label-claim.js";

const now = Date.parse("2026-11-23T12:00:00Z");
const holder = (over: Partial<LabelHolder> = {}): LabelHolder => ({
  what: "VPC 12",
  created: "2026-11-23T11:50:00",
  adoptWith: "adoptId: 12",
  mismatches: [],
  ...over,
});
const refusal = (h: LabelHolder, limitMs = 30 * 60_000): string => {
  try {
    claimInterruptedCreate("app", h, limitMs, now);
  } catch (err) {
    expect(err).toBeInstanceOf(LabelTakenError);
    return (err as Error).message;
  }
  throw new Error("expected a refusal");
};

test("API timestamps carry no zone and read as UTC", () => {
  expect(ageMs("2026-11-23T11:59:00", now)).toBe(60_000);
  expect(ageMs("2026-11-23T11:59:00Z", now)).toBe(60_000);
  expect(ageMs("not a time", now)).toBeNaN();
});

test("an object made within the create limit, differing in nothing, is the create's own", () => {
  expect(() => claimInterruptedCreate("app", holder(), 30 * 60_000, now)).not.toThrow();
  // Clock skew between this machine and the API is allowed for.
  expect(() =>
    claimInterruptedCreate("app", holder({ created: "2026-11-23T11:27:00" }), 30 * 60_000, now),
  ).not.toThrow();
});

test("an object still being made is the create's own whatever its age", () => {
  expect(() =>
    claimInterruptedCreate("app", holder({ created: "2026-11-20T00:00:00", inProgress: true }), 60_000, now),
  ).not.toThrow();
});

test("an older object, or one that differs, is refused with the program change that adopts it", () => {
  const old = refusal(holder({ created: "2026-11-23T09:00:00" }));
  expect(old).toContain('The label "app" is already taken by VPC 12, which this resource did not create');
  expect(old).toContain("created 3h ago (2026-11-23T09:00:00), longer ago than this resource's create limit of 30m");
  expect(old).toContain("add `adoptId: 12` to the resource's arguments");

  const other = refusal(
    holder({ mismatches: ['its region is "eu-west" but the arguments say "us-east"'], inProgress: true }),
  );
  expect(other).toContain('its region is "eu-west"');
  expect(refusal(holder({ created: "" }))).toContain("cannot be read");
});
