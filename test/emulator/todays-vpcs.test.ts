/**
 * Today's VPCs in the emulator, held to the real API's recorded exchanges
 * (test/fixtures/recorded-answers/todays-vpcs.json, from linodego's cassettes): each recorded
 * request, sent again, answers the recorded status, the recorded keys in the recorded order and
 * the recorded values the recordings did not sanitise; a recorded refusal answers the same errors.
 * Keys the API added after a recording (`vpc_type` after 2026-06, `ipv4` after 2026-02) may
 * follow, and keys the model answers that no recording holds (added after the newest) are left
 * out of the comparison with the newest; IPv6 prefixes (sanitised to `1234::5678`) are judged by their length and nesting.
 */
import { RECORDED_CAPABILITIES, RECORDED_VPCS, keyPaths, pathOf, type RecordedVpc } from "../support/todays-vpcs.js";
import { withEmulator } from "../support/emulator.js";
import { apiCaller, type Json } from "./http.js";
import { SUBNET, VPC, type Entity } from "../../src/api/index.js";

const em = withEmulator();
const call = apiCaller(() => em().url);

const region = (id: string, capabilities: string[]) => ({
  id,
  label: id,
  country: id.slice(0, 2),
  capabilities,
  resolvers: { ipv4: "192.0.2.10", ipv6: "2001:db8::10" },
  status: "ok",
});

/** The regions of the recordings, with their recorded capabilities (nl-ams: the VPC ones of 2026-07). */
async function seedRecordedRegions(): Promise<void> {
  await em().control.seed({
    regions: [
      region("au-mel", RECORDED_CAPABILITIES["au-mel"]),
      region("no-osl-1", RECORDED_CAPABILITIES["no-osl-1"]),
      region("nl-ams", ["Linodes", "VPCs", "VPC Dual Stack", "VPC IPv6 Stack"]),
    ],
  });
}

const setAccount = (body: object) => call("PUT", "/_emulator/vpc-account", { body });

/** Sends a recorded request again (its body, its filter) to our API. */
function replay(r: RecordedVpc, path = pathOf(r)) {
  const method = r.request.split(" ")[0]!;
  return call(method, path, {
    ...(r.sent ? { body: r.sent } : {}),
    ...(r.filter ? { headers: { "x-filter": JSON.stringify(r.filter) } } : {}),
  });
}

/** The contract renames the subnet's `linodes` (the model's `published`): our key paths under the API's names. */
const RENAMED = /\bcomputes\b/g;
const paths = (value: unknown) => keyPaths(value).map((k) => k.replace(RENAMED, SUBNET.fields.computes.published));

/** The wire names a recording holds somewhere, at any depth. */
const RECORDED_NAMES = new Set(
  Object.values(RECORDED_VPCS).flatMap((r) => keyPaths(r.answer).map((p) => p.split(".").at(-1)!.replace("[]", ""))),
);

/** The VPC and subnet fields of the model, nested ones included, by wire name. */
function modelNames(e: Entity, into = new Set<string>()): Set<string> {
  for (const [name, f] of Object.entries(e.fields)) {
    into.add(name);
    if (typeof f.type === "object") modelNames("array" in f.type ? f.type.array : f.type.object, into);
  }
  return into;
}

/** Keys the model answers that no recording holds: the API added them after the newest one. */
const LATER = [...modelNames(VPC, modelNames(SUBNET))].filter((n) => !RECORDED_NAMES.has(n));

/**
 * Our answer's key paths without the keys added after the newest recording (and what they hold):
 * equal to the newest recording's when its keys and order agree.
 */
const newest = (value: unknown) =>
  paths(value).filter((p) => !p.split(".").some((k) => LATER.includes(k.replace("[]", ""))));

/** Our answer's key paths, those the recording has, in our order: equal to the recording's when the order and keys agree. */
function expectRecordedKeys(ours: Json, recorded: unknown): void {
  const theirs = keyPaths(recorded);
  expect(paths(ours).filter((k) => theirs.includes(k))).toEqual(theirs);
}

const prefixOf = (range: string) => Number(range.split("/")[1]);

beforeEach(seedRecordedRegions);

describe("recorded exchanges, sent again", () => {
  test("a dual-stack VPC with a /62 subnet (no-osl-1, 2026-07-28): the recorded answer's keys and lengths", async () => {
    const r = RECORDED_VPCS["ipv6-create"]!;
    const res = await replay(r);
    expect(res.status).toBe(r.status);
    expectRecordedKeys(res.body, r.answer);
    expect(newest(res.body)).toEqual(keyPaths(r.answer));
    const recorded = r.answer as Json;
    expect(res.body.ipv4).toEqual(recorded.ipv4);
    expect(res.body.vpc_type).toBe("regular");
    expect(prefixOf(res.body.ipv6[0].range)).toBe(prefixOf(recorded.ipv6[0].range));
    const subnet = res.body.subnets[0];
    expect(prefixOf(subnet.ipv6[0].range)).toBe(62);
    expect(subnet.ipv6[0].range.split(":").slice(0, 3)).toEqual(res.body.ipv6[0].range.split(":").slice(0, 3));
    expect([subnet.computes, subnet.databases, subnet.nodebalancers, subnet.vpc_type]).toEqual([[], [], [], "regular"]);
  });

  test("the customer's own IPv4 range (no-osl-1, 2026-06-18): create, get, list and a PUT in place", async () => {
    const create = RECORDED_VPCS["ipv4-create"]!;
    const made = await replay(create);
    expect(made.status).toBe(200);
    expectRecordedKeys(made.body, create.answer);
    expect(made.body.ipv4).toEqual([{ range: "10.118.0.0/20" }]);
    expect(made.body.ipv6).toBeNull();
    expectRecordedKeys((await call("GET", `/vpcs/${made.body.id}`)).body, RECORDED_VPCS["ipv4-get"]!.answer);
    expectRecordedKeys((await call("GET", "/vpcs")).body, RECORDED_VPCS["ipv4-list"]!.answer);
    const put = RECORDED_VPCS["ipv4-put"]!;
    const updated = await replay(put, `/vpcs/${made.body.id}`);
    expect(updated.status).toBe(200);
    expect(updated.body.id).toBe(made.body.id);
    expect(updated.body.ipv4).toEqual((put.answer as Json).ipv4);
    expectRecordedKeys(updated.body, put.answer);
  });

  test("a PUT repeating the default ranges where the region lacks the capability (au-mel): the recorded refusals", async () => {
    const made = await replay(RECORDED_VPCS["update-invalid-create"]!);
    expect(made.body.ipv4).toEqual((RECORDED_VPCS["update-invalid-create"]!.answer as Json).ipv4);
    const r = RECORDED_VPCS["update-invalid-put"]!;
    const res = await replay(r, `/vpcs/${made.body.id}`);
    expect(res.status).toBe(400);
    const recorded = (r.answer as Json).errors as { field: string; reason: string }[];
    // The four IPv4 refusals word for word; the label's text is the emulator's older choice (docs/emulator.md).
    expect(res.body.errors.slice(0, 4)).toEqual(recorded.slice(0, 4));
    expect(res.body.errors.map((e: Json) => e.field)).toEqual(recorded.map((e) => e.field));
    expect((await call("GET", `/vpcs/${made.body.id}`)).body.label).toBe(made.body.label);
  });

  test("the default ranges: the recorded answer, whole", async () => {
    const r = RECORDED_VPCS["default-ranges"]!;
    const res = await replay(r);
    expect([res.status, res.body]).toEqual([r.status, r.answer]);
  });

  test("an RDMA VPC in au-mel, whose regions answer had no GPUDirect RDMA, and the filter on its type", async () => {
    const made = await replay(RECORDED_VPCS["rdma-create"]!);
    expect(made.status).toBe(200);
    expect(newest(made.body)).toEqual(keyPaths(RECORDED_VPCS["rdma-create"]!.answer));
    expect(made.body.vpc_type).toBe("rdma");
    await call("POST", "/vpcs", { body: { label: "plain", region: "au-mel" } });
    const listed = await replay(RECORDED_VPCS["rdma-list-filtered"]!);
    expect(listed.body.data.map((v: Json) => [v.label, v.vpc_type])).toEqual([[made.body.label, "rdma"]]);
  });

  test("RDMA with IPv6: the recorded refusal, and nothing made", async () => {
    const r = RECORDED_VPCS["rdma-ipv6-refused"]!;
    const res = await replay(r);
    expect([res.status, res.body]).toEqual([r.status, r.answer]);
    expect((await call("GET", "/vpcs")).body.data).toEqual([]);
  });

  test("an RDMA VPC's subnet answers the VPC's type, in the recorded key order", async () => {
    const made = await replay(RECORDED_VPCS["rdma-subnet-create"]!);
    expect(newest(made.body)).toEqual(keyPaths(RECORDED_VPCS["rdma-subnet-create"]!.answer));
    const subnet = made.body.subnets[0];
    const got = await call("GET", `/vpcs/${made.body.id}/subnets/${subnet.id}`);
    expect(newest(got.body)).toEqual(keyPaths(RECORDED_VPCS["rdma-subnet-get"]!.answer));
    expect([got.body.vpc_type, got.body.ipv6]).toEqual(["rdma", null]);
    const list = await call("GET", `/vpcs/${made.body.id}/subnets`);
    expect(newest(list.body)).toEqual(keyPaths(RECORDED_VPCS["rdma-subnet-list"]!.answer));
  });

  test("an account without IPv6 access (nl-ams, 2026-02-02): answers without `ipv6`, availability without lengths", async () => {
    await setAccount({ ipv6: false });
    const r = RECORDED_VPCS["no-ipv6-access-create"]!;
    const made = await replay(r);
    expect(made.status).toBe(200);
    expectRecordedKeys(made.body, r.answer);
    expect(made.body).not.toHaveProperty("ipv6");
    expect(made.body.subnets[0]).not.toHaveProperty("ipv6");
    const sub = await call("GET", `/vpcs/${made.body.id}/subnets/${made.body.subnets[0].id}`);
    // The emulator keeps no NodeBalancers: the recorded subnet's one is left out of its keys.
    const withNodeBalancer = RECORDED_VPCS["no-ipv6-access-subnet-with-nodebalancer"]!.answer as Json;
    expectRecordedKeys(sub.body, { ...withNodeBalancer, nodebalancers: [] });
    expect(sub.body.nodebalancers).toEqual([]);
    const one = RECORDED_VPCS["region-vpc-availability"]!;
    expect((await replay(one)).body).toEqual(one.answer);
  });

  test("the regions' VPC availability: the recorded list's shape, each region available where it offers VPCs", async () => {
    await setAccount({ ipv6: false });
    const r = RECORDED_VPCS["regions-vpc-availability"]!;
    const recorded = (r.answer as Json).data as { region: string; available: boolean }[];
    await em().control.seed({ regions: recorded.map((e) => region(e.region, e.available ? ["VPCs"] : ["Linodes"])) });
    const res = await replay(r);
    expect(Object.keys(res.body)).toEqual(Object.keys(r.answer as Json));
    const byRegion = new Map(res.body.data.map((e: Json) => [e.region, e]));
    for (const e of recorded) expect(byRegion.get(e.region)).toEqual(e);
    expect(keyPaths(res.body)).toEqual(keyPaths(r.answer));
  });

  test("the IPv6 listings of a VPC and of the account, filtered by compute instance: the recorded entry's keys", async () => {
    const made = await replay(RECORDED_VPCS["ipv6-create"]!);
    const subnet = made.body.subnets[0];
    await em().control.seed({
      computes: [
        { id: 101, region: "no-osl-1", interfaces: [{ subnet_id: subnet.id, ipv6: { is_public: true } }] },
        { id: 102, region: "no-osl-1", interfaces: [{ subnet_id: subnet.id, ipv6: { is_public: false } }] },
        { id: 103, region: "no-osl-1", interfaces: [{ subnet_id: subnet.id }] },
      ],
    });
    const one = RECORDED_VPCS["ipv6-list-of-vpc"]!;
    const list = await call("GET", `/vpcs/${made.body.id}/ipv6s`);
    expect(keyPaths(list.body)).toEqual(keyPaths(one.answer));
    expect(list.body.data.map((e: Json) => [e.linode_id, e.prefix, e.ipv6_is_public])).toEqual([
      [101, 64, true],
      [102, 64, false],
    ]);
    const [a, b] = list.body.data.map((e: Json) => e.ipv6_range as string);
    expect(new Set([a, b]).size).toBe(2);
    expect([prefixOf(a), prefixOf(b)]).toEqual([64, 64]);
    const all = RECORDED_VPCS["ipv6-list-all"]!;
    const filtered = await call("GET", "/vpcs/ipv6s", { headers: { "x-filter": JSON.stringify({ linode_id: 102 }) } });
    expect(keyPaths(filtered.body)).toEqual(keyPaths(all.answer));
    expect(filtered.body.data.map((e: Json) => e.linode_id)).toEqual([102]);
  });
});
