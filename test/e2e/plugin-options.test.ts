/**
 * Pulumi's resource options on the plugin's resources, on the real engine against the emulator, as
 * Pulumi documents them: `protect` refuses the delete of a resource the program drops and of the
 * whole stack; `retainOnDelete` drops the resource from the state and leaves the object;
 * `ignoreChanges` keeps a changed input from reaching the API; `replaceOnChanges` turns an in-place
 * change into a replacement, which the preview announces with the field that causes it.
 */
import { Vpc } from "../../src/sdk";
import { pluginCli as pulumiCli, pluginEnv, stepCollector } from "../support/plugin";
import { api, failureText, list, useE2e } from "./helpers";

const e2e = useE2e();

interface ApiVpc {
  id: number;
  label: string;
  description: string;
}

interface Shape {
  description: string;
  /** Declare the retained VPC. */
  retained: boolean;
  /** Declare the protected VPC, or leave it out. */
  kept: "protected" | "dropped";
}

function program(shape: Shape): () => Promise<void> {
  return async () => {
    const region = "us-east";
    const { description } = shape;
    if (shape.kept !== "dropped") new Vpc("kept", { label: "kept-net", region, description }, { protect: true });
    if (shape.retained) new Vpc("retained", { label: "retained-net", region }, { retainOnDelete: true });
    new Vpc("ignoring", { label: "ignoring-net", region, description }, { ignoreChanges: ["description"] });
    new Vpc(
      "replacing",
      { label: "replacing-net", region, description },
      { replaceOnChanges: ["description"], deleteBeforeReplace: true },
    );
  };
}

async function vpcs(): Promise<Record<string, ApiVpc>> {
  return Object.fromEntries((await list<ApiVpc>(e2e.emulator, "/vpcs")).map((v) => [v.label, v]));
}

test("protect, retainOnDelete, ignoreChanges and replaceOnChanges behave as Pulumi documents them", async () => {
  const testStack = await e2e.stack(program({ description: "one", retained: true, kept: "protected" }), pluginEnv());
  const { stack } = testStack;
  await stack.up({ color: "never" });
  const before = await vpcs();
  expect(Object.keys(before).sort()).toEqual(["ignoring-net", "kept-net", "replacing-net", "retained-net"]);

  // One description change: updated in place, ignored, or replaced, as each resource's options say.
  stack.workspace.program = program({ description: "two", retained: true, kept: "protected" });
  const collect = stepCollector();
  await stack.preview({ color: "never", onEvent: collect.onEvent });
  expect(collect.steps.kept).toEqual({ ops: ["update"], diffs: ["description"], detailed: { description: "update" } });
  expect(collect.steps.ignoring).toEqual({ ops: ["same"], diffs: [], detailed: {} });
  expect(collect.steps.replacing!.detailed).toEqual({ description: "update-replace" });
  expect([...collect.steps.replacing!.ops].sort()).toEqual(["create-replacement", "delete-replaced", "replace"]);
  expect(collect.steps.retained).toEqual({ ops: ["same"], diffs: [], detailed: {} });
  await stack.up({ color: "never" });
  const after = await vpcs();
  expect(after["kept-net"]).toMatchObject({ id: before["kept-net"]!.id, description: "two" });
  expect(after["ignoring-net"]).toMatchObject({ id: before["ignoring-net"]!.id, description: "one" });
  expect(after["replacing-net"]!.description).toBe("two");
  expect(after["replacing-net"]!.id).not.toBe(before["replacing-net"]!.id);

  // Dropping the protected VPC from the program is refused, and the VPC stays.
  stack.workspace.program = program({ description: "two", retained: true, kept: "dropped" });
  expect(await failureText(stack.up({ color: "never" }))).toMatch(/protected/);
  expect(await vpcs()).toHaveProperty("kept-net");

  // Dropping the retained VPC removes it from the state only.
  stack.workspace.program = program({ description: "two", retained: false, kept: "protected" });
  const dropped = await stack.up({ color: "never" });
  expect(dropped.summary.resourceChanges).toMatchObject({ delete: 1 });
  expect(await vpcs()).toHaveProperty("retained-net");

  // destroy deletes the rest and fails on the protected VPC; unprotected, it goes too.
  expect(await failureText(stack.destroy({ color: "never" }))).toMatch(/cannot be deleted\s+because it is protected/);
  expect(Object.keys(await vpcs()).sort()).toEqual(["kept-net", "retained-net"]);
  const kept = (await stack.exportStack()).deployment.resources.find((r: { urn: string }) => r.urn.endsWith("::kept"));
  await pulumiCli(testStack, ["state", "unprotect", kept.urn, "--yes", "--non-interactive"]);
  await stack.destroy({ color: "never" });
  const left = await vpcs();
  expect(Object.keys(left)).toEqual(["retained-net"]);
  await api(e2e.emulator, "DELETE", `/vpcs/${left["retained-net"]!.id}`);
});
