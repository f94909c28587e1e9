/**
 * A `pulumi up` interrupted while databases provision (one SIGINT, two SIGINTs, SIGKILL of the CLI
 * and its provider processes) is recovered with the commands the engine prints and nothing else:
 * `pulumi cancel` where the engine asks for it, then a plain `pulumi up` on the same machine (the
 * records of the creates in flight prove the objects are the stack's own), or, on a fresh runner
 * without those records (dynamic resources), the adoption the refused `up` prints. Asserted from
 * the emulator: every object exists once, each was created by exactly one POST, the state records
 * them all, the preview after is clean and `destroy` leaves the emulator empty. Each story runs
 * over the dynamic resources and over the plugin (whose process the SIGKILL takes down with the CLI).
 */
import * as pulumi from "@pulumi/pulumi";
import { legacyDemo as demo } from "./legacy-demo";
import type { TestStack } from "../support/pulumi";
import { DYNAMIC, PLUGIN, type Flavour } from "./flavours";
import { engineProcesses, eventually, failureText, forgetCreateRecords, list, useE2e } from "./helpers";

/** Emulated provisioning long enough that only the test ends it (by moving the emulator's clock). */
const PROVISIONING_SECONDS = 3600;

const e2e = useE2e(async (emulator) => emulator.control.setTimings({ provisioningSeconds: PROVISIONING_SECONDS }));

interface Db {
  id: number;
  label: string;
  status: string;
}

/** Both databases of the demo, once the API lists them. */
async function bothProvisioning(): Promise<Db[]> {
  return eventually(async () => {
    const dbs = await list<Db>(e2e.emulator, "/databases/instances");
    return dbs.length === 2 ? dbs : undefined;
  }, "both databases to be created");
}

/** Creates the API saw (handled or not), by path. */
async function createPosts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const r of await e2e.emulator.control.requests()) {
    if (r.method !== "POST" || r.status !== 200) continue;
    counts[r.path] = (counts[r.path] ?? 0) + 1;
  }
  return counts;
}

/** What every story ends with: one object per resource, each made by one POST, a clean preview, an empty emulator after destroy. */
async function assertConverged(testStack: TestStack): Promise<void> {
  const dbs = await list<Db>(e2e.emulator, "/databases/instances");
  expect(dbs.map((d) => [d.label, d.status]).sort()).toEqual([
    ["demo-analytics", "active"],
    ["demo-orders", "active"],
  ]);
  const vpcs = await list<{ id: number; label: string }>(e2e.emulator, "/vpcs");
  expect(vpcs.map((v) => v.label)).toEqual(["demo-network"]);
  const orders = dbs.find((d) => d.label === "demo-orders")!;
  const backups = await list<{ label: string; type: string }>(
    e2e.emulator,
    `/databases/mysql/instances/${orders.id}/backups`,
  );
  expect(backups.filter((b) => b.type === "snapshot").map((b) => b.label)).toEqual(["baseline"]);
  expect(await createPosts()).toEqual({
    "/v4/vpcs": 1,
    [`/v4/vpcs/${vpcs[0]!.id}/subnets`]: 1,
    "/v4/databases/mysql/instances": 1,
    "/v4/databases/postgresql/instances": 1,
    [`/v4/databases/mysql/instances/${orders.id}/backups`]: 1,
  });

  const deployment = (await testStack.stack.exportStack()).deployment as { resources: { type: string; id?: string }[] };
  const ids = Object.fromEntries(
    deployment.resources.filter((r) => r.type.includes("cloudplatform")).map((r) => [r.type.split(":").pop(), r.id]),
  );
  expect(ids).toMatchObject({
    MysqlDatabase: String(orders.id),
    PostgresqlDatabase: String(dbs.find((d) => d.label === "demo-analytics")!.id),
  });

  const preview = await testStack.stack.preview({ color: "never" });
  expect(Object.keys(preview.changeSummary)).toEqual(["same"]);

  const destroy = await testStack.stack.destroy({ color: "never" });
  expect(destroy.summary.result).toBe("succeeded");
  expect(await list(e2e.emulator, "/databases/instances")).toEqual([]);
  expect(await list(e2e.emulator, "/vpcs")).toEqual([]);
}

/**
 * The engine keeps a note of every create it saw interrupted, and warns about it on each `up`
 * until a refresh clears it; the resources themselves are in the state by now.
 */
async function clearEngineNote(testStack: TestStack): Promise<void> {
  const before = (await testStack.stack.exportStack()).deployment as { pending_operations?: unknown[] };
  expect(before.pending_operations).toHaveLength(2);
  const refresh = await testStack.stack.refresh({ color: "never", clearPendingCreates: true });
  expect(refresh.summary.resourceChanges).toEqual({ same: 6 });
  const after = (await testStack.stack.exportStack()).deployment as { pending_operations?: unknown[] };
  expect(after.pending_operations ?? []).toEqual([]);
}

beforeEach(async () => {
  await e2e.emulator.control.clearRequests();
});

describe.each([DYNAMIC, PLUGIN])("over the $name resources", (flavour: Flavour) => {
  test("SIGKILL of the CLI and its providers mid-provisioning: `pulumi cancel`, then a plain `pulumi up` converges", async () => {
    const testStack = await e2e.stack(async () => demo(flavour.cloud), flavour.env());
    const up = testStack.stack.up({ color: "never" });
    await bothProvisioning();
    const engine = engineProcesses(testStack.stack.name, "up");
    expect(engine).toBeDefined();
    for (const pid of engine!.tree) process.kill(pid, "SIGKILL");
    await failureText(up);

    // The engine's lock is still held: the next up says so and names the way out.
    const locked = await failureText(testStack.stack.up({ color: "never" }));
    expect(locked).toContain("pulumi cancel");
    await testStack.stack.cancel();

    // Provisioning is nearly over when the plain up looks: it finds both databases by label and waits them out.
    await e2e.emulator.control.advanceClock(PROVISIONING_SECONDS - 5);
    const recovered = await testStack.stack.up({ color: "never" });
    expect(recovered.summary.result).toBe("succeeded");
    expect(recovered.stdout).toContain("interrupted while creating");
    await clearEngineNote(testStack);
    await assertConverged(testStack);
  });

  test("one SIGINT mid-provisioning: the engine lets the creates in flight finish, and a plain `pulumi up` does the rest", async () => {
    const testStack = await e2e.stack(async () => demo(flavour.cloud), flavour.env());
    const up = testStack.stack.up({ color: "never" });
    await bothProvisioning();
    process.kill(engineProcesses(testStack.stack.name, "up")!.cli, "SIGINT");
    // The engine waits for the two creates it started: let their provisioning end.
    await e2e.emulator.control.advanceClock(PROVISIONING_SECONDS);
    expect(await failureText(up)).toContain("update canceled");

    const next = await testStack.stack.up({ color: "never" });
    // Both databases were recorded by the cancelled run; only the snapshot was left to make.
    expect(next.summary.resourceChanges).toEqual({ create: 1, same: 5 });
    await assertConverged(testStack);
  });

  test("two SIGINTs mid-provisioning: the engine stops at once; a plain `pulumi up` finds both databases and converges", async () => {
    const testStack = await e2e.stack(async () => demo(flavour.cloud), flavour.env());
    let printed = "";
    const up = testStack.stack.up({ color: "never", onOutput: (text) => (printed += text) });
    await bothProvisioning();
    const cli = engineProcesses(testStack.stack.name, "up")!.cli;
    process.kill(cli, "SIGINT");
    // The second ^C, once the engine has taken the first, as a user presses it again.
    await eventually(
      async () => (printed.includes("press ^C again") ? true : undefined),
      "the engine to take the first ^C",
    );
    process.kill(cli, "SIGINT");
    expect(await failureText(up)).toContain("^C received; terminating");

    await e2e.emulator.control.advanceClock(PROVISIONING_SECONDS - 5);
    const next = await testStack.stack.up({ color: "never" });
    expect(next.stdout).toContain("interrupted while creating");
    await clearEngineNote(testStack);
    await assertConverged(testStack);
  });
});

test("SIGKILL, then `up` on a fresh runner: refused without a write; adopting as printed converges", async () => {
  const testStack = await e2e.stack(async () => demo(DYNAMIC.cloud), DYNAMIC.env());
  const up = testStack.stack.up({ color: "never" });
  await bothProvisioning();
  for (const pid of engineProcesses(testStack.stack.name, "up")!.tree) process.kill(pid, "SIGKILL");
  await failureText(up);
  await testStack.stack.cancel();
  // A fresh CI runner: none of this machine's records of the two creates in flight.
  expect(forgetCreateRecords(testStack)).toBe(2);
  await e2e.emulator.control.advanceClock(PROVISIONING_SECONDS - 5);
  const seen = (await e2e.emulator.control.requests()).length;

  // The refused `up` names a database it cannot prove its own, writes nothing, and says to adopt it.
  const refused = await failureText(testStack.stack.up({ color: "never" }));
  expect(refused).toMatch(
    /already taken by (mysql|postgresql) database \d+ .*interrupted on another machine or a fresh CI runner/,
  );
  const log = (await e2e.emulator.control.requests()).slice(seen);
  expect(log.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`)).toEqual([]);

  // The user adopts the databases of the interrupted creates, as the message says.
  const dbs = await list<Db>(e2e.emulator, "/databases/instances");
  const idOf = (label: string): number => dbs.find((d) => d.label === label)!.id;
  const adoptIds: Record<string, number> = { orders: idOf("demo-orders"), analytics: idOf("demo-analytics") };
  testStack.stack.workspace.program = async () => {
    pulumi.runtime.registerStackTransformation((r) =>
      r.name in adoptIds ? { props: { ...r.props, adoptId: adoptIds[r.name] }, opts: r.opts } : undefined,
    );
    return demo(DYNAMIC.cloud);
  };
  const recovered = await testStack.stack.up({ color: "never" });
  expect(recovered.summary.result).toBe("succeeded");
  expect(recovered.stdout).toContain(`Adopting mysql database ${adoptIds.orders} (adoptId)`);
  await clearEngineNote(testStack);
  await assertConverged(testStack);
});
