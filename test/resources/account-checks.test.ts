/**
 * The account reads of `check`: only a create or a changed label or range asks the account, each
 * label (and each VPC's subnet list) is read once per provider process, and what this
 * resource (or a resource renamed away in the same run) holds does not count as taken.
 */
import { provider as vpcProvider } from "../../src/resources/vpc/provider.js";
import { provider as subnetProvider } from "../../src/resources/vpc-subnet/provider.js";
import { provider as mysqlProvider } from "../../src/resources/mysql-database.js";
import { provider as postgresProvider } from "../../src/resources/postgresql-database.js";
import { client, configure, resetCaches } from "../../src/shared/runtime/context.js";
import { configBag, useProviderEmulator } from "./provider-env.js";

const emulator = useProviderEmulator();
const vpc = vpcProvider as Required<typeof vpcProvider>;
const subnet = subnetProvider as Required<typeof subnetProvider>;
const mysql = mysqlProvider as Required<typeof mysqlProvider>;
const postgres = postgresProvider as Required<typeof postgresProvider>;

async function gets(): Promise<string[]> {
  return (await emulator().control.requests())
    .filter((r) => r.path.startsWith("/v4/"))
    .map((r) => `${r.method} ${r.path.replace(/\?.*$/, "")}`);
}

test("a taken VPC label fails check, naming the holder; labels checked together are one filtered read", async () => {
  const held = await client().vpcs.create({ label: "held", region: "us-east" });
  await emulator().control.clearRequests();
  const checks = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      vpc.check({}, { label: i % 10 === 0 ? "held" : `free-${i % 10}`, region: "us-east" }),
    ),
  );
  expect(checks[0]!.failures).toEqual([
    { property: "label", reason: expect.stringContaining(`label "held" is already taken by VPC ${held.id}`) },
  ]);
  expect(checks[0]!.failures![0]!.reason).toContain(`add \`adoptId: ${held.id}\``);
  expect(checks[10]!.failures).toEqual(checks[0]!.failures);
  expect(checks.filter((c) => c.failures === undefined)).toHaveLength(18);
  // Ten labels checked together, one read: the same label checked twice in a run is asked once.
  expect((await gets()).filter((g) => g === "GET /v4/vpcs")).toHaveLength(1);
});

test("an unchanged label asks nothing; the resource's own label, and one renamed away in this run, are not taken", async () => {
  await client().vpcs.create({ label: "mine", region: "us-east" });
  await client().vpcs.create({ label: "old-name", region: "us-east" });
  await emulator().control.clearRequests();
  const same = await vpc.check({ label: "mine", region: "us-east" }, { label: "mine", region: "us-east" });
  expect(same.failures).toBeUndefined();
  expect(await gets()).toEqual([]);
  // One resource renames its VPC away from "old-name"; another takes that label in the same run.
  expect(
    (await vpc.check({ label: "old-name", region: "us-east" }, { label: "renamed", region: "us-east" })).failures,
  ).toBeUndefined();
  expect((await vpc.check({}, { label: "old-name", region: "us-east" })).failures).toBeUndefined();
});

test("a subnet overlapping the VPC's subnets or repeating a sibling's label fails; its own current subnet does not", async () => {
  const net = await client().vpcs.create({
    label: "net",
    region: "us-east",
    subnets: [
      { label: "web", ipv4: "10.0.1.0/24" },
      { label: "db", ipv4: "10.0.2.0/24" },
    ],
  });
  const web = net.subnets.find((s) => s.label === "web")!;
  const clash = await subnet.check({}, { vpcId: net.id, label: "db", ipv4: "10.0.1.128/25" });
  expect(clash.failures).toEqual([
    { property: "label", reason: expect.stringContaining('label "db" is already taken by subnet') },
    {
      property: "ipv4",
      reason: expect.stringContaining(`overlaps subnet ${web.id} "web" (10.0.1.0/24) of VPC ${net.id}`),
    },
  ]);
  // The resource that holds "web" renames it: its own range is not an overlap.
  const own = await subnet.check(
    { vpcId: net.id, label: "web", ipv4: "10.0.1.0/24" },
    { vpcId: net.id, label: "frontend", ipv4: "10.0.1.0/24" },
  );
  expect(own.failures).toBeUndefined();
  // A VPC still to be created has nothing to compare with.
  expect(
    (await subnet.check({}, { vpcId: "04da6b54-80e4-46f7-96ec-b56ff0331ba9", label: "db", ipv4: "10.0.1.0/24" }))
      .failures,
  ).toBeUndefined();
});

test("database labels are one namespace across engines: a PostgreSQL create fails on a MySQL database's label", async () => {
  const args = { region: "us-east", type: "g6-standard-1" };
  const made = await mysql.create(
    (await mysql.check({}, { ...args, label: "shared-db", engineId: "mysql/8.0.30" })).inputs,
  );
  // The next preview: a new provider process, which reads the account afresh.
  resetCaches();
  await configure({
    config: configBag({ "cloudplatform:token": emulator().token, "cloudplatform:apiUrl": emulator().url }),
  });
  const res = await postgres.check({}, { ...args, label: "shared-db", engineId: "postgresql/14.6" });
  expect(res.failures).toEqual([
    {
      property: "label",
      reason: expect.stringContaining(`label "shared-db" is already taken by mysql database ${made.id}`),
    },
  ]);
  expect(res.failures![0]!.reason).toContain("database labels are unique across MySQL and PostgreSQL");
  expect(res.failures![0]!.reason).not.toContain("adoptId");
});

test("a replacement keeping its label is checked again without old inputs: its own object's label is not taken, another resource's is", async () => {
  const held = await client().vpcs.create({ label: "kept", region: "us-east" });
  const urn = "urn:pulumi:dev::proj::cloudplatform:index:Vpc::net";
  const other = "urn:pulumi:dev::proj::cloudplatform:index:Vpc::other";
  const olds = { label: "kept", region: "us-east" };
  // The engine's first check (old inputs: the region changes, which replaces) and its second, as a create.
  expect((await vpc.check(olds, { label: "kept", region: "eu-central", __resourceUrn: urn })).failures).toBeUndefined();
  expect((await vpc.check({}, { label: "kept", region: "eu-central", __resourceUrn: urn })).failures).toBeUndefined();
  const foreign = await vpc.check({}, { label: "kept", region: "eu-central", __resourceUrn: other });
  expect(foreign.failures).toEqual([
    { property: "label", reason: expect.stringContaining(`label "kept" is already taken by VPC ${held.id}`) },
  ]);
});
