/**
 * The package installed the ways users install it: the packed tarball put into a copy of
 * examples/network by npm, yarn (classic) or pnpm, on Node.js 20 (this machine's) or 22 (from
 * .tools/node-tools), with @pulumi/pulumi 3.248 (the oldest we accept) or the newest 3.x, then
 * `up`, a preview that must show no changes and `destroy` on the real engine against the emulator.
 *
 * Each story deploys with the oldest SDK on Node.js 20 and carries the same stack on to another
 * cell, as a user upgrades or changes package manager: the preview there shows no change and the
 * `up` makes no API write, whatever form the engine stores the provider in. Between them the
 * stories fill every cell package manager x Node.js major x SDK end. Every install holds one
 * @pulumi/pulumi, the program's own: the package declares it as a peer.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, realpathSync } from "node:fs";
import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { NODE_22, runPacked, type PackedReport } from "../support/packed";
import { list } from "./helpers";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- shared with `npm run bench`, a plain script
const figures = require("../../scripts/bench/state-figures.cjs") as {
  entryFigures(state: unknown): { type: string; providerChars: number; paths: string[] }[];
  readState(backendDir: string): { checkpoint: { latest: { resources: { inputs?: { __provider?: string } }[] } } };
};

/** The oldest @pulumi/pulumi the package accepts (its peer range starts there) and the engine's version. */
const OLDEST_SDK = "3.248.0";
/** The newest @pulumi/pulumi 3.x in the registry when this was written; it needs Node.js 22. */
const NEWEST_SDK = "3.270.0";

type Manager = "npm" | "yarn" | "pnpm";
interface Cell {
  manager: Manager;
  node: 20 | 22;
  sdk: string;
}

let emulator: TestEmulator;
let tarball: string | undefined;

beforeAll(async () => {
  emulator = await startTestEmulator();
});

beforeEach(async () => {
  await emulator.control.reset();
});

afterAll(async () => {
  await emulator?.close();
});

/** Runs operations in one cell on the story's project copy (its state carries over between cells). */
async function inCell(project: string, cell: Cell, operations: string[], extra: string[] = []): Promise<PackedReport> {
  const report = await runPacked(
    emulator,
    path.join("examples", "network"),
    operations,
    [
      "--project",
      project,
      "--package-manager",
      cell.manager,
      "--sdk",
      cell.sdk,
      "--quiet",
      ...(tarball ? ["--tarball", tarball] : []),
      ...extra,
    ],
    cell.node === 22 ? NODE_22 : process.execPath,
  );
  tarball ??= report.install.tarball;
  expect({ sdk: report.sdk, node: report.node.split(".")[0] }).toEqual({ sdk: cell.sdk, node: `v${cell.node}` });
  expect(sdkCopies(report.install.dir)).toEqual([cell.sdk]);
  if (cell.manager === "npm") expect(npmLsVersions(report.install.dir)).toEqual([cell.sdk]);
  return report;
}

/** The versions of every @pulumi/pulumi on disk in an install, each copy once (pnpm links count once). */
function sdkCopies(installDir: string): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.name === "pulumi" && path.basename(dir) === "@pulumi") found.add(realpathSync(full));
      else if (entry.isDirectory()) walk(full);
    }
  };
  walk(path.join(installDir, "node_modules"));
  return [...found].map((dir) => JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).version).sort();
}

/** The @pulumi/pulumi versions `npm ls` reports anywhere in the tree, the package's peer included. */
function npmLsVersions(installDir: string): string[] {
  const ls = spawnSync("npm", ["ls", "@pulumi/pulumi", "--all", "--json"], { cwd: installDir, encoding: "utf8" });
  expect(ls.status).toBe(0);
  const versions = new Set<string>();
  const visit = (deps: Record<string, { version?: string; dependencies?: object }> | undefined) => {
    for (const [name, node] of Object.entries(deps ?? {})) {
      if (name === "@pulumi/pulumi" && node.version) versions.add(node.version);
      visit(node.dependencies as typeof deps);
    }
  };
  visit(JSON.parse(ls.stdout).dependencies);
  return [...versions].sort();
}

/** How the engine stored the providers of the story's stack: by `require` of the package or by value. */
function storedProviders(report: PackedReport): { forms: string[]; chars: number[] } {
  const state = figures.readState(path.join(report.projectDir, ".backend"));
  const rows = figures.entryFigures(state);
  expect(rows.map((row) => [row.type, row.paths])).toEqual([
    ["Vpc", []],
    ["VpcSubnet", []],
  ]);
  const forms = state.checkpoint.latest.resources
    .map((r) => r.inputs?.__provider)
    .filter((text): text is string => text !== undefined)
    .map((text) =>
      /require\("pulumi-cloudplatform\/dist\/providers\/[a-z-]+\.js"\)/.test(text)
        ? "require"
        : text.includes("require(`pulumi-cloudplatform/dist/resources/${moduleName}.js`)")
          ? "by value"
          : "other",
    );
  return { forms: [...new Set(forms)], chars: rows.map((row) => row.providerChars) };
}

/** The first cell of a story: `up` from an empty state and a clean preview; the network is in the emulator. */
async function deploy(project: string, cell: Cell): Promise<PackedReport> {
  const report = await inCell(project, cell, ["up", "preview"], ["--fresh"]);
  const [up, preview] = report.operations;
  expect(up).toMatchObject({ result: "succeeded", summary: { create: 3 } });
  expect(preview).toMatchObject({ noChanges: true, summary: { same: 3 } });
  const [vpc, ...others] = await list<{ id: number; label: string }>(emulator, "/vpcs");
  expect(others).toEqual([]);
  expect(vpc).toMatchObject({ id: up!.outputs!.vpcId, label: "example-network" });
  return report;
}

/** The same stack in another cell: a clean preview, then an `up` that changes nothing and writes nothing. */
async function carryOn(project: string, cell: Cell): Promise<PackedReport> {
  await emulator.control.clearRequests();
  const report = await inCell(project, cell, ["preview", "up"]);
  const [preview, up] = report.operations;
  expect(preview).toMatchObject({ noChanges: true, summary: { same: 3 }, changes: [] });
  expect(up).toMatchObject({ result: "succeeded", summary: { same: 3 }, changes: [] });
  const writes = (await emulator.control.requests()).filter((r) => r.method !== "GET");
  expect(writes).toEqual([]);
  return report;
}

/** The end of a story: `destroy` in the last cell, and nothing left in the emulated account. */
async function destroy(project: string, cell: Cell) {
  const report = await inCell(project, cell, ["destroy"]);
  expect(report.operations).toMatchObject([{ operation: "destroy", result: "succeeded", summary: { delete: 3 } }]);
  expect(await list(emulator, "/vpcs")).toEqual([]);
}

test("pnpm: deploys on SDK 3.248 (provider stored by value, no path), then upgrades to the newest SDK on Node.js 22", async () => {
  const project = "matrix-pnpm";
  const first = await deploy(project, { manager: "pnpm", node: 20, sdk: OLDEST_SDK });
  // The package lies in pnpm's store, which this SDK's serializer cannot name: stored by value.
  const byValue = storedProviders(first);
  expect(byValue.forms).toEqual(["by value"]);
  for (const chars of byValue.chars) expect(chars).toBeLessThan(4096);

  // From 3.251 the SDK names the module in the store: stored as a require, with no change shown.
  const newest: Cell = { manager: "pnpm", node: 22, sdk: NEWEST_SDK };
  expect(storedProviders(await carryOn(project, newest)).forms).toEqual(["require"]);
  await destroy(project, newest);
}, 900_000);

test("npm: deploys on Node.js 20, moves to pnpm, then to the newest SDK on Node.js 22 under npm", async () => {
  const project = "matrix-npm";
  const first = await deploy(project, { manager: "npm", node: 20, sdk: OLDEST_SDK });
  expect(storedProviders(first).forms).toEqual(["require"]);

  // The same SDK under pnpm: the provider is stored by value from now on, with no change shown.
  const moved = await carryOn(project, { manager: "pnpm", node: 20, sdk: OLDEST_SDK });
  expect(storedProviders(moved).forms).toEqual(["by value"]);

  const newest: Cell = { manager: "npm", node: 22, sdk: NEWEST_SDK };
  expect(storedProviders(await carryOn(project, newest)).forms).toEqual(["require"]);
  await destroy(project, newest);
}, 900_000);

test("yarn classic: deploys on SDK 3.248 and Node.js 20, then upgrades to the newest SDK on Node.js 22", async () => {
  const project = "matrix-yarn";
  const first = await deploy(project, { manager: "yarn", node: 20, sdk: OLDEST_SDK });
  expect(storedProviders(first).forms).toEqual(["require"]);

  const newest: Cell = { manager: "yarn", node: 22, sdk: NEWEST_SDK };
  expect(storedProviders(await carryOn(project, newest)).forms).toEqual(["require"]);
  await destroy(project, newest);
}, 900_000);
