/**
 * `engineConfig` by platform and through the importer, against the emulator: a database of the
 * contract's platform is refused at preview, naming the field and the platform; on today's platform
 * check and create send the settings as the API spells them; `pulumi-cloudplatform import` writes
 * a database's settings into a program that adopts it without a write. Shared setup:
 * engine-config-env.ts.
 */
import { CloudClient } from "../../src/client/index.js";
import { buildProgram } from "../../src/import/program.js";
import type { Expr } from "../../src/import/references.js";
import { useEngineConfigEnv, providers, sent, type Bag, type Engine } from "./engine-config-env.js";

const { emulator, api, existing } = useEngineConfigEnv();

describe.each(["mysql", "postgresql"] as const)("%s on the contract's platform", (engine) => {
  const provider = providers[engine];
  const settings = engine === "mysql" ? { mysql: { connectTimeout: 20 } } : { workMem: 4 };
  const program = {
    label: `${engine}-legacy`,
    region: "us-east",
    type: "g6-standard-1",
    engineId: engine === "mysql" ? "mysql/8.0.30" : "postgresql/14.6",
  };
  const refusal = {
    property: "engineConfig",
    reason: expect.stringMatching(
      /^engineConfig is refused on the rdbms-legacy platform, which takes no engine settings/,
    ),
  };
  beforeEach(async () => {
    await emulator().control.setPlatform("rdbms-legacy");
  });

  test("a database on it is refused at preview, naming the field and the platform; without settings nothing changes", async () => {
    await emulator().control.setAnswers("late-2024");
    const created = await provider.create((await provider.check({}, program)).inputs);
    const read = await provider.read(created.id, created.outs);
    expect(read.props!.platform).toBe("rdbms-legacy");
    await emulator().control.clearRequests();
    const checked = await provider.check(read.inputs!, { ...read.inputs, engineConfig: settings });
    expect(checked.failures).toEqual([refusal]);
    expect((await provider.diff(created.id, read.props!, read.inputs!)).changes).toBe(false);
    expect((await emulator().control.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  });

  test("a new database the catalogue puts on it is refused at preview", async () => {
    const checked = await provider.check({}, { ...program, engineConfig: settings });
    expect(checked.failures).toEqual([refusal]);
  });
});

describe.each([
  ["mysql", { mysql: { connectTimeout: 20 } }, { mysql: { connect_timeout: 20 } }],
  ["postgresql", { pg: { pgPartmanBgw: { interval: 3600 } } }, { pg: { "pg_partman_bgw.interval": 3600 } }],
] as const)("%s on today's platform", (engine, settings, wire) => {
  test("check and create send the settings as the API spells them; the state keeps them; the preview after is clean", async () => {
    const provider = providers[engine];
    const program = {
      label: `${engine}-today`,
      region: "us-east",
      type: "g6-dedicated-4",
      engineId: engine === "mysql" ? "mysql/8" : "postgresql/16",
      engineConfig: settings,
    };
    const checked = await provider.check({}, program);
    expect(checked.failures ?? []).toEqual([]);
    const posts = await sent("POST", async () => {
      const created = await provider.create(checked.inputs);
      expect(created.outs.engineConfig).toMatchObject(settings);
      const answer = (await api("GET", `/databases/${engine}/instances/${created.id}`)).body;
      expect(answer.engine_config).toMatchObject(wire);
      const again = await provider.check(checked.inputs, program);
      expect((await provider.diff(created.id, created.outs, again.inputs)).changes).toBe(false);
    });
    expect(posts.map((b) => b.engine_config)).toEqual([wire]);
  });
});

describe("pulumi-cloudplatform import", () => {
  /** The arguments the importer writes for database `id`, as values. */
  async function importedArgs(engine: Engine, id: string): Promise<Bag> {
    const db = await new CloudClient({ apiUrl: emulator().url, token: emulator().token })
      .database(engine)
      .get(Number(id));
    const account = { vpcs: [], databases: [{ engine, db, snapshots: [] }] };
    const model = buildProgram({ ...account, leftOut: [], notes: [], found: {}, snapshotsRead: false });
    expect(model.unwritable).toEqual([]);
    const valueOf = (e: Expr): unknown =>
      e.kind === "array"
        ? e.items.map(valueOf)
        : e.kind === "object"
          ? Object.fromEntries(e.entries.map(([k, v]) => [k, valueOf(v)]))
          : (e as { value: unknown }).value;
    return Object.fromEntries(model.declarations[0]!.args.map(([k, e]) => [k, valueOf(e)]));
  }

  test.each(["mysql", "postgresql"] as const)(
    "%s: a database with settings gives a program with them (none the API keeps to itself) that adopts it without a write and previews clean",
    async (engine) => {
      const given =
        engine === "mysql" ? { mysql: { connect_timeout: 20 } } : { pg: { "pg_partman_bgw.interval": 7200 } };
      const { id } = await existing(engine, given, {});
      const program = await importedArgs(engine, id);
      const settings = program.engineConfig as Bag;
      if (engine === "mysql") expect(settings).toMatchObject({ mysql: { connectTimeout: 20 } });
      else {
        expect(settings).toMatchObject({ pg: { pgPartmanBgw: { interval: 7200 } } });
        // io_* are in the answer but in no description: a program could not set them.
        expect(JSON.stringify(settings)).not.toMatch(/\bio[A-Z]/);
      }
      const provider = providers[engine];
      await emulator().control.clearRequests();
      const checked = await provider.check({}, program);
      expect(checked.failures ?? []).toEqual([]);
      const created = await provider.create(checked.inputs);
      expect(created.id).toBe(id);
      const again = await provider.check(checked.inputs, program);
      expect((await provider.diff(id, created.outs, again.inputs)).changes).toBe(false);
      expect((await emulator().control.requests()).filter((r) => r.method !== "GET")).toEqual([]);
    },
  );

  test("a database of the contract's platform, whose later answers hold engine_config {}, gives no engineConfig", async () => {
    await emulator().control.setPlatform("rdbms-legacy");
    await emulator().control.setAnswers("late-2024");
    const provider = providers.mysql;
    const program = { label: "mysql-old", region: "us-east", type: "g6-standard-1", engineId: "mysql/8.0.30" };
    const created = await provider.create((await provider.check({}, program)).inputs);
    expect(await importedArgs("mysql", created.id)).not.toHaveProperty("engineConfig");
  });
});
