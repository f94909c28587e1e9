/**
 * A database in a VPC subnet (today's database platform, `rdbms-default`): a VPC, a subnet for
 * data, and a MySQL database that joins it, reachable from the VPC only (no public access), whose
 * allow list admits the application subnet's range.
 */
import * as pulumi from "@pulumi/pulumi";
import * as cloud from "pulumi-cloudplatform";

const config = new pulumi.Config();
const region = config.get("region") ?? "us-ord";
const prefix = config.get("prefix") ?? "vpcdb";

const vpc = new cloud.Vpc("network", {
  label: `${prefix}-network`,
  region,
  subnets: [{ label: "app", ipv4: "10.30.1.0/24" }],
});

// The database's own subnet: the API refuses its delete for a few minutes after the database
// left it, which the provider waits out, so `pulumi destroy` removes both.
const data = new cloud.VpcSubnet("data", { vpcId: vpc.vpcId, label: "data", ipv4: "10.30.2.0/24" });

const db = new cloud.MysqlDatabase("orders", {
  label: `${prefix}-orders`,
  region,
  type: config.get("type") ?? "g6-nanode-1",
  // Today's platform names an engine by its major version.
  engineId: config.get("engineId") ?? "mysql/8",
  privateNetwork: { vpcId: vpc.vpcId, subnetId: data.subnetId, publicAccess: false },
  allowList: ["10.30.1.0/24"],
});

export const privateNetwork = db.privateNetwork;
export const subnetDatabases = data.databases;
export const host = db.hosts.apply((h) => h.primary);
export const password = db.rootPassword;
