// A VPC with a subnet and a one-node MySQL, as an ES module ("type": "module" in package.json):
// named imports, a top-level await for a catalogue look-up and the stack outputs as named exports.
import * as pulumi from "@pulumi/pulumi";
import { getDatabaseEngines, MysqlDatabase, Vpc, VpcSubnet } from "pulumi-cloudplatform";

const config = new pulumi.Config();
const region = config.get("region") ?? "us-ord";

// Pinned, not the catalogue's newest: a change of version is a major upgrade of the running
// database, which a program should ask for on purpose. The look-up says early, with the choices,
// when the pinned version is not offered.
const engineId = config.get("engineId") ?? "mysql/8";
const { engines } = await getDatabaseEngines({ engine: "mysql" });
if (!engines.some((e) => e.id === engineId)) {
  throw new Error(`esm:engineId ${engineId} is not offered; choose one of ${engines.map((e) => e.id).join(", ")}`);
}

const vpc = new Vpc("network", { label: "esm-network", region });
const subnet = new VpcSubnet("app", { vpcId: vpc.vpcId, label: "app", ipv4: "10.50.1.0/24" });

const db = new MysqlDatabase("db", {
  label: "esm-db",
  region,
  type: "g6-nanode-1",
  engineId,
  allowList: [subnet.ipv4],
});

export const vpcId = vpc.vpcId;
export const engine = db.engineId;
export const dbHost = db.hosts.primary;
// Secrets: shown only by `pulumi stack output --show-secrets`.
export const connectionUri = db.connectionUri;
export const password = db.rootPassword;
