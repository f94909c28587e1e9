/**
 * The example stack deployed through an API that fails often, on the real engine, seeded so that a
 * failing run can be replayed:
 *   - chaos: about 20% of requests answered 5xx (HTML proxy pages and JSON), 5% connections reset,
 *     5% 429 with Retry-After;
 *   - lost answers: 25% of creates carried out by the server and their answer lost (the connection
 *     dropped, or a proxy's 503 in its place).
 * Each run's first `up` converges, the preview after it is clean, `destroy` empties the emulator,
 * and the request log shows every object made by exactly one create the server carried out.
 * Every seed runs over the dynamic resources, the first of each suite over the plugin too.
 */
import { legacyDemo as demo } from "./legacy-demo";
import type { FaultRule } from "../../src/emulator/index.js";
import { casesOf, DYNAMIC, PLUGIN, type Flavour } from "./flavours";
import { list, useE2e } from "./helpers";

const e2e = useE2e();

/** Faults of the chaos suite, each drawn from its own seeded sequence. */
function chaos(seed: number): FaultRule[] {
  return [
    { path: "/v4*", status: 503, rate: 0.1, seed },
    { path: "/v4*", status: 500, rate: 0.1, seed: seed + 1 },
    { path: "/v4*", drop: true, rate: 0.05, seed: seed + 2 },
    { path: "/v4*", status: 429, retryAfter: 1, rate: 0.05, seed: seed + 3 },
  ];
}

/** Faults of the lost-answers suite: a quarter of all creates carried out, their answer lost. */
function lostAnswers(seed: number): FaultRule[] {
  return [
    { method: "POST", path: "/v4*", after: true, drop: true, rate: 0.125, seed },
    { method: "POST", path: "/v4*", after: true, status: 503, rate: 0.125, seed: seed + 1 },
  ];
}

/** The API paths of the demo's five creates, given what the emulator holds. */
async function createPaths(): Promise<string[]> {
  const [vpc] = await list<{ id: number }>(e2e.emulator, "/vpcs");
  const orders = (await list<{ id: number; label: string }>(e2e.emulator, "/databases/mysql/instances")).find(
    (d) => d.label === "demo-orders",
  );
  return [
    "/v4/databases/mysql/instances",
    `/v4/databases/mysql/instances/${orders?.id}/backups`,
    "/v4/databases/postgresql/instances",
    "/v4/vpcs",
    `/v4/vpcs/${vpc?.id}/subnets`,
  ];
}

async function deployThroughFaults(flavour: Flavour, faults: FaultRule[]): Promise<void> {
  await e2e.emulator.control.reset();
  const inject = async () => {
    for (const rule of faults) await e2e.emulator.control.addFault(rule);
  };
  const testStack = await e2e.stack(async () => demo(flavour.cloud), flavour.env());

  await inject();
  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.result).toBe("succeeded");
  expect(up.summary.resourceChanges).toEqual({ create: 6 });
  // The test reads the emulator without faults; the engine's commands run with them.
  await e2e.emulator.control.clearFaults();

  // One object per resource, each made by exactly one create that the server carried out.
  const paths = await createPaths();
  const made = (await e2e.emulator.control.requests()).filter(
    (r) => r.method === "POST" && r.handled && r.status !== 400 && paths.includes(r.path),
  );
  expect(made.map((r) => r.path).sort()).toEqual(paths);
  expect(await list(e2e.emulator, "/vpcs")).toHaveLength(1);
  expect(await list(e2e.emulator, "/databases/instances")).toHaveLength(2);

  await inject();
  const preview = await testStack.stack.preview({ color: "never" });
  expect(Object.keys(preview.changeSummary)).toEqual(["same"]);

  const destroy = await testStack.stack.destroy({ color: "never" });
  expect(destroy.summary.result).toBe("succeeded");
  await e2e.emulator.control.clearFaults();
  expect(await list(e2e.emulator, "/databases/instances")).toEqual([]);
  expect(await list(e2e.emulator, "/vpcs")).toEqual([]);
}

describe.each([DYNAMIC, PLUGIN])("over the $name resources", (flavour) => {
  describe("chaos: 5xx, resets and 429s on every kind of request", () => {
    test.each(casesOf(flavour, [11, 23, 37]))(
      "seed %i: the first up converges, preview is clean, destroy empties the API",
      (seed) => deployThroughFaults(flavour, chaos(seed)),
    );
  });

  describe("lost answers: a quarter of the creates carried out and their answer lost", () => {
    test.each(casesOf(flavour, [5, 17, 29]))(
      "seed %i: the first up converges with no duplicate, destroy empties the API",
      (seed) => deployThroughFaults(flavour, lostAnswers(seed)),
    );
  });
});
