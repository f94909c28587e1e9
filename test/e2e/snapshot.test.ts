/**
 * A snapshot of a MySQL database through the real engine: `up` waits for the database and then
 * for the backup to be listed, a preview right after is clean, and destroy deletes the backup
 * before the database.
 */
import type { TestStack } from "../support/pulumi";
import { DatabaseSnapshot } from "../../src/resources/database-snapshot/class";
import { MysqlDatabase } from "../../src/resources/mysql-database/class";
import { list, useE2e } from "./helpers";

interface ApiBackup {
  id: number;
  label: string;
  type: string;
}

const e2e = useE2e((emulator) => emulator.control.setTimings({ provisioningSeconds: 2, snapshotSeconds: 1 }));
let testStack: TestStack;

beforeAll(async () => {
  testStack = await e2e.stack(async () => {
    const db = new MysqlDatabase("orders", {
      label: "orders-db",
      region: "us-east",
      type: "g6-nanode-1",
      engineId: "mysql/8.0.30",
    });
    const snapshot = new DatabaseSnapshot("before-migration", {
      engine: "mysql",
      instanceId: db.instanceId,
      label: "beforemigration",
    });
    return {
      instanceId: db.instanceId,
      snapshotId: snapshot.id,
      backupId: snapshot.backupId,
      backupType: snapshot.type,
      backupLabel: snapshot.label,
    };
  });
}, 120_000);

test("up creates the database and its snapshot, and a preview right after shows no changes", async () => {
  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.result).toBe("succeeded");
  expect(up.summary.resourceChanges).toEqual({ create: 3 });

  const instanceId = up.outputs.instanceId.value as number;
  const backups = await list<ApiBackup>(e2e.emulator, `/databases/mysql/instances/${instanceId}/backups`);
  expect(backups.map((b) => ({ label: b.label, type: b.type }))).toEqual([
    { label: "beforemigration", type: "snapshot" },
  ]);
  const [backup] = backups;
  expect(up.outputs.backupId.value).toBe(backup!.id);
  expect(up.outputs.snapshotId.value).toBe(`mysql/${instanceId}/${backup!.id}`);
  expect(up.outputs.backupType.value).toBe("snapshot");
  expect(up.outputs.backupLabel.value).toBe("beforemigration");

  const preview = await testStack.stack.preview({ color: "never", diff: true });
  expect(preview.changeSummary).toEqual({ same: 3 });
});

test("destroy deletes the snapshot and the database", async () => {
  const instanceId = (await testStack.stack.outputs()).instanceId.value as number;
  await e2e.emulator.control.clearRequests();

  const destroy = await testStack.stack.destroy({ color: "never" });
  expect(destroy.summary.result).toBe("succeeded");
  expect(destroy.summary.resourceChanges).toEqual({ delete: 3 });

  const deletes = (await e2e.emulator.control.requests()).filter((r) => r.method === "DELETE").map((r) => r.path);
  expect(deletes).toEqual([
    expect.stringMatching(new RegExp(`^/v4/databases/mysql/instances/${instanceId}/backups/\\d+$`)),
    `/v4/databases/mysql/instances/${instanceId}`,
  ]);
  expect(await list(e2e.emulator, "/databases/instances")).toEqual([]);
});
