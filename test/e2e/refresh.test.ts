/**
 * Drift through the real engine: a VPC changed behind Pulumi's back shows up in `refresh` and the
 * next preview proposes to put the program's value back; a VPC deleted behind its back leaves the
 * state on `refresh` and the next `up` creates it again.
 */
import type { TestStack } from "../support/pulumi";
import { Vpc } from "../../src/resources/vpc/class";
import { api, list, type StateResource, useE2e } from "./helpers";

interface ApiVpc {
  id: number;
  label: string;
  description: string;
  region: string;
}

const e2e = useE2e();
let testStack: TestStack;

/** The VPC's entry in the stack's state, or undefined when the state has none. */
async function vpcState(): Promise<StateResource | undefined> {
  const resources = (await testStack.stack.exportStack()).deployment.resources as StateResource[];
  return resources.find((r) => r.type === "pulumi-nodejs:dynamic/cloudplatform:Vpc");
}

beforeAll(async () => {
  testStack = await e2e.stack(async () => {
    const vpc = new Vpc("net", { label: "drift-net", region: "us-east", description: "managed by pulumi" });
    return { vpcId: vpc.vpcId, description: vpc.description };
  });
}, 120_000);

test("a description changed out of band is reported by refresh and put back by the next up", async () => {
  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.resourceChanges).toEqual({ create: 2 });
  const vpcId = up.outputs.vpcId.value as number;

  await api(e2e.emulator, "PUT", `/vpcs/${vpcId}`, { description: "edited in the console" });

  const refresh = await testStack.stack.refresh({ color: "never" });
  expect(refresh.summary.result).toBe("succeeded");
  expect(refresh.summary.resourceChanges).toEqual({ same: 1, update: 1 });
  // Stack outputs come from the last program run; the resource's own state holds what refresh read.
  expect((await vpcState())?.outputs?.description).toBe("edited in the console");

  const preview = await testStack.stack.preview({ color: "never", diff: true });
  expect(preview.changeSummary).toEqual({ same: 1, update: 1 });
  expect(preview.stdout).toContain("edited in the console");
  expect(preview.stdout).toContain("managed by pulumi");

  const fix = await testStack.stack.up({ color: "never" });
  expect(fix.summary.resourceChanges).toEqual({ same: 1, update: 1 });
  expect(fix.outputs.vpcId.value).toBe(vpcId);
  expect((await api<ApiVpc>(e2e.emulator, "GET", `/vpcs/${vpcId}`)).description).toBe("managed by pulumi");
});

test("a VPC deleted out of band leaves the state on refresh and comes back with the next up", async () => {
  const vpcId = (await testStack.stack.outputs()).vpcId.value as number;
  await api(e2e.emulator, "DELETE", `/vpcs/${vpcId}`);

  const refresh = await testStack.stack.refresh({ color: "never" });
  expect(refresh.summary.result).toBe("succeeded");
  expect(refresh.summary.resourceChanges).toEqual({ same: 1, delete: 1 });
  expect(await vpcState()).toBeUndefined();

  const preview = await testStack.stack.preview({ color: "never" });
  expect(preview.changeSummary).toEqual({ same: 1, create: 1 });

  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.resourceChanges).toEqual({ same: 1, create: 1 });
  const newId = up.outputs.vpcId.value as number;
  expect(newId).not.toBe(vpcId);
  const vpcs = await list<ApiVpc>(e2e.emulator, "/vpcs");
  expect(vpcs.map((v) => ({ id: v.id, label: v.label, description: v.description }))).toEqual([
    { id: newId, label: "drift-net", description: "managed by pulumi" },
  ]);
});
