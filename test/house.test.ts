/**
 * The house rules (docs/contributing.md, "The house"): no hand-written source file of src/,
 * scripts/, test/, examples/ or policy-pack/ passes 350 lines; no import, type-only ones included,
 * closes a circle; and imports run down the floors: src/api imports nothing else of src, the client
 * knows nothing of Pulumi or the provider side, the emulator stands on src/api alone. The graph is
 * the TypeScript compiler's own (test/support/house.ts), so a failure names the files.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { circles, externalImports, importGraph, isGenerated, lineCount, ROOT, sourceFiles } from "./support/house.js";

/** The most lines a hand-written source file may hold. */
const MAX_LINES = 350;

/**
 * The floors of the provider side, bottom up: a file imports only files of its own floor or
 * below. The emulator is no floor of this house: it stands apart on src/api (below).
 */
const FLOORS: readonly (readonly string[])[] = [
  ["src/api/"],
  ["src/client/"],
  ["src/shared/fields/"],
  ["src/shared/engine/"],
  ["src/shared/runtime/"],
  ["src/shared/account/"],
  ["src/providers/"],
  ["src/resources/"],
  ["src/functions/"],
  ["src/schema/"],
  ["src/policy/", "src/import/", "src/codegen/", "src/plugin/", "src/sdk/"],
  ["src/index.ts", "src/cli.ts"],
];

const files = sourceFiles();
const graph = importGraph(files);
const text = (file: string): string => readFileSync(path.join(ROOT, file), "utf8");
const under = (prefix: string) => (file: string) => file.startsWith(prefix);

/** The files `file` imports, as `file -> target` lines. */
const importsOf = (file: string): string[] => (graph.get(file) ?? []).map((to) => `${file} -> ${to}`);

test("the graph holds the house: every folder's source files and their imports", () => {
  // A walk or resolution that found nothing would pass every rule below.
  for (const folder of ["src/api/", "src/emulator/", "src/resources/", "scripts/", "test/", "examples/"])
    expect(files.some(under(folder))).toBe(true);
  expect(graph.get("src/api/index.ts")).toContain("src/api/field.ts");
  expect(graph.get("src/resources/vpc/program.ts")).toContain("src/resources/vpc/args.ts");
});

test(`no hand-written source file passes ${MAX_LINES} lines (a generated one says so in its first line)`, () => {
  const long = files
    .filter((f) => !isGenerated(text(f)))
    .map((f) => ({ file: f, lines: lineCount(text(f)) }))
    .filter((f) => f.lines > MAX_LINES)
    .map((f) => `${f.file}: ${f.lines} lines`);
  expect(long).toEqual([]);
});

test("no import closes a circle (type-only imports included)", () => {
  const found = circles(graph).map(
    (c) => `${c.path.join(" -> ")} (${c.members.length} files in the circle: ${c.members.join(", ")})`,
  );
  expect(found).toEqual([]);
});

test("src/api imports nothing else of src", () => {
  const out = files.filter(under("src/api/")).flatMap(importsOf);
  expect(out.filter((line) => !line.split(" -> ")[1]!.startsWith("src/api/"))).toEqual([]);
});

test("the client (src/client) knows nothing of Pulumi or the provider side: it imports only itself and src/api", () => {
  const client = files.filter(under("src/client/"));
  const pulumi = client.flatMap((f) =>
    externalImports(f)
      .filter((m) => m.startsWith("@pulumi/"))
      .map((m) => `${f} -> ${m}`),
  );
  const out = client.flatMap(importsOf).filter((line) => !/ -> src\/(client|api)\//.test(line));
  expect([...pulumi, ...out]).toEqual([]);
});

test("the emulator (src/emulator) stands alone: it imports only itself, src/api and node or npm modules, and only the CLI imports it", () => {
  const emulator = files.filter(under("src/emulator/"));
  const pulumi = emulator.flatMap((f) =>
    externalImports(f)
      .filter((m) => m.startsWith("@pulumi/") || m === "pulumi-cloudplatform")
      .map((m) => `${f} -> ${m}`),
  );
  const out = emulator.flatMap(importsOf).filter((line) => !/ -> src\/(emulator|api)\//.test(line));
  const into = files
    .filter((f) => f.startsWith("src/") && !f.startsWith("src/emulator/") && f !== "src/cli.ts")
    .flatMap(importsOf)
    .filter((line) => line.includes(" -> src/emulator/"));
  expect([...pulumi, ...out, ...into]).toEqual([]);
});

test("every import of the provider side runs down the floors or stays on its own", () => {
  const floorOf = (file: string): number | undefined => {
    const i = FLOORS.findIndex((floor) => floor.some((p) => (p.endsWith("/") ? file.startsWith(p) : file === p)));
    return i < 0 ? undefined : i;
  };
  const unplaced = files.filter(
    (f) => f.startsWith("src/") && !f.startsWith("src/emulator/") && floorOf(f) === undefined,
  );
  const up = [...graph].flatMap(([from, tos]) => {
    const own = floorOf(from);
    return own === undefined
      ? []
      : tos.filter((to) => (floorOf(to) ?? -1) > own).map((to) => `${from} -> ${to} runs up a floor`);
  });
  expect([...unplaced.map((f) => `${f} is on no floor`), ...up]).toEqual([]);
});
