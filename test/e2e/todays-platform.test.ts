/**
 * Today's database platform (`rdbms-default`, every database the API has made since late 2024)
 * through the real engine, over the dynamic resources and over the plugin, asserted from the
 * emulator's state and request log (issue 40):
 *   - a default MySQL database and a 3-node PostgreSQL cluster are created, and the preview after
 *     the `up` is clean (the version the API answers, `8.0.x`, is not a change of `mysql/8`);
 *   - `clusterSize` 1 -> 3 with a plan change, and a major version upgrade (PostgreSQL 14 -> 16),
 *     are each one PUT of the same database: no DELETE, no second POST, the same id;
 *   - a program that sets `replicationType` is refused at preview, naming the field and the
 *     platform, and nothing is written to the API;
 *   - an account holding a database of the contract's platform (made before the switch) and one of
 *     today's: each changes by its own platform's rules (a plan resize in place on both, a cluster
 *     size in place on today's; on the contract's a replacement, made on today's platform, so its
 *     full-version engine id is refused at preview until the program names a major one).
 * The contract platform's stories (databases.test.ts and the rest) run with the switch off.
 */
import type { TestStack } from "../support/pulumi";
import { DYNAMIC, PLUGIN, type Flavour } from "./flavours";
import { api, failureText, list, useE2e } from "./helpers";

/** Every wait of the emulator's clock is a second, so a resize or an upgrade is waited out in a few. */
const TIMINGS = { provisioningSeconds: 1, updatingSeconds: 1, resizeSeconds: 1, upgradeSeconds: 1 };

const e2e = useE2e(async (emulator) => {
  await emulator.control.setTimings(TIMINGS);
  await emulator.control.setPlatform("rdbms-default");
});

interface ApiDatabase {
  id: number;
  label: string;
  type: string;
  engine: string;
  version: string;
  cluster_size: number;
  status: string;
  platform?: string;
  hosts: { primary: string; standby?: string | null; secondary?: string | null };
}

/** The API writes (anything but GET) since the log was last cleared, with their paths as sent. */
async function writes(): Promise<string[]> {
  const log = await e2e.emulator.control.requests();
  return log.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
}

/** What a preview plans: its summary, and whether its text plans a replacement. */
async function planned(testStack: TestStack): Promise<{ summary: Record<string, number>; replaces: boolean }> {
  const preview = await testStack.stack.preview({ color: "never", diff: true });
  return { summary: preview.changeSummary as Record<string, number>, replaces: /replace/i.test(preview.stdout) };
}

/** A database as the API answers it now. */
function database(engine: "mysql" | "postgresql", id: number): Promise<ApiDatabase> {
  return api<ApiDatabase>(e2e.emulator, "GET", `/databases/${engine}/instances/${id}`);
}

describe.each([DYNAMIC, PLUGIN])("over the $name resources", (flavour: Flavour) => {
  const { MysqlDatabase, PostgresqlDatabase } = flavour.cloud;
  const prefix = flavour.name;

  describe("a MySQL database and a PostgreSQL cluster on today's platform", () => {
    /** What the program asks for; the stories change it between runs. */
    const wanted = {
      ordersType: "g6-nanode-1",
      ordersSize: undefined as 1 | 3 | undefined,
      analyticsEngine: "postgresql/14",
      analyticsReplication: undefined as "asynch" | undefined,
    };
    let testStack: TestStack;
    let ordersId: number;
    let analyticsId: number;

    beforeAll(async () => {
      testStack = await e2e.stack(async () => {
        // The defaults a new user leaves out: cluster size, replication, encryption, window.
        const orders = new MysqlDatabase("orders", {
          label: `${prefix}-orders`,
          region: "us-east",
          type: wanted.ordersType,
          engineId: "mysql/8",
          ...(wanted.ordersSize === undefined ? {} : { clusterSize: wanted.ordersSize }),
        });
        const analytics = new PostgresqlDatabase("analytics", {
          label: `${prefix}-analytics`,
          region: "us-west",
          type: "g6-nanode-1",
          engineId: wanted.analyticsEngine,
          clusterSize: 3,
          ...(wanted.analyticsReplication === undefined ? {} : { replicationType: wanted.analyticsReplication }),
        });
        return {
          ordersId: orders.instanceId,
          ordersEngineId: orders.engineId,
          ordersVersion: orders.version,
          ordersPlatform: orders.platform,
          ordersStandby: orders.standbyHost,
          ordersStatus: orders.status,
          ordersSize: orders.clusterSize,
          ordersType: orders.type,
          analyticsId: analytics.instanceId,
          analyticsEngineId: analytics.engineId,
          analyticsVersion: analytics.version,
          analyticsPlatform: analytics.platform,
          analyticsStandby: analytics.standbyHost,
          analyticsStatus: analytics.status,
        };
      }, flavour.env());
    }, 120_000);

    test("a default MySQL database and a 3-node PostgreSQL cluster are created, and the preview after is clean", async () => {
      await e2e.emulator.control.clearRequests();
      const up = await testStack.stack.up({ color: "never" });
      expect(up.summary.resourceChanges).toEqual({ create: 3 });
      const o = up.outputs;
      ordersId = o.ordersId.value as number;
      analyticsId = o.analyticsId.value as number;
      // The two creates run at once: their order varies.
      expect((await writes()).sort()).toEqual([
        "POST /v4/databases/mysql/instances",
        "POST /v4/databases/postgresql/instances",
      ]);

      const mysql = await database("mysql", ordersId);
      const postgresql = await database("postgresql", analyticsId);
      expect(mysql).toMatchObject({ platform: "rdbms-default", engine: "mysql", cluster_size: 1, status: "active" });
      expect(postgresql).toMatchObject({ platform: "rdbms-default", cluster_size: 3, status: "active" });
      // The state shows what the API answers: the full version once active, the id as written.
      expect(mysql.version).toMatch(/^8\.0\.\d+$/);
      expect(o.ordersEngineId.value).toBe("mysql/8");
      expect(o.ordersVersion.value).toBe(mysql.version);
      expect(o.ordersPlatform.value).toBe("rdbms-default");
      expect(o.ordersStandby?.value).toBeUndefined(); // one node: no standby host
      expect(o.analyticsEngineId.value).toBe("postgresql/14");
      expect(o.analyticsVersion.value).toMatch(/^14\.\d+$/);
      expect(o.analyticsPlatform.value).toBe("rdbms-default");
      expect(o.analyticsStandby.value).toBe(postgresql.hosts.standby);
      expect(o.analyticsStandby.value).toEqual(expect.any(String));

      await e2e.emulator.control.clearRequests();
      expect(await planned(testStack)).toEqual({ summary: { same: 3 }, replaces: false });
      expect(await writes()).toEqual([]);
    });

    test("clusterSize 1 -> 3 and a plan change are one PUT of the same database, waited out, and the preview after is clean", async () => {
      wanted.ordersSize = 3;
      wanted.ordersType = "g6-standard-1";
      const preview = await planned(testStack);
      expect(preview).toEqual({ summary: { same: 2, update: 1 }, replaces: false });

      await e2e.emulator.control.clearRequests();
      const up = await testStack.stack.up({ color: "never" });
      expect(up.summary.resourceChanges).toEqual({ same: 2, update: 1 });
      expect(await writes()).toEqual([`PUT /v4/databases/mysql/instances/${ordersId}`]);
      expect(up.outputs.ordersId.value).toBe(ordersId);
      expect(up.outputs.ordersSize.value).toBe(3);
      expect(up.outputs.ordersType.value).toBe("g6-standard-1");
      expect(up.outputs.ordersStatus.value).toBe("active");
      expect(up.outputs.ordersStandby.value).toEqual(expect.any(String));
      const mysql = await list<ApiDatabase>(e2e.emulator, "/databases/mysql/instances");
      expect(mysql.map((d) => [d.id, d.type, d.cluster_size, d.status])).toContainEqual([
        ordersId,
        "g6-standard-1",
        3,
        "active",
      ]);

      await e2e.emulator.control.clearRequests();
      expect(await planned(testStack)).toEqual({ summary: { same: 3 }, replaces: false });
      expect(await writes()).toEqual([]);
    });

    test("a major version upgrade (PostgreSQL 14 -> 16) is one PUT of the same database, and the preview after is clean", async () => {
      wanted.analyticsEngine = "postgresql/16";
      expect(await planned(testStack)).toEqual({ summary: { same: 2, update: 1 }, replaces: false });

      await e2e.emulator.control.clearRequests();
      const up = await testStack.stack.up({ color: "never" });
      expect(up.summary.resourceChanges).toEqual({ same: 2, update: 1 });
      expect(await writes()).toEqual([`PUT /v4/databases/postgresql/instances/${analyticsId}`]);
      expect(up.outputs.analyticsId.value).toBe(analyticsId);
      expect(up.outputs.analyticsEngineId.value).toBe("postgresql/16");
      expect(up.outputs.analyticsVersion.value).toMatch(/^16\.\d+$/);
      expect(await database("postgresql", analyticsId)).toMatchObject({ status: "active", cluster_size: 3 });
      expect((await database("postgresql", analyticsId)).version).toMatch(/^16\.\d+$/);

      await e2e.emulator.control.clearRequests();
      expect(await planned(testStack)).toEqual({ summary: { same: 3 }, replaces: false });
      expect(await writes()).toEqual([]);
    });

    test("a replicationType added to a database that stays is refused at preview too, and nothing is written", async () => {
      // A setting the contract's platform took on a 3-node cluster; today's platform takes none.
      wanted.analyticsReplication = "asynch";
      await e2e.emulator.control.clearRequests();
      const message = await failureText(testStack.stack.preview({ color: "never" }));
      expect(message).toContain("PostgresqlDatabase resource 'analytics'");
      expect(message).toContain('replicationType "asynch" is refused on the rdbms-default platform');
      expect(message).toContain("Configuring replication_type is no longer supported");
      expect(await writes()).toEqual([]);

      wanted.analyticsReplication = undefined;
      expect(await planned(testStack)).toEqual({ summary: { same: 3 }, replaces: false });
    });
  });

  test("a program that sets replicationType is refused at preview, naming the field and the platform, and nothing is written", async () => {
    const testStack = await e2e.stack(async () => {
      new MysqlDatabase("replicated", {
        label: `${prefix}-replicated`,
        region: "us-east",
        type: "g6-nanode-1",
        engineId: "mysql/8",
        clusterSize: 3,
        replicationType: "semi_synch",
      });
    }, flavour.env());
    await e2e.emulator.control.clearRequests();

    const message = await failureText(testStack.stack.preview({ color: "never" }));
    expect(message).toContain("MysqlDatabase resource 'replicated'");
    expect(message).toContain("replicationType");
    expect(message).toContain("rdbms-default");
    expect(message).toContain("Configuring replication_type is no longer supported");
    expect(await failureText(testStack.stack.up({ color: "never" }))).toContain("replicationType");

    expect(await writes()).toEqual([]);
    const labels = (await list<ApiDatabase>(e2e.emulator, "/databases/instances")).map((d) => d.label);
    expect(labels).not.toContain(`${prefix}-replicated`);
  });

  test("an account holding a database of the contract's platform and one of today's: each changes by its own rules", async () => {
    const wanted = {
      oldSize: 1 as 1 | 3,
      newSize: 1 as 1 | 3,
      todays: false,
      oldEngine: "mysql/8.0.30",
      oldType: "g6-nanode-1",
    };
    const testStack = await e2e.stack(async () => {
      const old = new MysqlDatabase("old", {
        label: `${prefix}-old`,
        region: "us-east",
        type: wanted.oldType,
        engineId: wanted.oldEngine,
        clusterSize: wanted.oldSize,
      });
      const outputs: Record<string, unknown> = { oldId: old.instanceId, oldPlatform: old.platform };
      if (wanted.todays) {
        const current = new MysqlDatabase("new", {
          label: `${prefix}-new`,
          region: "us-east",
          type: "g6-nanode-1",
          engineId: "mysql/8",
          clusterSize: wanted.newSize,
        });
        Object.assign(outputs, { newId: current.instanceId, newPlatform: current.platform });
      }
      return outputs;
    }, flavour.env());

    // Made before late 2024: the emulator's switch off.
    await e2e.emulator.control.setPlatform("rdbms-legacy");
    let up;
    try {
      up = await testStack.stack.up({ color: "never" });
    } finally {
      await e2e.emulator.control.setPlatform("rdbms-default");
    }
    const oldId = up.outputs.oldId.value as number;
    expect(up.outputs.oldPlatform?.value).toBeUndefined(); // the contract's answers name no platform
    expect(await database("mysql", oldId)).toMatchObject({ version: "8.0.30", cluster_size: 1 });
    expect((await database("mysql", oldId)).platform).toBeUndefined();

    wanted.todays = true;
    up = await testStack.stack.up({ color: "never" });
    expect(up.summary.resourceChanges).toEqual({ same: 2, create: 1 });
    const newId = up.outputs.newId.value as number;
    expect(up.outputs.oldId.value).toBe(oldId);
    expect(up.outputs.newPlatform.value).toBe("rdbms-default");
    expect((await database("mysql", newId)).platform).toBe("rdbms-default");
    expect(await planned(testStack)).toEqual({ summary: { same: 3 }, replaces: false });

    // A larger plan for the old one (the contract resizes it in place), three nodes for today's
    // (in place on its platform): one PUT each, the same ids.
    wanted.oldType = "g6-standard-1";
    wanted.newSize = 3;
    expect(await planned(testStack)).toEqual({ summary: { same: 1, update: 2 }, replaces: false });
    await e2e.emulator.control.clearRequests();
    up = await testStack.stack.up({ color: "never" });
    expect(up.summary.resourceChanges).toEqual({ same: 1, update: 2 });
    expect((await writes()).sort()).toEqual(
      [`PUT /v4/databases/mysql/instances/${oldId}`, `PUT /v4/databases/mysql/instances/${newId}`].sort(),
    );
    expect(await database("mysql", oldId)).toMatchObject({ type: "g6-standard-1", cluster_size: 1, status: "active" });
    expect(await database("mysql", newId)).toMatchObject({ type: "g6-nanode-1", cluster_size: 3, status: "active" });
    expect(await planned(testStack)).toEqual({ summary: { same: 3 }, replaces: false });

    // Three nodes for the old one too. The contract's platform cannot resize a cluster in place:
    // the database is replaced, and the API makes every new database on today's platform, which
    // refuses a full version: the preview says so before anything is deleted.
    wanted.oldSize = 3;
    await e2e.emulator.control.clearRequests();
    const refused = await failureText(testStack.stack.preview({ color: "never", diff: true }));
    expect(refused).toContain("MysqlDatabase resource 'old'");
    expect(refused).toContain('engineId "mysql/8.0.30" is refused on the rdbms-default platform');
    expect(refused).toContain('"invalid engine"');
    expect(await writes()).toEqual([]);
    expect((await database("mysql", oldId)).cluster_size).toBe(1);

    // With today's engine id, the old database is replaced by a 3-node one on today's platform.
    wanted.oldEngine = "mysql/8";
    expect(await planned(testStack)).toEqual({ summary: { same: 2, replace: 1 }, replaces: true });

    await e2e.emulator.control.clearRequests();
    up = await testStack.stack.up({ color: "never" });
    expect(up.summary.resourceChanges).toEqual({ same: 2, replace: 1 });
    const replacement = up.outputs.oldId.value as number;
    expect(replacement).not.toBe(oldId);
    expect(up.outputs.newId.value).toBe(newId);
    expect(up.outputs.oldPlatform.value).toBe("rdbms-default");
    // The label stays, so the old one is deleted first.
    expect(await writes()).toEqual([
      `DELETE /v4/databases/mysql/instances/${oldId}`,
      "POST /v4/databases/mysql/instances",
    ]);
    const mysql = await list<ApiDatabase>(e2e.emulator, "/databases/mysql/instances");
    const mine = mysql.filter((d) => d.label.startsWith(`${prefix}-`) && /-(old|new)$/.test(d.label));
    expect(mine.map((d) => [d.label, d.id, d.cluster_size, d.platform]).sort()).toEqual(
      [
        [`${prefix}-new`, newId, 3, "rdbms-default"],
        [`${prefix}-old`, replacement, 3, "rdbms-default"],
      ].sort(),
    );
    expect(await planned(testStack)).toEqual({ summary: { same: 3 }, replaces: false });
  });
});
