// A VPC with a subnet and a one-node MySQL on the newest MySQL version of the catalogue, as an ES
// module ("type": "module" in package.json): named imports, a top-level await for the look-up and
// the stack outputs as named exports.
import * as pulumi from "@pulumi/pulumi";
import { getDatabaseEngines, MysqlDatabase, Vpc, VpcSubnet } from "pulumi-cloudplatform";

const config = new pulumi.Config();
const region = config.get("region") ?? "us-east";

const { latest } = await getDatabaseEngines({ engine: "mysql" });

const vpc = new Vpc("network", { label: "esm-network", region });
const subnet = new VpcSubnet("app", { vpcId: vpc.vpcId, label: "app", ipv4: "10.50.1.0/24" });

const db = new MysqlDatabase("db", {
  label: "esm-db",
  region,
  type: "g6-nanode-1",
  engineId: latest.mysql,
  allowList: [subnet.ipv4],
});

export const vpcId = vpc.vpcId;
export const engineId = db.engineId;
export const dbHost = db.hosts.primary;
// Secrets: shown only by `pulumi stack output --show-secrets`.
export const connectionUri = db.connectionUri;
export const password = db.rootPassword;
