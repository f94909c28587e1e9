/**
 * Change paths a user meets in an ordinary week, through the real engine, asserted from the
 * emulator's state and request log: nothing is deleted by surprise, and every path converges.
 *   - an adopted database or VPC that is later replaced is replaced by a new object, not lost;
 *   - a region in outage does not block a stack that is not changing there;
 *   - a replacement whose new inputs lack a required one fails at preview, before any delete;
 *   - a timeouts-only change on a degraded database touches nothing at the API;
 *   - a first `credentialsRotation` on an existing database records it and rotates nothing;
 *   - adopting a VPC that has a description, from a program that sets none, keeps the description;
 *   - invalid programs (an inline subnet without its range, a subnet overlapping an inline one, a
 *     secondary snapshot of a one-node database) fail at preview with zero API writes;
 *   - swapping inline subnet labels, a step failing after a rotation, and a change after a
 *     refresh all converge and preview only what happens.
 */
import { DatabaseSnapshot } from "../../src/resources/database-snapshot/class";
import { MysqlDatabase } from "../../src/resources/mysql-database/class";
import { Vpc } from "../../src/resources/vpc/class";
import { VpcSubnet } from "../../src/resources/vpc-subnet/class";
import { api, failureText, list, useE2e } from "./helpers";

const e2e = useE2e((emulator) => emulator.control.setTimings({ provisioningSeconds: 1, updatingSeconds: 1 }));

interface ApiDatabase {
  id: number;
  label: string;
  status: string;
  cluster_size: number;
}

/** API writes (anything but GET) since the request log was last cleared. */
async function writes(): Promise<string[]> {
  return (await e2e.emulator.control.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
}

const db = { region: "us-east", type: "g6-nanode-1", engineId: "mysql/8.0.30" };

beforeEach(async () => {
  await e2e.emulator.control.reset();
  await e2e.emulator.control.setTimings({ provisioningSeconds: 1, updatingSeconds: 1 });
});

test("an adopted database that is later replaced is replaced by a new one, not deleted and lost", async () => {
  // The API's names: `engine`, not the resource's `engineId` (a key it does not define is a 400).
  const { engineId: engine, ...apiFields } = db;
  const existing = await api<ApiDatabase>(e2e.emulator, "POST", "/databases/mysql/instances", {
    label: "legacy-db",
    ...apiFields,
    engine,
  });
  let clusterSize: 1 | 3 = 1;
  const testStack = await e2e.stack(async () => {
    const legacy = new MysqlDatabase("legacy", { label: "legacy-db", ...db, clusterSize, adoptId: existing.id });
    return { id: legacy.id };
  });
  expect((await testStack.stack.up({ color: "never" })).outputs.id.value).toBe(String(existing.id));

  clusterSize = 3;
  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.resourceChanges).toEqual({ replace: 1, same: 1 });
  const dbs = await list<ApiDatabase>(e2e.emulator, "/databases/mysql/instances");
  expect(dbs.map((d) => [d.label, d.cluster_size, d.status])).toEqual([["legacy-db", 3, "active"]]);
  expect(dbs[0]!.id).not.toBe(existing.id);
  expect(up.outputs.id.value).toBe(String(dbs[0]!.id));
  expect(Object.keys((await testStack.stack.preview({ color: "never" })).changeSummary)).toEqual(["same"]);
});

test("an adopted VPC replaced in another region is made anew there", async () => {
  const existing = await api<{ id: number }>(e2e.emulator, "POST", "/vpcs", { label: "legacy-net", region: "us-east" });
  let region = "us-east";
  const testStack = await e2e.stack(async () => {
    const net = new Vpc("legacy", { label: "legacy-net", region, adoptId: existing.id });
    return { id: net.id };
  });
  await testStack.stack.up({ color: "never" });
  region = "us-west";
  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.resourceChanges).toEqual({ replace: 1, same: 1 });
  const vpcs = await list<{ id: number; label: string; region: string }>(e2e.emulator, "/vpcs");
  expect(vpcs.map((v) => [v.label, v.region])).toEqual([["legacy-net", "us-west"]]);
  expect(up.outputs.id.value).toBe(String(vpcs[0]!.id));
});

test("a region in outage does not block a stack that is not changing there", async () => {
  const testStack = await e2e.stack(async () => {
    const net = new Vpc("net", { label: "steady-net", region: "us-east" });
    const orders = new MysqlDatabase("orders", { label: "steady-db", ...db });
    return { net: net.id, orders: orders.id };
  });
  await testStack.stack.up({ color: "never" });

  const region = await api<Record<string, unknown>>(e2e.emulator, "GET", "/regions/us-east");
  await e2e.emulator.control.seed({ regions: [{ ...region, status: "outage" }] });
  await e2e.emulator.control.clearRequests();
  const preview = await testStack.stack.preview({ color: "never" });
  expect(Object.keys(preview.changeSummary)).toEqual(["same"]);
  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.resourceChanges).toEqual({ same: 3 });
  expect(await writes()).toEqual([]);
});

test("a replacement whose new inputs lack a required one fails at preview, and nothing is deleted", async () => {
  let broken = false;
  const testStack = await e2e.stack(async () => {
    // The type comes from somewhere that turned out empty (a config value, a lookup).
    const type = broken ? (undefined as unknown as string) : db.type;
    const engineId = broken ? "mysql/5.7.39" : db.engineId;
    const orders = new MysqlDatabase("orders", { label: "kept-db", region: db.region, type, engineId });
    return { id: orders.id };
  });
  await testStack.stack.up({ color: "never" });
  const before = await list<ApiDatabase>(e2e.emulator, "/databases/mysql/instances");
  await e2e.emulator.control.clearRequests();

  broken = true;
  const message = await failureText(testStack.stack.preview({ color: "never" }));
  expect(message).toContain("type is required");
  expect(await failureText(testStack.stack.up({ color: "never" }))).toContain("type is required");
  expect(await writes()).toEqual([]);
  expect(await list<ApiDatabase>(e2e.emulator, "/databases/mysql/instances")).toEqual(before);
});

test("a timeouts-only change on a degraded database is recorded without touching the API", async () => {
  const limits: { timeouts?: { delete: string } } = {};
  const testStack = await e2e.stack(async () => {
    const orders = new MysqlDatabase("orders", { label: "sick-db", ...db, ...limits });
    return { id: orders.id };
  });
  const id = Number((await testStack.stack.up({ color: "never" })).outputs.id.value);
  await e2e.emulator.control.setStatus("mysql", id, "degraded");
  await e2e.emulator.control.clearRequests();

  limits.timeouts = { delete: "2h" };
  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.resourceChanges).toEqual({ update: 1, same: 1 });
  expect(await e2e.emulator.control.requests()).toEqual([]);
  const deployment = (await testStack.stack.exportStack()).deployment as {
    resources: { type: string; outputs?: Record<string, unknown> }[];
  };
  const state = deployment.resources.find((r) => r.type.endsWith("MysqlDatabase"));
  expect(state?.outputs?.timeouts).toEqual({ delete: "2h" });
});

test("a first credentialsRotation on an existing database records it and rotates nothing; a change rotates", async () => {
  let rotation: string | undefined;
  const testStack = await e2e.stack(async () => {
    const orders = new MysqlDatabase("orders", {
      label: "rotating-db",
      ...db,
      ...(rotation ? { credentialsRotation: rotation } : {}),
    });
    return { id: orders.id, password: orders.rootPassword };
  });
  const first = await testStack.stack.up({ color: "never" });
  await e2e.emulator.control.clearRequests();

  rotation = "2026-11";
  const tracked = await testStack.stack.up({ color: "never" });
  expect(tracked.outputs.password.value).toBe(first.outputs.password.value);
  expect(await writes()).toEqual([]);

  rotation = "2026-12";
  const rotated = await testStack.stack.up({ color: "never" });
  expect(rotated.outputs.password.value).not.toBe(first.outputs.password.value);
  expect(await writes()).toEqual([`POST /v4/databases/mysql/instances/${first.outputs.id.value}/credentials/reset`]);
});

test("adopting a VPC that has a description, from a program that sets none, keeps the description", async () => {
  const existing = await api<{ id: number }>(e2e.emulator, "POST", "/vpcs", {
    label: "described-net",
    region: "us-east",
    description: "owned by the network team",
  });
  await e2e.emulator.control.clearRequests();
  const testStack = await e2e.stack(async () => {
    const net = new Vpc("net", { label: "described-net", region: "us-east", adoptId: existing.id });
    return { description: net.description };
  });
  const up = await testStack.stack.up({ color: "never" });
  expect(up.outputs.description.value).toBe("owned by the network team");
  expect(await writes()).toEqual([]);
  expect(Object.keys((await testStack.stack.preview({ color: "never" })).changeSummary)).toEqual(["same"]);
});

test("an inline subnet without its range fails at preview, naming the field, with zero API writes", async () => {
  const testStack = await e2e.stack(async () => {
    const net = new Vpc("net", {
      label: "partial-net",
      region: "us-east",
      subnets: [{ label: "web" } as unknown as { label: string; ipv4: string }],
    });
    return { id: net.id };
  });
  await e2e.emulator.control.clearRequests();
  expect(await failureText(testStack.stack.preview({ color: "never" }))).toContain("subnets[0].ipv4 is required");
  expect(await writes()).toEqual([]);
  expect(await list(e2e.emulator, "/vpcs")).toEqual([]);
});

test("swapping the labels of two inline subnets converges", async () => {
  let labels = ["web", "db"];
  const testStack = await e2e.stack(async () => {
    const net = new Vpc("net", {
      label: "swap-net",
      region: "us-east",
      subnets: [
        { label: labels[0]!, ipv4: "10.0.1.0/24" },
        { label: labels[1]!, ipv4: "10.0.2.0/24" },
      ],
    });
    return { id: net.id };
  });
  const id = (await testStack.stack.up({ color: "never" })).outputs.id.value as string;
  labels = ["db", "web"];
  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.resourceChanges).toEqual({ update: 1, same: 1 });
  const subnets = await list<{ label: string; ipv4: string }>(e2e.emulator, `/vpcs/${id}/subnets`);
  expect(subnets.map((s) => [s.ipv4, s.label]).sort()).toEqual([
    ["10.0.1.0/24", "db"],
    ["10.0.2.0/24", "web"],
  ]);
  expect(Object.keys((await testStack.stack.preview({ color: "never" })).changeSummary)).toEqual(["same"]);
});

test("a step failing after a credentials rotation keeps the rotation in the state: the next up does not rotate again", async () => {
  let rotation = "r0";
  let patch = "p0";
  const testStack = await e2e.stack(async () => {
    const orders = new MysqlDatabase("orders", {
      label: "partial-db",
      ...db,
      credentialsRotation: rotation,
      patchNow: patch,
    });
    return { id: orders.id, password: orders.rootPassword };
  });
  const first = await testStack.stack.up({ color: "never" });
  const id = first.outputs.id.value as string;
  const patchPath = `/v4/databases/mysql/instances/${id}/patch`;
  await e2e.emulator.control.addFault({ method: "POST", path: patchPath, status: 400, times: 1 });
  await e2e.emulator.control.clearRequests();

  rotation = "r1";
  patch = "p1";
  const failed = await failureText(testStack.stack.up({ color: "never" }));
  expect(failed).toContain(`POST ${patchPath} failed (400)`);
  expect(failed).toContain(`updated part-way (id ${id})`);
  const rotatedPassword = (
    await api<{ password: string }>(e2e.emulator, "GET", `/databases/mysql/instances/${id}/credentials`)
  ).password;
  expect(rotatedPassword).not.toBe(first.outputs.password.value);

  await e2e.emulator.control.clearRequests();
  const next = await testStack.stack.up({ color: "never" });
  expect(next.outputs.password.value).toBe(rotatedPassword);
  expect(await writes()).toEqual([`POST ${patchPath}`]);
  expect(Object.keys((await testStack.stack.preview({ color: "never" })).changeSummary)).toEqual(["same"]);
});

test("after a refresh, a change previews only itself, never the removal of values the API filled in", async () => {
  let allowList = ["10.0.0.0/16"];
  let label = "refreshed-net";
  const testStack = await e2e.stack(async () => {
    const orders = new MysqlDatabase("orders", { label: "refreshed-db", ...db, allowList });
    const net = new Vpc("net", { label, region: "us-east" });
    return { id: orders.id, net: net.id };
  });
  await testStack.stack.up({ color: "never" });
  expect((await testStack.stack.refresh({ color: "never" })).summary.resourceChanges).toEqual({ same: 3 });

  allowList = ["10.1.0.0/16"];
  label = "renamed-net";
  const preview = await testStack.stack.preview({ color: "never", diff: true });
  expect(preview.changeSummary).toEqual({ update: 2, same: 1 });
  expect(preview.stdout).toContain("allowList");
  expect(preview.stdout).not.toContain("updates");
  expect(preview.stdout).not.toContain("description");
  expect(preview.stdout).not.toContain("dayOfWeek");
});

test("a subnet overlapping an inline subnet, and a secondary snapshot of a one-node database, fail at preview with zero API writes", async () => {
  const overlapping = await e2e.stack(async () => {
    const net = new Vpc("net", {
      label: "inline-net",
      region: "us-east",
      subnets: [{ label: "web", ipv4: "10.0.1.0/24" }],
    });
    new VpcSubnet("extra", { vpcId: net.vpcId, label: "extra", ipv4: "10.0.1.128/25" });
    return {};
  });
  const secondary = await e2e.stack(async () => {
    const single = new MysqlDatabase("single", { label: "single-db", ...db });
    new DatabaseSnapshot("nightly", {
      engine: "mysql",
      instanceId: single.instanceId,
      label: "n1",
      target: "secondary",
    });
    return {};
  });
  await e2e.emulator.control.clearRequests();
  const overlap = await failureText(overlapping.stack.preview({ color: "never" }));
  expect(overlap).toContain("ipv4 10.0.1.128/25 overlaps subnets[0].ipv4 10.0.1.0/24 of the Vpc that vpcId names");
  const target = await failureText(secondary.stack.preview({ color: "never" }));
  expect(target).toContain('target "secondary" needs a 3-node cluster');
  expect(await writes()).toEqual([]);
});
