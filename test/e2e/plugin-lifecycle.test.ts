/**
 * The provider plugin's full lifecycle on the real engine: a Node.js program whose resources are
 * `pulumi-cloudplatform/plugin`'s, served by `pulumi-resource-cloudplatform` found on PATH. `up`
 * creates a VPC, a subnet and a MySQL database; the state holds `cloudplatform:index:*` entries with
 * no serialized provider, secrets only encrypted; a look-up answers through Invoke; the preview
 * after is clean and a refresh finds no drift; a change previews with each changed field named and updates in place; `destroy`
 * empties the emulator.
 */
import * as pulumi from "@pulumi/pulumi";
import { MysqlDatabase, Vpc, VpcSubnet } from "../../src/sdk";
import { pluginEnv, stepCollector } from "../support/plugin";
import { list, readStateFiles, useE2e } from "./helpers";

const e2e = useE2e();

interface ApiDb {
  id: number;
  label: string;
  status: string;
  type: string;
  allow_list: string[];
}

function program(change: { dbLabel: string; allowList: string[] }) {
  return async () => {
    const network = new Vpc("network", { label: "plugin-net", region: "us-east", description: "plugin story" });
    const subnet = new VpcSubnet("app", { vpcId: network.vpcId, label: "app", ipv4: "10.0.1.0/24" });
    const db = new MysqlDatabase("orders", {
      label: change.dbLabel,
      region: "us-east",
      type: "g6-standard-1",
      engineId: "mysql/8.0.30",
      allowList: change.allowList,
    });
    // A look-up through the plugin's Invoke.
    const regions = await pulumi.runtime.invoke("cloudplatform:index:getRegions", { capability: "VPCs" });
    return {
      vpcId: network.vpcId,
      subnetGateway: subnet.gateway,
      password: db.rootPassword,
      host: db.hosts,
      regions: (regions.regions as { id: string }[]).map((r) => r.id),
    };
  };
}

test("up, clean preview, an in-place change with a detailed diff, destroy: all through the plugin", async () => {
  const first = { dbLabel: "plugin-orders", allowList: ["10.0.1.0/24"] };
  const testStack = await e2e.stack(program(first), pluginEnv());
  const { stack } = testStack;

  const up = await stack.up({ color: "never" });
  expect(up.summary.result).toBe("succeeded");
  expect(up.summary.resourceChanges).toMatchObject({ create: 4 });
  expect(up.outputs.subnetGateway!.value).toBe("10.0.1.1");
  expect(up.outputs.password!.secret).toBe(true);
  expect(up.outputs.regions!.value).toContain("us-east");

  const [db] = await list<ApiDb>(e2e.emulator, "/databases/instances");
  expect(db).toMatchObject({ label: "plugin-orders", status: "active", allow_list: ["10.0.1.0/24"] });
  expect((await list<{ label: string }>(e2e.emulator, "/vpcs")).map((v) => v.label)).toEqual(["plugin-net"]);

  // Types are the plugin's, no entry carries a serialized provider, and the default provider is the plugin.
  const deployment = (await stack.exportStack()).deployment as {
    resources: { type: string; id?: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> }[];
  };
  const types = deployment.resources.map((r) => r.type).sort();
  expect(types).toEqual([
    "cloudplatform:index:MysqlDatabase",
    "cloudplatform:index:Vpc",
    "cloudplatform:index:VpcSubnet",
    "pulumi:providers:cloudplatform",
    "pulumi:pulumi:Stack",
  ]);
  for (const r of deployment.resources) {
    expect(r.inputs?.__provider).toBeUndefined();
    expect(r.outputs?.__provider).toBeUndefined();
  }
  const dbState = deployment.resources.find((r) => r.type === "cloudplatform:index:MysqlDatabase")!;
  expect(dbState.id).toBe(String(db!.id));
  // Credentials are secret outputs: ciphertext in the state; the token is never there in clear.
  expect(dbState.outputs?.rootPassword).toMatchObject({ "4dabf18193072939515e22adb298388d": expect.any(String) });
  const files = readStateFiles(testStack.workDir);
  expect(files).not.toContain(e2e.emulator.token);
  expect(files).not.toContain(up.outputs.password!.value as string);

  const clean = await stack.preview({ color: "never" });
  expect(clean.changeSummary).toEqual({ same: 4 });
  // Refresh reads each object through the plugin's Read: no drift, secrets stay secret.
  const refresh = await stack.refresh({ color: "never" });
  expect(refresh.summary.resourceChanges).toEqual({ same: 4 });
  expect(readStateFiles(testStack.workDir)).not.toContain(up.outputs.password!.value as string);

  // A change: the preview names each changed field, and up applies it in place.
  const second = { dbLabel: "plugin-orders-2", allowList: ["10.0.1.0/24", "10.0.2.0/24"] };
  stack.workspace.program = program(second);
  const collect = stepCollector();
  const preview = await stack.preview({ color: "never", onEvent: collect.onEvent });
  expect(preview.changeSummary).toEqual({ same: 3, update: 1 });
  expect(collect.steps.orders).toEqual({
    ops: ["update"],
    diffs: ["label", "allowList"],
    detailed: { label: "update", allowList: "update" },
  });
  const update = await stack.up({ color: "never" });
  expect(update.summary.resourceChanges).toEqual({ same: 3, update: 1 });
  const [changed] = await list<ApiDb>(e2e.emulator, "/databases/instances");
  expect(changed).toMatchObject({ id: db!.id, label: "plugin-orders-2", allow_list: ["10.0.1.0/24", "10.0.2.0/24"] });
  expect((await stack.preview({ color: "never" })).changeSummary).toEqual({ same: 4 });

  const destroy = await stack.destroy({ color: "never" });
  expect(destroy.summary.result).toBe("succeeded");
  expect(await list(e2e.emulator, "/databases/instances")).toEqual([]);
  expect(await list(e2e.emulator, "/vpcs")).toEqual([]);
});
