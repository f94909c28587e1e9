/**
 * The databases' last gaps with the official provider (issue 47), through the real engine, over
 * the dynamic resources and over the plugin, asserted from the emulator's state, its request log
 * and the request bodies it received:
 *   - an allow-list change keeps the hosts known at preview: a resource that takes the primary
 *     host as input (here a VPC's description) is not planned as changing; a move into a VPC makes
 *     them unknown there, and after the `up` they hold the API's new (`private-`) hosts, no refresh;
 *   - an engine setting removed from the program: no change at preview; with a label change, the
 *     one PUT carries no `engine_config`; the API's value (changed meanwhile by another client)
 *     stays, and shows in the output `engineConfig`;
 *   - a fork without a restore time: its output `fork.restoreTime` shows the moment the API
 *     restored from, and the preview after is clean.
 * One engine per flavour (PostgreSQL over the dynamic resources, MySQL over the plugin: the other
 * way round from todays-features.test.ts, so each engine goes through both).
 */
import * as pulumi from "@pulumi/pulumi";
import type { TestStack } from "../support/pulumi";
import type { Exchange } from "../support/exchanges";
import { DYNAMIC, PLUGIN, type Flavour } from "./flavours";
import { api, eventually, useE2e } from "./helpers";

const exchanges: Exchange[] = [];
const e2e = useE2e(
  async (emulator) => {
    await emulator.control.setTimings({ provisioningSeconds: 1, updatingSeconds: 1, firstBackupSeconds: 1 });
    await emulator.control.setPlatform("rdbms-default");
  },
  {},
  exchanges,
);

/**
 * Each engine's settings: two set, then the second removed (its wire name, and the value another
 * client gives it meanwhile); one the API fills in.
 */
const SETTINGS = {
  mysql: {
    both: { mysql: { connectTimeout: 20, waitTimeout: 100 } },
    fewer: { mysql: { connectTimeout: 20 } },
    group: "mysql",
    removed: "wait_timeout",
    removedName: "waitTimeout",
    elsewhere: 120,
    filled: { sqlRequirePrimaryKey: true },
  },
  postgresql: {
    both: { pg: { deadlockTimeout: 1000, idleInTransactionSessionTimeout: 60000 } },
    fewer: { pg: { deadlockTimeout: 1000 } },
    group: "pg",
    removed: "idle_in_transaction_session_timeout",
    removedName: "idleInTransactionSessionTimeout",
    elsewhere: 120_000,
    filled: { passwordEncryption: "md5" },
  },
} as const;

/** What a preview plans. */
async function planned(testStack: TestStack): Promise<Record<string, number>> {
  const preview = await testStack.stack.preview({ color: "never" });
  return preview.changeSummary as Record<string, number>;
}

/** The API writes since the log was last cleared, as `METHOD path` lines. */
async function writeLines(): Promise<string[]> {
  const log = await e2e.emulator.control.requests();
  return log.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
}

describe.each([DYNAMIC, PLUGIN])("over the $name resources", (flavour: Flavour) => {
  const { MysqlDatabase, PostgresqlDatabase, Vpc, VpcSubnet } = flavour.cloud;
  const prefix = `${flavour.name}-gaps`;
  const engine = flavour.name === "dynamic" ? "postgresql" : "mysql";
  const settings = SETTINGS[engine];
  const instances = `/v4/databases/${engine}/instances`;
  const wanted = {
    allowList: ["203.0.113.0/24"],
    engineConfig: settings.both as object,
    label: `${prefix}-orders`,
    inVpc: false,
    fork: false,
  };
  let testStack: TestStack;
  let dbId: number;
  let host: string;

  beforeAll(async () => {
    testStack = await e2e.stack(async () => {
      const vpc = new Vpc("network", { label: `${prefix}-network`, region: "us-east" });
      const data = new VpcSubnet("data", { vpcId: vpc.vpcId, label: "data", ipv4: "10.47.1.0/24" });
      const args = {
        label: wanted.label,
        region: "us-east",
        type: "g6-nanode-1",
        allowList: wanted.allowList,
        engineConfig: wanted.engineConfig,
        ...(wanted.inVpc ? { privateNetwork: { vpcId: vpc.vpcId, subnetId: data.subnetId } } : {}),
      };
      const make = (name: string, more: object) =>
        engine === "mysql"
          ? new MysqlDatabase(name, { ...args, ...more, engineId: "mysql/8" })
          : new PostgresqlDatabase(name, { ...args, ...more, engineId: "postgresql/16" });
      const db = make("orders", {});
      // A resource that takes the primary host as input: planned as changing only when the host may change.
      new Vpc("follower", {
        label: `${prefix}-follower`,
        region: "us-east",
        description: db.hosts.apply((h) => h?.primary ?? ""),
      });
      const copy = wanted.fork
        ? make("copy", {
            label: `${prefix}-copy`,
            fork: { source: db.instanceId },
            engineConfig: undefined,
            privateNetwork: undefined,
          })
        : undefined;
      return {
        dbId: db.instanceId,
        host: db.hosts.apply((h) => h?.primary),
        engineConfig: db.engineConfig,
        ...(copy
          ? { copyId: copy.instanceId, restoredFrom: pulumi.output(copy.fork).apply((f) => f?.restoreTime) }
          : {}),
      };
    }, flavour.env());
  }, 120_000);

  /** One `up`, the writes it made, and the preview after it, which must be clean. */
  async function upThenClean(): Promise<{ outputs: Record<string, { value: unknown }>; lines: string[] }> {
    await e2e.emulator.control.clearRequests();
    exchanges.length = 0;
    const up = await testStack.stack.up({ color: "never" });
    const lines = await writeLines();
    const total = Object.values(up.summary.resourceChanges ?? {}).reduce((a, b) => a + (b ?? 0), 0);
    await e2e.emulator.control.clearRequests();
    expect(await planned(testStack)).toEqual({ same: total });
    expect(await writeLines()).toEqual([]);
    return { outputs: up.outputs, lines };
  }

  test("made: the database's engine settings output shows those the API filled in too", async () => {
    const { outputs } = await upThenClean();
    dbId = outputs.dbId.value as number;
    host = outputs.host.value as string;
    expect(host).toEqual(expect.stringContaining(`a${dbId}-`));
    // The program's settings, and one the API filled in.
    expect(outputs.engineConfig.value).toMatchObject(settings.both);
    expect(outputs.engineConfig.value).toMatchObject({ [settings.group]: settings.filled });
  });

  test("an allow-list change: the host stays known at preview (the follower is not planned), one PUT", async () => {
    wanted.allowList = ["203.0.113.0/24", "198.51.100.7/32"];
    // The stack, the VPC, its subnet and the follower stay; the database alone is updated.
    expect(await planned(testStack)).toEqual({ same: 4, update: 1 });
    const { outputs, lines } = await upThenClean();
    expect(lines).toEqual([`PUT ${instances}/${dbId}`]);
    expect(outputs.host.value).toBe(host);
  });

  test("an engine setting removed: no change alone; with a label change never sent, its API value kept and shown", async () => {
    wanted.engineConfig = settings.fewer;
    expect(await planned(testStack)).toEqual({ same: 5 });
    // Another client changes the setting meanwhile: the output shows the API's value, not the program's last.
    await api(e2e.emulator, "PUT", `/databases/${engine}/instances/${dbId}`, {
      engine_config: { [settings.group]: { [settings.removed]: settings.elsewhere } },
    });
    wanted.label = `${prefix}-renamed`;
    expect(await planned(testStack)).toEqual({ same: 4, update: 1 });
    const { outputs, lines } = await upThenClean();
    expect(lines).toEqual([`PUT ${instances}/${dbId}`]);
    const bodies = exchanges.filter((x) => x.operation.startsWith("PUT /databases")).map((x) => x.request);
    expect(bodies).toEqual([{ label: `${prefix}-renamed` }]);
    const held = await api<{ engine_config: Record<string, Record<string, unknown>> }>(
      e2e.emulator,
      "GET",
      `/databases/${engine}/instances/${dbId}`,
    );
    expect(held.engine_config[settings.group]![settings.removed]).toBe(settings.elsewhere);
    expect(outputs.engineConfig.value).toMatchObject({
      [settings.group]: { [settings.removedName]: settings.elsewhere },
    });
  });

  test("a move into a VPC: the host unknown at preview (the follower planned too); after the up, the API's new host", async () => {
    wanted.inVpc = true;
    expect(await planned(testStack)).toEqual({ same: 3, update: 2 });
    const { outputs, lines } = await upThenClean();
    expect(lines.filter((l) => l.startsWith("PUT /v4/databases"))).toEqual([`PUT ${instances}/${dbId}`]);
    expect(outputs.host.value).toBe(`private-${host}`);
    const follower = await api<{ data: { label: string; description: string }[] }>(e2e.emulator, "GET", "/vpcs");
    expect(follower.data.find((v) => v.label === `${prefix}-follower`)?.description).toBe(`private-${host}`);
  });

  test("a fork without a restore time: its output shows the moment the API restored from, the preview after clean", async () => {
    await eventually(
      async () =>
        (await api<{ oldest_restore_time?: string }>(e2e.emulator, "GET", `/databases/${engine}/instances/${dbId}`))
          .oldest_restore_time,
      "the first backup",
    );
    wanted.fork = true;
    const { outputs, lines } = await upThenClean();
    expect(lines).toEqual([`POST ${instances}`]);
    const copyId = outputs.copyId.value as number;
    const held = await api<{ fork: { source: number; restore_time: string } }>(
      e2e.emulator,
      "GET",
      `/databases/${engine}/instances/${copyId}`,
    );
    expect(held.fork.source).toBe(dbId);
    expect(outputs.restoredFrom.value).toBe(held.fork.restore_time);

    await testStack.stack.destroy({ color: "never" });
    expect(await api<{ data: unknown[] }>(e2e.emulator, "GET", `/databases/${engine}/instances`)).toMatchObject({
      data: [],
    });
  });
});
