/**
 * Today's database platform (`rdbms-default`) through the real engine, over both flavours: a
 * default MySQL and a 3-node PostgreSQL created and previewing clean; `clusterSize` 1 -> 3 with a
 * plan change, and a major version upgrade, each applied in place (the emulator's request log: one
 * PUT, no DELETE, no second POST, the same id); a program that sets `replicationType` refused at
 * preview; one account holding a legacy and a today's database, each changed by its own rules.
 */
import type { TestStack } from "../support/pulumi";
import { DYNAMIC, PLUGIN, type Flavour } from "./flavours";
import { failureText, useE2e } from "./helpers";

const e2e = useE2e((emulator) =>
  emulator.control.setTimings({ provisioningSeconds: 2, updatingSeconds: 1, resizeSeconds: 2, upgradeSeconds: 2 }),
);

/** The writes of the emulator's request log since the last clear, as `METHOD path`. */
async function writes(): Promise<string[]> {
  return (await e2e.emulator.control.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
}

describe.each([DYNAMIC, PLUGIN])("over the $name resources", (flavour: Flavour) => {
  let testStack: TestStack;
  /** What the program asks for; the stories change it between runs. */
  const wanted: {
    mysql: { type: string; clusterSize?: number; replicationType?: string };
    pg: { engineId: string };
  } = { mysql: { type: "g6-standard-1" }, pg: { engineId: "postgresql/16" } };

  beforeAll(async () => {
    await e2e.emulator.control.reset();
    await e2e.emulator.control.setTimings({
      provisioningSeconds: 2,
      updatingSeconds: 1,
      resizeSeconds: 2,
      upgradeSeconds: 2,
    });
    await e2e.emulator.control.setPlatform("rdbms-default");
    const { MysqlDatabase, PostgresqlDatabase } = flavour.cloud;
    testStack = await e2e.stack(async () => {
      const orders = new MysqlDatabase("orders", {
        label: `orders-${flavour.name}`,
        region: "us-east",
        engineId: "mysql/8",
        ...wanted.mysql,
      } as ConstructorParameters<typeof MysqlDatabase>[1]);
      const analytics = new PostgresqlDatabase("analytics", {
        label: `analytics-${flavour.name}`,
        region: "us-east",
        type: "g6-dedicated-4",
        engineId: wanted.pg.engineId,
        clusterSize: 3,
      });
      return {
        ordersId: orders.instanceId,
        ordersPlatform: orders.platform,
        ordersVersion: orders.version,
        ordersSize: orders.clusterSize,
        ordersStandby: orders.standbyHost,
        analyticsId: analytics.instanceId,
        analyticsEngine: analytics.engineId,
        analyticsVersion: analytics.version,
        analyticsStandby: analytics.standbyHost,
      };
    }, flavour.env());
  }, 120_000);

  test("a default MySQL and a 3-node PostgreSQL are created on today's platform; the preview after is clean", async () => {
    await e2e.emulator.control.clearRequests();
    const up = await testStack.stack.up({ color: "never" });
    expect(up.summary.resourceChanges).toEqual({ create: 3 });
    const o = up.outputs;
    expect(o.ordersPlatform.value).toBe("rdbms-default");
    expect(o.ordersVersion.value).toMatch(/^8\.0\.\d+$/);
    expect(o.analyticsEngine.value).toBe("postgresql/16");
    expect(o.analyticsStandby.value).toMatch(/^replica-/);
    // The engine creates both at once: in either order.
    expect((await writes()).sort()).toEqual([
      "POST /v4/databases/mysql/instances",
      "POST /v4/databases/postgresql/instances",
    ]);
    expect((await testStack.stack.preview({ color: "never" })).changeSummary).toEqual({ same: 3 });
  });

  test("clusterSize 1 -> 3 and a plan change go in place: one PUT, no DELETE, no second POST, the same id", async () => {
    const before = (await testStack.stack.outputs()).ordersId.value as number;
    wanted.mysql = { type: "g6-standard-2", clusterSize: 3 };
    await e2e.emulator.control.clearRequests();
    const up = await testStack.stack.up({ color: "never" });
    expect(up.summary.resourceChanges).toEqual({ update: 1, same: 2 });
    expect(up.outputs.ordersId.value).toBe(before);
    expect(up.outputs.ordersSize.value).toBe(3);
    expect(up.outputs.ordersStandby.value).toMatch(/^replica-/);
    expect(await writes()).toEqual([`PUT /v4/databases/mysql/instances/${before}`]);
    expect((await testStack.stack.preview({ color: "never" })).changeSummary).toEqual({ same: 3 });
  });

  test("a major version upgrade goes in place", async () => {
    const before = (await testStack.stack.outputs()).analyticsId.value as number;
    wanted.pg = { engineId: "postgresql/17" };
    await e2e.emulator.control.clearRequests();
    const up = await testStack.stack.up({ color: "never" });
    expect(up.summary.resourceChanges).toEqual({ update: 1, same: 2 });
    expect(up.outputs.analyticsId.value).toBe(before);
    expect(up.outputs.analyticsEngine.value).toBe("postgresql/17");
    expect(up.outputs.analyticsVersion.value).toMatch(/^17\./);
    expect(await writes()).toEqual([`PUT /v4/databases/postgresql/instances/${before}`]);
    expect((await testStack.stack.preview({ color: "never" })).changeSummary).toEqual({ same: 3 });
  });

  test("a program that sets replicationType is refused at preview, naming the field and the platform", async () => {
    wanted.mysql = { ...wanted.mysql, replicationType: "semi_synch" };
    await e2e.emulator.control.clearRequests();
    const message = await failureText(testStack.stack.preview({ color: "never" }));
    expect(message).toContain("replicationType");
    expect(message).toContain("rdbms-default");
    expect(await writes()).toEqual([]);
    delete wanted.mysql.replicationType;
  });
});

test("one account holds a legacy and a today's database, each changed by its own rules", async () => {
  await e2e.emulator.control.reset();
  await e2e.emulator.control.setTimings({
    provisioningSeconds: 2,
    updatingSeconds: 1,
    resizeSeconds: 2,
    upgradeSeconds: 2,
  });
  const flavour = DYNAMIC;
  const { MysqlDatabase } = flavour.cloud;
  const wanted = { old: { type: "g6-standard-1" }, today: 1, withToday: false };
  const testStack = await e2e.stack(async () => {
    const old = new MysqlDatabase("old", {
      label: "old-db",
      region: "us-east",
      engineId: "mysql/8.0.30",
      ...wanted.old,
    });
    const outputs: Record<string, unknown> = { oldId: old.instanceId, oldPlatform: old.platform };
    if (wanted.withToday) {
      const today = new MysqlDatabase("today", {
        label: "today-db",
        region: "us-east",
        type: "g6-standard-1",
        engineId: "mysql/8",
        clusterSize: wanted.today,
      });
      outputs.todayId = today.instanceId;
      outputs.todayPlatform = today.platform;
    }
    return outputs;
  }, flavour.env());

  // The legacy database, made while the API made legacy ones; then today's beside it.
  expect((await testStack.stack.up({ color: "never" })).summary.resourceChanges).toEqual({ create: 2 });
  await e2e.emulator.control.setPlatform("rdbms-default");
  wanted.withToday = true;
  const both = await testStack.stack.up({ color: "never" });
  expect(both.summary.resourceChanges).toEqual({ create: 1, same: 2 });
  expect(both.outputs.oldPlatform?.value).toBeUndefined();
  expect(both.outputs.todayPlatform.value).toBe("rdbms-default");
  expect((await testStack.stack.preview({ color: "never" })).changeSummary).toEqual({ same: 3 });

  // Each changed in place by its own rules: the legacy one grows its plan, today's grows to 3 nodes.
  wanted.old = { type: "g6-standard-2" };
  wanted.today = 3;
  await e2e.emulator.control.clearRequests();
  const changed = await testStack.stack.up({ color: "never" });
  expect(changed.summary.resourceChanges).toEqual({ update: 2, same: 1 });
  const ids = { old: changed.outputs.oldId.value as number, today: changed.outputs.todayId.value as number };
  expect((await writes()).sort()).toEqual(
    [`PUT /v4/databases/mysql/instances/${ids.old}`, `PUT /v4/databases/mysql/instances/${ids.today}`].sort(),
  );
  expect((await testStack.stack.preview({ color: "never" })).changeSummary).toEqual({ same: 3 });

  // The legacy database's cluster size is its platform's replacement, made on today's platform:
  // the preview refuses the full-version engine id the replacement would send.
  wanted.old = { type: "g6-standard-2", clusterSize: 3 } as typeof wanted.old;
  const message = await failureText(testStack.stack.preview({ color: "never" }));
  expect(message).toContain("engineId");
  expect(message).toContain("invalid engine");
});
