/**
 * Programs as Pulumi users write them, on the real engine against two emulators (two accounts): two
 * explicit `Provider`s of `pulumi-cloudplatform/plugin`, a VPC made in each; `get` of objects made
 * through each account's API, in both flavours (the plugin's through an explicit provider, the
 * dynamic ones with the stack's account), with no API write; the plugin SDK's look-ups through an
 * explicit provider, `getDatabase`'s credentials secret; a clean preview after `up`; a destroy that
 * deletes only what the stack made. Each claim is checked from each emulator's state and request log.
 */
import * as dynamic from "../../src/index";
import * as plugin from "../../src/sdk";
import { INSTANT_TIMINGS, startTestEmulator, type TestEmulator } from "../support/emulator";
import { pluginEnv } from "../support/plugin";
import { api, list, readStateFiles, useE2e } from "./helpers";

/** Account A is the stack's configuration (the default providers); account B is reached only explicitly. */
const e2e = useE2e((emulator) => emulator.control.setTimings(INSTANT_TIMINGS));
const TOKEN_B = "account-b-token";
let accountB: TestEmulator | undefined;

beforeAll(async () => {
  accountB = await startTestEmulator();
  await accountB.control.seed({ tokens: [{ token: TOKEN_B, scopes: "*" }] });
  await accountB.control.setTimings(INSTANT_TIMINGS);
});
afterAll(async () => accountB?.close());

interface ApiObject {
  id: number;
  label: string;
}

/** The API writes each account received since its log was cleared. */
async function writes(emulator: TestEmulator): Promise<string[]> {
  return (await emulator.control.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
}

async function labels(emulator: TestEmulator, path: string): Promise<string[]> {
  return (await list<ApiObject>(emulator, path)).map((o) => o.label).sort();
}

test("two accounts through explicit providers; get and look-ups read without writing; destroy removes only the stack's own", async () => {
  const a = e2e.emulator;
  const b = accountB!;
  // Objects made elsewhere (the console, another stack): one VPC with a subnet in A; a VPC and a database in B.
  const madeA = await api<ApiObject & { subnets: ApiObject[] }>(a, "POST", "/vpcs", {
    label: "made-in-a",
    region: "us-east",
    subnets: [{ label: "app", ipv4: "10.1.0.0/24" }],
  });
  const madeB = await api<ApiObject>(b, "POST", "/vpcs", { label: "made-in-b", region: "us-east" });
  const dbB = await api<ApiObject>(b, "POST", "/databases/mysql/instances", {
    label: "orders-b",
    region: "us-east",
    type: "g6-standard-1",
    engine: "mysql/8.0.30",
  });
  const credentialsB = await api<{ password: string }>(b, "GET", `/databases/mysql/instances/${dbB.id}/credentials`);
  await a.control.clearRequests();
  await b.control.clearRequests();

  const testStack = await e2e.stack(async () => {
    const providerA = new plugin.Provider("account-a", { apiUrl: a.url, token: a.token });
    const providerB = new plugin.Provider("account-b", { apiUrl: b.url, token: TOKEN_B });
    const netA = new plugin.Vpc("net-a", { label: "net-a", region: "us-east" }, { provider: providerA });
    const netB = new plugin.Vpc("net-b", { label: "net-b", region: "us-east" }, { provider: providerB });
    const seenB = plugin.Vpc.get("seen-b", String(madeB.id), {}, { provider: providerB });
    const ordersB = plugin.MysqlDatabase.get("orders-b", String(dbB.id), {}, { provider: providerB });
    const seenA = dynamic.Vpc.get("seen-a", String(madeA.id));
    const appA = dynamic.VpcSubnet.get("app-a", `${madeA.id}/${madeA.subnets[0]!.id}`);
    const vpcsB = plugin.getVpcsOutput({ region: "us-east" }, { provider: providerB, dependsOn: [netB] });
    const databaseB = plugin.getDatabaseOutput({ engine: "mysql", id: ordersB.instanceId }, { provider: providerB });
    const plainB = await plugin.getDatabases({}, { provider: providerB });
    return {
      made: { a: netA.vpcId, b: netB.vpcId },
      seenB: { label: seenB.label, vpcId: seenB.vpcId },
      ordersB: { label: ordersB.label, port: ordersB.port },
      ordersPassword: ordersB.rootPassword,
      seenA: { label: seenA.label, vpcId: seenA.vpcId },
      appA: { label: appA.label, vpcId: appA.vpcId, ipv4: appA.ipv4 },
      vpcsB: vpcsB.vpcs.apply((vs) => vs.map((v) => v.label).sort()),
      databaseB,
      plainB: plainB.databases.map((d) => d.label),
      isInstance: {
        pluginVpc: plugin.Vpc.isInstance(netA),
        dynamicVpcOfPlugin: dynamic.Vpc.isInstance(netA),
        dynamicVpc: dynamic.Vpc.isInstance(seenA),
        provider: plugin.Provider.isInstance(providerB),
        vpcAsProvider: plugin.Provider.isInstance(netB),
      },
    };
  }, pluginEnv());
  const { stack } = testStack;

  const up = await stack.up({ color: "never" });
  expect(up.summary.result).toBe("succeeded");
  // Each account holds what the stack made in it and what was there; nothing crossed over.
  expect(await labels(a, "/vpcs")).toEqual(["made-in-a", "net-a"]);
  expect(await labels(b, "/vpcs")).toEqual(["made-in-b", "net-b"]);
  // The gets and the look-ups wrote nothing: each account saw one write, its VPC's create.
  expect(await writes(a)).toEqual(["POST /v4/vpcs"]);
  expect(await writes(b)).toEqual(["POST /v4/vpcs"]);
  // B's objects were read from B only (through the explicit provider), A's from A only.
  const readsOfA = (await a.control.requests()).map((r) => r.path);
  const readsOfB = (await b.control.requests()).map((r) => r.path);
  expect(readsOfB).toContain(`/v4/vpcs/${madeB.id}`);
  expect(readsOfB).toContain(`/v4/databases/mysql/instances/${dbB.id}/credentials`);
  expect(readsOfA).not.toContain(`/v4/databases/mysql/instances/${dbB.id}`);
  expect(readsOfA).toContain(`/v4/vpcs/${madeA.id}`);

  const out = up.outputs;
  expect(out.seenB!.value).toEqual({ label: "made-in-b", vpcId: madeB.id });
  expect(out.seenA!.value).toEqual({ label: "made-in-a", vpcId: madeA.id });
  expect(out.appA!.value).toEqual({ label: "app", vpcId: madeA.id, ipv4: "10.1.0.0/24" });
  expect(out.ordersB!.value).toEqual({ label: "orders-b", port: 3306 });
  // A database read by `get` keeps its credentials secret, as one the stack manages.
  expect(out.ordersPassword).toEqual({ value: credentialsB.password, secret: true });
  expect(out.vpcsB!.value).toEqual(["made-in-b", "net-b"]);
  expect(out.plainB!.value).toEqual(["orders-b"]);
  expect(out.databaseB!.secret).toBe(true);
  expect(out.databaseB!.value).toMatchObject({
    instanceId: dbB.id,
    label: "orders-b",
    engineType: "mysql",
    sslConnection: true,
    port: 3306,
    status: "active",
    rootPassword: credentialsB.password,
    caCertificate: expect.any(String),
  });
  expect(out.isInstance!.value).toEqual({
    pluginVpc: true,
    dynamicVpcOfPlugin: false,
    dynamicVpc: true,
    provider: true,
    vpcAsProvider: false,
  });

  // The explicit providers' tokens and the database's password are stored encrypted only.
  const state = readStateFiles(testStack.workDir);
  expect(state).not.toContain(TOKEN_B);
  expect(state).not.toContain(credentialsB.password);

  // A preview right after `up` plans nothing and writes nothing, in either account.
  await a.control.clearRequests();
  await b.control.clearRequests();
  const preview = await stack.preview({ color: "never" });
  expect(Object.keys(preview.changeSummary)).toEqual(["same"]);
  expect(await writes(a)).toEqual([]);
  expect(await writes(b)).toEqual([]);

  await a.control.clearRequests();
  await b.control.clearRequests();
  // Destroy deletes what the stack made, each in its own account, and leaves what it only read.
  const destroy = await stack.destroy({ color: "never" });
  expect(destroy.summary.result).toBe("succeeded");
  expect(await labels(a, "/vpcs")).toEqual(["made-in-a"]);
  expect(await labels(b, "/vpcs")).toEqual(["made-in-b"]);
  expect(await labels(b, "/databases/mysql/instances")).toEqual(["orders-b"]);
  expect((await list<ApiObject>(a, `/vpcs/${madeA.id}/subnets`)).map((s) => s.label)).toEqual(["app"]);
  const made = out.made!.value as { a: number; b: number };
  expect(await writes(a)).toEqual([`DELETE /v4/vpcs/${made.a}`]);
  expect(await writes(b)).toEqual([`DELETE /v4/vpcs/${made.b}`]);
}, 600_000);
