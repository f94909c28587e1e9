/**
 * `pulumi import` through the provider plugin, on the real engine: objects made through the API
 * are adopted by the CLI command (`pulumi import cloudplatform:index:MysqlDatabase <name> <id>`) and
 * by a bulk import file (`pulumi import --file`, through the Automation API's `import`), with zero
 * API writes; a program that declares them previews clean, and `destroy` deletes them. Subnets are
 * imported by `<vpcId>/<subnetId>` or `<vpcId>,<subnetId>`, and a bare subnet id is refused with
 * the form to use. Then a stack
 * moves a database from the dynamic `MysqlDatabase` to the plugin's (docs/plugin.md): adopt with
 * `adoptId`, `pulumi state delete` the dynamic entry, no write, clean preview.
 */
import { MysqlDatabase as DynamicMysqlDatabase } from "../../src/resources/mysql-database/class";
import { MysqlDatabase, PostgresqlDatabase, Vpc, VpcSubnet } from "../../src/sdk";
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

test("pulumi import adopts subnets by <vpcId>/<subnetId> and <vpcId>,<subnetId>, with zero writes and a clean preview", async () => {
  const network = await api<Created>(e2e.emulator, "POST", "/vpcs", { label: "subnet-import", region: "us-east" });
  const web = await api<Created>(e2e.emulator, "POST", `/vpcs/${network.id}/subnets`, {
    label: "web",
    ipv4: "10.0.1.0/24",
  });
  const data = await api<Created>(e2e.emulator, "POST", `/vpcs/${network.id}/subnets`, {
    label: "data",
    ipv4: "10.0.2.0/24",
  });
  const testStack = await e2e.stack(async () => {
    new VpcSubnet("web", { vpcId: network.id, label: "web", ipv4: "10.0.1.0/24" });
    new VpcSubnet("data", { vpcId: network.id, label: "data", ipv4: "10.0.2.0/24" });
  }, pluginEnv());
  await e2e.emulator.control.clearRequests();

  const importSubnet = (name: string, id: string) =>
    withInlineLanguageHost(testStack.workDir, () =>
      pulumiCli(testStack, [
        "import",
        "cloudplatform:index:VpcSubnet",
        name,
        id,
        "--yes",
        "--protect=false",
        "--generate-code=false",
        "--non-interactive",
      ]),
    );
  // The subnet's id alone does not say which VPC to read it through: refused, showing the form.
  const refused = await importSubnet("web", String(web.id)).then(
    () => "imported",
    (err: { stdout?: string; stderr?: string }) => `${err.stdout ?? ""}${err.stderr ?? ""}`,
  );
  expect(refused).toContain(
    `A VpcSubnet is imported by "<vpcId>/<subnetId>" (or "<vpcId>,<subnetId>"), such as 1234/5678 (got "${web.id}")`,
  );
  expect(await importSubnet("web", `${network.id}/${web.id}`)).toMatch(/1 imported/);
  expect(await importSubnet("data", `${network.id},${data.id}`)).toMatch(/1 imported/);
  expect(await writes()).toEqual([]);

  // Recorded as a created subnet is: the subnet's id, its VPC in the outputs.
  const state = (await testStack.stack.exportStack()).deployment as {
    resources: { urn: string; id?: string; outputs?: Record<string, unknown> }[];
  };
  const byName = Object.fromEntries(state.resources.map((r) => [r.urn.split("::").pop(), r]));
  expect(byName.web).toMatchObject({ id: String(web.id), outputs: { vpcId: network.id, gateway: "10.0.1.1" } });
  expect(byName.data).toMatchObject({ id: String(data.id), outputs: { vpcId: network.id, label: "data" } });

  expect((await testStack.stack.preview({ color: "never" })).changeSummary).toEqual({ same: 3 });
  expect((await testStack.stack.refresh({ color: "never" })).summary.resourceChanges).toEqual({ same: 3 });
  await testStack.stack.destroy({ color: "never" });
  expect((await writes()).sort()).toEqual(
    [`DELETE /v4/vpcs/${network.id}/subnets/${web.id}`, `DELETE /v4/vpcs/${network.id}/subnets/${data.id}`].sort(),
  );
  expect(await list(e2e.emulator, `/vpcs/${network.id}/subnets`)).toEqual([]);
  await api(e2e.emulator, "DELETE", `/vpcs/${network.id}`);
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
