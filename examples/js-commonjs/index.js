// A VPC with a database subnet and a one-node PostgreSQL that only that subnet can reach, written
// in plain JavaScript (CommonJS): `require` the package and assign the stack outputs to
// `module.exports`.
"use strict";
const pulumi = require("@pulumi/pulumi");
const cloud = require("pulumi-cloudplatform");

const config = new pulumi.Config();
const region = config.get("region") || "us-ord";

const vpc = new cloud.Vpc("network", { label: "js-network", region });
const subnet = new cloud.VpcSubnet("db", { vpcId: vpc.vpcId, label: "db", ipv4: "10.40.1.0/24" });

const db = new cloud.PostgresqlDatabase("db", {
  label: "js-db",
  region,
  type: "g6-nanode-1",
  // Pinned: a change of version is a major upgrade, which a program asks for on purpose.
  engineId: "postgresql/16",
  allowList: [subnet.ipv4],
});

module.exports = {
  vpcId: vpc.vpcId,
  subnet: subnet.ipv4,
  dbHost: db.hosts.primary,
  dbPort: db.port,
  // A secret: shown only by `pulumi stack output --show-secrets`.
  connectionUri: db.connectionUri,
};
