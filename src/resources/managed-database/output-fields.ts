/**
 * The output rows of `MysqlDatabase` and `PostgresqlDatabase`'s field table (fields.ts joins them
 * to the inputs), and the codec of the secrets they share with the look-ups; the nested outputs
 * are read through the API model (model-rows.ts).
 */
import type { Database, DatabaseCertificate, DatabaseCredentials } from "../../client/index.js";
import type { FieldTable } from "../../shared/fields/table.js";
import { modelRow, wireOf } from "../../shared/fields/model-rows.js";
import { DATABASE, wireKeys } from "../../api/index.js";

/** A database's wire names, read from the model. */
const KEYS = wireKeys(DATABASE);

/** The secret outputs, from the answers of the credentials and certificate routes. */
export function secretsOf(
  credentials: DatabaseCredentials,
  certificate: DatabaseCertificate,
): { rootUsername: string; rootPassword: string; caCertificate: string } {
  return {
    rootUsername: credentials.username,
    rootPassword: credentials.password,
    caCertificate: certificate.ca_certificate,
  };
}

/** The outputs of both database resources, in the order docs, state and schema list them. */
export const DATABASE_OUTPUT_FIELDS = {
  instanceId: {
    description: "The database's numeric id (the resource id as a number).",
    change: "output",
    type: "integer",
    notes: "numeric id, derived from the resource id (not stored twice)",
  },
  engineType: { description: "Engine type, mysql or postgresql.", change: "output", type: "string", api: KEYS.engine },
  version: { description: "Engine version.", change: "output", type: "string", api: KEYS.version },
  port: {
    description: "Access port (3306 for MySQL, 5432 for PostgreSQL).",
    change: "output",
    type: "integer",
    api: "port",
    notes: "3306 / 5432",
  },
  hosts: {
    description: "Primary and secondary host names (null while provisioning).",
    change: "output",
    type: { ref: "DatabaseHosts" },
    api: { read: (d) => ({ primary: d.hosts?.primary ?? null, secondary: d.hosts?.secondary ?? null }) },
    notes: "`{primary, secondary}`",
  },
  standbyHost: modelRow(
    DATABASE,
    "hosts.standby",
    "Standby host name on today's platform (clusters of more than one node), where the API gives one.",
    {
      absent: "undefined",
      notes:
        "`hosts.standby` of today's platform (`rdbms-default`); undefined on one node and on the contract's platform",
    },
  ),
  platform: modelRow(
    DATABASE,
    "platform",
    'The platform the database runs on, "rdbms-default" (today\'s) or "rdbms-legacy", where the API gives one.',
    { absent: "undefined", notes: "undefined where the answers carry no platform (the contract's)" },
  ),
  pendingUpdates: modelRow(
    DATABASE,
    "updates.pending",
    "Maintenance the API has planned on today's platform (`updates.pending`), where the API gives it.",
    {
      absent: "undefined",
      ref: "PendingUpdate",
      notes:
        "list of `{deadline, description, plannedFor}` (`updates.pending` of `rdbms-default`; times as the API gives them, null where it gives none); undefined where the answers carry none",
    },
  ),
  oldestRestoreTime: modelRow(
    DATABASE,
    wireOf(DATABASE, "oldestRestoreTime"),
    "The earliest instant a fork can restore to (today's platform), where the API gives one.",
    {
      absent: "undefined",
      notes:
        "the API's restore window's start on `rdbms-default` (its time, UTC, no zone); undefined until the first backup exists and on the contract's platform",
    },
  ),
  status: {
    description: "Status as of the last create, update or refresh.",
    change: "output",
    type: "string",
    api: KEYS.status,
    notes: "as of the last create/update/refresh",
  },
  rootUsername: { description: "Root user name.", change: "output", type: "string", secret: true },
  rootPassword: {
    description: "Root password; changes when credentialsRotation changes.",
    change: "output",
    type: "string",
    secret: true,
  },
  caCertificate: {
    description: "Base64 SSL CA certificate.",
    change: "output",
    type: "string",
    secret: true,
    notes: "base64",
  },
  connectionUri: {
    description: "Connection URI of the primary host with the root credentials and TLS required.",
    change: "output",
    type: "string",
    secret: true,
    notes:
      "primary host with the root credentials and TLS required: `mysql://user:pass@host:3306/?ssl-mode=REQUIRED` or `postgresql://user:pass@host:5432/postgres?sslmode=require`",
  },
  secondaryConnectionUri: {
    description:
      "The same for the secondary host (the standby host on today's platform); undefined where the API gives none.",
    change: "output",
    type: "string",
    secret: true,
    absent: "undefined",
    notes: "the same for the secondary host (`hosts.standby` on today's platform); undefined where the API gives none",
  },
  lastRestore: {
    description: "The last restore this stack performed: the backup and restoredAt; undefined when none.",
    change: "output",
    type: { ref: "RestoreRecord" },
    absent: "undefined",
    notes: "the last restore this stack made: `{backupId, label, type, created, restoredAt}`",
  },
} satisfies FieldTable<Database>;
