/**
 * schema.json binds with Pulumi's own schema package (pkg/v3/codegen/schema, the binder SDK
 * generation runs first) with no diagnostics. The binder is a small Go program built by
 * scripts/install-pulumi.sh into .tools/bin; without it this test fails, it never skips.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const root = path.join(__dirname, "..", "..");
const binder = path.join(root, ".tools", "bin", "schema-bind");

function bind(file: string): { status: number | null; out: string } {
  if (!fs.existsSync(binder))
    throw new Error(`${binder} is missing: run \`bash scripts/install-pulumi.sh\` (needs Go)`);
  const run = spawnSync(binder, [file], { encoding: "utf8" });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

test("schema.json binds with no diagnostics", () => {
  const { status, out } = bind(path.join(root, "schema.json"));
  // The counts come from the schema itself, so a new resource or look-up needs no edit here.
  const schema = JSON.parse(fs.readFileSync(path.join(root, "schema.json"), "utf8")) as {
    resources: object;
    functions: object;
  };
  const [resources, functions] = [schema.resources, schema.functions].map((m) => Object.keys(m).length);
  expect(out).toContain(`bound with no diagnostics: ${resources} resources, ${functions} functions`);
  expect(status).toBe(0);
});

test("the binder reports a schema that names a missing type", () => {
  const schema = JSON.parse(fs.readFileSync(path.join(root, "schema.json"), "utf8")) as {
    resources: Record<string, { inputProperties: Record<string, Record<string, unknown>> }>;
  };
  schema.resources["cloudplatform:index:Vpc"]!.inputProperties.timeouts = { $ref: "#/types/cloudplatform:index:Nope" };
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "schema-bind-")), "schema.json");
  fs.writeFileSync(file, JSON.stringify(schema));
  const { status, out } = bind(file);
  expect(out).toMatch(/type cloudplatform:index:Nope not found in package cloudplatform/);
  expect(status).toBe(1);
});
