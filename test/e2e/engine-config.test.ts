/**
 * Engine settings on today's database platform through the real engine, over the dynamic
 * resources and over the plugin (issue 41), asserted from the emulator's state and request log:
 * a MySQL database and a PostgreSQL database made with settings (a dotted key of the API's
 * nested), the preview after clean though the API fills in settings the program never set; one
 * setting of each engine changed in place, a restarting one named at preview, one PUT of the same
 * database each, the settings the program left alone kept, and the preview after clean.
 */
import type { TestStack } from "../support/pulumi";
import { DYNAMIC, PLUGIN, type Flavour } from "./flavours";
import { api, useE2e } from "./helpers";

const e2e = useE2e(async (emulator) => {
  await emulator.control.setTimings({ provisioningSeconds: 1, updatingSeconds: 1 });
  await emulator.control.setPlatform("rdbms-default");
});

type Bag = Record<string, unknown>;

/** The API writes (anything but GET) since the log was last cleared. */
async function writes(): Promise<string[]> {
  const log = await e2e.emulator.control.requests();
  return log.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
}

/** A database's engine settings as the API holds them now. */
async function held(engine: "mysql" | "postgresql", id: number): Promise<Bag> {
  return (await api<{ engine_config: Bag }>(e2e.emulator, "GET", `/databases/${engine}/instances/${id}`)).engine_config;
}

describe.each([DYNAMIC, PLUGIN])("over the $name resources", (flavour: Flavour) => {
  const { MysqlDatabase, PostgresqlDatabase } = flavour.cloud;
  const prefix = `${flavour.name}-settings`;
  const wanted = { connectTimeout: 20, innodbFtMinTokenSize: undefined as number | undefined, interval: 3600 };
  let testStack: TestStack;
  let mysqlId: number;
  let pgId: number;

  beforeAll(async () => {
    testStack = await e2e.stack(async () => {
      const orders = new MysqlDatabase("orders", {
        label: `${prefix}-orders`,
        region: "us-east",
        type: "g6-nanode-1",
        engineId: "mysql/8",
        engineConfig: {
          mysql: {
            connectTimeout: wanted.connectTimeout,
            waitTimeout: 100,
            ...(wanted.innodbFtMinTokenSize === undefined ? {} : { innodbFtMinTokenSize: wanted.innodbFtMinTokenSize }),
          },
        },
      });
      const analytics = new PostgresqlDatabase("analytics", {
        label: `${prefix}-analytics`,
        region: "us-east",
        type: "g6-nanode-1",
        engineId: "postgresql/16",
        engineConfig: { pg: { pgPartmanBgw: { interval: wanted.interval }, trackIoTiming: "on" }, workMem: 4 },
      });
      return { mysqlId: orders.instanceId, pgId: analytics.instanceId };
    }, flavour.env());
  }, 120_000);

  test("made with settings, the API's own filled in, and the preview after is clean", async () => {
    await e2e.emulator.control.clearRequests();
    const up = await testStack.stack.up({ color: "never" });
    expect(up.summary.resourceChanges).toEqual({ create: 3 });
    mysqlId = up.outputs.mysqlId.value as number;
    pgId = up.outputs.pgId.value as number;
    expect((await writes()).sort()).toEqual([
      "POST /v4/databases/mysql/instances",
      "POST /v4/databases/postgresql/instances",
    ]);
    expect(await held("mysql", mysqlId)).toEqual({
      mysql: { connect_timeout: 20, sql_mode: expect.any(String), sql_require_primary_key: true, wait_timeout: 100 },
    });
    const pg = await held("postgresql", pgId);
    expect(pg).toMatchObject({ pg: { "pg_partman_bgw.interval": 3600, track_io_timing: "on", io_method: "worker" } });
    expect(pg.work_mem).toBe(4);

    await e2e.emulator.control.clearRequests();
    const preview = await testStack.stack.preview({ color: "never", diff: true });
    expect(preview.changeSummary).toEqual({ same: 3 });
    expect(await writes()).toEqual([]);
  });

  test("one setting of each engine changed in place, a restarting one named at preview; the preview after is clean", async () => {
    wanted.connectTimeout = 30;
    wanted.innodbFtMinTokenSize = 4;
    wanted.interval = 7200;
    const preview = await testStack.stack.preview({ color: "never", diff: true });
    expect(preview.changeSummary).toEqual({ same: 1, update: 2 });
    expect(preview.stdout).not.toMatch(/replace/i);
    // The warning goes to the preview's diagnostics (stderr with the Automation API).
    expect(`${preview.stdout}${preview.stderr}`).toContain(
      "changing engineConfig.mysql.innodbFtMinTokenSize restarts its database engine",
    );

    await e2e.emulator.control.clearRequests();
    const up = await testStack.stack.up({ color: "never" });
    expect(up.summary.resourceChanges).toEqual({ same: 1, update: 2 });
    expect((await writes()).sort()).toEqual(
      [`PUT /v4/databases/mysql/instances/${mysqlId}`, `PUT /v4/databases/postgresql/instances/${pgId}`].sort(),
    );
    expect(up.outputs.mysqlId.value).toBe(mysqlId);
    expect(await held("mysql", mysqlId)).toMatchObject({
      mysql: { connect_timeout: 30, innodb_ft_min_token_size: 4, wait_timeout: 100, sql_require_primary_key: true },
    });
    expect(await held("postgresql", pgId)).toMatchObject({
      pg: { "pg_partman_bgw.interval": 7200, track_io_timing: "on" },
      work_mem: 4,
    });

    await e2e.emulator.control.clearRequests();
    expect((await testStack.stack.preview({ color: "never" })).changeSummary).toEqual({ same: 3 });
    expect(await writes()).toEqual([]);
  });
});
