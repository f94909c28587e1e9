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

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.set(args.name, args.inputs as Record<string, unknown>);
        const id = args.name.includes("snap") ? "mysql/41/77" : "41";
        return { id, state: args.inputs };
      },
      call: () => ({}),
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
