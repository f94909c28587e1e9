/**
 * Changing the provider's configuration is routine (a rotated token, the same API written with a
 * trailing slash): the preview must show no replacement, and `up` must keep every object.
 */
import type { TestStack } from "../support/pulumi";
import { Vpc } from "../../src/resources/vpc/class";
import { VpcSubnet } from "../../src/resources/vpc-subnet/class";
import { list, useE2e } from "./helpers";

const e2e = useE2e((emulator) => emulator.control.seed({ tokens: [{ token: "rotated-token", scopes: "*" }] }));
let testStack: TestStack | undefined;

test("a rotated token and a reworded API URL replace nothing", async () => {
  testStack = await e2e.stack(async () => {
    const vpc = new Vpc("net", { label: "config-net", region: "us-east" });
    const subnet = new VpcSubnet("app", { vpcId: vpc.id, label: "app", ipv4: "10.7.0.0/24" });
    return { subnetId: subnet.id };
  });
  const { stack } = testStack;
  expect((await stack.up({ color: "never" })).summary.result).toBe("succeeded");
  const before = await list<{ id: number }>(e2e.emulator, "/vpcs");

  await stack.setConfig("cloudplatform:token", { value: "rotated-token", secret: true });
  await stack.setConfig("cloudplatform:apiUrl", { value: `${e2e.emulator.url}/` });
  const preview = await stack.preview({ color: "never" });
  expect(preview.changeSummary.replace ?? 0).toBe(0);
  expect(preview.changeSummary.delete ?? 0).toBe(0);
  expect(preview.changeSummary.create ?? 0).toBe(0);

  const up = await stack.up({ color: "never" });
  expect(up.summary.resourceChanges?.replace ?? 0).toBe(0);
  expect(await list<{ id: number }>(e2e.emulator, "/vpcs")).toEqual(before);

  // The provider still reads everything back with the new configuration.
  const refresh = await stack.refresh({ color: "never" });
  expect(refresh.summary.result).toBe("succeeded");
  expect(refresh.summary.resourceChanges).toEqual({ same: 3 });
});
