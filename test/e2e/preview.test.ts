/**
 * What `pulumi preview` shows for an in-place change: only the changed resource updates. Resources
 * that take its numeric id (`vpc.vpcId`, `db.instanceId`) must not be shown as replaced.
 */
import type { TestStack } from "../support/pulumi";
import { DatabaseSnapshot } from "../../src/resources/database-snapshot/class";
import { MysqlDatabase } from "../../src/resources/mysql-database/class";
import { Vpc } from "../../src/resources/vpc/class";
import { VpcSubnet } from "../../src/resources/vpc-subnet/class";
import { useE2e } from "./helpers";

const e2e = useE2e((emulator) =>
  emulator.control.setTimings({ provisioningSeconds: 1, updatingSeconds: 1, snapshotSeconds: 1 }),
);
let testStack: TestStack | undefined;
let description = "first";
let allowList = ["10.0.0.0/16"];

test("an in-place change of a VPC and a database previews as one update each, replacing nothing", async () => {
  testStack = await e2e.stack(async () => {
    const vpc = new Vpc("net", { label: "preview-net", region: "us-east", description });
    new VpcSubnet("app", { vpcId: vpc.vpcId, label: "app", ipv4: "10.8.0.0/24" });
    const db = new MysqlDatabase("orders", {
      label: "preview-db",
      region: "us-east",
      type: "g6-nanode-1",
      engineId: "mysql/8.0.30",
      allowList,
    });
    new DatabaseSnapshot("baseline", { engine: "mysql", instanceId: db.instanceId, label: "baseline" });
  });
  const { stack } = testStack;
  expect((await stack.up({ color: "never" })).summary.resourceChanges).toEqual({ create: 5 });

  description = "second";
  allowList = ["10.0.0.0/16", "203.0.113.7"];
  const preview = await stack.preview({ color: "never", diff: true });
  expect(preview.changeSummary).toEqual({ same: 3, update: 2 });

  const up = await stack.up({ color: "never" });
  expect(up.summary.resourceChanges).toEqual({ same: 3, update: 2 });
});
