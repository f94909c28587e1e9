/**
 * Rules that span two resources of one program read the other resource's arguments in the program
 * (src/shared/engine/program-args.ts). Those arguments may hold Outputs, known or not: such values are
 * skipped, never a crash, and plain ones are still checked.
 */
import * as pulumi from "@pulumi/pulumi";
import { DatabaseSnapshot } from "../../src/resources/database-snapshot/class.js";
import { MysqlDatabase } from "../../src/resources/mysql-database/class.js";
import { VpcSubnet } from "../../src/resources/vpc-subnet/class.js";
import { Vpc } from "../../src/resources/vpc/class.js";

/** The inputs each resource was registered with, by name. */
const registered = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.set(args.name, args.inputs as Record<string, unknown>);
        // A resource still to be created has no id in a preview: its id and numeric id are unknown.
        return { id: args.name.startsWith("fresh") ? undefined : `${args.name}-id`, state: args.inputs };
      },
      call: () => ({}),
    },
    "project",
    "stack",
    true,
  );
});

/** The inputs of `name` once the engine has them (registration is asynchronous). */
async function inputsOf(resource: pulumi.CustomResource, name: string): Promise<Record<string, unknown>> {
  await new Promise<void>((resolve) => resource.urn.apply(() => resolve()));
  return registered.get(name)!;
}

test("inline subnets given as Outputs are skipped; plain ones still collide", async () => {
  const vpc = new Vpc("net", {
    label: "app-net",
    region: "us-east",
    subnets: [
      { label: pulumi.output("web"), ipv4: pulumi.output("10.0.1.0/24") },
      pulumi.output({ label: "db", ipv4: "10.0.2.0/24" }),
      { label: "cache", ipv4: "10.0.3.0/24" },
    ],
  });
  const same = new VpcSubnet("same-range", { vpcId: vpc.vpcId, label: "jobs", ipv4: "10.0.1.0/24" });
  const clash = new VpcSubnet("clash", { vpcId: vpc.vpcId, label: "cache", ipv4: "10.0.3.128/25" });
  // The Output-valued inline subnet is not seen, so nothing is reported for it.
  expect((await inputsOf(same, "same-range")).programFailures).toBeUndefined();
  expect((await inputsOf(clash, "clash")).programFailures).toEqual([
    expect.objectContaining({ property: "ipv4", reason: expect.stringContaining("overlaps subnets[2].ipv4") }),
    expect.objectContaining({ property: "label", reason: expect.stringContaining("subnets[2].label") }),
  ]);
});

test("a subnet list that is an Output as a whole, or values never known, do not crash", async () => {
  const vpc = new Vpc("net2", {
    label: "app-net2",
    region: "us-east",
    subnets: pulumi.output([{ label: "web", ipv4: "10.0.1.0/24" }]),
  });
  const fresh = new Vpc("fresh", { label: "fresh", region: "us-east" });
  const notKnown = fresh.id.apply((id) => `10.0.${id}.0/24`);
  const web = new VpcSubnet("web2", { vpcId: vpc.vpcId, label: notKnown, ipv4: notKnown });
  expect((await inputsOf(web, "web2")).programFailures).toBeUndefined();
  // The same Output as an inline subnet of another VPC, with a plain subnet taking that VPC's id.
  const mixed = new Vpc("net3", {
    label: "app-net3",
    region: "us-east",
    subnets: [{ label: notKnown, ipv4: notKnown }],
  });
  const plain = new VpcSubnet("web3", { vpcId: mixed.vpcId, label: "web", ipv4: "10.0.1.0/24" });
  expect((await inputsOf(plain, "web3")).programFailures).toBeUndefined();
});

test("a snapshot of a database whose cluster size comes from config is not judged in the program", async () => {
  const db = new MysqlDatabase("orders", {
    label: "orders-db",
    region: "us-east",
    type: "g6-nanode-1",
    engineId: "mysql/8.0.30",
    clusterSize: pulumi.output(3),
  });
  const snap = new DatabaseSnapshot("snap", {
    engine: db.engineType,
    instanceId: db.instanceId,
    label: "snap1",
    target: "secondary",
  });
  expect((await inputsOf(snap, "snap")).programFailures).toBeUndefined();
});
