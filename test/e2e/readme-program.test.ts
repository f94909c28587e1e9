/**
 * The README's first TypeScript program, run as a newcomer runs it: copied into a project of its
 * own (the examples' package.json and tsconfig.json), `pulumi-cloudplatform` installed from the
 * packed package, and `up`, a preview that must show no changes and `destroy` on the real engine
 * against the emulator's default, today's API (example-runs.ts says how the runner works).
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { startTestEmulator, TODAYS_API, type TestEmulator } from "../support/emulator";
import { runPacked } from "../support/packed";
import { codeBlocks, root } from "../docs/snippets";
import { list } from "./helpers";

let emulator: TestEmulator;
let project: string;

beforeAll(async () => {
  emulator = await startTestEmulator(TODAYS_API);
  await emulator.control.setTimings({ provisioningSeconds: 1 });
  project = mkdtempSync(path.join(tmpdir(), "readme-first-program-"));
});

afterAll(async () => {
  await emulator?.close();
  rmSync(project, { recursive: true, force: true });
});

test("the README's first program: up, a clean preview, destroy against today's API", async () => {
  const first = codeBlocks("README.md").find((b) => b.lang === "typescript" || b.lang === "ts");
  expect(first?.code).toContain('from "pulumi-cloudplatform"');
  writeFileSync(path.join(project, "index.ts"), `${first!.code}\n`);
  writeFileSync(
    path.join(project, "Pulumi.yaml"),
    "name: readme-first-program\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
  );
  for (const file of ["package.json", "tsconfig.json"])
    cpSync(path.join(root, "examples", "mysql-app", file), path.join(project, file));

  const [up] = (await runPacked(emulator, project, ["up"], ["--fresh"])).operations;
  // stack, Vpc, VpcSubnet, MysqlDatabase
  expect(up).toMatchObject({ operation: "up", result: "succeeded", summary: { create: 4 } });
  expect(up!.outputs).toEqual({ password: "[secret]" });
  const [db, ...others] = await list<{ label: string; region: string; platform: string; status: string }>(
    emulator,
    "/databases/mysql/instances",
  );
  expect(others).toEqual([]);
  expect(db).toMatchObject({ label: "orders-db", region: "us-ord", platform: "rdbms-default", status: "active" });

  const [preview, destroy] = (await runPacked(emulator, project, ["preview", "destroy"])).operations;
  expect(preview).toMatchObject({ operation: "preview", noChanges: true, summary: { same: 4 }, changes: [] });
  expect(destroy).toMatchObject({ operation: "destroy", result: "succeeded", summary: { delete: 4 } });
  expect(await list(emulator, "/vpcs")).toEqual([]);
  expect(await list(emulator, "/databases/instances")).toEqual([]);
}, 300_000);
