import { provider as vpcProvider } from "../../src/resources/vpc/provider.js";
import { provider } from "../../src/resources/vpc-subnet/provider.js";
import { UNKNOWN } from "../../src/shared/fields/validate.js";
import { diffSpec } from "../../src/shared/fields/table.js";
import { SUBNET_FIELDS } from "../../src/resources/vpc/fields.js";
import { thrown, untilLogged, useProviderEmulator } from "./provider-env.js";
import { client } from "../../src/shared/runtime/context.js";

const emulator = useProviderEmulator();
const p = provider as Required<typeof provider>;
const vpcs = vpcProvider as Required<typeof vpcProvider>;
/** The table's defaults: a check and a refresh give them for the fields the program leaves out. */
const defaults = diffSpec(SUBNET_FIELDS).defaults ?? {};

async function newVpc(label = "net"): Promise<number> {
  const created = await vpcs.create({ label, region: "us-east", description: "", subnets: [] });
  return Number(created.id);
}

describe("VpcSubnet check", () => {
  test("normalises vpcId and accepts a valid range", async () => {
    const res = await p.check({}, { vpcId: "12", label: "web", ipv4: "172.16.0.0/12" });
    expect(res).toEqual({ inputs: { ...defaults, vpcId: 12, label: "web", ipv4: "172.16.0.0/12" } });
  });

  test.each([
    [{ vpcId: "x", label: "web", ipv4: "10.0.0.0/24" }, "vpcId", /positive integer/],
    [{ vpcId: 1, label: "we b", ipv4: "10.0.0.0/24" }, "label", /letters, digits and hyphens/],
    [{ vpcId: 1, label: "web", ipv4: "192.168.0.1/24" }, "ipv4", /canonical form.*192\.168\.0\.0\/24/],
    [{ vpcId: 1, label: "web", ipv4: "192.168.0.0/15" }, "ipv4", /RFC 1918/],
    [{ vpcId: 1, label: "web", ipv4: "192.168.128.0/24" }, "ipv4", /reserved/],
    [{ vpcId: 1, label: "web", ipv4: "10.0.0.0/24", timeouts: { delete: "soon" } }, "timeouts.delete", /duration/],
  ])("%j fails on %s", async (news, path, reason) => {
    const res = await p.check({}, news);
    const property = path.replace(/[.[].*$/, "");
    expect(res.failures).toEqual([{ property, reason: expect.stringMatching(reason) }]);
    if (property !== path) expect(res.failures![0]!.reason.startsWith(`${path} `)).toBe(true);
  });

  test("unknown values pass", async () => {
    expect((await p.check({}, { vpcId: UNKNOWN, label: UNKNOWN, ipv4: UNKNOWN })).failures).toBeUndefined();
  });
});

describe("VpcSubnet diff", () => {
  const olds = { vpcId: 1, subnetId: 9, label: "web", ipv4: "10.0.0.0/24" };
  test("no changes", async () => {
    expect(await p.diff("9", olds, { vpcId: 1, label: "web", ipv4: "10.0.0.0/24" })).toEqual({
      changes: false,
    });
  });
  test("ipv4 replaces; same label in the same VPC deletes first", async () => {
    expect(await p.diff("9", olds, { vpcId: 1, label: "web", ipv4: "10.0.1.0/24" })).toEqual({
      changes: true,
      replaces: ["ipv4"],
      deleteBeforeReplace: true,
    });
  });
  test("an overlapping new range in the same VPC deletes first even with a new label", async () => {
    expect(await p.diff("9", olds, { vpcId: 1, label: "web2", ipv4: "10.0.0.0/23" })).toEqual({
      changes: true,
      replaces: ["ipv4"],
      deleteBeforeReplace: true,
    });
    expect(await p.diff("9", olds, { vpcId: 1, label: "web2", ipv4: "10.0.5.0/24" })).toEqual({
      changes: true,
      replaces: ["ipv4"],
    });
  });
  test("vpcId replaces without deleting first", async () => {
    expect(await p.diff("9", olds, { vpcId: 2, label: "web", ipv4: "10.0.0.0/24" })).toEqual({
      changes: true,
      replaces: ["vpcId"],
    });
  });
  test("label updates in place", async () => {
    expect(await p.diff("9", olds, { vpcId: 1, label: "web2", ipv4: "10.0.0.0/24" })).toEqual({
      changes: true,
    });
  });
});

describe("VpcSubnet lifecycle", () => {
  test("create, relabel, read, delete, delete again", async () => {
    const vpcId = await newVpc();
    const created = await p.create({ vpcId, label: "web", ipv4: "10.0.1.0/24" });
    expect(created.outs).toMatchObject({ vpcId, label: "web", ipv4: "10.0.1.0/24", gateway: "10.0.1.1", computes: [] });
    const updated = await p.update(created.id, created.outs, { vpcId, label: "web2", ipv4: "10.0.1.0/24" });
    expect(updated.outs).toMatchObject({ label: "web2" });
    const read = await p.read(created.id, updated.outs);
    expect(read.inputs).toEqual({ ...defaults, vpcId, label: "web2", ipv4: "10.0.1.0/24" });
    await p.delete(created.id, read.props!);
    expect(await p.read(created.id, read.props)).toEqual({ id: "" });
    await expect(p.delete(created.id, read.props!)).resolves.toBeUndefined();
  });

  test("an import reads by <vpcId>/<subnetId> or <vpcId>,<subnetId> and records the subnet's id alone", async () => {
    const vpcId = await newVpc("imports");
    const created = await p.create({ vpcId, label: "web", ipv4: "10.0.1.0/24" });
    for (const importId of [`${vpcId}/${created.id}`, `${vpcId},${created.id}`]) {
      const read = await p.read(importId, {});
      expect(read).toMatchObject({
        id: created.id,
        props: { vpcId, label: "web", ipv4: "10.0.1.0/24", gateway: "10.0.1.1" },
        inputs: { vpcId, label: "web", ipv4: "10.0.1.0/24" },
      });
    }
    expect(await p.read(`${vpcId}/999999`, {})).toEqual({ id: "" });
    for (const bad of [created.id, `${vpcId}-${created.id}`, "a/b"])
      expect((await thrown(p.read(bad, {}))).message).toContain(
        `A VpcSubnet is imported by "<vpcId>/<subnetId>" (or "<vpcId>,<subnetId>"), such as 1234/5678 (got "${bad}")`,
      );
  });

  test("a delete blocked by an attached compute instance names it", async () => {
    const vpcId = await newVpc();
    const created = await p.create({ vpcId, label: "web", ipv4: "10.0.1.0/24" });
    const subnetId = Number(created.id);
    await emulator().control.seed({
      computes: [{ id: 4242, label: "app-server", interfaces: [{ id: 77, subnet_id: subnetId, active: true }] }],
    });
    const err = await thrown(p.delete(created.id, created.outs!));
    expect(err.message).toMatch(/compute instance 4242/);
    expect(err.message).toMatch(/interface 77, active/);
    // The VPC delete is blocked the same way.
    const vpcErr = await thrown(vpcs.delete(String(vpcId), {}));
    expect(vpcErr.message).toMatch(/VPC \d+ cannot be deleted.*compute instance 4242/);
  });

  test("adoption refuses another range and takes the label", async () => {
    const vpcId = await newVpc();
    const created = await p.create({ vpcId, label: "web", ipv4: "10.0.1.0/24" });
    const err = await thrown(p.create({ vpcId, label: "web", ipv4: "10.0.2.0/24", adoptId: created.id }));
    expect(err.message).toMatch(/ipv4 is "10\.0\.1\.0\/24" but the arguments say "10\.0\.2\.0\/24"/);
    const adopted = await p.create({ vpcId, label: "renamed", ipv4: "10.0.1.0/24", adoptId: created.id });
    expect(adopted).toMatchObject({ id: created.id, outs: { label: "renamed" } });
  });

  test("API rejections surface the API's reason", async () => {
    const vpcId = await newVpc();
    await p.create({ vpcId, label: "web", ipv4: "10.0.1.0/24" });
    const err = await thrown(p.create({ vpcId, label: "other", ipv4: "10.0.0.0/16" }));
    expect(err.message).toMatch(/POST \/v4\/vpcs\/\d+\/subnets failed \(400\)/);
  });
});

describe("VpcSubnet and the databases in it (today's platform)", () => {
  beforeEach(async () => {
    await emulator().control.setPlatform("rdbms-default");
  });

  /** A database of today's platform made in the subnet straight through the API; its id. */
  async function databaseIn(vpcId: number, subnetId: number, label = "in-subnet"): Promise<number> {
    const made = await client().mysql.create({
      label,
      region: "us-east",
      type: "g6-nanode-1",
      engine: "mysql/8",
      private_network: { vpc_id: vpcId, subnet_id: subnetId },
    } as never);
    // Active at once: the API deletes a database only once it is made.
    await emulator().control.setStatus("mysql", made.id, "active");
    return made.id;
  }

  /** The DELETE requests of the subnet in the emulator's log, with their statuses. */
  async function subnetDeletes(vpcId: number, subnetId: number): Promise<number[]> {
    const path = `/v4/vpcs/${vpcId}/subnets/${subnetId}`;
    return (await emulator().control.requests())
      .filter((r) => r.method === "DELETE" && r.path === path)
      .map((r) => r.status);
  }

  test("databases shows each database in the subnet with its range, as of the last read", async () => {
    const vpcId = await newVpc();
    const created = await p.create({ vpcId, label: "db", ipv4: "10.0.1.0/24" });
    expect(created.outs).not.toHaveProperty("databases");
    const dbId = await databaseIn(vpcId, Number(created.id));
    const read = await p.read(created.id, created.outs);
    expect(read.props).toMatchObject({ databases: [{ id: dbId, ipv4Range: "10.0.1.248/30", ipv6Ranges: [] }] });
    // An output only: the refreshed inputs do not carry it.
    expect(read.inputs).not.toHaveProperty("databases");
  });

  test("a delete right after its database left is tried again until the API takes it", async () => {
    // Released an hour (emulated) after the database left: once the test moves the clock.
    await emulator().control.setTimings({ subnetReleaseSeconds: 3600 });
    const vpcId = await newVpc();
    const created = await p.create({ vpcId, label: "db", ipv4: "10.0.1.0/24" });
    const dbId = await databaseIn(vpcId, Number(created.id));
    await client().mysql.delete(dbId);
    const deleting = p.delete(created.id, created.outs!);
    await untilLogged(emulator(), (log) => log.some((r) => r.method === "DELETE" && r.status === 400));
    await emulator().control.advanceClock(3600);
    await deleting;
    const statuses = await subnetDeletes(vpcId, Number(created.id));
    expect(statuses.length).toBeGreaterThan(1);
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(200);
    expect(await p.read(created.id, created.outs)).toEqual({ id: "" });
  });

  test("a subnet still released when the delete limit passes fails with the API's reason", async () => {
    await emulator().control.setTimings({ subnetReleaseSeconds: 360_000 });
    const vpcId = await newVpc();
    const created = await p.create({ vpcId, label: "db", ipv4: "10.0.1.0/24" });
    await client().mysql.delete(await databaseIn(vpcId, Number(created.id)));
    const err = await thrown(p.delete(created.id, { ...created.outs, timeouts: { delete: "500ms" } }));
    expect(err.message).toMatch(/to be released by the databases that left it/);
    expect(err.message).toMatch(/is still being released by a database/);
    expect((await subnetDeletes(vpcId, Number(created.id))).every((s) => s === 400)).toBe(true);
  });

  test("a delete of a subnet a database is still in fails at once, naming the database", async () => {
    const vpcId = await newVpc();
    const created = await p.create({ vpcId, label: "db", ipv4: "10.0.1.0/24" });
    const dbId = await databaseIn(vpcId, Number(created.id));
    const err = await thrown(p.delete(created.id, created.outs!));
    expect(err.message).toContain(`cannot be deleted while database(s) ${dbId} use it`);
    expect(await subnetDeletes(vpcId, Number(created.id))).toEqual([400]);
  });
});
