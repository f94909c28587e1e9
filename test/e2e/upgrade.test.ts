/**
 * Upgrading the package under a deployed stack changes nothing: a stack deployed with the package
 * as it was before the field tables (src/shared/fields/table.ts) is upgraded the way a user does it, by
 * installing the new tarball, and then previews with no changes and runs an `up` that sends no API
 * write. The earlier package is built from the repository's history (commit BEFORE_TABLES, packed
 * like a release); both versions run from packed installs through scripts/packed-example.mjs, so
 * the state's serialized providers load the installed package, as in a user's project.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { runPacked } from "../support/packed";
import { list } from "./helpers";

/**
 * The last commit of main before the field tables (restore, peer SDK and plugin in): the version users
 * upgrade from. A full clone of main holds it; a shallow one fails with the reason.
 */
const BEFORE_TABLES = "040ef18c6a0aa4d449880320af791ad3be3f0499";
const root = path.resolve(__dirname, "..", "..");
const project = path.join("test", "e2e", "upgrade-project");

let emulator: TestEmulator;

/**
 * The tarball of the package at `commit`: its sources from git, built with this checkout's
 * TypeScript and dependencies (the same versions), packed with `npm pack`. Kept outside the
 * repository and reused while it exists.
 */
function packedAt(commit: string): string {
  const dir = path.join(os.tmpdir(), `pulumi-cloudplatform-at-${commit.slice(0, 12)}`);
  const done = path.join(dir, "tarball.txt");
  if (fs.existsSync(done)) return fs.readFileSync(done, "utf8");
  fs.rmSync(dir, { recursive: true, force: true });
  const src = path.join(dir, "src");
  fs.mkdirSync(src, { recursive: true });
  try {
    execFileSync("git", ["-C", root, "cat-file", "-e", `${commit}^{commit}`], { stdio: "ignore" });
  } catch {
    throw new Error(`commit ${commit} is not in this clone: the upgrade story needs the repository's history`);
  }
  const archive = path.join(dir, "src.tar");
  execFileSync("git", ["-C", root, "archive", "--output", archive, commit]);
  execFileSync("tar", ["-xf", archive, "-C", src]);
  fs.symlinkSync(path.join(root, "node_modules"), path.join(src, "node_modules"));
  execFileSync(
    process.execPath,
    [path.join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"],
    {
      cwd: src,
    },
  );
  const name = execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], {
    cwd: src,
    encoding: "utf8",
  }).trim();
  const tarball = path.join(dir, name.split("\n").pop()!);
  fs.writeFileSync(done, tarball);
  return tarball;
}

beforeAll(async () => {
  emulator = await startTestEmulator();
  await emulator.control.setTimings({
    provisioningSeconds: 1,
    updatingSeconds: 1,
    snapshotSeconds: 1,
    patchSeconds: 1,
    credentialsResetSeconds: 1,
  });
});

afterAll(async () => {
  await emulator?.close();
});

test("a stack deployed with the previous version previews clean and updates with no API write after npm install of this one", async () => {
  const before = packedAt(BEFORE_TABLES);
  const deployed = await runPacked(emulator, project, ["up"], ["--fresh", "--tarball", before]);
  // stack, Vpc, VpcSubnet, MysqlDatabase, PostgresqlDatabase, DatabaseSnapshot
  const tables = (dir: string) =>
    fs.existsSync(
      path.join(
        path.resolve(root, dir),
        "node_modules",
        "pulumi-cloudplatform",
        "dist",
        "shared",
        "fields",
        "table.js",
      ),
    );
  // The stack was written by the package without field tables.
  expect(tables(deployed.install.dir)).toBe(false);
  expect(deployed.operations[0]).toMatchObject({ result: "succeeded", summary: { create: 6 } });
  expect(await list(emulator, "/vpcs")).toHaveLength(1);
  expect(await list(emulator, "/databases/instances")).toHaveLength(2);

  await emulator.control.clearRequests();
  // No --tarball: this checkout packed (dist/ of `npm run build`) and installed in the same project.
  const upgraded = await runPacked(emulator, project, ["preview", "up"]);
  expect(tables(upgraded.install.dir)).toBe(true);
  const [preview, up] = upgraded.operations;
  expect(preview).toMatchObject({ operation: "preview", noChanges: true, summary: { same: 6 }, changes: [] });
  expect(up).toMatchObject({ operation: "up", result: "succeeded", summary: { same: 6 } });
  const writes = (await emulator.control.requests()).filter((r) => r.method !== "GET");
  expect(writes).toEqual([]);

  const [destroy] = (await runPacked(emulator, project, ["destroy"])).operations;
  expect(destroy).toMatchObject({ result: "succeeded", summary: { delete: 6 } });
  expect(await list(emulator, "/databases/instances")).toEqual([]);
}, 600_000);
