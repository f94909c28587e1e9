/**
 * The ready policy pack as a user runs it: the repository packed, the tarball installed by name with
 * `@pulumi/policy` into a copy of test/e2e/policy-project (a MySQL database of the dynamic
 * resources and a PostgreSQL database of the plugin's, one VPC), then `pulumi preview` on the real
 * engine with `--policy-pack node_modules/pulumi-cloudplatform/policy-pack`. One stack, previews
 * only; each scenario sets the databases' settings through the stack's config. Every preview is
 * checked against the emulator's request log: the pack makes no API write.
 *
 * The engine starts a Node.js pack through the Node.js language host; none can be built on this
 * project's machines, so the engine's own fallback starts it: test/support/policy-host holds the
 * plugin it then runs, doing what the host does for a pack (see that file).
 */
import * as path from "node:path";
import { runPacked, type PackedReport } from "../support/packed";
import { useE2e } from "./helpers";

const e2e = useE2e();
const PACK = "node_modules/pulumi-cloudplatform/policy-pack";
const POLICY_HOST = path.resolve(__dirname, "..", "support", "policy-host");
const DYNAMIC_URN = /::pulumi-nodejs:dynamic\/cloudplatform:MysqlDatabase::dynamic-db$/;
const PLUGIN_URN = /::cloudplatform:index:PostgresqlDatabase::plugin-db$/;

/** The first preview's tarball, reused by the others: one build, one install for the file. */
let tarball: string | undefined;

/** A preview of `scenario` with the ready pack; a failed preview is reported, not thrown. */
async function preview(scenario: string, extra: string[] = []): Promise<PackedReport["operations"][number]> {
  await e2e.emulator.control.clearRequests();
  const report = await runPacked(
    e2e.emulator,
    path.join("test", "e2e", "policy-project"),
    ["preview"],
    [
      ...(tarball ? ["--tarball", tarball] : []),
      "--policy-pack",
      PACK,
      "--config",
      `scenario=${scenario}`,
      "--allow-changes",
      "--allow-failure",
      ...extra,
    ],
    process.execPath,
    { PATH: `${POLICY_HOST}${path.delimiter}${process.env.PATH ?? ""}` },
  );
  tarball ??= report.install.tarball;
  // A preview with the pack reads at most; it never writes.
  const writes = (await e2e.emulator.control.requests()).filter((r) => r.method !== "GET");
  expect(writes).toEqual([]);
  return report.operations[0]!;
}

/** The violations of a preview as [policy, level, which database]. */
function violations(step: PackedReport["operations"][number]): string[][] {
  return step.policy
    .map((p) => [
      p.policyName,
      p.enforcementLevel,
      DYNAMIC_URN.test(p.urn ?? "") ? "dynamic" : PLUGIN_URN.test(p.urn ?? "") ? "plugin" : (p.urn ?? ""),
    ])
    .sort((a, b) => (a.join(" ") < b.join(" ") ? -1 : 1));
}

test("a database open to 0.0.0.0/0 fails the preview with the mandatory policy named, over both flavours", async () => {
  const step = await preview("open");
  expect(step.failed).toBe(true);
  expect(violations(step)).toEqual([
    ["database-allow-list-not-open", "mandatory", "dynamic"],
    ["database-allow-list-not-open", "mandatory", "plugin"],
  ]);
  for (const v of step.policy) {
    expect(v.policyPackName).toBe("cloudplatform");
    expect(v.message).toContain('allowList entry "0.0.0.0/0" admits every address');
  }
  expect(step.policy.map((v) => v.message).join("\n")).toMatch(
    /MysqlDatabase "dynamic-db"[\s\S]*PostgresqlDatabase "plugin-db"|PostgresqlDatabase "plugin-db"[\s\S]*MysqlDatabase "dynamic-db"/,
  );
  expect(step.error).toMatch(/database-allow-list-not-open/);
});

test("a compliant program passes, with an allow list not known yet judged as no violation", async () => {
  const step = await preview("compliant");
  expect(step.failed).toBeUndefined();
  expect(step.policy).toEqual([]);
  expect(step.summary).toMatchObject({ create: 4 });
});

test("an unencrypted database passes the preview with the advisory warning, over both flavours", async () => {
  const step = await preview("unencrypted");
  expect(step.failed).toBeUndefined();
  expect(violations(step)).toEqual([
    ["database-encrypted", "advisory", "dynamic"],
    ["database-encrypted", "advisory", "plugin"],
  ]);
  expect(step.policy[0]!.message).toMatch(/is not encrypted \(encrypted: false\)/);
});

test("--policy-pack-config makes a single node mandatory on the stacks it names", async () => {
  // policy-config.json names this stack, "dev".
  const step = await preview("single-node", ["--policy-pack-config", "policy-config.json"]);
  expect(step.failed).toBe(true);
  expect(violations(step)).toEqual([
    ["database-multi-node", "advisory", "dynamic"],
    ["database-multi-node", "advisory", "plugin"],
    ["database-multi-node-stacks", "mandatory", "dynamic"],
    ["database-multi-node-stacks", "mandatory", "plugin"],
  ]);
  expect(step.policy.find((p) => p.policyName === "database-multi-node-stacks")!.message).toContain(
    'Stack "dev" requires three nodes.',
  );
});
