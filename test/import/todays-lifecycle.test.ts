/**
 * The importer on today's platform: a suspended database's program says `suspended: true`, a
 * fork's says `fork: {source, restoreTime}` as the API answers them, an active one's says neither;
 * each adopted through the provider previews clean.
 */
import { CloudClient } from "../../src/client/index.js";
import { generateImport } from "../../src/import/index.js";
import type { Declaration } from "../../src/import/program.js";
import type { Expr } from "../../src/import/references.js";
import { provider as mysqlProvider } from "../../src/resources/mysql-database.js";
import { provider as pgProvider } from "../../src/resources/postgresql-database.js";
import { provider as vpcProvider } from "../../src/resources/vpc.js";
import { provider as subnetProvider } from "../../src/resources/vpc-subnet.js";
import type { Bag } from "../../src/shared/fields/validate.js";
import { useProviderEmulator } from "../resources/provider-env.js";

const emulator = useProviderEmulator();
const mysql = mysqlProvider as Required<typeof mysqlProvider>;

/** The value an argument expression of literals writes. */
function valueOf(e: Expr): unknown {
  if (e.kind === "literal") return e.value;
  if (e.kind === "array") return e.items.map(valueOf);
  if (e.kind === "object") return Object.fromEntries(e.entries.map(([k, v]) => [k, valueOf(v)]));
  throw new Error(`not a literal: ${e.kind}`);
}

test("a suspended database and a fork: the program carries suspended and fork, and adopting them previews clean", async () => {
  const e = emulator();
  const c = new CloudClient({ apiUrl: e.url, token: e.token });
  await e.control.setPlatform("rdbms-default");
  const source = await c.mysql.create({
    label: "source-db",
    region: "us-east",
    type: "g6-nanode-1",
    engine: "mysql/8",
  });
  await e.control.advanceClock(3600);
  const oldest = (await c.mysql.get(source.id)).oldest_restore_time!;
  const fork = await c.mysql.create({
    label: "fork-db",
    region: "us-east",
    type: "g6-nanode-1",
    engine: "mysql/8",
    fork: { source: source.id, restore_time: oldest },
  } as Parameters<typeof c.mysql.create>[0]);
  await e.control.advanceClock(3600);
  await c.mysql.suspend(source.id);
  await e.control.advanceClock(60);
  expect((await c.mysql.get(source.id)).status).toBe("suspended");

  const { program, model, summary } = await generateImport(c);
  expect(JSON.stringify(summary)).not.toMatch(/waits until it is active/);
  expect(program).toMatch(/suspended: true/);
  expect(program).toContain(`fork: { source: ${source.id}, restoreTime: "${oldest}" }`);
  expect(program.match(/suspended:/g)).toHaveLength(1);

  for (const d of model.declarations.filter((x) => x.cls === "MysqlDatabase")) {
    const args = Object.fromEntries(d.args.map(([k, v]) => [k, valueOf(v)])) as Bag;
    const checked = await mysql.check({}, args);
    expect(checked.failures).toBeUndefined();
    const adopted = await mysql.create(checked.inputs);
    const again = await mysql.check(adopted.outs as Bag, args);
    expect(again.failures).toBeUndefined();
    expect(await mysql.diff(adopted.id, adopted.outs as Bag, again.inputs)).toMatchObject({ changes: false });
    if (adopted.id === String(fork.id)) expect(adopted.outs).toMatchObject({ fork: { source: source.id } });
    if (adopted.id === String(source.id)) expect(adopted.outs).toMatchObject({ suspended: true });
  }
});

/** The provider that adopts each class the importer declares. */
const providers: Record<string, Required<typeof mysqlProvider>> = {
  Vpc: vpcProvider as Required<typeof mysqlProvider>,
  VpcSubnet: subnetProvider as Required<typeof mysqlProvider>,
  MysqlDatabase: mysql,
  PostgresqlDatabase: pgProvider as Required<typeof mysqlProvider>,
};

/**
 * Adopts every declaration of the program through its provider, in the program's order, with
 * references to earlier declarations resolved from their outputs; each is then checked and diffed
 * against its own arguments, which must show no change, and no request but GETs is sent. The
 * adopted outputs, by identifier.
 */
async function adoptAll(declarations: readonly Declaration[]): Promise<Map<string, Bag>> {
  const outs = new Map<string, Bag>();
  const before = (await emulator().control.requests()).length;
  const resolve = (e: Expr): unknown => {
    if (e.kind === "output") return outs.get(e.identifier)![e.property];
    if (e.kind === "array") return e.items.map(resolve);
    if (e.kind === "object") return Object.fromEntries(e.entries.map(([k, v]) => [k, resolve(v)]));
    return valueOf(e);
  };
  for (const d of declarations) {
    const p = providers[d.cls]!;
    const args = Object.fromEntries(d.args.map(([k, v]) => [k, resolve(v)])) as Bag;
    const checked = await p.check({}, args);
    expect({ [d.identifier]: checked.failures }).toEqual({ [d.identifier]: undefined });
    const adopted = await p.create(checked.inputs);
    const again = await p.check(adopted.outs as Bag, args);
    expect(again.failures).toBeUndefined();
    const diff = await p.diff(adopted.id, adopted.outs as Bag, again.inputs);
    expect({ [d.identifier]: diff }).toMatchObject({ [d.identifier]: { changes: false } });
    outs.set(d.identifier, adopted.outs as Bag);
  }
  // The program's promise: adopting sends no request that changes anything.
  const sent = (await emulator().control.requests()).slice(before);
  expect(sent.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`)).toEqual([]);
  return outs;
}

test("databases in a subnet (public access on and off): the program names the VPC and subnet, and adopting it previews clean", async () => {
  const e = emulator();
  const c = new CloudClient({ apiUrl: e.url, token: e.token });
  await e.control.setPlatform("rdbms-default");
  const vpc = await c.vpcs.create({
    label: "app-net",
    region: "us-east",
    subnets: [{ label: "db", ipv4: "10.0.1.0/24" }],
  });
  const subnet = vpc.subnets[0]!;
  const made = [];
  for (const [label, publicAccess] of [
    ["open-db", true],
    ["closed-db", false],
  ] as const)
    made.push(
      await c.mysql.create({
        label,
        region: "us-east",
        type: "g6-nanode-1",
        engine: "mysql/8",
        private_network: { vpc_id: vpc.id, subnet_id: subnet.id, public_access: publicAccess },
      } as Parameters<typeof c.mysql.create>[0]),
    );
  await e.control.advanceClock(3600);

  const { program, model } = await generateImport(c);
  expect(program.match(/publicAccess: true/g)).toHaveLength(1);
  expect(program.match(/publicAccess: false/g)).toHaveLength(1);
  expect(program).toMatch(/vpcId: \w+\.vpcId, subnetId: \w+\.subnetId/);

  const outs = await adoptAll(model.declarations);
  // Each database adopted in its subnet, with its own publicAccess.
  const byLabel = Object.fromEntries([...outs.values()].map((o) => [o.label, o.privateNetwork]));
  expect(byLabel).toMatchObject({
    "open-db": { vpcId: vpc.id, subnetId: subnet.id, publicAccess: true },
    "closed-db": { vpcId: vpc.id, subnetId: subnet.id, publicAccess: false },
  });
  expect(made.map((m) => m.label)).toEqual(["open-db", "closed-db"]);
});

test("databases with engine settings, both engines and a dotted PostgreSQL key: adopting the program previews clean", async () => {
  const e = emulator();
  const c = new CloudClient({ apiUrl: e.url, token: e.token });
  await e.control.setPlatform("rdbms-default");
  await c.mysql.create({
    label: "tuned-mysql",
    region: "us-east",
    type: "g6-nanode-1",
    engine: "mysql/8",
    engine_config: { binlog_retention_period: 700, mysql: { sql_require_primary_key: true } },
  } as Parameters<typeof c.mysql.create>[0]);
  await c.postgresql.create({
    label: "tuned-pg",
    region: "us-east",
    type: "g6-nanode-1",
    engine: "postgresql/16",
    engine_config: { pg: { "pg_partman_bgw.interval": 3600 }, work_mem: 4 },
  } as Parameters<typeof c.postgresql.create>[0]);
  await e.control.advanceClock(3600);

  const { program, model } = await generateImport(c);
  expect(program).toMatch(/binlogRetentionPeriod: 700/);
  expect(program).toMatch(/sqlRequirePrimaryKey: true/);
  expect(program).toMatch(/pgPartmanBgw: \{ interval: 3600 \}/);
  expect(program).toMatch(/workMem: 4/);

  const outs = await adoptAll(model.declarations);
  expect([...outs.values()].map((o) => o.engineConfig)).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        binlogRetentionPeriod: 700,
        mysql: expect.objectContaining({ sqlRequirePrimaryKey: true }),
      }),
      expect.objectContaining({ workMem: 4, pg: expect.objectContaining({ pgPartmanBgw: { interval: 3600 } }) }),
    ]),
  );
});
