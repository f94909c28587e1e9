/**
 * `pulumi import` through the provider plugin, on the real engine: objects made through the API
 * are adopted by the CLI command (`pulumi import cloudplatform:index:MysqlDatabase <name> <id>`) and
 * by a bulk import file (`pulumi import --file`, through the Automation API's `import`), with zero
 * API writes; a program that declares them previews clean, and `destroy` deletes them. Then a stack
 * moves a database from the dynamic `MysqlDatabase` to the plugin's (docs/plugin.md): adopt with
 * `adoptId`, `pulumi state delete` the dynamic entry, no write, clean preview.
 */
import { MysqlDatabase as DynamicMysqlDatabase } from "../../src/resources/mysql-database/class";
import { MysqlDatabase, PostgresqlDatabase, Vpc } from "../../src/sdk";
import { pluginCli as pulumiCli, pluginEnv, withInlineLanguageHost } from "../support/plugin";
import { api, list, useE2e } from "./helpers";

const e2e = useE2e((emulator) => emulator.control.setTimings({ provisioningSeconds: 1 }));

interface Created {
  id: number;
  label: string;
}

/** The API calls since the log was cleared that were not reads. */
async function writes(): Promise<string[]> {
  return (await e2e.emulator.control.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
}

/** Objects made through the API, active. */
async function account(): Promise<{ orders: Created; analytics: Created; network: Created }> {
  const { emulator } = e2e;
  const orders = await api<Created>(emulator, "POST", "/databases/mysql/instances", {
    label: "legacy-orders",
    region: "us-east",
    type: "g6-standard-1",
    engine: "mysql/8.0.30",
    allow_list: ["10.0.0.0/16"],
  });
  const analytics = await api<Created>(emulator, "POST", "/databases/postgresql/instances", {
    label: "legacy-analytics",
    region: "us-east",
    type: "g6-standard-1",
    engine: "postgresql/14.6",
  });
  const network = await api<Created>(emulator, "POST", "/vpcs", { label: "legacy-net", region: "us-east" });
  await emulator.control.advanceClock(5);
  return { orders, analytics, network };
}

const ordersArgs = {
  label: "legacy-orders",
  region: "us-east",
  type: "g6-standard-1",
  engineId: "mysql/8.0.30",
  allowList: ["10.0.0.0/16"],
};

test("pulumi import adopts one object by id and a bulk file adopts more, with zero writes and a clean preview", async () => {
  const { orders, analytics, network } = await account();
  const testStack = await e2e.stack(async () => {
    new MysqlDatabase("orders", ordersArgs);
    new PostgresqlDatabase("analytics", {
      label: "legacy-analytics",
      region: "us-east",
      type: "g6-standard-1",
      engineId: "postgresql/14.6",
    });
    new Vpc("network", { label: "legacy-net", region: "us-east" });
  }, pluginEnv());
  await e2e.emulator.control.clearRequests();

  const out = await withInlineLanguageHost(testStack.workDir, () =>
    pulumiCli(testStack, [
      "import",
      "cloudplatform:index:MysqlDatabase",
      "orders",
      String(orders.id),
      "--yes",
      "--protect=false",
      "--generate-code=false",
      "--non-interactive",
    ]),
  );
  expect(out).toMatch(/1 imported/);
  await withInlineLanguageHost(testStack.workDir, () =>
    testStack.stack.import({
      resources: [
        { type: "cloudplatform:index:PostgresqlDatabase", name: "analytics", id: String(analytics.id) },
        { type: "cloudplatform:index:Vpc", name: "network", id: String(network.id) },
      ],
      protect: false,
      generateCode: false,
    }),
  );
  expect(await writes()).toEqual([]);

  const state = (await testStack.stack.exportStack()).deployment as {
    resources: { type: string; id?: string; outputs?: Record<string, unknown> }[];
  };
  const ids = Object.fromEntries(state.resources.filter((r) => r.id).map((r) => [r.type, r.id]));
  expect(ids).toMatchObject({
    "cloudplatform:index:MysqlDatabase": String(orders.id),
    "cloudplatform:index:PostgresqlDatabase": String(analytics.id),
    "cloudplatform:index:Vpc": String(network.id),
  });
  // The credentials read on import are secrets in the state too.
  const imported = state.resources.find((r) => r.type === "cloudplatform:index:MysqlDatabase")!;
  expect(imported.outputs?.rootPassword).toMatchObject({ "4dabf18193072939515e22adb298388d": expect.any(String) });

  const preview = await testStack.stack.preview({ color: "never" });
  expect(preview.changeSummary).toEqual({ same: 4 });
  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.resourceChanges).toEqual({ same: 4 });
  expect(await writes()).toEqual([]);

  await testStack.stack.destroy({ color: "never" });
  expect(await list(e2e.emulator, "/databases/instances")).toEqual([]);
  expect(await list(e2e.emulator, "/vpcs")).toEqual([]);
});

test("a stack moves a database from the dynamic resource to the plugin's: adoptId, state delete, no write", async () => {
  const dynamicStack = await e2e.stack(async () => {
    new DynamicMysqlDatabase("orders", { ...ordersArgs, label: "moving-orders" });
  }, pluginEnv());
  await dynamicStack.stack.up({ color: "never" });
  const db = (await list<Created>(e2e.emulator, "/databases/instances")).find((d) => d.label === "moving-orders");
  const dynamicUrn = (
    (await dynamicStack.stack.exportStack()).deployment as { resources: { urn: string; type: string }[] }
  ).resources.find((r) => r.type.endsWith("MysqlDatabase"))!.urn;
  await e2e.emulator.control.clearRequests();

  // The plugin's resource adopts the database under another name while the dynamic entry remains...
  dynamicStack.stack.workspace.program = async () => {
    new DynamicMysqlDatabase("orders", { ...ordersArgs, label: "moving-orders" });
    new MysqlDatabase("orders-plugin", { ...ordersArgs, label: "moving-orders", adoptId: db!.id });
  };
  const adopt = await dynamicStack.stack.up({ color: "never" });
  expect(adopt.summary.resourceChanges).toEqual({ same: 2, create: 1 });
  // ...which then leaves the state without touching the database.
  await pulumiCli(dynamicStack, ["state", "delete", dynamicUrn, "--yes", "--non-interactive"]);
  dynamicStack.stack.workspace.program = async () => {
    new MysqlDatabase("orders-plugin", { ...ordersArgs, label: "moving-orders", adoptId: db!.id });
  };
  // The next up only drops the default dynamic provider nothing uses any more; the database is untouched.
  const moved = await dynamicStack.stack.up({ color: "never" });
  expect(moved.summary.resourceChanges).toEqual({ same: 2 });
  expect(await writes()).toEqual([]);
  expect((await dynamicStack.stack.preview({ color: "never" })).changeSummary).toEqual({ same: 2 });
  const types = ((await dynamicStack.stack.exportStack()).deployment as { resources: { type: string }[] }).resources
    .map((r) => r.type)
    .filter((t) => t.includes("MysqlDatabase"));
  expect(types).toEqual(["cloudplatform:index:MysqlDatabase"]);
  expect((await list<Created>(e2e.emulator, "/databases/instances")).map((d) => d.id)).toEqual([db!.id]);
});
