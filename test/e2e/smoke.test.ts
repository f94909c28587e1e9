/**
 * The loop every other story stands on: the real engine serializes a dynamic provider from src/,
 * runs it in its provider process (which loads got and p-retry), and a preview right after `up`
 * shows no changes.
 */
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { createTestStack, type TestStack } from "../support/pulumi";
import { Vpc } from "../../src/resources/vpc";

/** Every file of the stack's file backend, concatenated. */
function readStateFiles(workDir: string): string {
  const dir = path.join(workDir, "backend");
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), "utf8"))
    .join("\n");
}

let emulator: TestEmulator;

/** The VPCs the emulator holds, read over its API. */
async function listVpcs(): Promise<{ label: string }[]> {
  const res = await fetch(`${emulator.apiUrl}/vpcs`, { headers: { authorization: `Bearer ${emulator.token}` } });
  return ((await res.json()) as { data: { label: string }[] }).data;
}
let testStack: TestStack | undefined;

beforeAll(async () => {
  emulator = await startTestEmulator();
});

afterAll(async () => {
  await testStack?.dispose();
  await emulator.close();
});

test("up creates a VPC, preview shows no changes, destroy removes it", async () => {
  testStack = await createTestStack(
    async () => {
      const vpc = new Vpc("net", { label: "smoke-net", region: "us-east", description: "smoke" });
      return { vpcId: vpc.id, label: vpc.label };
    },
    { apiUrl: emulator.url, token: emulator.token },
  );
  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.result).toBe("succeeded");
  expect(up.summary.resourceChanges).toMatchObject({ create: 2 });
  expect(up.outputs.label.value).toBe("smoke-net");

  expect((await listVpcs()).map((v) => v.label)).toEqual(["smoke-net"]);

  // The state on disk holds the token only encrypted, and the serialized provider is a small loader.
  expect(readStateFiles(testStack.workDir)).not.toContain(emulator.token);
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
  expect(await listVpcs()).toEqual([]);
});
