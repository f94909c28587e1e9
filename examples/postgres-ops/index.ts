/**
 * Day-two operations on PostgreSQL: a three-node cluster with a weekly maintenance window, whose
 * root password is rotated and whose OS is patched by changing a value in the stack configuration,
 * a restore made the way the API restores today (a new database forked from the cluster's backups,
 * at an instant of its restore window), and an existing database taken under management with
 * `adoptId`.
 */
import * as pulumi from "@pulumi/pulumi";
import * as cloud from "pulumi-cloudplatform";

const config = new pulumi.Config();
const region = config.get("region") ?? "us-ord";
// Pinned: a change of version is a major upgrade of the running cluster, asked for on purpose.
const engineId = config.get("engineId") ?? "postgresql/16";

// Sunday 04:00 UTC (dayOfWeek 1 is Monday). The API takes weekly windows of four hours only.
const maintenance: cloud.MaintenanceWindowArgs = { frequency: "weekly", duration: 4, hourOfDay: 4, dayOfWeek: 7 };

const cluster = new cloud.PostgresqlDatabase("cluster", {
  label: "ops-cluster",
  region,
  type: "g6-standard-2",
  engineId,
  // Three nodes: the API replicates them by itself (it takes no replication settings).
  clusterSize: 3,
  allowList: config.getObject<string[]>("allowList") ?? ["10.30.0.0/16"],
  updates: maintenance,
  // Change either value (`pulumi config set credentialsRotation 2025-q2`) and run `pulumi up`:
  // the first resets the root password, the second applies OS patches now.
  credentialsRotation: config.get("credentialsRotation") ?? "2025-q1",
  patchNow: config.get("patchRound") ?? "2025-01",
  timeouts: { create: "60m", update: "60m" },
});

// Restore: `pulumi config set restoreTime 2025-02-01T03:00:00` (UTC, within the cluster's restore
// window, from its `oldestRestoreTime` to now) makes `ops-restored`, a new database holding the
// cluster's data as it was then; the cluster itself is left as it is. `latest` restores the
// newest data. Another time replaces the copy; removing the setting deletes it.
const restoreTime = config.get("restoreTime");
const restored = restoreTime
  ? new cloud.PostgresqlDatabase("restored", {
      label: "ops-restored",
      region,
      type: "g6-standard-2",
      engineId,
      fork: { source: cluster.instanceId, ...(restoreTime === "latest" ? {} : { restoreTime }) },
      allowList: ["10.30.0.0/16"],
    })
  : undefined;

// An existing database (made by hand or by another tool) becomes part of this stack: set
// `postgres-ops:reportingDatabaseId` to its id. A takeover changes only the label and the allow
// list; every field the API cannot change in place (region, the engine) must match the database,
// or the `up` stops before any write. So they, the size (`type`, `clusterSize`: not resized) and
// `encrypted` are read from the database itself. Without the setting, the database is created.
// Either way `pulumi destroy` deletes it.
const adoptId = config.getNumber("reportingDatabaseId");
const existing =
  adoptId === undefined
    ? undefined
    : cloud.getDatabasesOutput({ engine: "postgresql" }).apply(({ databases }) => {
        const found = databases.find((d) => d.instanceId === adoptId);
        if (!found)
          throw new Error(`postgres-ops:reportingDatabaseId: no PostgreSQL database ${adoptId} in this account`);
        return found;
      });
const reporting = new cloud.PostgresqlDatabase("reporting", {
  label: "ops-reporting",
  region: existing?.region ?? region,
  type: config.get("reportingType") ?? existing?.type ?? "g6-nanode-1",
  engineId: existing?.engineId ?? engineId,
  clusterSize: existing?.clusterSize ?? 1,
  encrypted: existing?.encrypted,
  allowList: ["10.30.8.0/24"],
  adoptId,
});

export const clusterId = cluster.instanceId;
export const clusterHosts = cluster.hosts;
export const clusterStandbyHost = cluster.standbyHost;
export const clusterPort = cluster.port;
export const maintenanceWindow = cluster.updates;
export const clusterUri = cluster.connectionUri;
export const clusterPassword = cluster.rootPassword;
export const clusterOldestRestoreTime = cluster.oldestRestoreTime;
export const restoredId = restored?.instanceId;
export const restoredUri = restored?.connectionUri;

export const reportingId = reporting.instanceId;
export const reportingLabel = reporting.label;
export const reportingUri = reporting.connectionUri;
