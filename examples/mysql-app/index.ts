/**
 * An application's MySQL: a three-node cluster reachable only from the application subnet, with an
 * on-demand snapshot. The connection details are secrets.
 */
import * as pulumi from "@pulumi/pulumi";
import * as cloud from "pulumi-cloudplatform";

const config = new pulumi.Config();
const region = config.get("region") ?? "us-east";
const prefix = config.get("prefix") ?? "shop";

const network = new cloud.Vpc("network", { label: `${prefix}-network`, region });
const app = new cloud.VpcSubnet("app", { vpcId: network.vpcId, label: "app", ipv4: "10.20.1.0/24" });

const db = new cloud.MysqlDatabase("orders", {
  label: `${prefix}-orders`,
  region,
  type: config.get("type") ?? "g6-standard-1",
  // Pinned, never "the newest": the version cannot change in place, so following the catalogue
  // would replace the database (deleting it first) the day a new version appears.
  engineId: config.get("engineId") ?? "mysql/8.0.30",
  clusterSize: 3,
  replicationType: "semi_synch",
  // Only the application subnet may connect.
  allowList: [app.ipv4],
});

const baseline = new cloud.DatabaseSnapshot("baseline", {
  engine: "mysql",
  instanceId: db.instanceId,
  label: "baseline",
});

// Strings with credentials in them: secrets, shown only by `pulumi stack output --show-secrets`.
export const connectionUri = db.connectionUri;
export const secondaryConnectionUri = db.secondaryConnectionUri;
export const username = db.rootUsername;
export const password = db.rootPassword;
export const caCertificate = db.caCertificate;

export const host = db.hosts.primary;
export const port = db.port;
export const engineVersion = db.version;
export const allowList = db.allowList;
export const snapshotId = baseline.id;
