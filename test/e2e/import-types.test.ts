/**
 * The importer's TypeScript programs compile as a user's project compiles them: each golden program
 * of test/import/golden (the unit tier holds the importer's output to them byte for byte), its ids
 * numbered again, is type-checked with `strict` in a project of its own whose
 * `node_modules/pulumi-cloudplatform` is the checkout, so the package resolves through its
 * package.json to the built declarations in dist/ (`npm run build` comes first).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as ts from "typescript";
import { numberIds } from "../import/golden-names";
import { parsedOnceHost } from "../support/parsed-once";

const repoRoot = path.resolve(__dirname, "..", "..");
const goldenDir = path.join(__dirname, "..", "import", "golden");

/** A user's project: its own package.json, and the package installed as a link to the checkout. */
let project: string;
beforeAll(() => {
  project = mkdtempSync(path.join(os.tmpdir(), "import-types-"));
  const pkg = { name: "imported-account", private: true, dependencies: { "pulumi-cloudplatform": "*" } };
  writeFileSync(path.join(project, "package.json"), JSON.stringify(pkg));
  mkdirSync(path.join(project, "node_modules"));
  symlinkSync(repoRoot, path.join(project, "node_modules", "pulumi-cloudplatform"), "dir");
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

/** The options of the examples' tsconfig.json that decide what compiles, `strict` first. */
const options: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  skipLibCheck: true,
  types: [],
};

/** The last program checked: the next one reuses its unchanged files (the declarations, the libraries). */
let previous: ts.Program | undefined;

/** Type-checks `source` as the project's index.ts: every diagnostic, with its file and position. */
function typeErrors(source: string): { resolved: string | undefined; errors: string[] } {
  const file = path.join(project, "index.ts");
  writeFileSync(file, source);
  const host = parsedOnceHost(options, (name) => name === file);
  const program = ts.createProgram([file], options, host, previous);
  previous = program;
  const resolved = ts.resolveModuleName("pulumi-cloudplatform", file, options, host).resolvedModule;
  const errors = ts.getPreEmitDiagnostics(program).map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    if (d.file === undefined || d.start === undefined) return message;
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${path.relative(project, d.file.fileName)}:${line + 1}:${character + 1}: ${message}`;
  });
  return { resolved: resolved?.resolvedFileName, errors };
}

const goldens = readdirSync(goldenDir).filter((f) => f.endsWith(".ts.txt"));

test("both subnet styles have a golden program", () => {
  expect(goldens.sort()).toEqual(["inline-subnets.ts.txt", "separate-subnets.ts.txt"]);
});

test.each(goldens)("%s type-checks with strict against the built package's declarations", (name) => {
  const program = numberIds(readFileSync(path.join(goldenDir, name), "utf8"));
  expect(program).toContain('import * as cloud from "pulumi-cloudplatform";');
  const { resolved, errors } = typeErrors(program);
  expect(resolved).toBe(path.join(repoRoot, "dist", "index.d.ts"));
  expect(errors).toEqual([]);
});
