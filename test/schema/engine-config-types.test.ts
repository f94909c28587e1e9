/**
 * The package schema's engine settings types are the API's own description, recorded once
 * (src/api/engine-config/*.json): every setting is there at its nested camelCase path, with its
 * type and whether it restarts the engine, and nothing else is.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { ENGINE_CONFIG_SCHEMAS, isSetting, type ConfigSchema, type SettingSchema } from "../../src/api/index.js";

type SchemaType = { properties: Record<string, { type?: string; $ref?: string; description: string }> };
const schema = JSON.parse(readFileSync(path.join(__dirname, "../../schema.json"), "utf8")) as {
  types: Record<string, SchemaType>;
  resources: Record<string, { inputProperties: Record<string, { $ref?: string }> }>;
};
const camel = (wire: string) => wire.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Every setting of a description, by its path in the program's form (a dotted key nests). */
function settings(node: ConfigSchema, prefix: string[] = []): [string[], SettingSchema][] {
  return Object.entries(node).flatMap(([k, v]) => {
    const at = [...prefix, ...k.split(".").map(camel)];
    return isSetting(v) ? [[at, v] as [string[], SettingSchema]] : settings(v, at);
  });
}

/** The schema's property at `at`, from the type `root`, following each `$ref`. */
function propertyAt(root: string, at: string[]) {
  let type = schema.types[root]!;
  for (const step of at.slice(0, -1)) type = schema.types[type.properties[step]!.$ref!.replace("#/types/", "")]!;
  return type.properties[at[at.length - 1]!];
}

const TYPES = { integer: "integer", number: "number", boolean: "boolean", string: "string", null: "string" };

test.each([
  ["mysql", "MysqlDatabase"],
  ["postgresql", "PostgresqlDatabase"],
] as const)("%s: every recorded setting, and only those, is in the schema", (engine, resource) => {
  const ref = schema.resources[`cloudplatform:index:${resource}`]!.inputProperties.engineConfig!.$ref!;
  const root = ref.replace("#/types/", "");
  const recorded = settings(ENGINE_CONFIG_SCHEMAS[engine]);
  expect(recorded.length).toBeGreaterThan(0);
  for (const [at, setting] of recorded) {
    const property = propertyAt(root, at);
    const wire = typeof setting.type === "string" ? setting.type : setting.type.find((t) => t !== "null")!;
    expect({ at: at.join("."), type: property?.type }).toEqual({ at: at.join("."), type: TYPES[wire as "integer"] });
    expect(property!.description.includes("restarts the database engine")).toBe(setting.requires_restart);
  }
  const leaves = (name: string): number =>
    Object.values(schema.types[name]!.properties).reduce(
      (n, p) => n + (p.$ref ? leaves(p.$ref.replace("#/types/", "")) : 1),
      0,
    );
  expect(leaves(root)).toBe(recorded.length);
});
