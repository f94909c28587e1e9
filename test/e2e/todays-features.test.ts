/**
 * What today's database platform adds (issue 41), through the real engine, over the dynamic
 * resources and over the plugin, asserted from the emulator's state and request log:
 *   - a VPC, two subnets and a database inside the first, made in one program (the subnet's id is
 *     unknown at preview: no false refusal); moved to the other subnet, detached (`privateNetwork`
 *     removed) and joined again, each one PUT of the same database, never a DELETE or a second
 *     POST, the preview after each clean; `destroy` of all of it deletes the subnet after its
 *     database, its first DELETE refused while the API releases it and the next taken;
 *   - a fork of a database of the same program at a restore time in the source's window (written
 *     with a zone the API does not write, which the API holds in its own), one POST whose database holds
 *     `fork: {source, restore_time}`; the fork removed from the program is one DELETE, the source left;
 *   - the source suspended (`suspended: true`, one POST /suspend, status suspended) and resumed
 *     (`false`, one POST /resume, active), the same database, never a replacement, previews clean.
 * One engine per flavour (MySQL over the dynamic resources, PostgreSQL over the plugin).
 */
import type { TestStack } from "../support/pulumi";
import { DYNAMIC, PLUGIN, type Flavour } from "./flavours";
import { api, eventually, useE2e } from "./helpers";

/**
 * Every wait of the emulator's clock is a second or two: the subnet's release after its database,
 * a source's first backup (the start of its restore window), a suspend and a resume.
 */
const TIMINGS = {
  provisioningSeconds: 1,
  updatingSeconds: 1,
  subnetReleaseSeconds: 1,
  firstBackupSeconds: 1,
  suspendSeconds: 1,
  resumeSeconds: 2,
};

const e2e = useE2e(async (emulator) => {
  await emulator.control.setTimings(TIMINGS);
  await emulator.control.setPlatform("rdbms-default");
});

/** A database as the API answers it, the parts these stories read. */
interface ApiDatabase {
  id: number;
  status: string;
  oldest_restore_time?: string;
  fork?: { source: number; restore_time: string };
}

interface LoggedWrite {
  method: string;
  path: string;
  status: number;
}

/** The API writes (anything but GET) since the log was last cleared, with their answers' statuses. */
async function writes(): Promise<LoggedWrite[]> {
  const log = await e2e.emulator.control.requests();
  return log.filter((r) => r.method !== "GET").map((r) => ({ method: r.method, path: r.path, status: r.status }));
}

/** The same, as `METHOD path` lines. */
async function writeLines(): Promise<string[]> {
  return (await writes()).map((w) => `${w.method} ${w.path}`);
}

/** What a preview plans: its summary, and whether its text plans a replacement. */
async function planned(testStack: TestStack): Promise<{ summary: Record<string, number>; replaces: boolean }> {
  const preview = await testStack.stack.preview({ color: "never", diff: true });
  return { summary: preview.changeSummary as Record<string, number>, replaces: /replace/i.test(preview.stdout) };
}

describe.each([DYNAMIC, PLUGIN])("over the $name resources", (flavour: Flavour) => {
  const { MysqlDatabase, PostgresqlDatabase, Vpc, VpcSubnet } = flavour.cloud;
  const prefix = flavour.name;
  // One engine per flavour: both engines' resources go through the same story.
  const engine = flavour.name === "dynamic" ? "mysql" : "postgresql";
  const instances = `/v4/databases/${engine}/instances`;

  describe("a database in a VPC subnet, moved, detached and joined again in place, then destroyed", () => {
    /** Which subnet the program puts the database in; undefined is no privateNetwork. */
    const wanted = { subnet: "first" as "first" | "second" | undefined };
    let testStack: TestStack;
    let vpcId: number;
    let firstId: number;
    let secondId: number;
    let dbId: number;

    beforeAll(async () => {
      testStack = await e2e.stack(async () => {
        const vpc = new Vpc("network", { label: `${prefix}-network`, region: "us-east" });
        const first = new VpcSubnet("first", { vpcId: vpc.vpcId, label: "first", ipv4: "10.40.1.0/24" });
        const second = new VpcSubnet("second", { vpcId: vpc.vpcId, label: "second", ipv4: "10.40.2.0/24" });
        const subnet = wanted.subnet === "first" ? first : wanted.subnet === "second" ? second : undefined;
        const args = {
          label: `${prefix}-orders`,
          region: "us-east",
          type: "g6-nanode-1",
          ...(subnet ? { privateNetwork: { vpcId: vpc.vpcId, subnetId: subnet.subnetId, publicAccess: false } } : {}),
        };
        const db =
          engine === "mysql"
            ? new MysqlDatabase("orders", { ...args, engineId: "mysql/8" })
            : new PostgresqlDatabase("orders", { ...args, engineId: "postgresql/16" });
        return {
          vpcId: vpc.vpcId,
          firstId: first.subnetId,
          secondId: second.subnetId,
          dbId: db.instanceId,
          privateNetwork: db.privateNetwork,
        };
      }, flavour.env());
    }, 120_000);

    /** The database's private network as the API holds it now. */
    async function heldNetwork(): Promise<unknown> {
      const db = await api<{ private_network: unknown }>(e2e.emulator, "GET", `/databases/${engine}/instances/${dbId}`);
      return db.private_network;
    }

    /** One `up` of the program as `wanted` says: one PUT of the same database, the preview after clean. */
    async function movedInPlace(): Promise<Record<string, { value: unknown }>> {
      expect(await planned(testStack)).toEqual({ summary: { same: 4, update: 1 }, replaces: false });
      await e2e.emulator.control.clearRequests();
      const up = await testStack.stack.up({ color: "never" });
      expect(up.summary.resourceChanges).toEqual({ same: 4, update: 1 });
      expect(await writeLines()).toEqual([`PUT ${instances}/${dbId}`]);
      expect(up.outputs.dbId.value).toBe(dbId);

      await e2e.emulator.control.clearRequests();
      expect(await planned(testStack)).toEqual({ summary: { same: 5 }, replaces: false });
      expect(await writes()).toEqual([]);
      return up.outputs;
    }

    test("a VPC, two subnets and a database in the first are made in one program, and the preview after is clean", async () => {
      // The subnet's id is unknown at preview: nothing is refused.
      expect((await planned(testStack)).summary).toEqual({ create: 5 });
      await e2e.emulator.control.clearRequests();
      const up = await testStack.stack.up({ color: "never" });
      expect(up.summary.resourceChanges).toEqual({ create: 5 });
      vpcId = up.outputs.vpcId.value as number;
      firstId = up.outputs.firstId.value as number;
      secondId = up.outputs.secondId.value as number;
      dbId = up.outputs.dbId.value as number;
      // The VPC first, its subnets (in either order), the database once its subnet exists.
      const lines = await writeLines();
      expect(lines[0]).toBe("POST /v4/vpcs");
      expect(lines.slice(1, 3).sort()).toEqual([`POST /v4/vpcs/${vpcId}/subnets`, `POST /v4/vpcs/${vpcId}/subnets`]);
      expect(lines.slice(3)).toEqual([`POST ${instances}`]);

      expect(await heldNetwork()).toEqual({ vpc_id: vpcId, subnet_id: firstId, public_access: false });
      expect(up.outputs.privateNetwork.value).toEqual({ vpcId, subnetId: firstId, publicAccess: false });
      const subnet = await api<{ databases: { id: number }[] }>(
        e2e.emulator,
        "GET",
        `/vpcs/${vpcId}/subnets/${firstId}`,
      );
      expect(subnet.databases.map((d) => d.id)).toEqual([dbId]);

      await e2e.emulator.control.clearRequests();
      expect(await planned(testStack)).toEqual({ summary: { same: 5 }, replaces: false });
      expect(await writes()).toEqual([]);
    });

    test("moved to the other subnet of the same VPC: one PUT of the same database", async () => {
      wanted.subnet = "second";
      const outputs = await movedInPlace();
      expect(await heldNetwork()).toEqual({ vpc_id: vpcId, subnet_id: secondId, public_access: false });
      expect(outputs.privateNetwork.value).toEqual({ vpcId, subnetId: secondId, publicAccess: false });
    });

    test("detached (privateNetwork removed): one PUT of the same database, which leaves the VPC", async () => {
      wanted.subnet = undefined;
      const outputs = await movedInPlace();
      expect(await heldNetwork()).toBeNull();
      expect(outputs.privateNetwork?.value ?? null).toBeNull();
    });

    test("joined to the first subnet again: one PUT of the same database", async () => {
      wanted.subnet = "first";
      const outputs = await movedInPlace();
      expect(await heldNetwork()).toEqual({ vpc_id: vpcId, subnet_id: firstId, public_access: false });
      expect(outputs.privateNetwork.value).toEqual({ vpcId, subnetId: firstId, publicAccess: false });
    });

    test("destroy removes all of it: the subnet after its database, its release waited out", async () => {
      await e2e.emulator.control.clearRequests();
      const destroy = await testStack.stack.destroy({ color: "never" });
      expect(destroy.summary.resourceChanges).toEqual({ delete: 5 });
      const log = await writes();
      const at = (method: string, path: string): number[] =>
        log.flatMap((w, i) => (w.method === method && w.path === path ? [i] : []));
      const dbDelete = at("DELETE", `${instances}/${dbId}`);
      const firstDeletes = at("DELETE", `/v4/vpcs/${vpcId}/subnets/${firstId}`);
      const vpcDelete = at("DELETE", `/v4/vpcs/${vpcId}`);
      expect(dbDelete).toHaveLength(1);
      expect(log[dbDelete[0]!]!.status).toBe(200);
      // The database's subnet: refused while the API releases it, then taken, all after the database.
      expect(firstDeletes.length).toBeGreaterThanOrEqual(2);
      expect(firstDeletes[0]!).toBeGreaterThan(dbDelete[0]!);
      expect(firstDeletes.map((i) => log[i]!.status)).toEqual([...firstDeletes.slice(1).map(() => 400), 200]);
      expect(at("DELETE", `/v4/vpcs/${vpcId}/subnets/${secondId}`).map((i) => log[i]!.status)).toEqual([200]);
      expect(vpcDelete.map((i) => log[i]!.status)).toEqual([200]);
      expect(vpcDelete[0]!).toBeGreaterThan(firstDeletes.at(-1)!);
      expect(log.filter((w) => w.method !== "DELETE")).toEqual([]);

      expect(await api<{ data: unknown[] }>(e2e.emulator, "GET", `/databases/${engine}/instances`)).toMatchObject({
        data: [],
      });
      expect(await api<{ data: unknown[] }>(e2e.emulator, "GET", "/vpcs")).toMatchObject({ data: [] });
    });
  });

  describe("a fork at a restore time from a database of the same program, then suspend and resume", () => {
    /** The fork's restore time (none: no fork) and the source's suspension, as the program asks. */
    const wanted = { restoreTime: undefined as string | undefined, suspended: undefined as boolean | undefined };
    let testStack: TestStack;
    let sourceId: number;
    let forkId: number;

    beforeAll(async () => {
      testStack = await e2e.stack(async () => {
        const args = { region: "us-east", type: "g6-nanode-1" };
        const make = (name: string, more: Record<string, unknown>) =>
          engine === "mysql"
            ? new MysqlDatabase(name, { ...args, ...more, label: `${prefix}-${name}`, engineId: "mysql/8" })
            : new PostgresqlDatabase(name, { ...args, ...more, label: `${prefix}-${name}`, engineId: "postgresql/16" });
        const source = make("source", wanted.suspended === undefined ? {} : { suspended: wanted.suspended });
        const fork =
          wanted.restoreTime === undefined
            ? undefined
            : make("fork", { fork: { source: source.instanceId, restoreTime: wanted.restoreTime } });
        return {
          sourceId: source.instanceId,
          sourceStatus: source.status,
          suspended: source.suspended,
          oldestRestoreTime: source.oldestRestoreTime,
          ...(fork ? { forkId: fork.instanceId } : {}),
        };
      }, flavour.env());
    }, 120_000);

    /** A database as the API answers it now, or undefined when it is gone. */
    async function held(id: number): Promise<ApiDatabase | undefined> {
      const all = await api<{ data: ApiDatabase[] }>(e2e.emulator, "GET", `/databases/${engine}/instances`);
      return all.data.find((d) => d.id === id);
    }

    test("the source is made, then a fork of it at a restore time in its window: one POST carrying fork, the preview after clean", async () => {
      await e2e.emulator.control.clearRequests();
      const made = await testStack.stack.up({ color: "never" });
      expect(made.summary.resourceChanges).toEqual({ create: 2 });
      sourceId = made.outputs.sourceId.value as number;
      // The source's first backup opens its restore window; the fork restores to its start, written
      // with a zone the API does not write; the API holds it in its own spelling.
      const oldest = await eventually(async () => (await held(sourceId))?.oldest_restore_time, "the first backup");
      wanted.restoreTime = `${oldest}Z`;
      expect(await planned(testStack)).toEqual({ summary: { same: 2, create: 1 }, replaces: false });

      await e2e.emulator.control.clearRequests();
      const up = await testStack.stack.up({ color: "never" });
      expect(up.summary.resourceChanges).toEqual({ same: 2, create: 1 });
      expect(await writeLines()).toEqual([`POST ${instances}`]);
      forkId = up.outputs.forkId.value as number;
      expect(forkId).not.toBe(sourceId);
      // The API holds the fork as its create asked: the source and the instant, as the API writes times.
      expect((await held(forkId))!.fork).toEqual({ source: sourceId, restore_time: oldest });
      expect((await held(forkId))!.status).toBe("active");

      await e2e.emulator.control.clearRequests();
      expect(await planned(testStack)).toEqual({ summary: { same: 3 }, replaces: false });
      expect(await writes()).toEqual([]);
    });

    test("the fork removed from the program: one DELETE of the fork, the source left as it was", async () => {
      wanted.restoreTime = undefined;
      await e2e.emulator.control.clearRequests();
      const up = await testStack.stack.up({ color: "never" });
      expect(up.summary.resourceChanges).toEqual({ same: 2, delete: 1 });
      expect(await writeLines()).toEqual([`DELETE ${instances}/${forkId}`]);
      expect(await held(forkId)).toBeUndefined();
      expect(await held(sourceId)).toMatchObject({ id: sourceId, status: "active" });
      expect(up.outputs.sourceId.value).toBe(sourceId);

      await e2e.emulator.control.clearRequests();
      expect(await planned(testStack)).toEqual({ summary: { same: 2 }, replaces: false });
      expect(await writes()).toEqual([]);
    });

    test("suspended: true is one POST /suspend of the same database, waited out to suspended, the preview after clean", async () => {
      wanted.suspended = true;
      expect(await planned(testStack)).toEqual({ summary: { same: 1, update: 1 }, replaces: false });
      await e2e.emulator.control.clearRequests();
      const up = await testStack.stack.up({ color: "never" });
      expect(up.summary.resourceChanges).toEqual({ same: 1, update: 1 });
      expect(await writeLines()).toEqual([`POST ${instances}/${sourceId}/suspend`]);
      expect(await held(sourceId)).toMatchObject({ id: sourceId, status: "suspended" });
      expect(up.outputs).toMatchObject({
        sourceId: { value: sourceId },
        sourceStatus: { value: "suspended" },
        suspended: { value: true },
      });

      await e2e.emulator.control.clearRequests();
      expect(await planned(testStack)).toEqual({ summary: { same: 2 }, replaces: false });
      expect(await writes()).toEqual([]);
    });

    test("suspended: false is one POST /resume of the same database, waited out to active, the preview after clean", async () => {
      wanted.suspended = false;
      expect(await planned(testStack)).toEqual({ summary: { same: 1, update: 1 }, replaces: false });
      await e2e.emulator.control.clearRequests();
      const up = await testStack.stack.up({ color: "never" });
      expect(up.summary.resourceChanges).toEqual({ same: 1, update: 1 });
      expect(await writeLines()).toEqual([`POST ${instances}/${sourceId}/resume`]);
      expect(await held(sourceId)).toMatchObject({ id: sourceId, status: "active" });
      expect(up.outputs).toMatchObject({
        sourceId: { value: sourceId },
        sourceStatus: { value: "active" },
        suspended: { value: false },
      });

      await e2e.emulator.control.clearRequests();
      expect(await planned(testStack)).toEqual({ summary: { same: 2 }, replaces: false });
      expect(await writes()).toEqual([]);

      await testStack.stack.destroy({ color: "never" });
      expect(await held(sourceId)).toBeUndefined();
    });
  });
});
