/**
 * Type test of the resource arguments, compiled by `npm run typecheck` and never run (jest runs
 * only `*.test.ts`). `ordinaryPrograms` holds code written the natural way, which must compile;
 * `wrongPrograms` holds mistakes the types must refuse, each marked `@ts-expect-error` (the
 * typecheck fails if such a line compiles). Values the types accept widely (a `number` cluster
 * size, a `string` frequency, any `Output<string>` engine) are checked at run time by `check`.
 */
import * as pulumi from "@pulumi/pulumi";
import * as cloud from "../../src/index.js";

export function ordinaryPrograms(): void {
  const config = new pulumi.Config();

  // A cluster size read from config is a `number`.
  const db = new cloud.MysqlDatabase("orders", {
    label: "orders-db",
    region: config.require("region"),
    type: "g6-standard-1",
    engineId: "mysql/8.0.30",
    clusterSize: config.requireNumber("clusterSize"),
    // Time limits from config, plain or as Outputs.
    timeouts: { create: config.get("createTimeout") ?? "60m", delete: pulumi.output("30m") },
  });

  // A maintenance window kept in a const: its `frequency` widens to `string`.
  const window = { frequency: "monthly", duration: 2, hourOfDay: 3, dayOfWeek: 7, weekOfMonth: 1 };
  new cloud.PostgresqlDatabase("analytics", {
    label: "analytics-db",
    region: "eu-central",
    type: "g6-dedicated-4",
    engineId: "postgresql/14.6",
    clusterSize: 3,
    updates: window,
    timeouts: pulumi.output({ create: "45m" }),
  });
  // The literal form still works, and so does a window that is an Output as a whole.
  new cloud.MysqlDatabase("inline-window", {
    label: "inline-window",
    region: "us-east",
    type: "g6-nanode-1",
    engineId: "mysql/8.0.30",
    updates: { frequency: "weekly", duration: 1, hourOfDay: 0, dayOfWeek: 1 },
  });

  // Inline subnets whose label and range come from config and from another resource.
  const other = new cloud.VpcSubnet("other", { vpcId: 1, label: "other", ipv4: "10.9.0.0/24" });
  const vpc = new cloud.Vpc("net", {
    label: "app-net",
    region: "us-east",
    subnets: [
      { label: config.require("webLabel"), ipv4: config.require("webRange") },
      { label: other.label.apply((l) => `${l}-copy`), ipv4: pulumi.output("10.1.0.0/24") },
    ],
    timeouts: { delete: config.require("deleteTimeout") },
  });
  new cloud.VpcSubnet("db", {
    vpcId: vpc.vpcId,
    label: "db",
    ipv4: "10.2.0.0/24",
    timeouts: { create: pulumi.output("5m") },
  });

  // A snapshot of whichever engine the database has.
  new cloud.DatabaseSnapshot("before-migration", {
    engine: db.engineType,
    instanceId: db.instanceId,
    label: "beforemigration",
    timeouts: { create: config.get("snapshotTimeout") },
  });
  new cloud.DatabaseSnapshot("literal", { engine: "mysql", instanceId: db.id, label: "literal1" });

  // Backups listed by a look-up, from the database's outputs or from plain values.
  cloud.getDatabaseBackupsOutput({ engine: db.engineType, databaseId: db.instanceId });
  void cloud.getDatabaseBackups({ engine: "postgresql", databaseId: "42" }).then((r) => r.backups[0]?.created);

  // A restore from the latest automatic backup found by a look-up, or from a backup id in config.
  const latest = cloud.getDatabaseBackupsOutput({
    engine: "mysql",
    databaseId: config.requireNumber("ordersId"),
    type: "auto",
  });
  new cloud.MysqlDatabase("restored", {
    label: "restored-db",
    region: "us-east",
    type: "g6-nanode-1",
    engineId: "mysql/8.0.30",
    restore: { backupId: latest.apply((r) => r.latest!.id), trigger: config.get("restoreRound") },
  });
  new cloud.PostgresqlDatabase("restored-pg", {
    label: "restored-pg",
    region: "us-east",
    type: "g6-nanode-1",
    engineId: "postgresql/14.6",
    restore: { backupId: config.requireNumber("backupId") },
  });
  db.lastRestore.apply((r) => r?.restoredAt);
}

export function wrongPrograms(): void {
  const base = { label: "orders-db", region: "us-east", type: "g6-nanode-1", engineId: "mysql/8.0.30" };

  // @ts-expect-error: clusterSize is a number, not text.
  new cloud.MysqlDatabase("a", { ...base, clusterSize: "3" });
  new cloud.MysqlDatabase("b", {
    ...base,
    // @ts-expect-error: replication types are a fixed set.
    replicationType: "sync",
  });
  new cloud.MysqlDatabase("c", {
    ...base,
    // @ts-expect-error: the allow list is a list.
    allowList: "10.0.0.0/8",
  });
  new cloud.MysqlDatabase("d", {
    ...base,
    // @ts-expect-error: a maintenance window needs its duration, hour and day.
    updates: { frequency: "weekly" },
  });
  new cloud.MysqlDatabase("e", {
    ...base,
    // @ts-expect-error: the frequency is text.
    updates: { frequency: 7, duration: 1, hourOfDay: 0, dayOfWeek: 1 },
  });
  // @ts-expect-error: the engine id is required.
  new cloud.MysqlDatabase("f", { label: "f-db", region: "us-east", type: "g6-nanode-1" });

  // @ts-expect-error: a duration is text such as "45m".
  new cloud.Vpc("g", { label: "g", region: "us-east", timeouts: { create: 45 } });
  // @ts-expect-error: only create, update and delete have limits.
  new cloud.Vpc("h", { label: "h", region: "us-east", timeouts: { creat: "1m" } });
  // @ts-expect-error: an inline subnet needs its range.
  new cloud.Vpc("i", { label: "i", region: "us-east", subnets: [{ label: "web" }] });
  // @ts-expect-error: a range is text.
  new cloud.Vpc("j", { label: "j", region: "us-east", subnets: [{ label: "web", ipv4: 10 }] });
  // @ts-expect-error: a label is text.
  new cloud.VpcSubnet("k", { vpcId: 1, label: 5, ipv4: "10.0.0.0/24" });

  // @ts-expect-error: a literal engine must be mysql or postgresql.
  new cloud.DatabaseSnapshot("l", { engine: "mssql", instanceId: 1, label: "l1" });
  // @ts-expect-error: the engine is text.
  new cloud.DatabaseSnapshot("m", { engine: 5, instanceId: 1, label: "m1" });
  // @ts-expect-error: a snapshot is of the primary or the secondary node.
  new cloud.DatabaseSnapshot("n", { engine: "mysql", instanceId: 1, label: "n1", target: "tertiary" });

  // @ts-expect-error: the look-up's engine must be mysql or postgresql.
  void cloud.getDatabaseBackups({ engine: "mssql", databaseId: 1 });
  // @ts-expect-error: the look-up needs the database id.
  void cloud.getDatabaseBackups({ engine: "mysql" });
  // @ts-expect-error: backups are "auto" or "snapshot".
  void cloud.getDatabaseBackups({ engine: "mysql", databaseId: 1, type: "daily" });

  // @ts-expect-error: a restore names its backup.
  new cloud.MysqlDatabase("o", { ...base, restore: { trigger: "again" } });
  // @ts-expect-error: a backup id is a number.
  new cloud.MysqlDatabase("p", { ...base, restore: { backupId: "latest" } });
}
