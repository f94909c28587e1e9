/**
 * An API outage while databases provision, on the real engine. The scale is shrunk through
 * configuration so that the stories run in seconds: the client's retry budget is 1 s
 * (CLOUDPLATFORM_RETRY_MAX_SECONDS), provisioning takes 3 s, polls run fifty times faster and an
 * outage lasts 6 s. What matters holds as in production: the outage is longer than the retry
 * budget and than provisioning, and shorter than the wait's limit.
 *   - every request answered 503 once both creates were accepted: the first `up` converges;
 *   - every connection dropped once both creates were accepted: the same;
 *   - an outage longer than the create's limit: the `up` fails naming the last status and how long
 *     the API had been failing, and the next `up` resumes.
 * Each asserts one POST per database and a clean preview. Each story runs over the dynamic resources
 * and over the plugin.
 */
import type { FaultRule } from "../../src/emulator/index.js";
import type { Timeouts } from "../../src/shared/runtime/wait";
import { casesOf, DYNAMIC, PLUGIN, type Flavour } from "./flavours";
import { eventually, failureText, list, useE2e } from "./helpers";

const e2e = useE2e();
/** The client's retry budget, shrunk below the outage. */
const OUTAGE_ENV = { CLOUDPLATFORM_RETRY_MAX_SECONDS: "1" };
const CREATES = "/v4/databases/:engine/instances";

interface ApiDatabase {
  id: number;
  label: string;
  status: string;
}

/** A MySQL and a PostgreSQL database of `flavour`; `timeouts` for both. */
function program(flavour: Flavour, timeouts?: Timeouts) {
  const { MysqlDatabase, PostgresqlDatabase } = flavour.cloud;
  return async () => {
    const orders = new MysqlDatabase("orders", {
      label: "orders-db",
      region: "us-east",
      type: "g6-nanode-1",
      engineId: "mysql/8.0.30",
      ...(timeouts ? { timeouts } : {}),
    });
    const analytics = new PostgresqlDatabase("analytics", {
      label: "analytics-db",
      region: "us-east",
      type: "g6-nanode-1",
      engineId: "postgresql/14.6",
      ...(timeouts ? { timeouts } : {}),
    });
    return { ordersStatus: orders.status, analyticsStatus: analytics.status, ordersPassword: orders.rootPassword };
  };
}

/** Every database of the emulator, read through the control-free API once the outage is over. */
async function databases(): Promise<ApiDatabase[]> {
  return [
    ...(await list<ApiDatabase>(e2e.emulator, "/databases/mysql/instances")),
    ...(await list<ApiDatabase>(e2e.emulator, "/databases/postgresql/instances")),
  ];
}

/** Waits until the emulator has removed the outage rule (its `forSeconds` ran out). */
async function outageOver(): Promise<void> {
  await eventually(async () => {
    const res = await fetch(`${e2e.emulator.url}/_emulator/faults`);
    const { faults } = (await res.json()) as { faults: unknown[] };
    return faults.length === 0 ? true : undefined;
  }, "the outage to end");
}

/** The creates the server carried out, as "POST path". */
async function creates(): Promise<string[]> {
  return (await e2e.emulator.control.requests())
    .filter((r) => r.method === "POST" && r.handled && /^\/v4\/databases\/\w+\/instances$/.test(r.path))
    .map((r) => `POST ${r.path}`)
    .sort();
}

/** Fresh emulator, 3 s provisioning, and an outage that starts once `count` creates were accepted. */
async function prepare(outage: Partial<FaultRule>, count: number): Promise<void> {
  await e2e.emulator.control.reset();
  await e2e.emulator.control.setTimings({ provisioningSeconds: 3 });
  await e2e.emulator.control.addFault({
    path: "/v4*",
    forSeconds: 6,
    startAfter: { method: "POST", path: CREATES, count },
    ...outage,
  });
}

describe.each([DYNAMIC, PLUGIN])("over the $name resources", (flavour: Flavour) => {
  describe("an outage longer than the client's retry budget, shorter than the wait's limit", () => {
    test.each(
      casesOf(flavour, [
        ["every request answered 503", { status: 503 }, /failed \(503\)/],
        ["every connection dropped", { drop: true }, /failed \(network error/],
      ] as [string, Partial<FaultRule>, RegExp][]),
    )("%s: the first up converges, one POST per database, the preview is clean", async (_name, outage, failure) => {
      await prepare(outage, 2);
      const testStack = await e2e.stack(program(flavour), flavour.env(OUTAGE_ENV));
      let printed = "";
      const up = await testStack.stack.up({ color: "never", onOutput: (text) => (printed += text) });
      expect(up.summary.result).toBe("succeeded");
      expect(up.summary.resourceChanges).toEqual({ create: 3 });
      expect(up.outputs.ordersStatus.value).toBe("active");
      expect(up.outputs.analyticsStatus.value).toBe("active");
      expect(up.outputs.ordersPassword.secret).toBe(true);

      // The outage struck and the user was told, with what failed and for how long.
      const refused = (await e2e.emulator.control.requests()).filter((r) => !r.handled && r.method === "GET");
      expect(refused.length).toBeGreaterThan(4);
      expect(printed).toMatch(
        /Still waiting for (mysql|postgresql) database \d+ to become active: the API has been failing for/,
      );
      expect(printed).toMatch(failure);

      await outageOver();
      expect(await creates()).toEqual([
        "POST /v4/databases/mysql/instances",
        "POST /v4/databases/postgresql/instances",
      ]);
      expect((await databases()).map((d) => d.status)).toEqual(["active", "active"]);
      const preview = await testStack.stack.preview({ color: "never" });
      expect(Object.keys(preview.changeSummary)).toEqual(["same"]);
    });
  });

  test("an outage longer than the create's limit fails the up with the last status and the outage, and the next up resumes", async () => {
    await prepare({ status: 503, forSeconds: 12 }, 2);
    const testStack = await e2e.stack(program(flavour, { create: "4s" }), flavour.env(OUTAGE_ENV));

    const message = await failureText(testStack.stack.up({ color: "never" }));
    expect(message).toMatch(
      /Timed out after 4s waiting for (mysql|postgresql) database \d+ to become active \(last seen: status provisioning\)\. The API had been failing for \d+s \(GET \/v4\/databases\/\w+\/instances\/\d+ failed \(503\)/,
    );
    expect(message).toContain("the next `pulumi up` resumes where this one stopped");

    await outageOver();
    const next = await testStack.stack.up({ color: "never" });
    expect(next.summary.result).toBe("succeeded");
    expect(next.outputs.ordersStatus.value).toBe("active");
    expect(next.outputs.analyticsStatus.value).toBe("active");
    expect(await creates()).toEqual(["POST /v4/databases/mysql/instances", "POST /v4/databases/postgresql/instances"]);
    expect(await databases()).toHaveLength(2);
    const preview = await testStack.stack.preview({ color: "never" });
    expect(Object.keys(preview.changeSummary)).toEqual(["same"]);
  });
});
