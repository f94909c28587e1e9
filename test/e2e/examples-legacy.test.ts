/**
 * An example against the contract's platform: the emulator started as `--platform rdbms-legacy`
 * (its 2024 regions and engine catalogue), and the `esm` example given that API's values through
 * its settings (`esm:region us-east`, `esm:engineId mysql/8.0.30`), as a user of an account on the
 * legacy platform would set them. The examples' own files run them against today's API.
 */
import { expectSecrets, useExampleRuns } from "./example-runs";
import { list } from "./helpers";

const runs = useExampleRuns({ platform: "rdbms-legacy" });
const { up, previewThenDestroy } = runs;

test("esm on the contract's platform: up, a clean preview, destroy", async () => {
  const settings = ["--config", "esm:region=us-east", "--config", "esm:engineId=mysql/8.0.30"];
  const step = await up("esm", settings);
  // stack, Vpc, VpcSubnet, MysqlDatabase
  expect(step.summary).toEqual({ create: 4 });
  expectSecrets(step.outputs, ["connectionUri", "password"]);
  expect(step.outputs?.engine).toBe("mysql/8.0.30");
  const [db] = await list<{ label: string; region: string; version: string }>(runs.emulator(), "/databases/instances");
  expect(db).toMatchObject({ label: "esm-db", region: "us-east", version: "8.0.30" });
  expect(db).not.toHaveProperty("platform");

  await previewThenDestroy("esm", 4);
}, 300_000);
