/**
 * The Node.js SDK generated from schema.json type-checks with the checkout's TypeScript against an
 * @pulumi/pulumi that its package.json accepts. Pulumi's code generator (v3.274) writes SDKs that
 * need `^3.269.0` (a resource's static `exists` calls `pulumi.runtime.existsResource`), newer
 * than the checkout's own SDK, so this suite is the jest project `newest-sdk`, which
 * scripts/test-newest-sdk.mjs runs with the newest SDK. Programs use `pulumi-cloudplatform/plugin`
 * instead (docs/plugin.md); this keeps the generated one usable for those who generate it.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import * as semver from "semver";
import { SDK_DIR, generateSdks } from "../support/sdk";

test("the generated Node.js SDK registers the plugin's type tokens and type-checks", async () => {
  await generateSdks(["nodejs"]);
  const sdk = path.join(SDK_DIR, "nodejs");
  expect(readFileSync(path.join(sdk, "mysqlDatabase.ts"), "utf8")).toContain("'cloudplatform:index:MysqlDatabase'");
  // The SDK it is checked against is one the generated package accepts.
  const wanted = (
    JSON.parse(readFileSync(path.join(sdk, "package.json"), "utf8")) as { dependencies: Record<string, string> }
  ).dependencies["@pulumi/pulumi"]!;
  const installed = (
    JSON.parse(readFileSync(require.resolve("@pulumi/pulumi/package.json"), "utf8")) as { version: string }
  ).version;
  expect([installed, semver.satisfies(installed, wanted)]).toEqual([installed, true]);
  // tsc exits non-zero, printing each error, when any generated file does not type-check.
  const tsc = require.resolve("typescript/bin/tsc");
  await promisify(execFile)(process.execPath, [tsc, "-p", path.join(sdk, "tsconfig.json"), "--noEmit"]);
}, 120_000);
