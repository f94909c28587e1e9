/**
 * The loop every other story stands on: the real engine serializes a dynamic provider from src/,
 * runs it in its provider process (which loads got and p-retry), and a preview right after `up`
 * shows no changes.
 */
import type { TestStack } from "../support/pulumi";
import { Vpc } from "../../src/resources/vpc/class";
import { list, readStateFiles, useE2e } from "./helpers";

const e2e = useE2e();

let testStack: TestStack | undefined;

test("up creates a VPC, preview shows no changes, destroy removes it", async () => {
  testStack = await e2e.stack(async () => {
    const vpc = new Vpc("net", { label: "smoke-net", region: "us-east", description: "smoke" });
    return { vpcId: vpc.id, label: vpc.label };
  });
  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.result).toBe("succeeded");
  expect(up.summary.resourceChanges).toMatchObject({ create: 2 });
  expect(up.outputs.label.value).toBe("smoke-net");

  expect((await list<{ label: string }>(e2e.emulator, "/vpcs")).map((v) => v.label)).toEqual(["smoke-net"]);

  // The state on disk holds the token only encrypted, and the serialized provider is a small loader.
  expect(readStateFiles(testStack.workDir)).not.toContain(e2e.emulator.token);
  const resources = (await testStack.stack.exportStack()).deployment.resources as {
    type: string;
    inputs?: { __provider?: string };
  }[];
  const serialized = resources.find((r) => r.inputs?.__provider)?.inputs?.__provider ?? "";
  expect(serialized).toContain("dist/resources/");
  expect(serialized.length).toBeLessThan(8000);
  expect(serialized).not.toContain("got");

  const preview = await testStack.stack.preview({ color: "never", diff: true });
  expect(preview.changeSummary).toEqual({ same: 2 });

  const destroy = await testStack.stack.destroy({ color: "never" });
  expect(destroy.summary.result).toBe("succeeded");
  expect(await list<{ label: string }>(e2e.emulator, "/vpcs")).toEqual([]);
});
