/**
 * The demo stack as it was on the contract's database platform (`rdbms-legacy`): a VPC with an
 * application subnet, a MySQL database reachable from that subnet, a three-node PostgreSQL cluster
 * and an on-demand snapshot of the MySQL database (snapshots exist only on that platform). The
 * demo itself (examples/demo) is today's; the chaos and interruption stories run this one against
 * an emulator started as the contract's API (the test helpers' default).
 */
import * as pulumi from "@pulumi/pulumi";
import * as dynamic from "../../src/index";

/**
 * The resource classes the demo declares: the dynamic resources of `pulumi-cloudplatform`, or the
 * plugin's of `pulumi-cloudplatform/plugin`, which take the same arguments.
 */
export type LegacyDemoResources = Pick<
  typeof dynamic,
  "DatabaseSnapshot" | "MysqlDatabase" | "PostgresqlDatabase" | "Vpc" | "VpcSubnet"
>;

/** Declares the legacy demo's resources with `cloud` (the dynamic resources unless told) and returns the stack outputs. */
export function legacyDemo(cloud: LegacyDemoResources = dynamic) {
  const { DatabaseSnapshot, MysqlDatabase, PostgresqlDatabase, Vpc, VpcSubnet } = cloud;
  const config = new pulumi.Config("demo");
  const region = config.get("region") ?? "us-east";

  const network = new Vpc("network", {
    label: "demo-network",
    region,
    description: "Demo network for the application and its databases",
  });

  const app = new VpcSubnet("app", { vpcId: network.id, label: "app", ipv4: "10.0.1.0/24" });

  const orders = new MysqlDatabase("orders", {
    label: "demo-orders",
    region,
    type: "g6-standard-1",
    engineId: config.get("mysqlEngineId") ?? "mysql/8.0.30",
    allowList: [app.ipv4, "203.0.113.7"],
    updates: { frequency: "weekly", duration: 2, hourOfDay: 3, dayOfWeek: 7 },
  });

  const analytics = new PostgresqlDatabase("analytics", {
    label: "demo-analytics",
    region,
    type: "g6-dedicated-4",
    engineId: config.get("postgresqlEngineId") ?? "postgresql/14.6",
    clusterSize: 3,
    allowList: [app.ipv4],
  });

  const nightly = new DatabaseSnapshot("orders-baseline", {
    engine: "mysql",
    instanceId: orders.id,
    label: "baseline",
  });

  return {
    vpcId: network.id,
    subnet: app.ipv4,
    ordersHost: orders.hosts.primary,
    ordersPort: orders.port,
    ordersPassword: orders.rootPassword,
    analyticsHosts: analytics.hosts,
    analyticsVersion: analytics.version,
    snapshotId: nightly.id,
  };
}
