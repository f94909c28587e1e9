/**
 * `engineConfig` changes of both databases on today's platform, against the emulator: the API's
 * `engine_config` in camelCase, nested as the API nests it (a dotted key too); only the settings
 * the program sets are compared (the API's defaults and keys no client knows are no change); an
 * update sends only the settings that change; a setting that restarts the engine is named at
 * preview; a value the API's description refuses is refused at check with the emulator's reason.
 * Shared setup: engine-config-env.ts.
 */
import * as log from "@pulumi/pulumi/log";
import { DATABASE_DIFF } from "../../src/resources/managed-database/inputs.js";
import { diffResponse } from "../../src/plugin/diff.js";
import { programForm } from "../../src/resources/managed-database/engine-config.js";
import type { MysqlEngineConfigArgs } from "../../src/resources/types.js";
import { useEngineConfigEnv, providers, sent, type Bag } from "./engine-config-env.js";

const { emulator, api, existing } = useEngineConfigEnv();

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
    const warn = jest.spyOn(log, "warn").mockResolvedValue(undefined);
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
