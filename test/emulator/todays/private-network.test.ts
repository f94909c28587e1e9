/**
 * A database in a VPC subnet on today's platform (todays-platform.md §5): `private_network` on
 * create and PUT, `null` to leave; the subnet's answer lists its databases; a subnet a database
 * left refuses its delete for a while on the emulator's clock.
 */
import { answerNames, PRIVATE_NETWORK } from "../../../src/api/index.js";
import { errorsOf } from "../http.js";
import { base, setPlatform, todaysEmulator } from "./support.js";

const { em, call, create, active, get } = todaysEmulator();

/** A VPC with two subnets in `region`; their ids. */
async function vpc(region = "us-east", label = "net") {
  const made = await call("POST", "/vpcs", {
    body: {
      label,
      region,
      subnets: [
        { label: "one", ipv4: "10.0.1.0/24" },
        { label: "two", ipv4: "10.0.2.0/24" },
      ],
    },
  });
  if (made.status !== 200) throw new Error(made.text);
  return {
    vpcId: made.body.id as number,
    one: made.body.subnets[0].id as number,
    two: made.body.subnets[1].id as number,
  };
}
const subnet = (vpcId: number, id: number) => call("GET", `/vpcs/${vpcId}/subnets/${id}`);
const deleteSubnet = (vpcId: number, id: number) => call("DELETE", `/vpcs/${vpcId}/subnets/${id}`);

beforeEach(async () => {
  await em().control.setTimings({ subnetReleaseSeconds: 300 });
});

test("a database made in a subnet answers its network, and the subnet lists the database", async () => {
  const { vpcId, one } = await vpc();
  const made = await create("mysql", { private_network: { vpc_id: vpcId, subnet_id: one } });
  expect(made.status).toBe(200);
  expect(made.body.private_network).toEqual({ public_access: false, subnet_id: one, vpc_id: vpcId });
  expect(Object.keys(made.body.private_network)).toEqual(answerNames(PRIVATE_NETWORK, undefined, "rdbms-default"));
  expect((await subnet(vpcId, one)).body.databases).toEqual([
    { id: made.body.id, ipv4_range: "10.0.1.248/30", ipv6_ranges: [] },
  ]);
  expect((await create("mysql")).body.private_network).toBeNull();
});

test("a VPC of another region, a subnet of another VPC or a missing VPC is refused, naming the field", async () => {
  const home = await vpc();
  const away = await vpc("eu-central", "away");
  const cases = [
    [
      { vpc_id: away.vpcId, subnet_id: away.one },
      "private_network.vpc_id",
      `VPC ${away.vpcId} is in region eu-central; a database joins a VPC of its own region (us-east)`,
    ],
    [
      { vpc_id: home.vpcId, subnet_id: away.one },
      "private_network.subnet_id",
      `No subnet ${away.one} in VPC ${home.vpcId}`,
    ],
    [{ vpc_id: 99999, subnet_id: home.one }, "private_network.vpc_id", "No VPC 99999"],
  ] as const;
  for (const [private_network, field, reason] of cases)
    expect(errorsOf(await create("mysql", { private_network }))).toEqual([{ field, reason }]);
  expect((await call("GET", base("mysql"))).body.data).toEqual([]);
});

test("PUT moves the database to another subnet, flips public access, and null detaches", async () => {
  const { vpcId, one, two } = await vpc();
  const id = await active("postgresql", { private_network: { vpc_id: vpcId, subnet_id: one } });
  const moved = await call("PUT", `${base("postgresql")}/${id}`, {
    body: { private_network: { vpc_id: vpcId, subnet_id: two, public_access: true } },
  });
  expect(moved.body.private_network).toEqual({ public_access: true, subnet_id: two, vpc_id: vpcId });
  expect((await subnet(vpcId, one)).body.databases).toEqual([]);
  expect((await subnet(vpcId, two)).body.databases.map((d: { id: number }) => d.id)).toEqual([id]);
  const detached = await call("PUT", `${base("postgresql")}/${id}`, { body: { private_network: null } });
  expect(detached.body.private_network).toBeNull();
  expect((await get("postgresql", id)).body.private_network).toBeNull();
  expect((await subnet(vpcId, two)).body.databases).toEqual([]);
});

test("a subnet holding a database refuses its delete, and the VPC's too", async () => {
  const { vpcId, one } = await vpc();
  const id = await active("mysql", { private_network: { vpc_id: vpcId, subnet_id: one } });
  const reason = `Subnet ${one} (10.0.1.0/24) is in use by database(s) ${id}; move or delete them first`;
  expect(errorsOf(await deleteSubnet(vpcId, one))).toEqual([{ reason }]);
  expect(errorsOf(await call("DELETE", `/vpcs/${vpcId}`))).toEqual([{ reason }]);
  expect((await subnet(vpcId, one)).status).toBe(200);
});

test("a subnet a database just left stays busy for a while, then deletes", async () => {
  const { vpcId, one, two } = await vpc();
  const a = await active("mysql", { private_network: { vpc_id: vpcId, subnet_id: one } });
  const b = await active("mysql", { private_network: { vpc_id: vpcId, subnet_id: two } });
  expect((await call("DELETE", `${base("mysql")}/${a}`)).status).toBe(200);
  expect((await call("PUT", `${base("mysql")}/${b}`, { body: { private_network: null } })).status).toBe(200);
  for (const s of [one, two]) {
    const refused = await deleteSubnet(vpcId, s);
    expect(refused.status).toBe(400);
    expect(errorsOf(refused)[0].reason).toMatch(
      new RegExp(`^Subnet ${s} \\(.*\\) is still being released by a database`),
    );
  }
  await em().control.advanceClock(299);
  expect((await deleteSubnet(vpcId, one)).status).toBe(400);
  await em().control.advanceClock(2);
  expect((await deleteSubnet(vpcId, one)).status).toBe(200);
  expect((await deleteSubnet(vpcId, two)).status).toBe(200);
});

test("two databases in one subnet take different ranges", async () => {
  const { vpcId, one } = await vpc();
  await create("mysql", { private_network: { vpc_id: vpcId, subnet_id: one } });
  await create("postgresql", { private_network: { vpc_id: vpcId, subnet_id: one } });
  const ranges = (await subnet(vpcId, one)).body.databases.map((d: { ipv4_range: string }) => d.ipv4_range);
  expect(ranges).toEqual(["10.0.1.248/30", "10.0.1.244/30"]);
});

test("the contract's platform takes no private_network", async () => {
  await setPlatform(em(), "rdbms-legacy");
  const { vpcId, one } = await vpc();
  const refused = await create("mysql", { engine: "mysql/8.0.30", private_network: { vpc_id: vpcId, subnet_id: one } });
  expect(refused.status).toBe(400);
  expect(errorsOf(refused)[0].field).toBe("private_network");
});
