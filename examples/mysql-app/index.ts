/**
 * An application's MySQL: a three-node cluster reachable only from the application subnet. The
 * connection details are secrets. The API backs it up by itself (daily, with point-in-time
 * recovery); a restore is a new database forked from it (see the demo, examples/demo).
 */
import * as pulumi from "@pulumi/pulumi";
import * as cloud from "pulumi-cloudplatform";

const config = new pulumi.Config();
const region = config.get("region") ?? "us-ord";
const prefix = config.get("prefix") ?? "shop";

const network = new cloud.Vpc("network", { label: `${prefix}-network`, region });
const app = new cloud.VpcSubnet("app", { vpcId: network.vpcId, label: "app", ipv4: "10.20.1.0/24" });

const db = new cloud.MysqlDatabase("orders", {
  label: `${prefix}-orders`,
  region,
  type: config.get("type") ?? "g6-standard-1",
  // Pinned, never "the newest": a change of version is a major upgrade of the running cluster,
  // which a program should ask for on purpose, not get the day the catalogue gains a version.
  engineId: config.get("engineId") ?? "mysql/8",
  // Three nodes: the API replicates them by itself (it takes no replication settings).
  clusterSize: 3,
  // Only the application subnet may connect.
  allowList: [app.ipv4],
});

// Strings with credentials in them: secrets, shown only by `pulumi stack output --show-secrets`.
export const connectionUri = db.connectionUri;
export const username = db.rootUsername;
export const password = db.rootPassword;
export const caCertificate = db.caCertificate;

export const host = db.hosts.primary;
// The standby node of the cluster (today's `hosts.standby`).
export const standbyHost = db.standbyHost;
export const port = db.port;
export const engineVersion = db.version;
export const allowList = db.allowList;
