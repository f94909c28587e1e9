/**
 * Issue 41's suspension and forks through the real engine on today's platform, over the dynamic
 * resources and over the plugin, asserted from the emulator's state and request log: a database
 * and a fork of it made in one program (the fork waits for the source's first backup), previewing
 * clean; the source suspended, then resumed, each in place (no DELETE, no second POST, the same
 * id) and previewing clean; `destroy` removes both.
 */
import type { TestStack } from "../support/pulumi";
import { DYNAMIC, PLUGIN, type Flavour } from "./flavours";
import { api, useE2e } from "./helpers";

const TIMINGS = {
  provisioningSeconds: 1,
  updatingSeconds: 1,
  suspendSeconds: 1,
  resumeSeconds: 2,
  firstBackupSeconds: 2,
};

const e2e = useE2e(async (emulator) => {
  await emulator.control.setTimings(TIMINGS);
  await emulator.control.setPlatform("rdbms-default");
});

interface ApiDatabase {
  id: number;
  status: string;
  fork?: { source: number; restore_time: string };
}

/** The API writes (anything but GET) since the log was last cleared. */
async function writes(): Promise<string[]> {
  const log = await e2e.emulator.control.requests();
  return log.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
}

/** A database as the API answers it now, or undefined when it is gone. */
async function database(id: number): Promise<ApiDatabase | undefined> {
  try {
    return await api<ApiDatabase>(e2e.emulator, "GET", `/databases/mysql/instances/${id}`);
  } catch {
    return undefined;
  }
}

/** What a preview plans. */
async function planned(testStack: TestStack): Promise<Record<string, number>> {
  const preview = await testStack.stack.preview({ color: "never" });
  return preview.changeSummary as Record<string, number>;
}

describe.each([DYNAMIC, PLUGIN])("over the $name resources", (flavour: Flavour) => {
  const { MysqlDatabase } = flavour.cloud;
  const prefix = flavour.name;
  const wanted = { suspended: undefined as boolean | undefined };
  let testStack: TestStack;
  let sourceId: number;
  let forkId: number;

  beforeAll(async () => {
    testStack = await e2e.stack(async () => {
      const source = new MysqlDatabase("source", {
        label: `${prefix}-source`,
        region: "us-east",
        type: "g6-nanode-1",
        engineId: "mysql/8",
        ...(wanted.suspended === undefined ? {} : { suspended: wanted.suspended }),
      });
      const fork = new MysqlDatabase("fork", {
        label: `${prefix}-fork`,
        region: "us-east",
        type: "g6-nanode-1",
        engineId: "mysql/8",
        fork: { source: source.instanceId },
      });
      return { sourceId: source.instanceId, forkId: fork.instanceId, suspended: source.suspended };
    }, flavour.env());
  }, 120_000);

  test("a database and its fork in one program: the fork names its source, and the preview after is clean", async () => {
    await e2e.emulator.control.clearRequests();
    const up = await testStack.stack.up({ color: "never" });
    expect(up.summary.resourceChanges).toEqual({ create: 3 }); // the stack and two databases;
    sourceId = up.outputs.sourceId.value as number;
    forkId = up.outputs.forkId.value as number;
    expect(await writes()).toEqual(["POST /v4/databases/mysql/instances", "POST /v4/databases/mysql/instances"]);
    expect((await database(forkId))!.fork).toMatchObject({ source: sourceId });
    expect(await planned(testStack)).toEqual({ same: 3 });
  });

  test("suspended true, then false: a suspend and a resume of the same database, each previewing clean after", async () => {
    wanted.suspended = true;
    await e2e.emulator.control.clearRequests();
    const suspended = await testStack.stack.up({ color: "never" });
    expect(suspended.summary.resourceChanges).toEqual({ same: 2, update: 1 });
    expect(await writes()).toEqual([`POST /v4/databases/mysql/instances/${sourceId}/suspend`]);
    expect((await database(sourceId))!.status).toBe("suspended");
    expect(suspended.outputs.suspended.value).toBe(true);
    expect(await planned(testStack)).toEqual({ same: 3 });

    wanted.suspended = false;
    await e2e.emulator.control.clearRequests();
    const resumed = await testStack.stack.up({ color: "never" });
    expect(resumed.summary.resourceChanges).toEqual({ same: 2, update: 1 });
    expect(await writes()).toEqual([`POST /v4/databases/mysql/instances/${sourceId}/resume`]);
    expect((await database(sourceId))!.status).toBe("active");
    expect(resumed.outputs.suspended.value).toBe(false);
    expect(await planned(testStack)).toEqual({ same: 3 });
  });

  test("destroy removes the fork and its source", async () => {
    await testStack.stack.destroy({ color: "never" });
    expect(await database(forkId)).toBeUndefined();
    expect(await database(sourceId)).toBeUndefined();
  });
});
