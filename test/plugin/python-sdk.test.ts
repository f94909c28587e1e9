/**
 * The Python SDK generated from schema.json: one module per resource and look-up, and every file
 * compiles with the machine's python3. Running it needs the `pulumi` Python package, which this
 * machine cannot install (docs/plugin.md).
 */
import { readdirSync } from "node:fs";
import * as path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { SDK_DIR, generateSdks } from "../support/sdk";

test("the generated Python SDK has a module per resource and look-up, and compiles", async () => {
  await generateSdks(["python"]);
  const pkg = path.join(SDK_DIR, "python", "pulumi_cloudplatform");
  const files = readdirSync(path.join(SDK_DIR, "python"), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".py"))
    .map((f) => path.join(SDK_DIR, "python", f));
  expect(readdirSync(pkg)).toEqual(
    expect.arrayContaining([
      "vpc.py",
      "vpc_subnet.py",
      "mysql_database.py",
      "postgresql_database.py",
      "database_snapshot.py",
      "get_regions.py",
      "get_databases.py",
      "provider.py",
    ]),
  );
  // py_compile exits non-zero, naming the file and line, on the first file that does not compile.
  await promisify(execFile)("python3", ["-m", "py_compile", ...files]);
  expect(files.length).toBeGreaterThan(20);
}, 120_000);
