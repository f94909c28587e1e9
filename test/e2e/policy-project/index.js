// One database of each flavour, as a user's project declares them: a MySQL database of the dynamic
// resources and a PostgreSQL database of the plugin's, both with the settings of the stack's
// `scenario` (test/e2e/policies.test.ts runs the ready policy pack over each).
"use strict";
const pulumi = require("@pulumi/pulumi");
const cloud = require("pulumi-cloudplatform");
const plugin = require("pulumi-cloudplatform/plugin");

const scenario = new pulumi.Config().require("scenario");

// An allow-list entry made from another resource's output: not known at a first preview.
const vpc = new cloud.Vpc("net", { label: "policy-net", region: "us-east" });
const fromOutput = vpc.vpcId.apply(() => "10.9.0.0/16");

const compliant = { clusterSize: 3, encrypted: true, sslConnection: true, allowList: ["203.0.113.7", fromOutput] };
const settings = {
  compliant,
  open: { ...compliant, allowList: ["203.0.113.7", "0.0.0.0/0"] },
  unencrypted: { ...compliant, encrypted: false },
  "single-node": { ...compliant, clusterSize: 1 },
}[scenario];
if (!settings) throw new Error(`unknown scenario ${scenario}`);

const common = { region: "us-east", type: "g6-standard-1" };
new cloud.MysqlDatabase(
  "dynamic-db",
  { label: "policy-mysql", engineId: "mysql/8.0.30", ...common, ...settings },
  { protect: true },
);
new plugin.PostgresqlDatabase(
  "plugin-db",
  { label: "policy-pg", engineId: "postgresql/14.6", ...common, ...settings },
  { protect: true },
);
