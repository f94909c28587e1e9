/**
 * Renaming a snapshot, the way a user meets the 3-snapshot limit. Under the limit the replacement
 * is made before the old snapshot is deleted, so a backup is never missing; when the database
 * already holds 3 snapshots the new one could never be made first, so the old one is deleted
 * first, the preview says so, and `up` converges without hand work. One stack serves both stories.
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
/** The snapshots' labels: resource `snap-<i>` takes `labels[i]`. */
let labels = ["keep1", "old2"];

beforeAll(async () => {
  testStack = await e2e.stack(async () => {
    const db = new MysqlDatabase("orders", {
      label: "limit-db",
      region: "us-east",
      type: "g6-nanode-1",
      engineId: "mysql/8.0.30",
    });
    labels.forEach(
      (label, i) => new DatabaseSnapshot(`snap-${i}`, { engine: "mysql", instanceId: db.instanceId, label }),
    );
    return { instanceId: db.instanceId };
  });
}, 120_000);

async function instanceId(): Promise<number> {
  return (await testStack.stack.outputs()).instanceId.value as number;
}

/** The database's backups as the API lists them. */
async function backups(): Promise<ApiBackup[]> {
  return list<ApiBackup>(e2e.emulator, `/databases/mysql/instances/${await instanceId()}/backups`);
}

/**
 * The replacement steps the preview prints, in its order: `delete original` before `create
 * replacement` means delete-first. Every replacement step must be of `snap-1`.
 */
function replacementSteps(stdout: string): string[] {
  const steps = stdout.split("\n").filter((l) => /^\s*(\+\+|\+-|--) /.test(l));
  expect(steps.every((l) => l.includes("DatabaseSnapshot snap-1 "))).toBe(true);
  return steps.map((l) => /(create replacement|delete original|replace)/.exec(l)?.[1] ?? l);
}

/** Position in the request log of the POST of a new backup and the DELETE of backup `oldId`. */
async function postAndDelete(oldId: number): Promise<{ post: number; del: number }> {
  const requests = await e2e.emulator.control.requests();
  const post = requests.findIndex((r) => r.method === "POST" && /\/backups$/.test(r.path));
  const del = requests.findIndex((r) => r.method === "DELETE" && r.path.endsWith(`/backups/${oldId}`));
  expect(post).toBeGreaterThanOrEqual(0);
  expect(del).toBeGreaterThanOrEqual(0);
  return { post, del };
}

test("under the limit a renamed snapshot is created before the old one is deleted", async () => {
  const { stack } = testStack;
  expect((await stack.up({ color: "never" })).summary.resourceChanges).toEqual({ create: 4 });
  const old = (await backups()).find((b) => b.label === "old2")!;

  labels = ["keep1", "new2"];
  const preview = await stack.preview({ color: "never" });
  expect(preview.changeSummary).toEqual({ same: 3, replace: 1 });
  expect(replacementSteps(preview.stdout)).toEqual(["create replacement", "replace", "delete original"]);
  expect(preview.stdout).not.toContain("is deleted before its replacement");

  await e2e.emulator.control.clearRequests();
  expect((await stack.up({ color: "never" })).summary.resourceChanges).toEqual({ same: 3, replace: 1 });
  const { post, del } = await postAndDelete(old.id);
  expect(post).toBeLessThan(del);
  expect((await backups()).map((b) => b.label).sort()).toEqual(["keep1", "new2"]);
});

test("at the limit a renamed snapshot is deleted first, the preview warns, and the stack converges", async () => {
  const { stack } = testStack;
  labels = ["keep1", "new2", "third3"];
  expect((await stack.up({ color: "never" })).summary.resourceChanges).toEqual({ same: 4, create: 1 });
  const old = (await backups()).find((b) => b.label === "new2")!;

  labels = ["keep1", "renamed2", "third3"];
  const preview = await stack.preview({ color: "never" });
  expect(preview.changeSummary).toEqual({ same: 4, replace: 1 });
  expect(replacementSteps(preview.stdout)).toEqual(["delete original", "replace", "create replacement"]);
  // The dynamic provider's pulumi.log has no engine connection: the warning reaches the engine as
  // the provider's stderr, shown under the stack's diagnostics.
  expect(preview.stdout).toContain(
    `snapshot "new2" of mysql database ${await instanceId()} is deleted before its replacement "renamed2" is ` +
      "made: the database already holds 3 snapshots, the most it may keep",
  );

  await e2e.emulator.control.clearRequests();
  expect((await stack.up({ color: "never" })).summary.resourceChanges).toEqual({ same: 4, replace: 1 });
  const { post, del } = await postAndDelete(old.id);
  expect(del).toBeLessThan(post);
  const after = await backups();
  expect(after.map((b) => ({ label: b.label, type: b.type })).sort((a, b) => a.label.localeCompare(b.label))).toEqual([
    { label: "keep1", type: "snapshot" },
    { label: "renamed2", type: "snapshot" },
    { label: "third3", type: "snapshot" },
  ]);

  expect((await stack.preview({ color: "never" })).changeSummary).toEqual({ same: 5 });
});
