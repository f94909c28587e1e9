/**
 * Engine settings on today's platform: `GET /databases/{engine}/config` answers the recorded
 * description, and a create or PUT's `engine_config` is judged by it, merged, and answered with
 * the API's defaults in alphabetical order (todays-platform.md §6).
 */
import { errorsOf } from "../http.js";
import { base, setPlatform, todaysEmulator } from "./support.js";
import mysqlConfig from "../../../src/api/engine-config/mysql.json";
import postgresqlConfig from "../../../src/api/engine-config/postgresql.json";

const { em, call, create, active, get } = todaysEmulator();

/** The settings of a description (leaves with `requires_restart`), by dotted path. */
function settings(node: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(node).flatMap(([k, v]) =>
    typeof (v as { requires_restart?: unknown }).requires_restart === "boolean"
      ? [`${prefix}${k}`]
      : settings(v as Record<string, unknown>, `${prefix}${k}.`),
  );
}

describe("GET /databases/{engine}/config", () => {
  test("answers the recorded description of each engine's settings to any token", async () => {
    const mysql = await call("GET", "/databases/mysql/config");
    expect(mysql.status).toBe(200);
    // As many settings as the recorded description declares (src/api/engine-config), none lost.
    expect(settings(mysql.body)).toHaveLength(settings(mysqlConfig).length);
    expect(mysql.body.mysql.connect_timeout).toMatchObject({ minimum: 2, maximum: 3600, type: "integer" });
    expect(mysql.body).toEqual(JSON.parse(JSON.stringify(mysqlConfig)));
    const pg = await call("GET", "/databases/postgresql/config");
    expect(settings(pg.body)).toHaveLength(settings(postgresqlConfig).length);
    expect(pg.body.pg["pg_partman_bgw.interval"]).toMatchObject({ minimum: 3600, maximum: 604800 });
    expect(pg.body.pg.password_encryption).toMatchObject({ default: "md5", enum: ["md5", "scram-sha-256"] });
  });

  test("needs a token", async () => {
    expect((await call("GET", "/databases/mysql/config", { token: null })).status).toBe(401);
  });
});

describe("engine_config on create", () => {
  test("MySQL: given settings answered with the API's defaults, keys alphabetical at every level", async () => {
    const made = await create("mysql", { engine_config: { mysql: { wait_timeout: 100, connect_timeout: 20 } } });
    expect(made.status).toBe(200);
    const config = made.body.engine_config;
    expect(config).toEqual({
      mysql: {
        connect_timeout: 20,
        sql_mode:
          "ANSI,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION,NO_ZERO_DATE,NO_ZERO_IN_DATE,STRICT_ALL_TABLES",
        sql_require_primary_key: true,
        wait_timeout: 100,
      },
    });
    expect(Object.keys(config.mysql)).toEqual([
      "connect_timeout",
      "sql_mode",
      "sql_require_primary_key",
      "wait_timeout",
    ]);
  });

  test("PostgreSQL without settings answers the recorded defaults", async () => {
    const made = await create("postgresql");
    expect(made.body.engine_config).toEqual({
      pg: {
        io_combine_limit: 16,
        io_max_combine_limit: 16,
        io_max_concurrency: -1,
        io_method: "worker",
        io_workers: 3,
        password_encryption: "md5",
      },
      pg_stat_monitor_enable: false,
      pglookout: { max_failover_replication_time_lag: 60 },
    });
  });

  test("a dotted key of the description nests as the description nests it", async () => {
    const made = await create("postgresql", {
      engine_config: { pg: { "pg_partman_bgw.interval": 3600 }, work_mem: 4 },
    });
    expect(made.body.engine_config.pg["pg_partman_bgw.interval"]).toBe(3600);
    expect(made.body.engine_config.work_mem).toBe(4);
  });

  test.each([
    ["a type", { mysql: { connect_timeout: "20" } }, "engine_config.mysql.connect_timeout", "Must be an integer"],
    [
      "a minimum",
      { mysql: { connect_timeout: 1 } },
      "engine_config.mysql.connect_timeout",
      "Must be between 2 and 3600",
    ],
    [
      "a maximum",
      { binlog_retention_period: 86401 },
      "engine_config.binlog_retention_period",
      "Must be between 600 and 86400",
    ],
    [
      "an enum",
      { mysql: { internal_tmp_mem_storage_engine: "InnoDB" } },
      "engine_config.mysql.internal_tmp_mem_storage_engine",
      "Must be one of: TempTable, MEMORY",
    ],
    [
      "a pattern",
      { mysql: { sql_mode: "ansi" } },
      "engine_config.mysql.sql_mode",
      "Must match the pattern ^[A-Z_]*(,[A-Z_]+)*$",
    ],
    [
      "a length",
      { mysql: { default_time_zone: "+" } },
      "engine_config.mysql.default_time_zone",
      "Length must be 2-100 characters",
    ],
    [
      "a key the description lacks",
      { mysql: { no_such_setting: 1 } },
      "engine_config.mysql.no_such_setting",
      "Not a mysql setting (GET /v4/databases/mysql/config lists them)",
    ],
    ["a group that is no object", { mysql: 5 }, "engine_config.mysql", "Must be an object"],
    [
      "a null of a non-nullable",
      { mysql: { wait_timeout: null } },
      "engine_config.mysql.wait_timeout",
      "Must be an integer",
    ],
  ])("%s is refused, naming the field; no database is made", async (_what, engine_config, field, reason) => {
    const refused = await create("mysql", { engine_config });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused)).toEqual([{ field, reason }]);
    expect((await call("GET", base("mysql"))).body.data).toEqual([]);
  });

  test("a nullable setting takes null and answers it", async () => {
    const made = await create("mysql", { engine_config: { mysql: { innodb_ft_server_stopword_table: null } } });
    expect(made.status).toBe(200);
    expect(made.body.engine_config.mysql.innodb_ft_server_stopword_table).toBeNull();
  });
});

describe("engine_config on PUT", () => {
  test("merges into the settings held: others stay as they were", async () => {
    const id = await active("mysql", {
      engine_config: { binlog_retention_period: 600, mysql: { connect_timeout: 20 } },
    });
    const put = await call("PUT", `${base("mysql")}/${id}`, {
      body: { engine_config: { mysql: { wait_timeout: 30 } } },
    });
    expect(put.status).toBe(200);
    const config = (await get("mysql", id)).body.engine_config;
    expect(config).toMatchObject({ binlog_retention_period: 600, mysql: { connect_timeout: 20, wait_timeout: 30 } });
  });

  test("a refused value changes nothing", async () => {
    const id = await active("postgresql", { engine_config: { work_mem: 4 } });
    const put = await call("PUT", `${base("postgresql")}/${id}`, {
      body: { engine_config: { work_mem: 2048, pg: { track_io_timing: "on" } } },
    });
    expect(errorsOf(put)).toEqual([{ field: "engine_config.work_mem", reason: "Must be between 1 and 1024" }]);
    const config = (await get("postgresql", id)).body.engine_config;
    expect(config.work_mem).toBe(4);
    expect(config.pg.track_io_timing).toBeUndefined();
  });
});

describe("the contract's platform", () => {
  test("takes no engine_config and answers none", async () => {
    await setPlatform(em(), "rdbms-legacy");
    const refused = await create("mysql", {
      engine: "mysql/8.0.30",
      engine_config: { mysql: { connect_timeout: 20 } },
    });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused)[0].field).toBe("engine_config");
    const made = await create("mysql", { engine: "mysql/8.0.30" });
    expect(made.body).not.toHaveProperty("engine_config");
  });
});
