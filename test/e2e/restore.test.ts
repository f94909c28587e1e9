/**
 * Restoring databases from backups through the real engine, against the emulator: a MySQL
 * database from its snapshot and a PostgreSQL one from its latest automatic backup (each chosen in
 * the program with the look-ups), a second `up` and the removal of `restore` that do nothing, the
 * recovery of a degraded database, the refusal at preview of a backup taken before a credentials
 * reset, a lost restore answer that still makes one restore, and a failed cluster brought back by a
 * later backup. Every story is asserted from the emulator's request log and state.
 */
import * as pulumi from "@pulumi/pulumi";
import type { TestStack } from "../support/pulumi";
import { getDatabaseBackupsOutput, getDatabasesOutput } from "../../src/functions/databases";
import { DatabaseSnapshot } from "../../src/resources/database-snapshot/class";
import { MysqlDatabase } from "../../src/resources/mysql-database/class";
import { PostgresqlDatabase } from "../../src/resources/postgresql-database/class";
import { api, failureText, list, useE2e } from "./helpers";

interface ApiBackup {
  id: number;
  label: string;
  type: string;
  created: string;
}

const e2e = useE2e((emulator) =>
  emulator.control.setTimings({ provisioningSeconds: 2, snapshotSeconds: 1, restoreSeconds: 2 }),
);

/** What the program restores, changed by the stories: a backup chosen by a look-up, or by id. */
const wanted: {
  ordersSnapshot?: string;
  ordersBackupId?: number;
  ordersTrigger?: string;
  ordersRotation: string;
  analyticsLatestAuto: boolean;
  analyticsTrigger?: string;
} = { ordersRotation: "r0", analyticsLatestAuto: false };

let testStack: TestStack;

/** The id of the database with this label, looked up in the program (the resource cannot take its own output). */
function databaseId(engine: "mysql" | "postgresql", label: string): pulumi.Output<number> {
  return getDatabasesOutput({ engine, label }).apply((r) => r.databases[0]!.instanceId);
}

beforeAll(async () => {
  testStack = await e2e.stack(async () => {
    let ordersRestore: pulumi.Input<{ backupId: pulumi.Input<number>; trigger?: string }> | undefined;
    if (wanted.ordersSnapshot !== undefined) {
      // A snapshot by label.
      const chosen = getDatabaseBackupsOutput({
        engine: "mysql",
        databaseId: databaseId("mysql", "orders-db"),
        label: wanted.ordersSnapshot,
      });
      ordersRestore = { backupId: chosen.apply((b) => b.latest!.id), trigger: wanted.ordersTrigger };
    } else if (wanted.ordersBackupId !== undefined) {
      ordersRestore = { backupId: wanted.ordersBackupId, trigger: wanted.ordersTrigger };
    }
    const orders = new MysqlDatabase("orders", {
      label: "orders-db",
      region: "us-east",
      type: "g6-nanode-1",
      engineId: "mysql/8.0.30",
      credentialsRotation: wanted.ordersRotation,
      restore: ordersRestore,
    });
    const snapshot = new DatabaseSnapshot("before-migration", {
      engine: "mysql",
      instanceId: orders.instanceId,
      label: "beforemigration",
    });
    const analytics = new PostgresqlDatabase("analytics", {
      label: "analytics-db",
      region: "us-west",
      type: "g6-nanode-1",
      engineId: "postgresql/14.6",
      // The latest automatic backup.
      restore: wanted.analyticsLatestAuto
        ? {
            backupId: getDatabaseBackupsOutput({
              engine: "postgresql",
              databaseId: databaseId("postgresql", "analytics-db"),
              type: "auto",
            }).apply((r) => r.latest!.id),
            trigger: wanted.analyticsTrigger,
          }
        : undefined,
    });
    return {
      ordersId: orders.instanceId,
      ordersStatus: orders.status,
      ordersLastRestore: orders.lastRestore,
      snapshotBackupId: snapshot.backupId,
      analyticsId: analytics.instanceId,
      analyticsStatus: analytics.status,
      analyticsLastRestore: analytics.lastRestore,
    };
  });
  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.resourceChanges).toEqual({ create: 4 });
}, 240_000);

async function outputs(): Promise<Record<string, unknown>> {
  return Object.fromEntries(Object.entries(await testStack.stack.outputs()).map(([k, v]) => [k, v.value]));
}

async function restores(): Promise<{ path: string; status: number; handled: boolean }[]> {
  return (await e2e.emulator.control.requests()).filter((r) => r.method === "POST" && r.path.endsWith("/restore"));
}

async function writes(): Promise<string[]> {
  return (await e2e.emulator.control.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
}

async function status(engine: string, id: unknown): Promise<string> {
  return (await api<{ status: string }>(e2e.emulator, "GET", `/databases/${engine}/instances/${String(id)}`)).status;
}

test("a MySQL database is restored from its snapshot chosen by label: the preview warns, up restores once", async () => {
  const { ordersId, snapshotBackupId } = await outputs();
  wanted.ordersSnapshot = "beforemigration";
  await e2e.emulator.control.clearRequests();

  const preview = await testStack.stack.preview({ color: "never", diff: true });
  expect(preview.changeSummary).toEqual({ same: 3, update: 1 });
  expect(preview.stdout).toContain("restore");
  // The dynamic provider's warnings reach the engine as its stderr; with --diff they are printed there.
  const printed = preview.stdout + preview.stderr;
  expect(printed).toContain(
    `mysql database ${String(ordersId)} ("orders-db") is restored from backup ${String(snapshotBackupId)} ` +
      '(snapshot "beforemigration"',
  );
  expect(printed).toContain("ALL its data is replaced");
  expect(await writes()).toEqual([]);

  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.resourceChanges).toEqual({ same: 3, update: 1 });
  expect(await restores()).toEqual([
    expect.objectContaining({
      path: `/v4/databases/mysql/instances/${String(ordersId)}/backups/${String(snapshotBackupId)}/restore`,
      status: 200,
      handled: true,
    }),
  ]);
  expect(await status("mysql", ordersId)).toBe("active");
  expect(up.outputs.ordersLastRestore.value).toMatchObject({
    backupId: snapshotBackupId,
    label: "beforemigration",
    type: "snapshot",
    restoredAt: expect.any(String),
  });
});

test("the next up, and removing restore from the program, do nothing to the database", async () => {
  await e2e.emulator.control.clearRequests();
  const again = await testStack.stack.up({ color: "never" });
  expect(again.summary.resourceChanges).toEqual({ same: 4 });

  wanted.ordersSnapshot = undefined;
  expect((await testStack.stack.preview({ color: "never", diff: true })).changeSummary).toEqual({ same: 4 });
  const removed = await testStack.stack.up({ color: "never" });
  expect(removed.summary.resourceChanges).toEqual({ same: 4 });
  expect(await writes()).toEqual([]);
});

test("a PostgreSQL database that went degraded is restored from its latest automatic backup and is active again", async () => {
  const { analyticsId } = await outputs();
  await e2e.emulator.control.advanceClock(2 * 86_400);
  const autos = (await list<ApiBackup>(e2e.emulator, `/databases/postgresql/instances/${String(analyticsId)}/backups`))
    .filter((b) => b.type === "auto")
    .sort((a, b) => a.created.localeCompare(b.created));
  expect(autos.length).toBeGreaterThanOrEqual(2);
  const latest = autos.at(-1)!;
  await e2e.emulator.control.setStatus("postgresql", Number(analyticsId), "degraded");
  wanted.analyticsLatestAuto = true;
  await e2e.emulator.control.clearRequests();

  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.resourceChanges).toEqual({ same: 3, update: 1 });
  expect((await restores()).map((r) => r.path)).toEqual([
    `/v4/databases/postgresql/instances/${String(analyticsId)}/backups/${latest.id}/restore`,
  ]);
  expect(await status("postgresql", analyticsId)).toBe("active");
  expect(up.outputs.analyticsStatus.value).toBe("active");
  expect(up.outputs.analyticsLastRestore.value).toMatchObject({ backupId: latest.id, type: "auto" });
  expect((await testStack.stack.preview({ color: "never", diff: true })).changeSummary).toEqual({ same: 4 });
});

test("a backup taken before a credentials reset is refused at preview, naming the field, with no write", async () => {
  const { ordersId, snapshotBackupId } = await outputs();
  wanted.ordersRotation = "r1";
  expect((await testStack.stack.up({ color: "never" })).summary.resourceChanges).toEqual({ same: 3, update: 1 });

  wanted.ordersBackupId = snapshotBackupId as number;
  wanted.ordersTrigger = "undo-again";
  await e2e.emulator.control.clearRequests();
  const message = await failureText(testStack.stack.preview({ color: "never" }));
  expect(message).toContain(`restore.backupId: backup ${String(snapshotBackupId)} ("beforemigration", `);
  expect(message).toContain("was taken before the root password was reset by credentialsRotation");
  expect(await writes()).toEqual([]);
  expect(await status("mysql", ordersId)).toBe("active");
});

test("a lost restore answer still makes exactly one restore", async () => {
  const { ordersId } = await outputs();
  // "The latest automatic backup" moves with every new one: a program that keeps naming it would
  // restore again each day. The analytics program drops its restore before the clock moves on.
  wanted.analyticsLatestAuto = false;
  // An automatic backup taken after the reset.
  await e2e.emulator.control.advanceClock(86_400);
  const backups = await list<ApiBackup>(e2e.emulator, `/databases/mysql/instances/${String(ordersId)}/backups`);
  const latest = backups
    .filter((b) => b.type === "auto")
    .sort((a, b) => a.created.localeCompare(b.created))
    .at(-1)!;
  wanted.ordersBackupId = latest.id;
  const path = `/v4/databases/mysql/instances/${String(ordersId)}/backups/${latest.id}/restore`;
  await e2e.emulator.control.addFault({ method: "POST", path, after: true, drop: true, times: 1 });
  await e2e.emulator.control.clearRequests();

  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.resourceChanges).toEqual({ same: 3, update: 1 });
  // Carried out, its answer lost, and not sent again.
  expect((await restores()).map((r) => [r.path, r.status, r.handled])).toEqual([[path, 0, true]]);
  expect(await status("mysql", ordersId)).toBe("active");
  expect(up.outputs.ordersLastRestore.value).toMatchObject({ backupId: latest.id, type: "auto" });
  expect((await testStack.stack.preview({ color: "never", diff: true })).changeSummary).toEqual({ same: 4 });
});

test("a restore that fails the cluster says why, and a later backup brings the failed database back", async () => {
  const { ordersId } = await outputs();
  const backupsPath = `/databases/mysql/instances/${String(ordersId)}/backups`;
  const latestAuto = async () =>
    (await list<ApiBackup>(e2e.emulator, backupsPath))
      .filter((b) => b.type === "auto")
      .sort((a, b) => a.created.localeCompare(b.created))
      .at(-1)!;
  // A password reset outside this stack: the provider cannot know that this backup predates it.
  const before = await latestAuto();
  await api(e2e.emulator, "POST", `/databases/mysql/instances/${String(ordersId)}/credentials/reset`);
  await e2e.emulator.control.advanceClock(5);
  wanted.ordersBackupId = before.id;
  wanted.ordersTrigger = "undo-3";
  await e2e.emulator.control.clearRequests();

  const message = await failureText(testStack.stack.up({ color: "never" }));
  expect(message).toContain(`ended "failed" after the restore of backup ${before.id}`);
  expect(message).toContain("set restore.backupId to a backup taken after the last reset");
  expect(await status("mysql", ordersId)).toBe("failed");
  expect(await restores()).toHaveLength(1);

  // The way out: a backup taken after the reset, restored from "failed".
  await e2e.emulator.control.advanceClock(86_400);
  const after = await latestAuto();
  wanted.ordersBackupId = after.id;
  await e2e.emulator.control.clearRequests();
  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.resourceChanges).toEqual({ same: 3, update: 1 });
  expect((await restores()).map((r) => r.path)).toEqual([`/v4${backupsPath}/${after.id}/restore`]);
  expect(await status("mysql", ordersId)).toBe("active");
  expect((await testStack.stack.preview({ color: "never", diff: true })).changeSummary).toEqual({ same: 4 });
});
