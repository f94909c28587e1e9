/**
 * What every resource costs in a user's state, measured the way a user gets it: the packed package
 * installed by name into a project (scripts/packed-example.mjs), one resource of each type, `up` on
 * the real engine. Not timed: it fails when the serialized provider grows past its budget or holds
 * a path of this machine, or when the provider's share of an entry grows past its budget
 * (docs/performance.md; `npm run bench` prints the same figures).
 */
import * as path from "node:path";
import { runPacked } from "../support/packed";
import { list, useE2e } from "./helpers";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- shared with `npm run bench`, a plain script
const figures = require("../../scripts/bench/state-figures.cjs") as {
  BUDGET: { providerChars: number; providerShareBytes: number };
  entryFigures(state: unknown): { type: string; providerShare: number; providerChars: number; paths: string[] }[];
  readState(backendDir: string): { checkpoint: { latest: { resources: { inputs?: { __provider?: string } }[] } } };
};

const root = path.resolve(__dirname, "..", "..");
const e2e = useE2e((emulator) => emulator.control.setTimings({ provisioningSeconds: 2 }));

/** Runs operations on the bench stack with one resource of each type. */
const runner = (...operations: string[]) =>
  runPacked(e2e.emulator, path.join("scripts", "bench", "bench-stack"), operations, [
    "--quiet",
    "--config",
    "kind=each",
  ]);

test("one resource of each type from the packed package: a small serialized provider with no path, a small state", async () => {
  const up = await runner("up", "--fresh");
  expect(up).toMatchObject({ ok: true });

  const state = figures.readState(path.join(up.projectDir, ".backend"));
  const rows = figures.entryFigures(state);
  expect(rows.map((r) => r.type).sort()).toEqual([
    "DatabaseSnapshot",
    "MysqlDatabase",
    "PostgresqlDatabase",
    "Vpc",
    "VpcSubnet",
  ]);
  for (const row of rows) {
    expect({ type: row.type, paths: row.paths }).toEqual({ type: row.type, paths: [] });
    expect({ type: row.type, under: row.providerChars <= figures.BUDGET.providerChars }).toEqual({
      type: row.type,
      under: true,
    });
    expect({ type: row.type, under: row.providerShare <= figures.BUDGET.providerShareBytes }).toEqual({
      type: row.type,
      under: true,
    });
  }
  // The installed version is what the provider process loads, named by package, never by where it lies.
  for (const r of state.checkpoint.latest.resources.filter((r) => r.inputs?.__provider)) {
    expect(r.inputs!.__provider).toMatch(/require\("pulumi-cloudplatform\/dist\/providers\/[a-z-]+\.js"\)/);
    expect(r.inputs!.__provider).not.toContain(root);
  }

  const rest = await runner("preview", "destroy");
  expect(rest).toMatchObject({ ok: true });
  expect(await list(e2e.emulator, "/vpcs")).toEqual([]);
  expect(await list(e2e.emulator, "/databases/instances")).toEqual([]);
}, 600_000);
