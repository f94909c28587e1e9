/**
 * The Python SDK generated from schema.json, as a Python user installs it: built into a wheel
 * named with the package's version, installed with pip into a fresh virtual environment, where
 * `import pulumi_cloudplatform` gives every resource of the schema, the explicit Provider and every
 * look-up with its `_output` form, with type hints (py.typed); mypy passes on the Python example
 * and on the stories' programs.
 */
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { installPythonSdk, runTool, TOOLS_PYTHON, type PythonSdk } from "../support/python";

const repoRoot = path.resolve(__dirname, "..", "..");
const workDir = path.join(repoRoot, ".state", "python-sdk");
const schema = JSON.parse(readFileSync(path.join(repoRoot, "schema.json"), "utf8")) as {
  version: string;
  resources: Record<string, unknown>;
  functions: Record<string, unknown>;
};
const { version } = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string };

let sdk: PythonSdk;

beforeAll(async () => {
  sdk = await installPythonSdk(workDir);
}, 600_000);

/** The name after `index:` of a type token. */
const member = (token: string) => token.split(":")[2]!;
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

test("the wheel carries the package's version (PEP 440), and pulumi-plugin.json names it", async () => {
  const pep440 = (
    await runTool(TOOLS_PYTHON, ["-c", "import sys, packaging.version as v; print(v.Version(sys.argv[1]))", version])
  ).trim();
  expect(path.basename(sdk.wheel)).toBe(`pulumi_cloudplatform-${pep440}-py3-none-any.whl`);
  const installed = JSON.parse(
    await runTool(sdk.python, [
      "-c",
      [
        "import importlib.metadata as m, importlib.resources as r, json",
        "files = r.files('pulumi_cloudplatform')",
        "print(json.dumps({'version': m.version('pulumi_cloudplatform'), 'typed': files.joinpath('py.typed').is_file(),",
        "  'plugin': json.loads(files.joinpath('pulumi-plugin.json').read_text()), 'pulumi': m.version('pulumi')}))",
      ].join("\n"),
    ]),
  ) as Record<string, unknown>;
  expect(installed).toEqual({
    version: pep440,
    typed: true,
    plugin: { resource: true, name: "cloudplatform", version: schema.version },
    pulumi: expect.stringMatching(/^3\.272\./),
  });
  expect(schema.version).toBe(version);
}, 120_000);

test("import pulumi_cloudplatform gives every resource, the Provider, and every look-up with its _output form", async () => {
  const resources = Object.keys(schema.resources).map(member);
  const lookUps = Object.keys(schema.functions).flatMap((token) => {
    const name = snake(member(token));
    return [name, `${name}_output`];
  });
  const expected = ["Provider", ...resources, ...lookUps];
  expect(resources).toEqual(expect.arrayContaining(["Vpc", "VpcSubnet", "MysqlDatabase", "PostgresqlDatabase"]));
  // Each name with what it is: a class of the Pulumi SDK, or a function with annotated parameters.
  const found = JSON.parse(
    await runTool(sdk.python, [
      "-c",
      [
        "import inspect, json, sys, pulumi, pulumi_cloudplatform as cloud",
        "def kind(name):",
        "    obj = getattr(cloud, name, None)",
        "    if inspect.isclass(obj):",
        "        return 'provider' if issubclass(obj, pulumi.ProviderResource) else 'resource' if issubclass(obj, pulumi.CustomResource) else 'class'",
        "    if callable(obj):",
        "        params = [p for p in inspect.signature(obj).parameters.values() if p.name != 'opts']",
        "        return 'typed function' if all(p.annotation is not inspect.Parameter.empty for p in params) else 'function'",
        "    return 'missing'",
        "print(json.dumps({name: kind(name) for name in sys.argv[1:]}))",
      ].join("\n"),
      ...expected,
    ]),
  ) as Record<string, string>;
  expect(found).toEqual({
    Provider: "provider",
    ...Object.fromEntries(resources.map((r) => [r, "resource"])),
    ...Object.fromEntries(lookUps.map((f) => [f, "typed function"])),
  });
}, 120_000);

test("mypy (strict) passes on the Python example and the stories' programs, against the installed wheel", async () => {
  const programs = [
    ...readdirSync(path.join(repoRoot, "examples", "python")).map((f) => path.join("examples", "python", f)),
    ...readdirSync(path.join(repoRoot, "test", "fixtures", "python-programs")).map((f) =>
      path.join("test", "fixtures", "python-programs", f),
    ),
  ].filter((f) => f.endsWith(".py") && !f.endsWith("run.py"));
  expect(programs).toEqual(expect.arrayContaining([path.join("examples", "python", "stack.py")]));
  const report = await runTool(
    TOOLS_PYTHON,
    ["-m", "mypy", "--strict", "--no-incremental", "--python-executable", sdk.python, ...programs],
    { ...process.env, MYPYPATH: path.join(repoRoot, "examples", "python") },
  ).catch((err: Error) => err.message);
  expect(report).toMatch(new RegExp(`^Success: no issues found in ${programs.length} source files`, "m"));
}, 300_000);
