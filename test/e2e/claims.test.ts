/**
 * An `up` never takes what is not its own, and a green preview means the `up` goes through, on the
 * real engine against one emulated account:
 *   - one program, two stacks, the same literal labels: the second stack's preview fails naming
 *     each taken label and its holder, its `up` writes nothing, its state holds none of the first
 *     stack's ids, and destroying it leaves every object of the first stack; with `adoptId` it then
 *     adopts on purpose and says so;
 *   - what the API would refuse at `up` fails the preview, naming the field: a VPC label another VPC
 *     holds, a subnet range that overlaps one the VPC has, a subnet label a sibling holds, a
 *     PostgreSQL label a MySQL database holds, a snapshot label a backup holds. Nothing is written.
 * The engine ends a preview at the first resource whose check fails, so a preview names one; the
 * stories preview each resource on its own (`--target`, as a user narrows a preview down) to show
 * that every one is refused.
 */
import type { Stack } from "@pulumi/pulumi/automation";
import * as cloud from "../../src";
import type { StateResource } from "./helpers";
import { api, failureText, list, useE2e } from "./helpers";

const e2e = useE2e((emulator) => emulator.control.setTimings({ provisioningSeconds: 2, snapshotSeconds: 1 }));

interface Obj {
  id: number;
  label: string;
}

/** The program both stacks run; `adopt` names the first stack's objects to manage on purpose. */
function shop(adopt?: { vpc: number; subnet: number; db: number }) {
  return async () => {
    const network = new cloud.Vpc("network", {
      label: "claims-net",
      region: "us-east",
      ...(adopt ? { adoptId: adopt.vpc } : {}),
    });
    new cloud.VpcSubnet("app", {
      vpcId: network.vpcId,
      label: "app",
      ipv4: "10.0.1.0/24",
      ...(adopt ? { adoptId: adopt.subnet } : {}),
    });
    const db = new cloud.MysqlDatabase("orders", {
      label: "claims-orders",
      region: "us-east",
      type: "g6-standard-1",
      engineId: "mysql/8.0.30",
      ...(adopt ? { adoptId: adopt.db } : {}),
    });
    if (!adopt)
      new cloud.DatabaseSnapshot("nightly", { engine: "mysql", instanceId: db.instanceId, label: "nightly1" });
  };
}

/** Every object of the account, by kind: what must stay as it is. */
async function account(): Promise<Record<string, unknown>> {
  const vpcs = await list<Obj>(e2e.emulator, "/vpcs");
  const dbs = await list<Obj & { engine: string }>(e2e.emulator, "/databases/instances");
  const subnets = await Promise.all(vpcs.map((v) => list<Obj>(e2e.emulator, `/vpcs/${v.id}/subnets`)));
  const backups = await Promise.all(
    dbs.map((d) => list<Obj>(e2e.emulator, `/databases/${d.engine}/instances/${d.id}/backups`)),
  );
  return { vpcs, dbs, subnets, backups };
}

async function writes(): Promise<string[]> {
  return (await e2e.emulator.control.requests())
    .filter((r) => r.path.startsWith("/v4/") && r.method !== "GET")
    .map((r) => `${r.method} ${r.path}`);
}

/** The text of a preview of the one resource `type`/`name` of `stack`, which must fail. */
async function previewOf(stack: Stack, type: string, name: string): Promise<string> {
  const urn = `urn:pulumi:${stack.name}::cloudplatform-e2e::pulumi-nodejs:dynamic/cloudplatform:${type}::${name}`;
  return failureText(stack.preview({ color: "never", target: [urn] }));
}

async function stateIds(stack: { exportStack(): Promise<{ deployment: unknown }> }): Promise<string[]> {
  const { resources } = (await stack.exportStack()).deployment as { resources?: StateResource[] };
  return (resources ?? []).filter((r) => r.type.includes("cloudplatform") && r.id).map((r) => r.id!);
}

test("a second stack of the same program never takes the first stack's objects; adoptId takes them on purpose", async () => {
  const dev = await e2e.stack(shop());
  expect((await dev.stack.up({ color: "never" })).summary.result).toBe("succeeded");
  const [vpc] = await list<Obj>(e2e.emulator, "/vpcs");
  const [db] = await list<Obj>(e2e.emulator, "/databases/instances");
  const before = await account();
  await e2e.emulator.control.clearRequests();

  const staging = await e2e.stack(shop());
  const preview = await failureText(staging.stack.preview({ color: "never" }));
  expect(preview).toMatch(
    /property label value \{claims-(net|orders)\} has a problem: label "claims-(net|orders)" is already taken by/,
  );
  const network = await previewOf(staging.stack, "Vpc", "network");
  expect(network).toContain(`label "claims-net" is already taken by VPC ${vpc!.id}`);
  expect(network).toContain(`add \`adoptId: ${vpc!.id}\``);
  const orders = await previewOf(staging.stack, "MysqlDatabase", "orders");
  expect(orders).toContain(`label "claims-orders" is already taken by mysql database ${db!.id}`);
  expect(orders).toContain(`add \`adoptId: ${db!.id}\``);
  expect(orders).toContain("give this resource another label");

  const up = await failureText(staging.stack.up({ color: "never" }));
  expect(up).toContain("already taken by");
  expect(await writes()).toEqual([]);
  expect(await stateIds(staging.stack)).toEqual([]);

  expect((await staging.stack.destroy({ color: "never" })).summary.result).toBe("succeeded");
  expect(await account()).toEqual(before);
  expect(await writes()).toEqual([]);

  // On purpose: the second stack adopts the first stack's VPC and database, and says so.
  const [subnet] = await list<Obj>(e2e.emulator, `/vpcs/${vpc!.id}/subnets`);
  staging.stack.workspace.program = shop({ vpc: vpc!.id, subnet: subnet!.id, db: db!.id });
  const adopted = await staging.stack.up({ color: "never" });
  expect(adopted.summary.result).toBe("succeeded");
  expect(adopted.stdout).toContain(`Adopting VPC ${vpc!.id} (adoptId)`);
  expect(adopted.stdout).toContain(`Adopting mysql database ${db!.id} (adoptId)`);
  expect(adopted.stdout).toContain(`Adopting subnet ${subnet!.id} of VPC ${vpc!.id} (adoptId)`);
  expect(await stateIds(staging.stack)).toEqual(expect.arrayContaining([String(vpc!.id), String(db!.id)]));
});

test("what the API would refuse at `up` fails the preview, naming the field; nothing is written", async () => {
  const vpc = await api<Obj>(e2e.emulator, "POST", "/vpcs", {
    label: "held-net",
    region: "us-east",
    subnets: [{ label: "used", ipv4: "10.5.0.0/24" }],
  });
  const db = await api<Obj>(e2e.emulator, "POST", "/databases/mysql/instances", {
    label: "held-db",
    region: "us-east",
    type: "g6-standard-1",
    engine: "mysql/8.0.30",
  });
  await e2e.emulator.control.advanceClock(5);
  await api(e2e.emulator, "POST", `/databases/mysql/instances/${db.id}/backups`, { label: "held1" });
  await e2e.emulator.control.advanceClock(5);
  const [backup] = await list<Obj>(e2e.emulator, `/databases/mysql/instances/${db.id}/backups`);
  await e2e.emulator.control.clearRequests();

  const testStack = await e2e.stack(async () => {
    new cloud.Vpc("net", { label: "held-net", region: "us-east" });
    new cloud.VpcSubnet("overlap", { vpcId: vpc.id, label: "fresh", ipv4: "10.5.0.128/25" });
    new cloud.VpcSubnet("sibling", { vpcId: vpc.id, label: "used", ipv4: "10.5.9.0/24" });
    new cloud.PostgresqlDatabase("pg", {
      label: "held-db",
      region: "us-east",
      type: "g6-standard-1",
      engineId: "postgresql/14.6",
    });
    new cloud.DatabaseSnapshot("snap", { engine: "mysql", instanceId: db.id, label: "held1" });
  });
  const { stack } = testStack;
  expect(await previewOf(stack, "Vpc", "net")).toContain(
    `property label value {held-net} has a problem: label "held-net" is already taken by VPC ${vpc.id}`,
  );
  expect(await previewOf(stack, "VpcSubnet", "overlap")).toMatch(
    /property ipv4 value \{10\.5\.0\.128\/25\} has a problem: ipv4 10\.5\.0\.128\/25 overlaps subnet \d+ "used" \(10\.5\.0\.0\/24\)/,
  );
  expect(await previewOf(stack, "VpcSubnet", "sibling")).toMatch(
    /property label value \{used\} has a problem: label "used" is already taken by subnet \d+ \(10\.5\.0\.0\/24\)/,
  );
  const pg = await previewOf(stack, "PostgresqlDatabase", "pg");
  expect(pg).toContain(
    `property label value {held-db} has a problem: label "held-db" is already taken by mysql database ${db.id}`,
  );
  expect(pg).toContain("database labels are unique across MySQL and PostgreSQL");
  expect(await previewOf(stack, "DatabaseSnapshot", "snap")).toContain(
    `property label value {held1} has a problem: label "held1" is already taken by backup ${backup!.id} of mysql database ${db.id}`,
  );
  expect(await writes()).toEqual([]);
});
