/**
 * What a user installs: `npm pack` ships the compiled code with its type declarations, the CLI and
 * the docs, and nothing of the tests, sources or local state; the package's entry points load.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import * as path from "node:path";

const root = path.resolve(__dirname, "..");

function packedFiles(): string[] {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const [pack] = JSON.parse(out) as { files: { path: string }[] }[];
  return pack.files.map((f) => f.path);
}

test("npm pack ships dist with declarations, the CLI and docs, and no sources, tests or state", () => {
  const files = packedFiles();
  for (const expected of [
    "package.json",
    "README.md",
    "CHANGELOG.md",
    "dist/index.js",
    "dist/index.d.ts",
    "dist/cli.js",
    "dist/emulator/index.js",
    "dist/emulator/index.d.ts",
    "dist/resources/vpc.js",
    "dist/providers/vpc.js",
    "dist/providers/database-snapshot.js",
    "dist/import/index.js",
    "dist/resources/mysql-database.d.ts",
    "docs/resources.md",
    "docs/troubleshooting.md",
    "docs/engine.md",
    "docs/policies.md",
    "dist/policy/index.js",
    "dist/policy/index.d.ts",
    "policy-pack/PulumiPolicy.yaml",
    "policy-pack/package.json",
    "policy-pack/index.js",
  ]) {
    expect(files).toContain(expected);
  }
  expect(files.filter((f) => /^(src|test|examples|scripts|\.state|\.tools|spec)\//.test(f))).toEqual([]);
  // Contributor notes stay in the repository.
  expect(files.filter((f) => f.startsWith("docs/contributing"))).toEqual([]);
});

test("the package's entry points export the resources, look-ups, client and emulator", async () => {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    exports: Record<string, { default: string }>;
  };
  const main = (await import(path.join(root, pkg.exports["."].default))) as Record<string, unknown>;
  for (const name of ["Vpc", "VpcSubnet", "MysqlDatabase", "PostgresqlDatabase", "DatabaseSnapshot", "getRegions"]) {
    expect(typeof main[name]).toBe("function");
  }
  expect(typeof (main.client as Record<string, unknown>).CloudClient).toBe("function");
  const emulator = (await import(path.join(root, pkg.exports["./emulator"].default))) as Record<string, unknown>;
  expect(typeof emulator.startEmulator).toBe("function");
  const policy = (await import(path.join(root, pkg.exports["./policy"].default))) as { policies: { name: string }[] };
  expect(policy.policies.map((p) => p.name)).toContain("database-allow-list-not-open");
});

test("the ready policy pack carries the package's version, and @pulumi/policy is an optional peer", () => {
  const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8"));
  // @pulumi/policy reads a pack's version from the package.json of the pack's folder.
  expect(read("policy-pack/package.json").version).toBe(read("package.json").version);
  const pkg = read("package.json");
  expect(Object.keys(pkg.dependencies)).not.toContain("@pulumi/policy");
  expect(pkg.peerDependencies["@pulumi/policy"]).toBeDefined();
  expect(pkg.peerDependenciesMeta["@pulumi/policy"].optional).toBe(true);
});

test("a user installs none of the emulator's web server unless they ask for it", () => {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
    peerDependencies?: Record<string, string>;
    peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  };
  expect(Object.keys(pkg.dependencies)).not.toContain("fastify");
  expect(pkg.peerDependencies?.fastify).toBeDefined();
  expect(pkg.peerDependenciesMeta?.fastify?.optional).toBe(true);
});
