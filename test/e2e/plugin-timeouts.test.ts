/**
 * `customTimeouts` through the provider plugin, on the real engine: the engine's limit for create,
 * update and delete reaches the same waits the `timeouts` input bounds. A create limited to 2s
 * against a long provisioning ends as an interrupted create, recorded with its id, that the next
 * `up` resumes (one POST in all); an update limited to 2s against a long resize and a delete
 * limited to 2s while the database cannot be deleted both stop at their limit, and a later run
 * finishes each. The state never keeps the engine's limit as a `timeouts` input.
 */
import type * as pulumi from "@pulumi/pulumi";
import { MysqlDatabase } from "../../src/sdk";
import { pluginEnv } from "../support/plugin";
import { failureText, list, useE2e } from "./helpers";

/** Emulated provisioning and resizing long enough that only the test ends them (by moving the clock). */
const LONG = 3600;
const e2e = useE2e((emulator) => emulator.control.setTimings({ provisioningSeconds: LONG, updatingSeconds: LONG }));

interface ApiDb {
  id: number;
  status: string;
  type: string;
}

function program(type: string, customTimeouts: pulumi.CustomTimeouts) {
  return async () => {
    new MysqlDatabase(
      "slow",
      { label: "slow-db", region: "us-east", type, engineId: "mysql/8.0.30" },
      { customTimeouts },
    );
  };
}

async function databases(): Promise<ApiDb[]> {
  return list<ApiDb>(e2e.emulator, "/databases/instances");
}

test("customTimeouts bound create, update and delete; each interrupted operation is finished by the next run", async () => {
  const testStack = await e2e.stack(program("g6-standard-1", { create: "2s" }), pluginEnv());
  const { stack } = testStack;

  const created = await failureText(stack.up({ color: "never" }));
  expect(created).toMatch(/Timed out after 2s waiting for mysql database \d+ to become active/);
  const [db] = await databases();
  expect(db).toMatchObject({ status: "provisioning" });
  const recorded = (
    (await stack.exportStack()).deployment as { resources: { type: string; id?: string; inputs?: object }[] }
  ).resources.find((r) => r.type === "cloudplatform:index:MysqlDatabase")!;
  expect(recorded.id).toBe(String(db!.id));
  expect(recorded.inputs).not.toHaveProperty("timeouts");

  // Provisioning ends; the next up resumes the same database instead of creating another.
  await e2e.emulator.control.advanceClock(LONG);
  const resumed = await stack.up({ color: "never" });
  expect(resumed.summary.result).toBe("succeeded");
  expect(await databases()).toEqual([expect.objectContaining({ id: db!.id, status: "active" })]);
  const posts = (await e2e.emulator.control.requests()).filter((r) => r.method === "POST" && r.status === 200);
  expect(posts.map((r) => r.path)).toEqual(["/v4/databases/mysql/instances"]);
  expect((await stack.preview({ color: "never" })).changeSummary).toEqual({ same: 2 });

  // A resize limited to 2s stops at its limit; the database is still updating.
  stack.workspace.program = program("g6-standard-2", { update: "2s", delete: "2s" });
  const updated = await failureText(stack.up({ color: "never" }));
  expect(updated).toMatch(/Timed out after 2s waiting for/);
  expect(await databases()).toEqual([
    expect.objectContaining({ id: db!.id, type: "g6-standard-2", status: "updating" }),
  ]);

  // A delete limited to 2s cannot start while the resize runs, and says so at its limit.
  const destroyed = await failureText(stack.destroy({ color: "never" }));
  expect(destroyed).toMatch(/Timed out after 2s waiting for mysql database \d+ to reach a status that allows deletion/);
  expect(await databases()).toHaveLength(1);

  await e2e.emulator.control.advanceClock(LONG);
  const finished = await stack.destroy({ color: "never" });
  expect(finished.summary.result).toBe("succeeded");
  expect(await databases()).toEqual([]);
});
