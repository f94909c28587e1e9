import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { version as pulumiVersion } from "@pulumi/pulumi/version";
import * as semver from "semver";
import { storesByValue } from "../../src/shared/engine/stored-provider.js";
import { lazyProvider } from "../../src/shared/engine/lazy-provider.js";
import { configure } from "../../src/shared/runtime/context.js";
import { client } from "../../src/shared/runtime/context.js";
import { configBag } from "./provider-env.js";

const TOKEN = "secret-token-that-must-not-leak-8c1f";
const MODULES = ["vpc", "vpc-subnet", "mysql-database", "postgresql-database", "database-snapshot"];

beforeAll(async () => {
  // A configured, in-use client in this process must not end up in the serialized text either.
  await configure({
    config: configBag({ "cloudplatform:token": TOKEN, "cloudplatform:apiUrl": "http://127.0.0.1:9" }),
  });
  client();
});

test.each(MODULES)("the serialized %s provider is small and holds no token", async (name) => {
  const lazy = lazyProvider(name);
  const serialized = await pulumi.runtime.serializeFunction(() => lazy, { isFactoryFunction: true });
  expect(serialized.text).not.toContain(TOKEN);
  expect(serialized.text).toContain(`dist/resources/`);
  expect(serialized.text).not.toMatch(/got|CloudClient|p-retry/);
  expect(serialized.text.length).toBeLessThan(4096);
});

test("every resource module exports the provider the lazy provider loads", async () => {
  for (const name of MODULES) {
    const mod = (await import(`../../src/resources/${name}.js`)) as { provider: pulumi.dynamic.ResourceProvider };
    for (const method of ["configure", "check", "diff", "create", "read", "update", "delete"] as const)
      expect(typeof mod.provider[method]).toBe("function");
  }
});

describe("a package in a pnpm store", () => {
  // A module laid out as pnpm lays out this package: node_modules/.pnpm/<name>@<version>/node_modules/<name>.
  let dir: string;
  let mod: pulumi.dynamic.ResourceProvider;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "pnpm-layout-"));
    const pkg = path.join(dir, "node_modules", ".pnpm", "pnpm-probe@1.0.0", "node_modules", "pnpm-probe");
    mkdirSync(path.join(pkg, "dist"), { recursive: true });
    writeFileSync(
      path.join(pkg, "package.json"),
      JSON.stringify({ name: "pnpm-probe", version: "1.0.0", exports: { "./dist/*": "./dist/*" } }),
    );
    writeFileSync(
      path.join(pkg, "dist", "provider.js"),
      'module.exports = { create: async (inputs) => ({ id: "1", outs: inputs }) };\n',
    );
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module must be in require.cache, as a provider module is
    mod = require(path.join(pkg, "dist", "provider.js"));
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test(`is stored as a require only by an SDK whose serializer names a module in the store (this one: ${pulumiVersion})`, async () => {
    const outcome = await pulumi.runtime
      .serializeFunction(() => mod, { isFactoryFunction: true })
      .then(
        (serialized) => serialized.text,
        (err: Error) => err.message,
      );
    // Decided from the SDK's version alone, not by the function under test (the table below tests it).
    if (semver.lt(pulumiVersion, "3.251.0")) {
      // Before 3.251 the serializer takes ".pnpm" for the package: where it finds the store's
      // package.json (a user's project) it throws "package.json export path for ... not found";
      // here it writes a require of the store folder, which no provider process can load.
      expect(outcome).toMatch(
        /export path for "\.pnpm\/pnpm-probe@1\.0\.0\/node_modules\/pnpm-probe\/dist\/provider\.js" not found|require\("\.pnpm\/pnpm-probe@1\.0\.0\//,
      );
    } else {
      expect(outcome).toContain('require("pnpm-probe/dist/provider.js")');
    }
  });

  test("stored by value, it holds its methods and no path of the machine", async () => {
    const copy = { ...mod };
    const serialized = await pulumi.runtime.serializeFunction(() => copy, { isFactoryFunction: true });
    expect(serialized.text).toContain("create:");
    expect(serialized.text).not.toContain(dir);
    expect(serialized.text).not.toContain(".pnpm");
  });

  test.each([
    ["/p/node_modules/.pnpm/pulumi-cloudplatform@0.1.0/node_modules/pulumi-cloudplatform/dist/x.js", "3.248.0", true],
    ["/p/node_modules/.pnpm/pulumi-cloudplatform@0.1.0/node_modules/pulumi-cloudplatform/dist/x.js", "3.250.9", true],
    ["/p/node_modules/.pnpm/pulumi-cloudplatform@0.1.0/node_modules/pulumi-cloudplatform/dist/x.js", "3.251.0", false],
    ["/p/node_modules/.pnpm/pulumi-cloudplatform@0.1.0/node_modules/pulumi-cloudplatform/dist/x.js", "3.270.0", false],
    ["/p/node_modules/pulumi-cloudplatform/dist/x.js", "3.248.0", false],
    ["/home/me/.pnpm/checkout/dist/x.js", "3.248.0", false],
  ])("%s with SDK %s: by value is %s", (file, version, expected) => {
    expect(storesByValue(file, version)).toBe(expected);
  });
});
