/**
 * The importer on today's platform: a suspended database's program says `suspended: true`, a
 * fork's says `fork: {source, restoreTime}` as the API answers them, an active one's says neither;
 * each adopted through the provider previews clean.
 */
import { CloudClient } from "../../src/client/index.js";
import { generateImport } from "../../src/import/index.js";
import type { Expr } from "../../src/import/references.js";
import { provider as mysqlProvider } from "../../src/resources/mysql-database.js";
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
