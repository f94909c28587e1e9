/**
 * The ready policy pack as a user runs it: the repository packed, the tarball installed by name with
 * `@pulumi/policy` into a copy of test/e2e/policy-project (MySQL databases of the dynamic
 * resources and PostgreSQL databases of the plugin's, one VPC), then `pulumi preview` on the real
 * engine with `--policy-pack node_modules/pulumi-cloudplatform/policy-pack`. One stack, three
 * previews, no `up`; each scenario sets the databases through the stack's config. Every preview is
 * checked against the emulator's request log: it reads, and makes no API write.
 *
 * The engine starts a Node.js pack through the Node.js language host's RunPlugin; none can be built
 * on this project's machines, so test/support/policy-host puts a stand-in on PATH that serves only
 * that call, doing what the host does for a pack (see that file).
 */
import * as path from "node:path";
import { runPacked, type PackedReport } from "../support/packed";
import { useE2e } from "./helpers";

const e2e = useE2e();
const PACK = "node_modules/pulumi-cloudplatform/policy-pack";
const POLICY_HOST = path.resolve(__dirname, "..", "support", "policy-host");
/** A violation's database, from its URN: `dynamic-db`, `plugin-single`, ... */
const DATABASE_URN =
  /::(?:pulumi-nodejs:dynamic\/cloudplatform:MysqlDatabase|cloudplatform:index:PostgresqlDatabase)::(\S+)$/;

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
  // A preview with the pack reads (check looks up the region and the engine), and never writes.
  const requests = await e2e.emulator.control.requests();
  expect(requests.filter((r) => r.method === "GET").length).toBeGreaterThan(0);
  expect(requests.filter((r) => r.method !== "GET")).toEqual([]);
  return report.operations[0]!;
}

/** The violations of a preview as [policy, level, database], sorted. */
function violations(step: PackedReport["operations"][number]): string[][] {
  return step.policy
    .map((p) => [p.policyName, p.enforcementLevel, DATABASE_URN.exec(p.urn ?? "")?.[1] ?? `${p.urn}`])
    .sort((a, b) => (a.join(" ") < b.join(" ") ? -1 : 1));
}

test("an open allow list and, on a stack its configuration names, a single node fail the preview, over both flavours", async () => {
  // policy-config.json names this stack, "dev", in database-multi-node-stacks.
  const step = await preview("failing", ["--policy-pack-config", "policy-config.json"]);
  expect(step.failed).toBe(true);
  expect(violations(step)).toEqual([
    ["database-allow-list-not-open", "mandatory", "dynamic-db"],
    ["database-allow-list-not-open", "mandatory", "plugin-db"],
    ["database-multi-node", "advisory", "dynamic-single"],
    ["database-multi-node", "advisory", "plugin-single"],
    ["database-multi-node-stacks", "mandatory", "dynamic-single"],
    ["database-multi-node-stacks", "mandatory", "plugin-single"],
  ]);
  const messages = (policy: string) => step.policy.filter((v) => v.policyName === policy).map((v) => v.message);
  expect(messages("database-allow-list-not-open").sort()).toEqual([
    expect.stringMatching(/^MysqlDatabase "dynamic-db": allowList entry "0\.0\.0\.0\/0" admits every address/m),
    expect.stringMatching(/^PostgresqlDatabase "plugin-db": allowList entry "0\.0\.0\.0\/0" admits every address/m),
  ]);
  for (const message of messages("database-multi-node-stacks"))
    expect(message).toMatch(/Stack "dev" requires three nodes\.$/m);
  expect(step.policy.every((v) => v.policyPackName === "cloudplatform")).toBe(true);
  // What the user reads: the engine names the policy that failed the preview.
  expect(step.error).toMatch(/\[mandatory\]\s+database-allow-list-not-open/);
  expect(step.error).toMatch(/\[mandatory\]\s+database-multi-node-stacks/);
});

test("a compliant program passes with no violation, its allow list not known yet judged as none", async () => {
  const step = await preview("compliant");
  expect(step.failed).toBeUndefined();
  expect(step.policy).toEqual([]);
  expect(step.summary).toEqual({ create: 4 });
});

test("an unencrypted database passes the preview with the advisory warning, over both flavours", async () => {
  const step = await preview("unencrypted");
  expect(step.failed).toBeUndefined();
  expect(violations(step)).toEqual([
    ["database-encrypted", "advisory", "dynamic-db"],
    ["database-encrypted", "advisory", "plugin-db"],
  ]);
  for (const v of step.policy) expect(v.message).toMatch(/is not encrypted \(encrypted: false\)/);
});
