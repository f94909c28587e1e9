/**
 * Vpc and VpcSubnet on today's VPCs (issue 47), through the providers against the emulator:
 * a dual-stack VPC and its subnets, the customer's own IPv4 ranges changed in place, an RDMA VPC
 * with IPv6 refused at preview, and an account without IPv6 access; asserted from the emulator's
 * state and request log.
 */
import { provider as vpcProvider } from "../../src/resources/vpc/provider.js";
import { provider as subnetProvider } from "../../src/resources/vpc-subnet/provider.js";
import { client, resetCaches } from "../../src/shared/runtime/context.js";
import type { Bag } from "../../src/shared/fields/validate.js";
import { thrown, useProviderEmulator } from "./provider-env.js";

const emulator = useProviderEmulator();
const vpc = vpcProvider as Required<typeof vpcProvider>;
const subnet = subnetProvider as Required<typeof subnetProvider>;

/** Check, create, then the preview right after (check against the state, diff): no change. */
async function upThenPreview(p: typeof vpc, program: Bag): Promise<{ id: string; outs: Bag }> {
  const checked = await p.check({}, program);
  expect(checked.failures ?? []).toEqual([]);
  const created = await p.create(checked.inputs as Bag);
  const again = await p.check(checked.inputs as Bag, program);
  expect(again.failures ?? []).toEqual([]);
  expect(await p.diff(created.id, created.outs as Bag, again.inputs as Bag)).toEqual({ changes: false });
  return { id: created.id, outs: created.outs as Bag };
}

/** The writes (not GETs) in the emulator's request log. */
async function writes(): Promise<string[]> {
  return (await emulator().control.requests())
    .filter((r) => r.method !== "GET" && r.path.startsWith("/v4/"))
    .map((r) => `${r.method} ${r.path} ${r.status}`);
}

/** Regions offering the customer's own IPv4 ranges and RDMA, as the 2026 recordings show them. */
async function seedTodaysRegions(): Promise<void> {
  await emulator().control.seed({
    regions: [
      { id: "no-osl-1", label: "Oslo", country: "no", capabilities: ["VPCs", "Custom VPC IPv4 Ranges"], status: "ok" },
      { id: "au-mel", label: "Melbourne", country: "au", capabilities: ["VPCs", "GPUDirect RDMA"], status: "ok" },
    ],
  });
  // The regions' catalogue is read once per provider process: read it again.
  resetCaches();
}

describe("today's VPCs through the providers", () => {
  test("a dual-stack VPC with an auto and a /56 subnet: allocated ranges, a clean preview", async () => {
    const net = await upThenPreview(vpc, { label: "dual", region: "us-east", ipv6: [{ allocationClass: "test" }] });
    const prefix = (net.outs.ipv6 as { range: string }[])[0]!.range;
    expect(prefix).toMatch(/::\/52$/);
    expect(net.outs.ipv6).toEqual([{ range: prefix }]);
    const vpcId = Number(net.id);
    const auto = await upThenPreview(subnet as never, { vpcId, label: "auto", ipv6: [{ range: "auto" }] });
    const wide = await upThenPreview(subnet as never, {
      vpcId,
      label: "wide",
      ipv4: "10.0.1.0/24",
      ipv6: [{ range: "/56" }],
    });
    expect((wide.outs.ipv6 as { range: string }[])[0]!.range).toMatch(/\/56$/);
    expect(auto.outs.ipv4).toBeNull();
    const held = await client().vpcs.get(vpcId);
    expect(held.ipv6).toEqual([{ range: prefix }]);
    expect(held.subnets.map((s) => s.ipv6?.[0]?.range)).toEqual([
      (auto.outs.ipv6 as { range: string }[])[0]!.range,
      (wide.outs.ipv6 as { range: string }[])[0]!.range,
    ]);
  });

  test("a subnet with neither IPv4 nor IPv6 is refused at preview", async () => {
    const res = await subnet.check({}, { vpcId: 1, label: "none" });
    expect(res.failures).toEqual([
      { property: "ipv4", reason: "ipv4: A subnet must have either IPv4 or IPv6, or both, but not neither." },
    ]);
  });

  test("the VPC's own IPv4 range is set at create and changed in place by one PUT", async () => {
    await seedTodaysRegions();
    const program = { label: "own", region: "no-osl-1", ipv4: [{ range: "10.118.0.0/20" }] };
    const net = await upThenPreview(vpc, program);
    expect(net.outs.ipv4).toEqual([{ range: "10.118.0.0/20" }]);
    await emulator().control.clearRequests();
    const news = { ...program, ipv4: [{ range: "10.200.0.0/20" }] };
    const { inputs } = await vpc.check(program, news);
    expect(await vpc.diff(net.id, net.outs, inputs as Bag)).toEqual({ changes: true });
    const updated = await vpc.update(net.id, net.outs, inputs as Bag);
    expect(updated.outs).toMatchObject({ vpcId: Number(net.id), ipv4: [{ range: "10.200.0.0/20" }] });
    expect(await writes()).toEqual([`PUT /v4/vpcs/${net.id} 200`]);
    // A label change sends no ipv4 the program did not change.
    await emulator().control.clearRequests();
    const relabelled = { ...news, label: "own2" };
    await vpc.update(net.id, updated.outs!, (await vpc.check(news, relabelled)).inputs as Bag);
    expect((await client().vpcs.get(Number(net.id))).label).toBe("own2");
    expect(await writes()).toEqual([`PUT /v4/vpcs/${net.id} 200`]);
  });

  test("preview refuses own IPv4 ranges where the region lacks them, and a subnet outside the VPC's ranges", async () => {
    const res = await vpc.check({}, { label: "own", region: "us-east", ipv4: [{ range: "10.118.0.0/20" }] });
    expect(res.failures).toEqual([
      {
        property: "ipv4",
        reason: expect.stringMatching(/^ipv4: Customer defined IPv4 ranges are not supported in this region/),
      },
    ]);
    await seedTodaysRegions();
    const outside = await vpc.check(
      {},
      {
        label: "own",
        region: "no-osl-1",
        ipv4: [{ range: "10.118.0.0/20" }],
        subnets: [{ label: "web", ipv4: "10.0.1.0/24" }],
      },
    );
    expect(outside.failures).toEqual([
      {
        property: "subnets",
        reason: expect.stringMatching(/^subnets\[0\]\.ipv4: Must be within one of the VPC's IPv4 ranges/),
      },
    ]);
    expect(await writes()).toEqual([]);
  });

  test("an RDMA VPC with IPv6 is refused at preview with the API's recorded text, and nothing is written", async () => {
    await seedTodaysRegions();
    const res = await vpc.check({}, { label: "rdma", region: "au-mel", vpcType: "rdma", ipv6: [{ range: "/52" }] });
    expect(res.failures).toEqual([{ property: "ipv6", reason: "ipv6: RDMA VPCs cannot have IPv6 ranges" }]);
    // The API made an RDMA VPC in a region whose recorded capabilities lack "GPUDirect RDMA"
    // (linodego's TestVPC_WithRDMAType): the preview does not refuse what the API takes.
    const elsewhere = await vpc.check({}, { label: "rdma", region: "us-east", vpcType: "rdma" });
    expect(elsewhere.failures ?? []).toEqual([]);
    const rdma = await upThenPreview(vpc, { label: "rdma", region: "au-mel", vpcType: "rdma" });
    expect(rdma.outs.vpcType).toBe("rdma");
  });

  test("preview refuses a prefix length the region does not offer", async () => {
    const res = await vpc.check({}, { label: "big", region: "us-east", ipv6: [{ range: "/48" }] });
    expect(res.failures).toEqual([
      { property: "ipv6", reason: expect.stringMatching(/^ipv6\[0\]\.range: .*offers \/52; got \/48\)$/) },
    ]);
  });

  test("an account without IPv6 access: the create fails naming ipv6 and the feature, and leaves no VPC", async () => {
    await fetch(`${emulator().url}/_emulator/vpc-account`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ipv6: false }),
    });
    const checked = await vpc.check({}, { label: "dual", region: "us-east", ipv6: [{ range: "auto" }] });
    expect(checked.failures ?? []).toEqual([]);
    const err = await thrown(vpc.create(checked.inputs as Bag));
    expect(err.message).toMatch(
      /^ipv6: the API made VPC \d+ without the IPv6 range it was asked for: .*"VPC Dual Stack"/,
    );
    expect(err.message).toMatch(/was deleted again/);
    expect(await client().vpcs.list()).toEqual([]);
    expect((await writes()).map((w) => w.replace(/\d+ /, "N "))).toEqual([
      "POST /v4/vpcs 200",
      "DELETE /v4/vpcs/N 200",
    ]);
  });
});
