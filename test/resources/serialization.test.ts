import * as pulumi from "@pulumi/pulumi";
import { lazyProvider } from "../../src/resources/lazy-provider.js";
import { configure } from "../../src/resources/context.js";
import { client } from "../../src/resources/context.js";
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
