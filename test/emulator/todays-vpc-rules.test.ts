/**
 * The emulator's rules of today's VPC fields beyond the recorded exchanges (todays-vpcs.md §1.3,
 * §2): IPv6 prefixes from a per-region pool, in the lengths the region offers the account; subnet
 * ranges inside the VPC's prefix; subnets of IPv4, IPv6 or both, never neither; the customer's own
 * IPv4 ranges and the subnets within them; the control switch of the account's IPv6 access.
 * Each refusal is asserted with the request log or the state showing nothing was made.
 */
import { DEFAULT_VPC_IPV4_RANGES, formatCidr6, parseCidr6, rangeAnswers, VPC_REFUSALS } from "../../src/api/index.js";
import { withEmulator } from "../support/emulator.js";
import { apiCaller, type Json } from "./http.js";

const em = withEmulator();
const call = apiCaller(() => em().url);
const reason = (k: keyof typeof VPC_REFUSALS) => VPC_REFUSALS[k].reason;
const CUSTOM = "Custom VPC IPv4 Ranges";

beforeEach(async () => {
  await em().control.seed({
    regions: [
      {
        id: "no-osl-1",
        label: "Oslo",
        country: "no",
        capabilities: ["VPCs", CUSTOM, "VPC Dual Stack", "VPC IPv6 Stack"],
        resolvers: { ipv4: "192.0.2.10", ipv6: "2001:db8::10" },
        status: "ok",
      },
    ],
  });
});

const vpc = (body: object) => call("POST", "/vpcs", { body: { label: "net", region: "us-east", ...body } });
const vpcCount = async () => (await call("GET", "/vpcs")).body.results as number;

describe("IPv6 prefixes", () => {
  test("each VPC gets its own /52 for `/52`, `auto` or no range; its subnets ranges inside it", async () => {
    const a = await vpc({ label: "a", ipv6: [{ range: "/52" }] });
    const b = await vpc({ label: "b", ipv6: [{ range: "auto" }], subnets: [{ label: "s", ipv6: [{}] }] });
    const c = await vpc({ label: "c", ipv6: [{}] });
    const ranges = [a, b, c].map((r) => r.body.ipv6[0].range as string);
    expect(ranges.every((r) => rangeAnswers("/52", r))).toBe(true);
    expect(new Set(ranges).size).toBe(3);
    const sub = b.body.subnets[0];
    expect(sub.ipv4).toBeNull();
    expect(rangeAnswers("/56", sub.ipv6[0].range)).toBe(true);
    expect(sub.ipv6[0].range.startsWith(ranges[1]!.split("::")[0])).toBe(true);
  });

  test("a length the region does not offer is refused naming the range, until the control API offers it", async () => {
    const refused = await vpc({ ipv6: [{ range: "/48" }] });
    expect(refused.body.errors).toEqual([{ field: "ipv6[0].range", reason: reason("ipv6PrefixNotOffered") }]);
    expect(await vpcCount()).toBe(0);
    const offered = await call("PUT", "/_emulator/vpc-account", { body: { prefixLengths: { "us-east": [48, 52] } } });
    expect(offered.body).toEqual({ ipv6: true, prefixLengths: { "us-east": [52, 48] } });
    expect((await call("GET", "/regions/us-east/vpc-availability")).body.available_ipv6_prefix_lengths).toEqual([
      52, 48,
    ]);
    const made = await vpc({ ipv6: [{ range: "/48" }] });
    expect(rangeAnswers("/48", made.body.ipv6[0].range)).toBe(true);
    expect((await vpc({ label: "x", ipv6: [{ range: "/50" }] })).body.errors).toEqual([
      { field: "ipv6[0].range", reason: reason("ipv6PrefixLength") },
    ]);
    expect((await vpc({ label: "y", ipv6: [{ range: "2600::/5a" }] })).body.errors).toEqual([
      { field: "ipv6[0].range", reason: reason("invalidIpv6Range") },
    ]);
  });

  test("two entries are refused by the declared bound", async () => {
    const res = await vpc({ ipv6: [{ range: "/52" }, { range: "/52" }] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "ipv6", reason: "Must hold at most 1 entry" }]);
  });

  test("subnet ranges: a length, a CIDR inside the prefix; outside, overlapping or too short refused", async () => {
    const made = await vpc({
      ipv6: [{ range: "/52" }],
      subnets: [{ label: "a", ipv4: "10.0.0.0/24", ipv6: [{ range: "/62" }] }],
    });
    const prefix = made.body.ipv6[0].range as string;
    const first = made.body.subnets[0].ipv6[0].range as string;
    // The last /56 of the VPC's /52.
    const inside = formatCidr6({ base: parseCidr6(prefix)!.base + (15n << 72n), prefix: 56 });
    const id = made.body.id;
    const sub = (label: string, ipv6: object[]) => call("POST", `/vpcs/${id}/subnets`, { body: { label, ipv6 } });
    expect((await sub("b", [{ range: inside }])).body.ipv6).toEqual([{ range: inside }]);
    expect((await sub("c", [{ range: "/56" }])).body.ipv6[0].range).not.toBe(first);
    const refusals = [
      [await sub("d", [{ range: "2001:db8::/56" }]), reason("subnetIpv6OutsideVpc")],
      [await sub("e", [{ range: inside }]), reason("ipv6RangeTaken")],
      [await sub("f", [{ range: "/48" }]), reason("subnetIpv6PrefixLength")],
      [await sub("g", [{ range: "/63" }]), reason("subnetIpv6PrefixLength")],
    ] as const;
    for (const [res, text] of refusals)
      expect([res.status, res.body.errors]).toEqual([400, [{ field: "ipv6[0].range", reason: text }]]);
    expect((await call("GET", `/vpcs/${id}/subnets`)).body.results).toBe(3);
  });

  test("a subnet with neither IPv4 nor IPv6, or IPv6 in a VPC without it, is refused", async () => {
    const made = await vpc({});
    const neither = await call("POST", `/vpcs/${made.body.id}/subnets`, { body: { label: "n" } });
    expect(neither.body.errors).toEqual([{ field: "ipv4", reason: reason("subnetNeitherFamily") }]);
    const v6 = await call("POST", `/vpcs/${made.body.id}/subnets`, { body: { label: "n", ipv6: [{}] } });
    expect(v6.body.errors).toEqual([{ field: "ipv6", reason: reason("subnetIpv6WithoutVpcIpv6") }]);
    expect((await call("GET", `/vpcs/${made.body.id}/subnets`)).body.results).toBe(0);
  });
});

describe("the account without IPv6 access (control switch)", () => {
  test("a create asking for IPv6 answers 200 without it; the switch back shows null; reset restores access", async () => {
    expect((await call("PUT", "/_emulator/vpc-account", { body: { ipv6: false } })).body.ipv6).toBe(false);
    const made = await vpc({ ipv6: [{ range: "/52" }], subnets: [{ label: "s", ipv4: "10.0.0.0/24", ipv6: [{}] }] });
    expect(made.status).toBe(200);
    expect(made.body).not.toHaveProperty("ipv6");
    expect(made.body.subnets[0]).not.toHaveProperty("ipv6");
    expect((await call("GET", "/regions/us-east/vpc-availability")).body.available_ipv6_prefix_lengths).toEqual([]);
    await call("PUT", "/_emulator/vpc-account", { body: { ipv6: true } });
    expect((await call("GET", `/vpcs/${made.body.id}`)).body.ipv6).toBeNull();
    await call("PUT", "/_emulator/vpc-account", { body: { ipv6: false } });
    await em().control.reset();
    expect((await call("GET", "/_emulator/vpc-account")).body).toEqual({ ipv6: true, prefixLengths: {} });
  });
});

describe("the customer's own IPv4 ranges", () => {
  const osl = (body: object) => vpc({ region: "no-osl-1", ...body });

  test("a region without the capability refuses them at create, the defaults too, and makes nothing", async () => {
    const ranges = DEFAULT_VPC_IPV4_RANGES.map((range) => ({ range }));
    const res = await vpc({ ipv4: ranges });
    expect(res.body.errors).toEqual([
      { field: "ipv4", reason: reason("customIpv4Region") },
      ...ranges.map((_, i) => ({ field: `ipv4[${i}].range`, reason: reason("customIpv4Range") })),
    ]);
    expect(await vpcCount()).toBe(0);
    expect((await vpc({})).body.ipv4).toEqual(ranges);
  });

  test("where offered: subnets must lie within them; a PUT replaces them in place; forbidden ranges refused", async () => {
    const made = await osl({ ipv4: [{ range: "10.118.0.0/20" }], subnets: [{ label: "in", ipv4: "10.118.1.0/24" }] });
    expect(made.body.ipv4).toEqual([{ range: "10.118.0.0/20" }]);
    const out = await call("POST", `/vpcs/${made.body.id}/subnets`, { body: { label: "out", ipv4: "10.0.0.0/24" } });
    expect(out.body.errors).toEqual([{ field: "ipv4", reason: reason("subnetIpv4OutsideVpc") }]);
    const put = await call("PUT", `/vpcs/${made.body.id}`, { body: { ipv4: [{ range: "10.200.0.0/20" }] } });
    expect([put.body.id, put.body.ipv4]).toEqual([made.body.id, [{ range: "10.200.0.0/20" }]]);
    const forbidden = await osl({ label: "pub", ipv4: [{ range: "45.79.0.0/16" }] });
    expect(forbidden.body.errors).toEqual([{ field: "ipv4[0].range", reason: reason("ipv4Forbidden") }]);
  });

  test("a subnet outside the defaults of a default VPC keeps the contract's text", async () => {
    const res = await vpc({ subnets: [{ label: "r", ipv4: "192.168.128.0/24" }] });
    expect(res.body.errors).toEqual([
      { field: "subnets[0].ipv4", reason: "Must not overlap the reserved range 192.168.128.0/17" },
    ]);
  });
});

test("an IPv6-only subnet answers its IPv4 as null and its range in the asked length", async () => {
  const made: Json = await vpc({ ipv6: [{}], subnets: [{ label: "v6", ipv6: [{ range: "/60" }] }] });
  expect(made.body.subnets[0].ipv4).toBeNull();
  expect(rangeAnswers("/60", made.body.subnets[0].ipv6[0].range)).toBe(true);
});
