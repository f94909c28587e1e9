// The program of test/e2e/upgrade.test.ts: all five resources with most of their arguments, so a
// state written by an earlier version of the package holds every kind of field the tables read.
"use strict";
const cloud = require("pulumi-cloudplatform");

const vpc = new cloud.Vpc("net", {
  label: "upgrade-net",
  region: "us-east",
  description: "written before the upgrade",
  subnets: [{ label: "web", ipv4: "10.50.1.0/24" }],
  timeouts: { delete: "5m" },
});
const subnet = new cloud.VpcSubnet("db", { vpcId: vpc.vpcId, label: "db", ipv4: "10.50.2.0/24" });
const orders = new cloud.MysqlDatabase("orders", {
  label: "upgrade-orders",
  region: "us-east",
  type: "g6-standard-1",
  engineId: "mysql/8.0.30",
  clusterSize: 3,
  allowList: [subnet.ipv4, "203.0.113.7"],
  updates: { frequency: "weekly", duration: 2, hourOfDay: 3, dayOfWeek: 7 },
  credentialsRotation: "first",
});
const analytics = new cloud.PostgresqlDatabase("analytics", {
  label: "upgrade-analytics",
  region: "us-east",
  type: "g6-standard-1",
  engineId: "postgresql/14.6",
  sslConnection: true,
});
const snapshot = new cloud.DatabaseSnapshot("before", {
  engine: orders.engineType,
  instanceId: orders.instanceId,
  label: "beforeupgrade",
  target: "secondary",
});

module.exports = {
  vpcId: vpc.vpcId,
  subnetGateway: subnet.gateway,
  ordersUri: orders.connectionUri,
  analyticsPort: analytics.port,
  backupId: snapshot.backupId,
};
