/**
 * schema.json, the Pulumi package schema other languages' SDKs are generated from, declares what
 * the field tables say (that it is current: test/schema/generated.test.ts).
 */
import * as fs from "node:fs";
import * as path from "node:path";

const root = path.join(__dirname, "..", "..");
const checkedIn = JSON.parse(fs.readFileSync(path.join(root, "schema.json"), "utf8")) as Record<string, unknown>;
type Resource = {
  properties: Record<string, { secret?: boolean; replaceOnChanges?: boolean }>;
  inputProperties: Record<string, { default?: unknown }>;
  requiredInputs: string[];
};

test("declares the five resources, the look-ups and the provider configuration", () => {
  const resources = checkedIn.resources as Record<string, Resource>;
  expect(Object.keys(resources).sort()).toEqual(
    ["DatabaseSnapshot", "MysqlDatabase", "PostgresqlDatabase", "Vpc", "VpcSubnet"].map(
      (n) => `cloudplatform:index:${n}`,
    ),
  );
  expect(Object.keys(checkedIn.functions as object)).toContain("cloudplatform:index:getDatabaseEngines");
  expect((checkedIn.config as { variables: Record<string, { secret?: boolean }> }).variables.token!.secret).toBe(true);

  const pg = resources["cloudplatform:index:PostgresqlDatabase"]!;
  const mysql = resources["cloudplatform:index:MysqlDatabase"]!;
  expect(pg.properties.rootPassword!.secret).toBe(true);
  expect(pg.properties.connectionUri!.secret).toBe(true);
  expect(pg.properties.engineId!.replaceOnChanges).toBe(true);
  expect(pg.properties.label!.replaceOnChanges).toBeUndefined();
  expect(pg.inputProperties.replicationCommitType!.default).toBe("local");
  expect(mysql.inputProperties.replicationCommitType).toBeUndefined();
  expect(mysql.inputProperties.sslConnection!.default).toBe(true);
  expect(mysql.requiredInputs).toEqual(["label", "region", "type", "engineId"]);
  expect(mysql.inputProperties.rootPassword).toBeUndefined();
});
