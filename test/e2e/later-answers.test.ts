/**
 * Answers of later API versions, on the real engine: the emulator answers databases in the API's
 * shape of late 2024 (no `replication_type` nor `replication_commit_type`; docs/emulator.md), and
 * the MySQL cluster holds a 37-character label and a 4-hour window that today's rules refuse in a
 * request. A 3-node MySQL and a 3-node PostgreSQL cluster are taken under management by
 * `pulumi import` (the plugin) and by `adoptId` (the dynamic resources): no write reaches the API,
 * and the preview after it plans no replacement and no change.
 */
import { MysqlDatabase as DynamicMysql } from "../../src/resources/mysql-database/class";
import { PostgresqlDatabase as DynamicPostgresql } from "../../src/resources/postgresql-database/class";
import { MysqlDatabase, PostgresqlDatabase } from "../../src/sdk";
import { pluginEnv, withInlineLanguageHost } from "../support/plugin";
import { api, useE2e } from "./helpers";

const e2e = useE2e((emulator) => emulator.control.setTimings({ provisioningSeconds: 1 }));

/** Labels of 33 to 39 characters the API accepted for years (api-behaviour.md). */
const LONG = "orders-cluster-from-the-year-2023-x";
const WINDOW = { frequency: "weekly", duration: 4, hour_of_day: 8, day_of_week: 3, week_of_month: null };

/** The API calls since the log was cleared that were not reads. */
async function writes(): Promise<string[]> {
  return (await e2e.emulator.control.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
}

/** Two 3-node clusters made through the API, then answered in the later shape. */
async function clusters(prefix: string): Promise<{ mysql: number; postgresql: number; label: string }> {
  const { emulator } = e2e;
  const body = { region: "us-east", type: "g6-standard-1", cluster_size: 3 };
  const mysql = await api<{ id: number }>(emulator, "POST", "/databases/mysql/instances", {
    ...body,
    label: `${prefix}-orders`,
    engine: "mysql/8.0.30",
  });
  const postgresql = await api<{ id: number }>(emulator, "POST", "/databases/postgresql/instances", {
    ...body,
    label: `${prefix}-analytics`,
    engine: "postgresql/14.6",
  });
  await emulator.control.advanceClock(5);
  const label = `${prefix}-${LONG}`.slice(0, 37);
  await emulator.control.holdValues("mysql", mysql.id, { label, updates: WINDOW });
  await emulator.control.setAnswers("late-2024");
  return { mysql: mysql.id, postgresql: postgresql.id, label };
}

const common = { region: "us-east", type: "g6-standard-1", clusterSize: 3 };

/** What a preview planned, by operation, and the URNs it would replace. */
async function planned(stack: Awaited<ReturnType<typeof e2e.stack>>) {
  const preview = await stack.stack.preview({ color: "never", diff: true });
  return { summary: preview.changeSummary, replaced: /replace/i.test(preview.stdout) };
}

afterEach(() => e2e.emulator.control.setAnswers("4.176.0"));

test("pulumi import (plugin) of two 3-node clusters answered without replication: no write, then a preview with no change", async () => {
  const ids = await clusters("plugin");
  const testStack = await e2e.stack(async () => {
    new MysqlDatabase("orders", { ...common, label: ids.label, engineId: "mysql/8.0.30" });
    new PostgresqlDatabase("analytics", { ...common, label: "plugin-analytics", engineId: "postgresql/14.6" });
  }, pluginEnv());
  await e2e.emulator.control.clearRequests();
  await withInlineLanguageHost(testStack.workDir, () =>
    testStack.stack.import({
      resources: [
        { type: "cloudplatform:index:MysqlDatabase", name: "orders", id: String(ids.mysql) },
        { type: "cloudplatform:index:PostgresqlDatabase", name: "analytics", id: String(ids.postgresql) },
      ],
      protect: false,
      generateCode: false,
    }),
  );
  expect(await writes()).toEqual([]);
  const state = (await testStack.stack.exportStack()).deployment as {
    resources: { type: string; outputs?: Record<string, unknown> }[];
  };
  const orders = state.resources.find((r) => r.type === "cloudplatform:index:MysqlDatabase")!;
  // Never an invented "none" for a cluster the answer said nothing about.
  expect(orders.outputs?.replicationType).toBeUndefined();
  expect(orders.outputs?.label).toBe(ids.label);
  expect(await planned(testStack)).toEqual({ summary: { same: 3 }, replaced: false });
  expect(await writes()).toEqual([]);
});

test("adoptId (dynamic) of two 3-node clusters answered without replication: up writes nothing, the preview after it is clean", async () => {
  const ids = await clusters("dynamic");
  const testStack = await e2e.stack(async () => {
    new DynamicMysql("orders", { ...common, label: ids.label, engineId: "mysql/8.0.30", adoptId: ids.mysql });
    new DynamicPostgresql("analytics", {
      ...common,
      label: "dynamic-analytics",
      engineId: "postgresql/14.6",
      adoptId: ids.postgresql,
    });
  });
  await e2e.emulator.control.clearRequests();
  const up = await testStack.stack.up({ color: "never" });
  expect(up.summary.resourceChanges).toEqual({ create: 3 });
  expect(await writes()).toEqual([]);
  expect(await planned(testStack)).toEqual({ summary: { same: 3 }, replaced: false });
  expect(await writes()).toEqual([]);
});
