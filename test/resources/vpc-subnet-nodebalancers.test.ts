/**
 * NodeBalancers in a subnet (issue 47): the API lists those with a VPC configuration in their
 * subnet's answer and refuses deleting the subnet or its VPC while one is attached. The emulator
 * serves no NodeBalancers; its control API places made-up ones, as the recorded answer shows them
 * (`{id, ipv4_range}`, linodego's `TestVPC_Subnet_WithNodeBalancer`). Asserted from the emulator's
 * state and request log.
 */
import { provider as vpcProvider } from "../../src/resources/vpc/provider.js";
import { provider as subnetProvider } from "../../src/resources/vpc-subnet/provider.js";
import { client } from "../../src/shared/runtime/context.js";
import type { Bag } from "../../src/shared/fields/validate.js";
import { thrown, useProviderEmulator } from "./provider-env.js";

const emulator = useProviderEmulator();
const vpc = vpcProvider as Required<typeof vpcProvider>;
const subnet = subnetProvider as Required<typeof subnetProvider>;

/** Places NodeBalancers in a subnet through the control API; answers the status. */
async function place(vpcId: number, subnetId: number, entries: unknown): Promise<number> {
  const res = await fetch(`${emulator().url}/_emulator/vpcs/${vpcId}/subnets/${subnetId}/nodebalancers`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(entries),
  });
  return res.status;
}

/** The writes (not GETs) in the emulator's request log. */
async function writes(): Promise<string[]> {
  return (await emulator().control.requests())
    .filter((r) => r.method !== "GET" && r.path.startsWith("/v4/"))
    .map((r) => `${r.method} ${r.path} ${r.status}`);
}

/** A VPC and a subnet made through the providers. */
async function network(): Promise<{ vpcId: number; subnetId: number; outs: Bag }> {
  const made = await vpc.create((await vpc.check({}, { label: "lb", region: "us-east" })).inputs as Bag);
  const vpcId = Number(made.id);
  const program = { vpcId, label: "web", ipv4: "10.0.0.0/24" };
  const sub = await subnet.create((await subnet.check({}, program)).inputs as Bag);
  return { vpcId, subnetId: Number(sub.id), outs: sub.outs as Bag };
}

describe("NodeBalancers in a subnet", () => {
  test("the subnet's output lists them, read from the API's answer; none keeps no key", async () => {
    const { vpcId, subnetId, outs } = await network();
    expect(outs).not.toHaveProperty("nodebalancers");
    const entries = [
      { id: 1997465, ipv4_range: "10.0.0.64/30" },
      { id: 1997466, ipv4_range: "10.0.0.68/30", ipv6_ranges: [{ range: "2600:3c00:e000:1::/64" }] },
    ];
    expect(await place(vpcId, subnetId, entries)).toBe(200);
    // The client reads the key the 2026-02 recording lacks as null.
    expect((await client().subnets.get(vpcId, subnetId)).nodebalancers).toEqual([
      { ...entries[0], ipv6_ranges: null },
      entries[1],
    ]);
    const read = await subnet.read(String(subnetId), outs);
    expect(read.props!.nodebalancers).toEqual([
      { id: 1997465, ipv4Range: "10.0.0.64/30", ipv6Ranges: [] },
      { id: 1997466, ipv4Range: "10.0.0.68/30", ipv6Ranges: ["2600:3c00:e000:1::/64"] },
    ]);
  });

  test("deleting the subnet or its VPC fails at once naming the NodeBalancer; taken out, both go", async () => {
    const { vpcId, subnetId, outs } = await network();
    expect(await place(vpcId, subnetId, [{ id: 1997465, ipv4_range: "10.0.0.64/30" }])).toBe(200);
    await emulator().control.clearRequests();
    const err = await thrown(subnet.delete(String(subnetId), outs));
    expect(err.message).toBe(
      `Subnet ${subnetId} of VPC ${vpcId} cannot be deleted while NodeBalancer(s) 1997465 use it: ` +
        "delete them or remove their VPC configuration, then retry.",
    );
    const vpcErr = await thrown(vpc.delete(String(vpcId), {}));
    expect(vpcErr.message).toMatch(/^VPC \d+ cannot be deleted while NodeBalancer\(s\) 1997465 use it/);
    // One refused attempt each, no waiting it out: the API's reason names the NodeBalancer.
    expect(await writes()).toEqual([
      `DELETE /v4/vpcs/${vpcId}/subnets/${subnetId} 400`,
      `DELETE /v4/vpcs/${vpcId} 400`,
    ]);
    expect((await client().subnets.get(vpcId, subnetId)).id).toBe(subnetId);
    expect(await place(vpcId, subnetId, [])).toBe(200);
    await subnet.delete(String(subnetId), outs);
    await vpc.delete(String(vpcId), {});
    expect(await client().vpcs.list()).toEqual([]);
  });

  test("the control route takes the answer's shape only, and a subnet of that VPC only", async () => {
    const { vpcId, subnetId } = await network();
    expect(await place(vpcId, subnetId, [{ id: 1, ipv4_range: "10.0.0.64/30", extra: true }])).toBe(400);
    expect(await place(vpcId, subnetId, [{ ipv4_range: "10.0.0.64/30" }])).toBe(400);
    expect(await place(vpcId + 1, subnetId, [])).toBe(404);
    expect((await client().subnets.get(vpcId, subnetId)).nodebalancers).toEqual([]);
  });
});
