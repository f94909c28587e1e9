/**
 * `privateNetwork` of both database resources on today's platform, through the emulator: a
 * database joins a subnet at create, moves to another subnet or VPC and flips `publicAccess` in
 * place (one PUT, same id), leaves with `private_network: null`; a VPC of another region or a
 * subnet of another VPC is refused at preview naming the field, before any write; a VPC not made
 * yet (unknown at preview) is no refusal; the contract's platform refuses the input by name.
 * Asserted from the emulator's exchanges (request bodies), its request log and its answers.
 */
import { provider as mysqlProvider } from "../../src/resources/mysql-database.js";
import { provider as pgProvider } from "../../src/resources/postgresql-database.js";
import { client, configure, resetCaches } from "../../src/shared/runtime/context.js";
import { UNKNOWN, type Bag } from "../../src/shared/fields/validate.js";
import { startTestEmulator, type TestEmulator } from "../support/emulator.js";
import type { Exchange } from "../support/exchanges.js";
import { configBag, TEST_CLOCK_SCALE, TEST_POLL_SCALE } from "./provider-env.js";

const mysql = mysqlProvider as Required<typeof mysqlProvider>;
const pg = pgProvider as Required<typeof pgProvider>;

const exchanges: Exchange[] = [];
let emulator: TestEmulator;
const savedScale = process.env.CLOUDPLATFORM_POLL_SCALE;
beforeAll(async () => {
  process.env.CLOUDPLATFORM_POLL_SCALE = TEST_POLL_SCALE;
  emulator = await startTestEmulator({ provisioningSeconds: 1 }, exchanges);
});
afterAll(async () => {
  await emulator.close();
  if (savedScale === undefined) delete process.env.CLOUDPLATFORM_POLL_SCALE;
  else process.env.CLOUDPLATFORM_POLL_SCALE = savedScale;
});
beforeEach(async () => {
  await emulator.control.reset();
  await emulator.control.setClockScale(TEST_CLOCK_SCALE);
  await emulator.control.setPlatform("rdbms-default");
  resetCaches();
  await configure({
    config: configBag({ "cloudplatform:token": emulator.token, "cloudplatform:apiUrl": emulator.url }),
  });
  exchanges.length = 0;
});

/** The writes the providers sent, as `METHOD /path` with their bodies. */
const writes = (): { operation: string; body: Bag }[] =>
  exchanges
    .filter((x) => !x.operation.startsWith("GET"))
    .map((x) => ({ operation: x.operation, body: x.request as Bag }));

/** A VPC with two subnets in `region`, made straight through the API; their ids. */
async function network(region = "us-east", label = "net"): Promise<{ vpcId: number; one: number; two: number }> {
  const vpc = await client().vpcs.create({
    label,
    region,
    subnets: [
      { label: "one", ipv4: "10.0.1.0/24" },
      { label: "two", ipv4: "10.0.2.0/24" },
    ],
  } as never);
  exchanges.length = 0;
  return { vpcId: vpc.id, one: vpc.subnets[0]!.id, two: vpc.subnets[1]!.id };
}

const ENGINES = [
  ["MysqlDatabase", mysql, "mysql", "mysql/8"],
  ["PostgresqlDatabase", pg, "postgresql", "postgresql/16"],
] as const;

describe.each(ENGINES)("%s in a VPC subnet", (_name, provider, engine, engineId) => {
  const program = (extra: Bag = {}): Bag => ({
    label: `${engine}-in-vpc`,
    region: "us-east",
    type: "g6-nanode-1",
    engineId,
    ...extra,
  });

  /** Check (as the engine: against the last inputs), diff and update; the new state. */
  async function upTo(id: string, olds: Bag, lastInputs: Bag, next: Bag): Promise<{ outs: Bag; inputs: Bag }> {
    const checked = await provider.check(lastInputs, next);
    expect(checked.failures ?? []).toEqual([]);
    const diff = await provider.diff(id, olds, checked.inputs as Bag);
    expect(diff).toMatchObject({ changes: true });
    expect(diff.replaces ?? []).toEqual([]);
    const updated = await provider.update(id, olds, checked.inputs as Bag);
    return { outs: updated.outs as Bag, inputs: checked.inputs as Bag };
  }

  test("joins at create, moves subnet, VPC and public access in place, leaves with null; each preview after is clean", async () => {
    const home = await network();
    const other = await network("us-east", "net2");
    const first = program({ privateNetwork: { vpcId: home.vpcId, subnetId: home.one } });
    const checked = await provider.check({}, first);
    expect(checked.failures ?? []).toEqual([]);
    const created = await provider.create(checked.inputs as Bag);
    expect(writes()).toEqual([
      {
        operation: `POST /databases/${engine}/instances`,
        body: expect.objectContaining({ private_network: { vpc_id: home.vpcId, subnet_id: home.one } }),
      },
    ]);
    let outs = created.outs as Bag;
    expect(outs.privateNetwork).toEqual({ vpcId: home.vpcId, subnetId: home.one, publicAccess: false });
    expect((await client().subnets.get(home.vpcId, home.one)).databases).toEqual([
      expect.objectContaining({ id: Number(created.id) }),
    ]);
    let inputs = checked.inputs as Bag;
    const again = await provider.check(inputs, first);
    expect(await provider.diff(created.id, outs, again.inputs as Bag)).toEqual({ changes: false });

    const steps: [Bag | undefined, unknown][] = [
      [
        { vpcId: home.vpcId, subnetId: home.two },
        { vpc_id: home.vpcId, subnet_id: home.two },
      ],
      [
        { vpcId: home.vpcId, subnetId: home.two, publicAccess: true },
        { vpc_id: home.vpcId, subnet_id: home.two, public_access: true },
      ],
      [
        { vpcId: other.vpcId, subnetId: other.one },
        { vpc_id: other.vpcId, subnet_id: other.one },
      ],
      [undefined, null],
    ];
    for (const [next, sent] of steps) {
      exchanges.length = 0;
      const news = program(next === undefined ? {} : { privateNetwork: next });
      ({ outs, inputs } = await upTo(created.id, outs, inputs, news));
      // One PUT carrying the network, no DELETE, no second POST: the same database.
      expect(writes()).toEqual([
        { operation: `PUT /databases/${engine}/instances/{instanceId}`, body: { private_network: sent } },
      ]);
      const held = (await client().database(engine).get(Number(created.id))).private_network;
      expect(held).toEqual(sent === null ? null : { public_access: false, ...(sent as Bag) });
      expect(outs.privateNetwork).toEqual(next === undefined ? undefined : { publicAccess: false, ...next });
      const preview = await provider.check(inputs, news);
      expect(await provider.diff(created.id, outs, preview.inputs as Bag)).toEqual({ changes: false });
    }
    expect(outs).not.toHaveProperty("privateNetwork");
  });

  test("a VPC of another region or a subnet of another VPC is refused at preview, naming the field; nothing is sent", async () => {
    const home = await network();
    const away = await network("eu-central", "away");
    const cases: [Bag, string, RegExp][] = [
      [
        { vpcId: away.vpcId, subnetId: away.one },
        "privateNetwork",
        new RegExp(
          `^privateNetwork\\.vpcId: VPC ${away.vpcId} \\("away"\\) is in region eu-central; a database joins a VPC of its own region \\(us-east\\)`,
        ),
      ],
      [
        { vpcId: home.vpcId, subnetId: away.one },
        "privateNetwork",
        new RegExp(`^privateNetwork\\.subnetId: subnet ${away.one} is not a subnet of VPC ${home.vpcId} \\("net"\\)`),
      ],
      [{ vpcId: 987654, subnetId: 1 }, "privateNetwork", /^privateNetwork\.vpcId: VPC 987654 does not exist/],
      [
        { vpcId: "ten", subnetId: 1 },
        "privateNetwork",
        /^privateNetwork\.vpcId must be a positive integer \(a VPC id\), got "ten"/,
      ],
      [{ vpcId: home.vpcId }, "privateNetwork", /^privateNetwork\.subnetId is required/],
      [
        { vpcId: home.vpcId, subnetId: home.one, public: true },
        "privateNetwork",
        /^privateNetwork\.public is not known; use vpcId, subnetId, publicAccess/,
      ],
    ];
    for (const [net, property, reason] of cases) {
      const res = await provider.check({}, program({ privateNetwork: net }));
      expect(res.failures).toEqual([{ property, reason: expect.stringMatching(reason) }]);
    }
    expect(writes()).toEqual([]);
  });

  test("a VPC and subnet of the same program, not made yet, are no refusal at preview", async () => {
    const res = await provider.check({}, program({ privateNetwork: { vpcId: UNKNOWN, subnetId: UNKNOWN } }));
    expect(res.failures ?? []).toEqual([]);
    const known = await provider.check({}, program({ privateNetwork: { vpcId: UNKNOWN, subnetId: 12 } }));
    expect(known.failures ?? []).toEqual([]);
    // Only the region and engine catalogue were read: no VPC look-up of an id not known yet.
    expect(exchanges.filter((x) => x.operation.startsWith("GET /vpcs"))).toEqual([]);
  });

  test("the contract's platform takes no privateNetwork: refused at preview naming field and platform", async () => {
    await emulator.control.setPlatform("rdbms-legacy");
    resetCaches();
    const home = await network();
    const legacyId = engine === "mysql" ? "mysql/8.0.30" : "postgresql/14.6";
    const res = await provider.check(
      {},
      program({ engineId: legacyId, privateNetwork: { vpcId: home.vpcId, subnetId: home.one } }),
    );
    expect(res.failures).toEqual([
      {
        property: "privateNetwork",
        reason: expect.stringMatching(
          /^privateNetwork is refused on the rdbms-legacy platform .*: the API takes private_network only on rdbms-default; leave privateNetwork out$/,
        ),
      },
    ]);
    expect(writes()).toEqual([]);
  });
});
