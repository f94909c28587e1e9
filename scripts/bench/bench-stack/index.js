"use strict";
// The stacks `npm run bench` and test/e2e/footprint.test.ts measure. Config `kind` picks them:
//   each  - one resource of every type (state bytes, provider size, API calls per lifecycle step)
//   vpc   - `count` VPCs (preview and up time at scale)
//   noop  - `count` dynamic resources whose provider does nothing (the engine's floor)
//   mixed - `count` resources, VPCs, MySQL and PostgreSQL databases in turn (API reads of a preview that creates them)
//   plugin-each - the same as `each` with the provider plugin's resources (pulumi-cloudplatform/plugin)
//   network - `count` VPCs with two VpcSubnets each; `flavour` dynamic (default) or plugin; `renamed`
//             gives the first VPC another label (one change)
//   noop-network - the same graph of no-op dynamic resources (the engine's floor for `network`)
const pulumi = require("@pulumi/pulumi");

const config = new pulumi.Config();
const kind = config.require("kind");
const count = config.getNumber("count") ?? 1;
const renamed = config.getBoolean("renamed") ?? false;
const plugin = kind === "plugin-each" || config.get("flavour") === "plugin";
const cloud = require(plugin ? "pulumi-cloudplatform/plugin" : "pulumi-cloudplatform");

/** A dynamic provider that answers at once and keeps nothing: what the engine costs by itself. */
const noopProvider = {
  async create(inputs) {
    return { id: `${Date.now()}-${Math.random()}`, outs: inputs };
  },
  async diff(_id, olds, news) {
    return { changes: JSON.stringify(olds) !== JSON.stringify(news) };
  },
  async update(_id, _olds, news) {
    return { outs: news };
  },
};

class Noop extends pulumi.dynamic.Resource {
  constructor(name, props = {}) {
    super(noopProvider, name, props, undefined, "bench", "Noop");
  }
}

/** The label of network VPC `i`: the first one changes when `renamed` is set. */
const networkLabel = (i) => `net-${count}-${i}${renamed && i === 0 ? "-renamed" : ""}`;

if (kind === "noop") {
  for (let i = 0; i < count; i++) new Noop(`noop-${i}`);
} else if (kind === "vpc") {
  for (let i = 0; i < count; i++) new cloud.Vpc(`vpc-${i}`, { label: `bench-${count}-${i}`, region: "us-east" });
} else if (kind === "network") {
  for (let i = 0; i < count; i++) {
    const vpc = new cloud.Vpc(`vpc-${i}`, { label: networkLabel(i), region: "us-east" });
    for (const [n, ipv4] of [
      ["a", "10.0.0.0/24"],
      ["b", "10.0.1.0/24"],
    ])
      new cloud.VpcSubnet(`subnet-${i}-${n}`, { vpcId: vpc.vpcId, label: n, ipv4 });
  }
} else if (kind === "noop-network") {
  for (let i = 0; i < count; i++) {
    const vpc = new Noop(`vpc-${i}`, { label: networkLabel(i) });
    for (const n of ["a", "b"]) new Noop(`subnet-${i}-${n}`, { vpcId: vpc.id, label: n });
  }
} else if (kind === "mixed") {
  for (let i = 0; i < count; i++) {
    const label = `bench-${count}-${i}`;
    if (i % 3 === 0) new cloud.Vpc(`vpc-${i}`, { label, region: "us-east" });
    else {
      const Database = i % 3 === 1 ? cloud.MysqlDatabase : cloud.PostgresqlDatabase;
      const engineId = i % 3 === 1 ? "mysql/8.0.30" : "postgresql/14.6";
      new Database(`db-${i}`, { label, region: "us-east", type: "g6-nanode-1", engineId });
    }
  }
} else if (kind === "each" || kind === "plugin-each") {
  const vpc = new cloud.Vpc("net", {
    label: "bench-net",
    region: "us-east",
    subnets: [{ label: "apps", ipv4: "10.0.0.0/24" }],
  });
  const subnet = new cloud.VpcSubnet("data", { vpcId: vpc.vpcId, label: "data", ipv4: "10.0.1.0/24" });
  const mysql = new cloud.MysqlDatabase("orders", {
    label: "bench-orders",
    region: "us-east",
    type: "g6-nanode-1",
    engineId: "mysql/8.0.30",
    allowList: [subnet.ipv4],
  });
  new cloud.PostgresqlDatabase("analytics", {
    label: "bench-analytics",
    region: "us-east",
    type: "g6-nanode-1",
    engineId: "postgresql/14.6",
  });
  new cloud.DatabaseSnapshot("nightly", { engine: "mysql", instanceId: mysql.instanceId, label: "nightly1" });
} else {
  throw new Error(`config kind must be each, plugin-each, vpc, mixed, noop, network or noop-network (got "${kind}")`);
}
