/**
 * The Node.js SDK generated from schema.json type-checks with the checkout's TypeScript and
 * @pulumi/pulumi. Programs use `pulumi-cloudplatform/plugin` instead (docs/plugin.md); this keeps
 * the generated one usable for those who generate it.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { SDK_DIR, generateSdks } from "../support/sdk";

test("the generated Node.js SDK registers the plugin's type tokens and type-checks", async () => {
  await generateSdks(["nodejs"]);
  const sdk = path.join(SDK_DIR, "nodejs");
  expect(readFileSync(path.join(sdk, "mysqlDatabase.ts"), "utf8")).toContain("'cloudplatform:index:MysqlDatabase'");
  // tsc exits non-zero, printing each error, when any generated file does not type-check.
  const tsc = require.resolve("typescript/bin/tsc");
  await promisify(execFile)(process.execPath, [tsc, "-p", path.join(sdk, "tsconfig.json"), "--noEmit"]);
}, 120_000);
