/**
 * What the program sees during a preview. The engine answers the preview of an update of a dynamic
 * resource with its new inputs as outputs, so anything not among the inputs is unknown; the mocks
 * below answer the same way. Numeric ids that other resources take (a subnet's `vpcId`, a
 * snapshot's `instanceId`) must stay known while the object keeps its id, or every dependent
 * resource would be shown as replaced whenever the VPC or database changes in place.
 */
import * as pulumi from "@pulumi/pulumi";
import { DatabaseSnapshot } from "../../src/resources/database-snapshot/class.js";
import { MysqlDatabase } from "../../src/resources/mysql-database/class.js";
import { VpcSubnet } from "../../src/resources/vpc-subnet/class.js";
import { Vpc } from "../../src/resources/vpc/class.js";

/** Ids the engine keeps for resources that are updated (not created) by the previewed run. */
const EXISTING: Record<string, string> = {
  net: "100",
  web: "1000",
  orders: "42",
  "before-migration": "mysql/42/7",
};

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      // As in a preview of an update without provider previews: id kept, outputs = inputs.
      newResource: (args) => ({ id: EXISTING[args.name], state: args.inputs }),
      call: () => ({}),
    },
    "project",
    "stack",
    true,
  );
});

/** The value of an output, or "unknown" when the preview cannot know it. */
function valueOf<T>(output: pulumi.Output<T>): Promise<T | "unknown"> {
  return new Promise((resolve) => {
    const known = (output as unknown as { isKnown: Promise<boolean> }).isKnown;
    void known.then((isKnown) => {
      if (!isKnown) resolve("unknown");
      else output.apply((v) => resolve(v));
    });
  });
}

test("numeric ids stay known in the preview of an in-place update", async () => {
  const vpc = new Vpc("net", { label: "app-vpc", region: "us-east", description: "changed" });
  const web = new VpcSubnet("web", { vpcId: vpc.vpcId, label: "web", ipv4: "10.0.1.0/24" });
  const db = new MysqlDatabase("orders", {
    label: "orders-db",
    region: "us-east",
    type: "g6-standard-1",
    engineId: "mysql/8.0.30",
  });
  const snap = new DatabaseSnapshot("before-migration", { engine: "mysql", instanceId: db.instanceId, label: "a" });
  expect(await valueOf(vpc.vpcId)).toBe(100);
  expect(await valueOf(web.vpcId)).toBe(100);
  expect(await valueOf(web.subnetId)).toBe(1000);
  expect(await valueOf(db.instanceId)).toBe(42);
  expect(await valueOf(snap.instanceId)).toBe(42);
  expect(await valueOf(snap.backupId)).toBe(7);
});

test("numeric ids are unknown while the object is being created", async () => {
  const vpc = new Vpc("fresh", { label: "fresh-vpc", region: "us-east" });
  expect(await valueOf(vpc.vpcId)).toBe("unknown");
});
