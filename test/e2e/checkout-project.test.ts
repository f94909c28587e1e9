/**
 * `pulumi up` of the repository's top-level Pulumi.yaml in a checkout after `npm ci && npm run
 * build`, the way a regular Pulumi installation's Node.js language host runs it
 * (test/support/language-host.cjs): from the directory of `main`, through ts-node registered as
 * @pulumi/pulumi's cmd/run does, with provider processes that find the package in the checkout.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { startTestEmulator, TODAYS_API, type TestEmulator } from "../support/emulator";
import { enginePath } from "../support/pulumi";
import { list } from "./helpers";

const repoRoot = path.resolve(__dirname, "..", "..");
const stackName = `checkout-${process.pid}`;
let emulator: TestEmulator;
let backend: string;
let destroyed = false;

interface HostReport {
  error?: string;
  host: { tsnode: string; typescript: string };
  cwd: string;
  operations: { op: string; result?: string; summary: Record<string, number>; outputs?: Record<string, unknown> }[];
}

/** Runs the language-host stand-in with `operations`; fails with its error and stderr. */
async function host(...operations: string[]): Promise<HostReport> {
  const child = spawn(
    process.execPath,
    [path.join(repoRoot, "test", "support", "language-host.cjs"), backend, stackName, ...operations],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        CLOUDPLATFORM_API_URL: emulator.url,
        CLOUDPLATFORM_TOKEN: emulator.token,
        CLOUDPLATFORM_POLL_SCALE: "0.02",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise((resolve) => child.on("close", resolve));
  const report = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as HostReport;
  if (report.error !== undefined) throw new Error(`${report.error}\n${stderr.slice(-2000)}`);
  return report;
}

beforeAll(async () => {
  enginePath();
  // The demo is a program of today's API (issue 45): the emulator starts as its default.
  emulator = await startTestEmulator({ ...TODAYS_API, provisioningSeconds: 1 });
  backend = mkdtempSync(path.join(tmpdir(), "cloudplatform-checkout-"));
});

afterAll(async () => {
  try {
    if (!destroyed) await host("destroy");
  } finally {
    rmSync(backend, { recursive: true, force: true });
    rmSync(path.join(repoRoot, `Pulumi.${stackName}.yaml`), { force: true });
    await emulator.close();
  }
}, 300_000);

test("the top-level Pulumi.yaml deploys the demo from the checkout, previews clean and destroys", async () => {
  const deployed = await host("up", "preview");
  expect(deployed.cwd).toBe(path.join("examples", "demo"));
  // No ts-node in this checkout: the host falls back to the one @pulumi/pulumi vendors.
  expect(deployed.host.tsnode).toBe("vendored");
  const [up, preview] = deployed.operations;
  expect(up).toMatchObject({ op: "up", result: "succeeded", summary: { create: 7 } });
  expect(preview.summary).toEqual({ same: 7 });

  const databases = await list<{ id: number; label: string; engine: string; version: string; status: string }>(
    emulator,
    "/databases/instances",
  );
  expect(databases.map((d) => [d.label, `${d.engine}/${d.version.split(".")[0]}`, d.status]).sort()).toEqual([
    ["demo-analytics", "postgresql/16", "active"],
    ["demo-orders", "mysql/8", "active"],
    ["demo-orders-copy", "mysql/8", "active"],
  ]);
  expect((await list<{ label: string }>(emulator, "/vpcs")).map((v) => v.label)).toEqual(["demo-network"]);
  // The demo shows a fork of the orders database where it showed a snapshot (legacy only).
  expect(String(up.outputs?.ordersCopyId)).toBe(String(databases.find((d) => d.label === "demo-orders-copy")?.id));

  const gone = await host("destroy");
  destroyed = true;
  expect(gone.operations[0]).toMatchObject({ result: "succeeded", summary: { delete: 7 } });
  expect(await list(emulator, "/vpcs")).toEqual([]);
  expect(await list(emulator, "/databases/instances")).toEqual([]);
});
