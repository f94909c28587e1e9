/**
 * `engineConfig` of both databases on today's platform, against the emulator: the API's
 * `engine_config` in camelCase, nested as the API nests it (a dotted key too); only the settings
 * the program sets are compared (the API's defaults and keys no client knows are no change); an
 * update sends only the settings that change; a setting that restarts the engine is named at
 * preview; a value the API's description refuses is refused at check with the emulator's reason;
 * a database of the contract's platform is refused at preview, naming the field and the platform.
 */
import * as pulumi from "@pulumi/pulumi";
import { provider as mysqlProvider } from "../../src/resources/mysql-database.js";
import { provider as pgProvider } from "../../src/resources/postgresql-database.js";
import { HttpClient, type HttpMethod, type RequestOptions } from "../../src/client/http.js";
import { DATABASE_DIFF } from "../../src/resources/managed-database/inputs.js";
import { diffResponse } from "../../src/plugin/diff.js";
import { programForm } from "../../src/resources/managed-database/engine-config.js";
import { CloudClient } from "../../src/client/index.js";
import { buildProgram } from "../../src/import/program.js";
import type { Expr } from "../../src/import/references.js";
import type { MysqlEngineConfigArgs } from "../../src/resources/types.js";
import { useProviderEmulator } from "./provider-env.js";

const emulator = useProviderEmulator();
type Engine = "mysql" | "postgresql";
const providers = {
  mysql: mysqlProvider as Required<typeof mysqlProvider>,
  postgresql: pgProvider as Required<typeof pgProvider>,
};
type Bag = Record<string, unknown>;

const saved = { url: process.env.CLOUDPLATFORM_API_URL, token: process.env.CLOUDPLATFORM_TOKEN };
beforeEach(async () => {
  process.env.CLOUDPLATFORM_API_URL = emulator().url;
  process.env.CLOUDPLATFORM_TOKEN = emulator().token;
  await emulator().control.setPlatform("rdbms-default");
});
afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    const name = k === "url" ? "CLOUDPLATFORM_API_URL" : "CLOUDPLATFORM_TOKEN";
    if (v === undefined) delete process.env[name];
    else process.env[name] = v;
  }
});

/** Calls the emulator's API directly (what another client, or the console, would do). */
async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: Bag }> {
  const res = await fetch(`${emulator().apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${emulator().token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Bag };
}

/**
 * A database made on the emulator with these engine settings, active, as a program that sets
 * `program` holds it after an up: its id, its state and the inputs refresh would give.
 */
async function existing(
  engine: Engine,
  engineConfig: Bag,
  program: Bag,
): Promise<{ id: string; state: Bag; inputs: Bag }> {
  const made = await api("POST", `/databases/${engine}/instances`, {
    label: `${engine}-settings`,
    region: "us-east",
    type: "g6-dedicated-4",
    engine: engine === "mysql" ? "mysql/8" : "postgresql/16",
    engine_config: engineConfig,
  });
  expect(made.status).toBe(200);
  await emulator().control.advanceClock(5);
  const id = String(made.body.id);
  const read = await providers[engine].read(id, { engineConfig: program, setInputs: ["engineConfig"] });
  return { id, state: read.props!, inputs: read.inputs! };
}

/** The request bodies the providers send with `method` while `run` runs. */
async function sent(method: HttpMethod, run: () => Promise<unknown>): Promise<Bag[]> {
  const bodies: Bag[] = [];
  const original = HttpClient.prototype.request;
  const spy = jest.spyOn(HttpClient.prototype, "request").mockImplementation(function (
    this: HttpClient,
    m: HttpMethod,
    path: string,
    options?: RequestOptions,
  ) {
    if (m === method && options?.body) bodies.push(options.body as Bag);
    return original.call(this, m, path, options);
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return bodies;
}

describe("MySQL", () => {
  const provider = providers.mysql;

  test("the API's defaults are no change; a change sends only the setting that changes and the API keeps the rest", async () => {
    const program = { mysql: { connectTimeout: 20, waitTimeout: 100 } };
    const { id, state, inputs } = await existing(
      "mysql",
      { mysql: { connect_timeout: 20, wait_timeout: 100 } },
      program,
    );
    // The state holds every setting the API answers: the program's, and those the API filled in (sqlMode).
    expect(state.engineConfig).toEqual({
      mysql: { ...program.mysql, sqlMode: expect.stringContaining("STRICT_ALL_TABLES"), sqlRequirePrimaryKey: true },
    });
    expect((await provider.diff(id, state, { ...inputs, engineConfig: program })).changes).toBe(false);
    // A setting the program stops setting keeps the API's value: no change either.
    const fewer = { ...inputs, engineConfig: { mysql: { connectTimeout: 20 } } };
    expect((await provider.diff(id, state, fewer)).changes).toBe(false);

    const changed = { ...inputs, engineConfig: { mysql: { connectTimeout: 30, waitTimeout: 100 } } };
    const diff = await provider.diff(id, state, changed);
    expect({ changes: diff.changes, replaces: diff.replaces ?? [] }).toEqual({ changes: true, replaces: [] });
    const puts = await sent("PUT", () => provider.update(id, state, changed));
    expect(puts).toEqual([{ engine_config: { mysql: { connect_timeout: 30 } } }]);

    const held = (await api("GET", `/databases/mysql/instances/${id}`)).body.engine_config as Bag;
    expect(held).toMatchObject({ mysql: { connect_timeout: 30, wait_timeout: 100, sql_require_primary_key: true } });
    const log = await emulator().control.requests();
    expect(log.filter((r) => r.method === "PUT" || r.method === "POST" || r.method === "DELETE")).toEqual([
      expect.objectContaining({ method: "POST", path: "/v4/databases/mysql/instances" }),
      expect.objectContaining({ method: "PUT", path: `/v4/databases/mysql/instances/${id}`, status: 200 }),
    ]);

    // The preview right after: nothing to do.
    const after = await provider.read(id, state);
    expect((await provider.diff(id, after.props!, changed)).changes).toBe(false);
  });

  test("a setting removed from the program is never sent and stays visible at the API's value", async () => {
    const program = { mysql: { connectTimeout: 20, waitTimeout: 100 } };
    const { id, state, inputs } = await existing(
      "mysql",
      { mysql: { connect_timeout: 20, wait_timeout: 100 } },
      program,
    );
    // waitTimeout leaves the program in the same up as a new label: only the label is sent.
    const news = { ...inputs, label: "mysql-renamed", engineConfig: { mysql: { connectTimeout: 20 } } };
    let outs: Bag = {};
    const puts = await sent("PUT", async () => void (outs = (await provider.update(id, state, news)).outs as Bag));
    expect(puts).toEqual([{ label: "mysql-renamed" }]);
    const held = (await api("GET", `/databases/mysql/instances/${id}`)).body.engine_config as Bag;
    expect((held.mysql as Bag).wait_timeout).toBe(100);
    // The update's outputs show it, with the others the API answers; the preview after is clean.
    expect((outs.engineConfig as Bag).mysql).toMatchObject({ waitTimeout: 100, sqlRequirePrimaryKey: true });
    expect((await provider.diff(id, outs, news)).changes).toBe(false);
  });

  test("a nullable setting (innodbFtServerStopwordTable) takes null: checked, sent as null, echoed as null, then clean", async () => {
    const set = { mysql: { innodbFtServerStopwordTable: "app/stopwords" } };
    const { id, state, inputs } = await existing(
      "mysql",
      { mysql: { innodb_ft_server_stopword_table: "app/stopwords" } },
      set,
    );
    expect(state.engineConfig).toMatchObject(set);
    // Typed as a program writes it: the argument type takes null.
    const cleared: MysqlEngineConfigArgs = { mysql: { innodbFtServerStopwordTable: null } };
    const checked = await provider.check(state, { ...inputs, engineConfig: cleared });
    expect(checked.failures ?? []).toEqual([]);
    expect(checked.inputs.engineConfig).toEqual(cleared);
    // Only a setting the API types as nullable takes null.
    const strict = await provider.check(state, { ...inputs, engineConfig: { mysql: { connectTimeout: null } } });
    expect(strict.failures).toEqual([
      { property: "engineConfig", reason: expect.stringMatching(/^engineConfig.mysql.connectTimeout: .*integer/) },
    ]);
    const diff = await provider.diff(id, state, checked.inputs);
    expect({ changes: diff.changes, replaces: diff.replaces ?? [] }).toEqual({ changes: true, replaces: [] });

    const puts = await sent("PUT", () => provider.update(id, state, checked.inputs));
    expect(puts).toEqual([{ engine_config: { mysql: { innodb_ft_server_stopword_table: null } } }]);
    const log = await emulator().control.requests();
    expect(log.filter((r) => r.method === "PUT")).toEqual([
      expect.objectContaining({ path: `/v4/databases/mysql/instances/${id}`, status: 200 }),
    ]);
    const held = (await api("GET", `/databases/mysql/instances/${id}`)).body.engine_config as Bag;
    expect((held.mysql as Bag).innodb_ft_server_stopword_table).toBeNull();

    // The state holds the null the API echoes; the preview right after is clean.
    const after = await provider.read(id, state);
    expect(after.props!.engineConfig).toMatchObject(cleared);
    expect((await provider.diff(id, after.props!, checked.inputs)).changes).toBe(false);
  });

  test("a setting that restarts the engine is named at preview, in the warning and the plugin's detailed diff", async () => {
    const { id, state, inputs } = await existing(
      "mysql",
      { mysql: { connect_timeout: 20 } },
      { mysql: { connectTimeout: 20 } },
    );
    const warn = jest.spyOn(pulumi.log, "warn").mockResolvedValue(undefined);
    try {
      const news = { ...inputs, engineConfig: { mysql: { connectTimeout: 25, innodbFtMinTokenSize: 4 } } };
      const result = await provider.diff(id, state, news);
      expect(warn.mock.calls.map(([m]) => m)).toEqual([
        expect.stringContaining("changing engineConfig.mysql.innodbFtMinTokenSize restarts its database engine"),
      ]);
      const detailed = diffResponse(state, news, DATABASE_DIFF, result).getDetaileddiffMap();
      expect(
        detailed
          .getEntryList()
          .map(([k]) => k)
          .sort(),
      ).toEqual(["engineConfig.mysql.connectTimeout", "engineConfig.mysql.innodbFtMinTokenSize"]);
      warn.mockClear();
      await provider.diff(id, state, { ...inputs, engineConfig: { mysql: { connectTimeout: 25 } } });
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  test.each([
    [{ mysql: { connectTimeout: 1 } }, "engineConfig.mysql.connectTimeout", { mysql: { connect_timeout: 1 } }],
    [
      { mysql: { internalTmpMemStorageEngine: "InnoDB" } },
      "engineConfig.mysql.internalTmpMemStorageEngine",
      { mysql: { internal_tmp_mem_storage_engine: "InnoDB" } },
    ],
    [{ mysql: { sqlMode: "ansi" } }, "engineConfig.mysql.sqlMode", { mysql: { sql_mode: "ansi" } }],
    [{ mysql: { noSuchSetting: 1 } }, "engineConfig.mysql.noSuchSetting", { mysql: { no_such_setting: 1 } }],
    [{ workMem: 4 }, "engineConfig.workMem", { work_mem: 4 }],
  ])("%j is refused at check with the emulator's reason, naming the input", async (engineConfig, path, wire) => {
    const program = { label: "mysql-checked", region: "us-east", type: "g6-dedicated-4", engineId: "mysql/8" };
    const checked = await provider.check({}, { ...program, engineConfig });
    const failures = (checked.failures ?? []).filter((f) => f.property.startsWith("engineConfig"));
    const { engineId: _id, ...body } = program;
    const refused = await api("POST", "/databases/mysql/instances", {
      ...body,
      engine: "mysql/8",
      engine_config: wire,
    });
    const errors = refused.body.errors as { field: string; reason: string }[];
    expect(errors).toHaveLength(1);
    // The engine shows a nested failure under its top-level input, the path first and the value after.
    expect(failures).toEqual([
      { property: "engineConfig", reason: expect.stringMatching(new RegExp(`^${path}: `)) as unknown },
    ]);
    expect(failures[0]!.reason.replace(/ \(got .*\)$/, "")).toBe(`${path}: ${errors[0]!.reason}`);
  });
});

describe("PostgreSQL", () => {
  const provider = providers.postgresql;

  test("a dotted key nests; keys no client knows (io_*) and defaults are no change; a change sends the dotted key alone", async () => {
    const program = { pg: { pgPartmanBgw: { interval: 3600 }, trackIoTiming: "on" }, workMem: 4 };
    const { id, state, inputs } = await existing(
      "postgresql",
      { pg: { "pg_partman_bgw.interval": 3600, track_io_timing: "on" }, work_mem: 4 },
      program,
    );
    // The answer holds the API's defaults and keys no client knows; read in the program's form, nested.
    const raw = (await api("GET", `/databases/postgresql/instances/${id}`)).body.engine_config as Bag;
    expect(programForm(raw)).toMatchObject({
      pg: { pgPartmanBgw: { interval: 3600 }, trackIoTiming: "on", ioMethod: "worker", passwordEncryption: "md5" },
      pglookout: { maxFailoverReplicationTimeLag: 60 },
      workMem: 4,
    });
    // Every setting the API answers, keys no client knows (io_*) too; the program's at its values.
    expect(state.engineConfig).toMatchObject({ ...program, pg: { ...program.pg, ioWorkers: 3 } });
    expect((await provider.diff(id, state, { ...inputs, engineConfig: program })).changes).toBe(false);

    const changed = {
      ...inputs,
      engineConfig: { ...program, pg: { ...program.pg, pgPartmanBgw: { interval: 7200 } } },
    };
    const puts = await sent("PUT", () => provider.update(id, state, changed));
    expect(puts).toEqual([{ engine_config: { pg: { "pg_partman_bgw.interval": 7200 } } }]);
    const held = (await api("GET", `/databases/postgresql/instances/${id}`)).body.engine_config as { pg: Bag };
    expect(held.pg).toMatchObject({ "pg_partman_bgw.interval": 7200, track_io_timing: "on" });
    const after = await provider.read(id, state);
    expect((await provider.diff(id, after.props!, changed)).changes).toBe(false);
  });

  test("a nested value out of range is refused naming its nested path", async () => {
    const checked = await provider.check(
      {},
      {
        label: "pg-checked",
        region: "us-east",
        type: "g6-dedicated-4",
        engineId: "postgresql/16",
        engineConfig: { pg: { pgPartmanBgw: { interval: 10 } } },
      },
    );
    expect(checked.failures).toEqual([
      {
        property: "engineConfig",
        reason: "engineConfig.pg.pgPartmanBgw.interval: Must be between 3600 and 604800 (got 10)",
      },
    ]);
  });
});

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
