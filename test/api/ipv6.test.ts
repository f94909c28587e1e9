/**
 * IPv6 prefixes as today's VPCs read them (src/api/ipv6.ts): a request's range forms, and an
 * allocated prefix matching what a program asked for by meaning (TF's auto-alloc range type).
 */
import { contains6, formatCidr6, parseCidr6, parseRangeRequest, rangeAnswers } from "../../src/api/index.js";

test("a request's range is auto, a prefix length or a CIDR; anything else is none of them", () => {
  expect(parseRangeRequest(undefined)).toEqual({ kind: "auto" });
  expect(parseRangeRequest("auto")).toEqual({ kind: "auto" });
  expect(parseRangeRequest("/52")).toEqual({ kind: "length", prefix: 52 });
  expect(parseRangeRequest("2600:3c11:e5b9::/52")).toMatchObject({ kind: "cidr", cidr: { prefix: 52 } });
  for (const bad of ["/129", "52", "2600:3c11:e5b9::/5a", "10.0.0.0/64", ""])
    expect(parseRangeRequest(bad)).toBeUndefined();
});

test("an allocated prefix answers auto, its length, or its own network, and nothing else", () => {
  const got = "2600:3c11:e5b9::/52";
  expect([undefined, "auto", "/52", "2600:3c11:e5b9:0::/52", got].map((r) => rangeAnswers(r, got))).toEqual([
    true,
    true,
    true,
    true,
    true,
  ]);
  expect(["/48", "2600:3c11:e5ba::/52", "2600:3c11:e5b9::/56"].map((r) => rangeAnswers(r, got))).toEqual([
    false,
    false,
    false,
  ]);
});

test("containment and the compressed text of a prefix", () => {
  const vpc = parseCidr6("2600:3c11:e5b9::/52")!;
  expect(contains6(vpc, parseCidr6("2600:3c11:e5b9:f00::/56")!)).toBe(true);
  expect(contains6(vpc, parseCidr6("2600:3c11:e5b9:1000::/56")!)).toBe(false);
  expect(formatCidr6(parseCidr6("2600:3c11:e5b9:0:0::/52")!)).toBe("2600:3c11:e5b9::/52");
});
