// Databases of both flavours, as a user's project declares them: MySQL databases of the dynamic
// resources and PostgreSQL databases of the plugin's, with the settings of the stack's `scenario`
// (test/e2e/policies.test.ts runs the ready policy pack over each).
"use strict";
const pulumi = require("@pulumi/pulumi");
const cloud = require("pulumi-cloudplatform");
const plugin = require("pulumi-cloudplatform/plugin");

const scenario = new pulumi.Config().require("scenario");

// An allow-list entry made from another resource's output: not known at a first preview.
const vpc = new cloud.Vpc("net", { label: "policy-net", region: "us-east" });
const fromOutput = vpc.vpcId.apply(() => "10.9.0.0/16");

const compliant = { clusterSize: 3, encrypted: true, sslConnection: true, allowList: ["203.0.113.7", fromOutput] };
const open = { ...compliant, allowList: ["203.0.113.7", "0.0.0.0/0"] };
const singleNode = { ...compliant, clusterSize: 1 };
/** The databases of each scenario, by name: their settings. */
const databases = {
  compliant: { db: compliant },
  unencrypted: { db: { ...compliant, encrypted: false } },
  // Two violations of mandatory policies: an open allow list, and (with policy-config.json) a single node.
  failing: { db: open, single: singleNode },
}[scenario];
if (!databases) throw new Error(`unknown scenario ${scenario}`);

const common = { region: "us-east", type: "g6-standard-1" };
for (const [name, settings] of Object.entries(databases)) {
  new cloud.MysqlDatabase(
    `dynamic-${name}`,
    { label: `policy-mysql-${name}`, engineId: "mysql/8.0.30", ...common, ...settings },
    { protect: true },
  );
  new plugin.PostgresqlDatabase(
    `plugin-${name}`,
    { label: `policy-pg-${name}`, engineId: "postgresql/14.6", ...common, ...settings },
    { protect: true },
  );
}
