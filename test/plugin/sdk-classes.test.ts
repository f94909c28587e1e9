/**
 * The plugin SDK's classes (`pulumi-cloudplatform/plugin`, generated) do in the program what the
 * dynamic classes do: they register the same properties (the arguments, the program's failures,
 * the inputs that are outputs too, the output keys), read the numeric id from the resource id
 * (`<engine>/<instanceId>/<backupId>` for a snapshot), and find another resource's arguments for
 * the checks that span two resources (an inline subnet collision, a secondary snapshot of one node).
 */
import * as pulumi from "@pulumi/pulumi";
import * as dynamic from "../../src/resources/index.js";
import * as plugin from "../../src/sdk/index.js";

/** The inputs each resource was registered with, by name. */
const registered = new Map<string, Record<string, unknown>>();
/** The id, provider and type of each resource registered to be read (`get`), by name. */
const reads = new Map<string, { id?: string; provider?: string; type: string }>();
/** The look-ups invoked: token, arguments and provider. */
const calls: { token: string; inputs: unknown; provider?: string }[] = [];

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.set(args.name, args.inputs as Record<string, unknown>);
        if (args.id) {
          reads.set(args.name, { id: args.id, provider: args.provider, type: args.type });
          return { id: args.id, state: { ...args.inputs, label: `read-${args.id}` } };
        }
        const id = args.name.includes("snap") ? "mysql/41/77" : "41";
        return { id, state: args.inputs };
      },
      call: (args) => {
        calls.push({ token: args.token, inputs: args.inputs, provider: args.provider });
        return { vpcs: [{ label: "from-the-plugin" }] };
      },
    },
    "project",
    "stack",
    false,
  );
});

const value = <T>(output: pulumi.Output<T>): Promise<T> => new Promise((resolve) => output.apply(resolve));

/** The same program, declared with either kind of class; `p` prefixes the resource names. */
function declare(kind: typeof dynamic | typeof plugin, p: string) {
  const vpc = new kind.Vpc(`${p}-vpc`, {
    label: "net",
    region: "us-east",
    subnets: [{ label: "web", ipv4: "10.0.1.0/24" }],
  });
  const subnet = new kind.VpcSubnet(`${p}-subnet`, { vpcId: vpc.vpcId, label: "web", ipv4: "10.0.1.128/25" });
  const db = new kind.MysqlDatabase(`${p}-db`, {
    label: "db",
    region: "us-east",
    type: "g6-nanode-1",
    engineId: "mysql/8.0.30",
  });
  const snap = new kind.DatabaseSnapshot(`${p}-snap`, {
    engine: "mysql",
    instanceId: db.instanceId,
    label: "s1",
    target: "secondary",
  });
  return { vpc, subnet, db, snap };
}

test("both kinds of class register the same properties and give the same numeric ids", async () => {
  const d = declare(dynamic, "dyn");
  const s = declare(plugin, "sdk");
  expect(await value(s.vpc.vpcId)).toBe(41);
  expect(await value(s.db.instanceId)).toBe(41);
  expect(await value(s.snap.backupId)).toBe(77);
  expect(await value(d.snap.backupId)).toBe(77);
  await value(pulumi.all([d.snap.urn, s.snap.urn, d.subnet.urn, s.subnet.urn]));
  for (const name of ["vpc", "subnet", "db", "snap"]) {
    // The dynamic classes also pass their URN (a dynamic provider's create never sees it; the
    // plugin gets it from the engine): the one input the plugin's classes do not register.
    const { __provider, __resourceUrn, ...dynamicProps } = registered.get(`dyn-${name}`)!;
    expect(__provider).toEqual(expect.any(String));
    expect(__resourceUrn).toEqual(expect.stringMatching(new RegExp(`^urn:pulumi:.*::dyn-${name}$`)));
    expect(registered.get(`sdk-${name}`)).toEqual(dynamicProps);
  }
  // The checks that span two resources ran in the program, for the plugin's classes too.
  expect(registered.get("sdk-subnet")!.programFailures).toEqual([
    expect.objectContaining({ property: "ipv4", reason: expect.stringContaining("overlaps subnets[0].ipv4") }),
    expect.objectContaining({ property: "label", reason: expect.stringContaining("subnets[0].label") }),
  ]);
  expect(registered.get("sdk-snap")!.programFailures).toEqual([
    expect.objectContaining({ property: "target", reason: expect.stringContaining("needs a 3-node cluster") }),
  ]);
});

test("get reads by id through the given provider, registers no argument check, and gives the outputs read", async () => {
  const account = new plugin.Provider("account", {
    apiUrl: "https://api.example",
    token: "t0ken",
    allowInsecureHttp: false,
  });
  const vpc = plugin.Vpc.get("got-vpc", "12", {}, { provider: account });
  const subnet = dynamic.VpcSubnet.get("got-subnet", "12/34");
  expect(await value(vpc.label)).toBe("read-12");
  expect(await value(vpc.vpcId)).toBe(12);
  expect(await value(subnet.label)).toBe("read-12/34");
  await value(pulumi.all([vpc.urn, subnet.urn, account.urn]));
  expect(reads.get("got-vpc")).toEqual({
    id: "12",
    provider: expect.stringMatching(/::pulumi:providers:cloudplatform::account::/),
    type: "cloudplatform:index:Vpc",
  });
  expect(reads.get("got-subnet")).toMatchObject({ id: "12/34", type: "pulumi-nodejs:dynamic/cloudplatform:VpcSubnet" });
  // No argument was checked in the program (a read has none), and every output is asked for.
  expect(registered.get("got-vpc")).not.toHaveProperty("programFailures");
  expect(Object.keys(registered.get("got-vpc")!)).toEqual([]);
  // The provider's token is registered as a secret; the flag goes as JSON text, as Pulumi's SDKs send it.
  expect(registered.get("account")).toEqual({
    apiUrl: "https://api.example",
    token: { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value: "t0ken" },
    allowInsecureHttp: "false",
  });
});

test("the dynamic class carries a readable type token", () => {
  expect(dynamic.Vpc.name).toBe("Vpc");
});

test("isInstance tells each class and flavour apart", () => {
  const account = new plugin.Provider("other-account");
  const vpc = new plugin.Vpc("typed-vpc", { label: "net", region: "us-east" });
  const dynamicVpc = new dynamic.Vpc("typed-dyn", { label: "net2", region: "us-east" });
  expect(plugin.Vpc.isInstance(vpc)).toBe(true);
  expect(plugin.Vpc.isInstance(dynamicVpc)).toBe(false);
  expect(dynamic.Vpc.isInstance(dynamicVpc)).toBe(true);
  expect(dynamic.Vpc.isInstance(vpc)).toBe(false);
  expect(plugin.VpcSubnet.isInstance(vpc)).toBe(false);
  expect(plugin.Provider.isInstance(account)).toBe(true);
  expect(plugin.Provider.isInstance(vpc)).toBe(false);
  expect(plugin.Vpc.isInstance(undefined)).toBe(false);
  expect(plugin.Vpc.isInstance({ __pulumiType: "cloudplatform:index:Vpc" })).toBe(true);
});

test("the look-ups invoke the plugin's function tokens through the given provider, in both forms", async () => {
  const account = new plugin.Provider("lookup-account", { apiUrl: "https://api.example" });
  const plain = await plugin.getVpcs({ label: "x" }, { provider: account });
  const output = plugin.getVpcsOutput({ label: pulumi.output("y") }, { provider: account });
  expect(plain.vpcs).toEqual([{ label: "from-the-plugin" }]);
  expect((await value(output)).vpcs).toEqual([{ label: "from-the-plugin" }]);
  expect(calls).toEqual([
    {
      token: "cloudplatform:index:getVpcs",
      inputs: { label: "x" },
      provider: expect.stringMatching(/::lookup-account::/),
    },
    {
      token: "cloudplatform:index:getVpcs",
      inputs: { label: "y" },
      provider: expect.stringMatching(/::lookup-account::/),
    },
  ]);
});
