/**
 * The real API's published rules, through the real engine, asserted from the emulator's state and
 * request log:
 *   - a resize and an allow-list change in one `up` go as two PUTs (the API refuses them in one),
 *     both applied, a clean preview after; a failure between the two is resumed by the next `up`
 *     without repeating the first;
 *   - a three-node cluster the API would refuse (replication "none", a PostgreSQL commit type
 *     other than "local" or "off") fails at preview naming the field, with zero API writes;
 *   - what the API takes is not refused: a snapshot label with an underscore, an allow-list range
 *     with host bits set (no diff after `up`), a VPC in a region reporting an outage (a warning).
 */
import { DatabaseSnapshot } from "../../src/resources/database-snapshot/class";
import { MysqlDatabase } from "../../src/resources/mysql-database/class";
import { PostgresqlDatabase } from "../../src/resources/postgresql-database/class";
import { Vpc } from "../../src/resources/vpc/class";
import { api, failureText, list, type StateResource, useE2e } from "./helpers";

const TIMINGS = { provisioningSeconds: 1, updatingSeconds: 1, snapshotSeconds: 1 };
const e2e = useE2e((emulator) => emulator.control.setTimings(TIMINGS));

interface ApiDatabase {
  id: number;
  type: string;
  allow_list: string[];
  status: string;
}

/** API writes (anything but GET) since the request log was last cleared, with their status. */
async function writes(): Promise<string[]> {
  return (await e2e.emulator.control.requests())
    .filter((r) => r.method !== "GET")
    .map((r) => `${r.method} ${r.path} ${r.status}`);
}

beforeEach(async () => {
  await e2e.emulator.control.reset();
  await e2e.emulator.control.setTimings(TIMINGS);
});

test("a resize and an allow-list change in one up are two PUTs; a failure between them is resumed without repeating the first", async () => {
  const wanted = { type: "g6-nanode-1", allowList: ["10.0.0.0/24"] };
  const testStack = await e2e.stack(async () => {
    const db = new MysqlDatabase("orders", {
      label: "resized-db",
      region: "us-east",
      engineId: "mysql/8.0.30",
      ...wanted,
    });
    return { id: db.id };
  });
  const id = (await testStack.stack.up({ color: "never" })).outputs.id.value as string;
  const path = `/v4/databases/mysql/instances/${id}`;
  const read = () => api<ApiDatabase>(e2e.emulator, "GET", `/databases/mysql/instances/${id}`);

  // Both in one `up`: the allow list first, then, once active again, the resize.
  await e2e.emulator.control.clearRequests();
  Object.assign(wanted, { type: "g6-standard-1", allowList: ["10.0.0.0/16"] });
  expect((await testStack.stack.up({ color: "never" })).summary.resourceChanges).toEqual({ update: 1, same: 1 });
  expect(await writes()).toEqual([`PUT ${path} 200`, `PUT ${path} 200`]);
  expect(await read()).toMatchObject({ type: "g6-standard-1", allow_list: ["10.0.0.0/16"], status: "active" });
  expect((await testStack.stack.preview({ color: "never" })).changeSummary).toEqual({ same: 2 });

  // The second PUT fails: the `up` fails with the allow list applied and recorded in the state.
  await e2e.emulator.control.addFault({
    method: "PUT",
    path,
    status: 400,
    times: 1,
    startAfter: { method: "PUT", path },
  });
  await e2e.emulator.control.clearRequests();
  Object.assign(wanted, { type: "g6-standard-2", allowList: ["10.1.0.0/16"] });
  const failed = await failureText(testStack.stack.up({ color: "never" }));
  expect(failed).toContain(`PUT ${path} failed (400)`);
  expect(failed).toContain(`updated part-way (id ${id})`);
  expect(await writes()).toEqual([`PUT ${path} 200`, `PUT ${path} 400`]);
  expect(await read()).toMatchObject({ type: "g6-standard-1", allow_list: ["10.1.0.0/16"] });
  const deployment = (await testStack.stack.exportStack()).deployment as { resources: StateResource[] };
  const recorded = deployment.resources.find((r) => r.id === id)!.outputs!;
  expect(recorded).toMatchObject({ type: "g6-standard-1", allowList: ["10.1.0.0/16"] });

  // The next `up` sends only the resize.
  await e2e.emulator.control.clearRequests();
  expect((await testStack.stack.up({ color: "never" })).summary.resourceChanges).toEqual({ update: 1, same: 1 });
  expect(await writes()).toEqual([`PUT ${path} 200`]);
  expect(await read()).toMatchObject({ type: "g6-standard-2", allow_list: ["10.1.0.0/16"], status: "active" });
  expect((await testStack.stack.preview({ color: "never" })).changeSummary).toEqual({ same: 2 });
});

test("three-node clusters the API refuses fail at preview naming the field; what it takes passes and deploys", async () => {
  // The engine stops at the first resource whose check fails: one program, then the other.
  let engine: "mysql" | "postgresql" = "mysql";
  const refused = await e2e.stack(async () => {
    const common = { label: "ha-db", region: "us-east", type: "g6-nanode-1", clusterSize: 3 };
    if (engine === "mysql") new MysqlDatabase("ha", { ...common, engineId: "mysql/8.0.30", replicationType: "none" });
    else
      new PostgresqlDatabase("ha", { ...common, engineId: "postgresql/14.6", replicationCommitType: "remote_write" });
    return {};
  });
  await e2e.emulator.control.clearRequests();
  expect(await failureText(refused.stack.preview({ color: "never" }))).toContain(
    'property replicationType value {none} has a problem: replicationType "none" is refused for a 3-node ' +
      'cluster (clusterSize 3): use "asynch" or "semi_synch", or leave it out for "semi_synch"',
  );
  engine = "postgresql";
  expect(await failureText(refused.stack.preview({ color: "never" }))).toContain(
    'property replicationCommitType value {remote_write} has a problem: replicationCommitType must be "local" ' +
      'or "off" with replicationType "asynch"',
  );
  expect(await writes()).toEqual([]);

  // An underscore in a snapshot label, host bits in an allow-list range, a VPC where the region
  // reports an outage: the API takes or decides them, so the preview does not refuse them.
  const accepted = await e2e.stack(async () => {
    const net = new Vpc("net", { label: "outage-net", region: "ap-south" });
    const db = new MysqlDatabase("orders", {
      label: "taken-db",
      region: "us-east",
      type: "g6-nanode-1",
      engineId: "mysql/8.0.30",
      allowList: ["10.0.0.1/24"],
    });
    const nightly = new DatabaseSnapshot("nightly", { engine: "mysql", instanceId: db.instanceId, label: "nightly_1" });
    return { net: net.id, allowList: db.allowList, snapshot: nightly.id };
  });
  const preview = await accepted.stack.preview({ color: "never" });
  expect(preview.changeSummary).toEqual({ create: 4 });
  expect(preview.stdout).toContain('region "ap-south" reports status "outage"');
  const up = await accepted.stack.up({ color: "never" });
  expect(up.summary.resourceChanges).toEqual({ create: 4 });
  expect((await list<{ region: string }>(e2e.emulator, "/vpcs")).map((v) => v.region)).toEqual(["ap-south"]);
  const [db] = await list<ApiDatabase>(e2e.emulator, "/databases/mysql/instances");
  const backups = await list<{ label: string }>(e2e.emulator, `/databases/mysql/instances/${db!.id}/backups`);
  expect(backups.map((b) => b.label)).toEqual(["nightly_1"]);
  // Whatever the API stores for the range, the program's spelling makes no diff.
  expect(db!.allow_list).toEqual(["10.0.0.1/24"]);
  expect((await accepted.stack.preview({ color: "never" })).changeSummary).toEqual({ same: 4 });
});
