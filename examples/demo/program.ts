/**
 * The demo stack, in the shapes the API takes today: a VPC with an application subnet and a data
 * subnet, a MySQL database inside the data subnet (reachable from the VPC only), a three-node
 * PostgreSQL cluster, and a fork of the MySQL database: today's platform keeps no snapshots and
 * restores by making a new database from another's backups. The engine versions are pinned
 * (`demo:mysqlEngineId`, `demo:postgresqlEngineId`), never the catalogue's newest: a change of
 * version is a major upgrade of the running database, which a program should ask for on purpose.
 */
import * as pulumi from "@pulumi/pulumi";
import * as dynamic from "pulumi-cloudplatform";

/**
 * The resource classes the demo declares: the dynamic resources of `pulumi-cloudplatform`, or the
 * plugin's of `pulumi-cloudplatform/plugin`, which take the same arguments.
 */
export type DemoResources = Pick<typeof dynamic, "MysqlDatabase" | "PostgresqlDatabase" | "Vpc" | "VpcSubnet">;

/** Declares the demo's resources with `cloud` (the dynamic resources unless told) and returns the stack outputs. */
export function demo(cloud: DemoResources = dynamic) {
  const { MysqlDatabase, PostgresqlDatabase, Vpc, VpcSubnet } = cloud;
  const config = new pulumi.Config("demo");
  // A region that offers VPCs and Managed Databases (the API's region list names its capabilities).
  const region = config.get("region") ?? "us-ord";
  const mysqlEngineId = config.get("mysqlEngineId") ?? "mysql/8";

  const network = new Vpc("network", {
    label: "demo-network",
    region,
    description: "Demo network for the application and its databases",
  });

  const app = new VpcSubnet("app", { vpcId: network.vpcId, label: "app", ipv4: "10.0.1.0/24" });
  const data = new VpcSubnet("data", { vpcId: network.vpcId, label: "data", ipv4: "10.0.2.0/24" });

  // In the data subnet, without a public address; the application subnet may connect.
  const orders = new MysqlDatabase("orders", {
    label: "demo-orders",
    region,
    type: "g6-standard-1",
    engineId: mysqlEngineId,
    privateNetwork: { vpcId: network.vpcId, subnetId: data.subnetId, publicAccess: false },
    allowList: [app.ipv4],
    updates: { frequency: "weekly", duration: 4, hourOfDay: 3, dayOfWeek: 7 },
  });

  const analytics = new PostgresqlDatabase("analytics", {
    label: "demo-analytics",
    region,
    type: "g6-dedicated-4",
    engineId: config.get("postgresqlEngineId") ?? "postgresql/16",
    clusterSize: 3,
    allowList: [app.ipv4],
  });

  // A copy of the orders database from its backups (the newest data): today's restore.
  const ordersCopy = new MysqlDatabase("orders-copy", {
    label: "demo-orders-copy",
    region,
    type: "g6-standard-1",
    engineId: mysqlEngineId,
    fork: { source: orders.instanceId },
    allowList: [app.ipv4],
  });

  return {
    vpcId: network.vpcId,
    subnet: app.ipv4,
    ordersHost: orders.hosts.primary,
    ordersPort: orders.port,
    ordersPassword: orders.rootPassword,
    ordersPrivateNetwork: orders.privateNetwork,
    analyticsHosts: analytics.hosts,
    analyticsVersion: analytics.version,
    ordersCopyId: ordersCopy.instanceId,
  };
}
