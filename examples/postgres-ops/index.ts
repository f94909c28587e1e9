/**
 * Day-two operations on PostgreSQL: a three-node cluster with a weekly maintenance window, whose
 * root password is rotated, whose OS is patched and which is restored from a backup by changing a
 * value in the stack configuration, and an existing database taken under management with `adoptId`.
 */
import * as pulumi from "@pulumi/pulumi";
import * as cloud from "pulumi-cloudplatform";

const config = new pulumi.Config();
const region = config.get("region") ?? "us-east";
const engineId = config.get("engineId") ?? "postgresql/14.6";

// Sunday 04:00-06:00 UTC (dayOfWeek 1 is Monday).
const maintenance: cloud.MaintenanceWindowArgs = { frequency: "weekly", duration: 2, hourOfDay: 4, dayOfWeek: 7 };

// Restore the cluster (ALL its data is replaced): `pulumi config set restoreFrom <label>` restores
// the snapshot with that label, `pulumi config set restoreFrom <id>` the backup with that id, e.g.
// the latest automatic one: `pulumi config set restoreFrom $(pulumi stack output latestAutomaticBackupId)`.
// The id is pinned in config on purpose: "the latest" changes every day, and a program that kept
// naming it would restore again after each new backup. The same restore is done once; change
// `restoreRound` to do it again. The cluster's id comes from its label (a resource cannot take
// its own output), and is absent before the first `up`.
const clusterBackups = (filter: { type?: "auto" | "snapshot"; label?: string }) =>
  cloud
    .getDatabasesOutput({ engine: "postgresql", label: "ops-cluster" })
    .apply(async (found): Promise<cloud.GetDatabaseBackupsResult> =>
      found.databases[0]
        ? cloud.getDatabaseBackups({ engine: "postgresql", databaseId: found.databases[0].instanceId, ...filter })
        : { backups: [] },
    );
const restoreFrom = config.get("restoreFrom");
const restore = restoreFrom
  ? {
      backupId: /^[0-9]+$/.test(restoreFrom)
        ? Number(restoreFrom)
        : clusterBackups({ label: restoreFrom }).apply((b) => {
            if (!b.latest) throw new Error(`ops-cluster has no snapshot labelled "${restoreFrom}"`);
            return b.latest.id;
          }),
      trigger: config.get("restoreRound"),
    }
  : undefined;

const cluster = new cloud.PostgresqlDatabase("cluster", {
  label: "ops-cluster",
  region,
  type: "g6-standard-2",
  engineId,
  clusterSize: 3,
  // Three nodes replicate "asynch", which commits "local" (the default) or "off"; the API refuses
  // "on", "remote_write" and "remote_apply" for them.
  replicationCommitType: "local",
  allowList: config.getObject<string[]>("allowList") ?? ["10.30.0.0/16"],
  updates: maintenance,
  // Change either value (`pulumi config set credentialsRotation 2025-q2`) and run `pulumi up`:
  // the first resets the root password, the second applies OS patches now.
  credentialsRotation: config.get("credentialsRotation") ?? "2025-q1",
  patchNow: config.get("patchRound") ?? "2025-01",
  restore,
  timeouts: { create: "60m", update: "60m" },
});

// An existing database (made by hand or by another tool) becomes part of this stack: set
// `postgres-ops:reportingDatabaseId` to its id. A takeover changes only the label and the allow
// list; every field the API cannot change (region, engineId, clusterSize, encrypted, sslConnection,
// replicationType, replicationCommitType) must match the database, or the `up` stops before any
// write. So they, and `type` (a resize to a smaller disk is refused), are read from the database
// itself; the three the account-wide list does not show come from the stack configuration. Without
// the setting, the database is created. Either way `pulumi destroy` deletes it.
type ReplicationType = "none" | "asynch";
type CommitType = "on" | "local" | "remote_write" | "remote_apply" | "off";
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
  encrypted: existing?.encrypted ?? false,
  sslConnection: config.getBoolean("reportingSslConnection") ?? true,
  replicationType: config.get<ReplicationType>("reportingReplicationType", { allowedValues: ["none", "asynch"] }),
  replicationCommitType: config.get<CommitType>("reportingReplicationCommitType", {
    allowedValues: ["on", "local", "remote_write", "remote_apply", "off"],
  }),
  allowList: ["10.30.8.0/24"],
  adoptId,
});

export const clusterId = cluster.instanceId;
export const clusterHosts = cluster.hosts;
export const clusterPort = cluster.port;
export const maintenanceWindow = cluster.updates;
export const clusterUri = cluster.connectionUri;
export const clusterStandbyUri = cluster.secondaryConnectionUri;
export const clusterPassword = cluster.rootPassword;
export const clusterLastRestore = cluster.lastRestore;
export const latestAutomaticBackupId = clusterBackups({ type: "auto" }).apply((b) => b.latest?.id);

export const reportingId = reporting.instanceId;
export const reportingLabel = reporting.label;
export const reportingUri = reporting.connectionUri;
