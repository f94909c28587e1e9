/**
 * The network example, run as a user runs it (example-runs.ts): the one example the newest-SDK
 * stage also runs on Node.js 22, 24 and 26 (scripts/test-newest-sdk.mjs), so it has a file of its
 * own; the other examples are examples.test.ts.
 */
import { useExampleRuns } from "./example-runs";
import { api, list } from "./helpers";

const runs = useExampleRuns();
const { up, previewThenDestroy } = runs;

test("network: a VPC with inline subnets and a separate subnet, in a region picked by capability", async () => {
  const step = await up("network");
  // stack, Vpc, VpcSubnet
  expect(step.summary).toEqual({ create: 3 });
  const outputs = step.outputs!;
  // The first region with status ok that offers VPCs, in the order of the API's 2026 list.
  expect(outputs.regionId).toBe("au-mel");
  const [vpc, ...others] = await list<{ id: number; label: string; region: string }>(runs.emulator(), "/vpcs");
  expect(others).toEqual([]);
  expect(vpc).toMatchObject({ id: outputs.vpcId, label: "example-network", region: "au-mel" });
  const subnets = await list<{ label: string; ipv4: string }>(runs.emulator(), `/vpcs/${vpc!.id}/subnets`);
  expect(subnets.map((s) => [s.label, s.ipv4]).sort()).toEqual([
    ["app", "10.10.2.0/24"],
    ["data", "10.10.3.0/24"],
    ["web", "10.10.1.0/24"],
  ]);
  expect(outputs.dataSubnet).toMatchObject({ ipv4: "10.10.3.0/24", gateway: "10.10.3.1" });

  // An outage in that region later changes what the look-up picks, but never moves the network.
  const picked = await api<Record<string, unknown>>(runs.emulator(), "GET", "/regions/au-mel");
  await runs.emulator().control.seed({ regions: [{ ...picked, status: "outage" }] });
  await previewThenDestroy("network", 3);
}, 300_000);
