/**
 * Operations that fail through the real engine, and what is left afterwards: a database whose
 * provisioning ends `failed` is still recorded in the state with its id (nothing orphaned, and
 * destroy removes it), and a subnet that compute instances still use cannot be destroyed until
 * they are gone, with an error naming them.
 */
import type { TestStack } from "../support/pulumi";
import { MysqlDatabase } from "../../src/resources/mysql-database/class";
import { Vpc } from "../../src/resources/vpc/class";
import { VpcSubnet } from "../../src/resources/vpc-subnet/class";
import { eventually, failureText, list, type StateResource, useE2e } from "./helpers";

const e2e = useE2e();

async function stateOf(testStack: TestStack, type: string): Promise<StateResource | undefined> {
  const deployment = (await testStack.stack.exportStack()).deployment as {
    resources: StateResource[];
    pending_operations?: unknown[];
  };
  expect(deployment.pending_operations ?? []).toEqual([]);
  return deployment.resources.find((r) => r.type === `pulumi-nodejs:dynamic/cloudplatform:${type}`);
}

test("a database that fails during provisioning fails the up, stays in the state with its id, and destroy removes it", async () => {
  // Long enough that only the forced status can end the wait.
  await e2e.emulator.control.setTimings({ provisioningSeconds: 3600 });
  const testStack = await e2e.stack(async () => {
    const db = new MysqlDatabase("doomed", {
      label: "doomed-db",
      region: "us-east",
      type: "g6-nanode-1",
      engineId: "mysql/8.0.30",
    });
    return { instanceId: db.instanceId };
  });

  const up = testStack.stack.up({ color: "never" });
  // While the provider waits for provisioning, the platform gives up on the database.
  const created = await eventually(
    async () => (await list<{ id: number; status: string }>(e2e.emulator, "/databases/mysql/instances"))[0],
    "the database to be created",
  );
  expect(created.status).toBe("provisioning");
  await e2e.emulator.control.setStatus("mysql", created.id, "failed");

  const message = await failureText(up);
  expect(message).toContain(`mysql database ${created.id}`);
  expect(message).toContain('its status is "failed"');
  expect(message).toContain(`id ${created.id}`);

  // The engine recorded the database: nothing is orphaned and nothing is created twice.
  const recorded = await stateOf(testStack, "MysqlDatabase");
  expect(recorded?.id).toBe(String(created.id));
  expect(recorded?.outputs).toMatchObject({ label: "doomed-db", status: "failed" });

  const destroy = await testStack.stack.destroy({ color: "never" });
  expect(destroy.summary.result).toBe("succeeded");
  expect(destroy.summary.resourceChanges).toMatchObject({ delete: 2 });
  expect(await list(e2e.emulator, "/databases/mysql/instances")).toEqual([]);
});

test("a subnet in use by a compute instance cannot be destroyed until the instance is gone", async () => {
  const testStack = await e2e.stack(async () => {
    const vpc = new Vpc("net", { label: "busy-net", region: "us-east" });
    const web = new VpcSubnet("web", { vpcId: vpc.vpcId, label: "web", ipv4: "10.0.1.0/24" });
    return { vpcId: vpc.vpcId, subnetId: web.subnetId, gateway: web.gateway };
  });

  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.resourceChanges).toEqual({ create: 3 });
  expect(up.outputs.gateway.value).toBe("10.0.1.1");
  const vpcId = up.outputs.vpcId.value as number;
  const subnetId = up.outputs.subnetId.value as number;

  // Someone started an instance with an interface on the subnet, outside Pulumi.
  await e2e.emulator.control.seed({
    computes: [{ id: 7001, label: "web-1", region: "us-east", interfaces: [{ subnet_id: subnetId }] }],
  });

  const message = await failureText(testStack.stack.destroy({ color: "never" }));
  expect(message).toContain(`Subnet ${subnetId} of VPC ${vpcId} cannot be deleted while compute instances use it`);
  expect(message).toContain("compute instance 7001");
  // Nothing was deleted: the subnet and its VPC are still in the state and at the API.
  expect((await stateOf(testStack, "VpcSubnet"))?.id).toBe(String(subnetId));
  expect((await stateOf(testStack, "Vpc"))?.id).toBe(String(vpcId));
  expect((await list<{ id: number }>(e2e.emulator, `/vpcs/${vpcId}/subnets`)).map((s) => s.id)).toEqual([subnetId]);

  const removed = await fetch(`${e2e.emulator.url}/_emulator/computes/7001`, { method: "DELETE" });
  expect(removed.ok).toBe(true);

  const destroy = await testStack.stack.destroy({ color: "never" });
  expect(destroy.summary.result).toBe("succeeded");
  expect(destroy.summary.resourceChanges).toEqual({ delete: 3 });
  expect(await list(e2e.emulator, "/vpcs")).toEqual([]);
});
