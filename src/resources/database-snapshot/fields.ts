/**
 * The fields of `DatabaseSnapshot`, one declaration each (see fields.ts). A snapshot cannot be
 * changed: every argument but `timeouts` and `adoptId` replaces it.
 */
import { BACKUP, keyNames, wireKeys } from "../../api/index.js";
import { ENGINE_TYPES, type DatabaseBackup } from "../../client/index.js";
import type { FieldTable } from "../../shared/fields/table.js";

/** A backup's wire names, read from the model. */
const KEYS = wireKeys(BACKUP);

/** Every field of `DatabaseSnapshot`. */
export const SNAPSHOT_FIELDS = {
  engine: {
    description: 'Engine of the database, "mysql" or "postgresql" (a database\'s engineType fits).',
    change: "replace",
    type: "string",
    required: true,
    output: true,
    choices: { values: ENGINE_TYPES },
    // A database's engineType output (a string) fits; check refuses other values.
    tsType: 'pulumi.Input<"mysql" | "postgresql"> | pulumi.Output<string>',
    notes: "`mysql`/`postgresql`; a database's `engineType` fits",
  },
  instanceId: {
    description: "Id of the database to back up.",
    change: "replace",
    type: "id",
    outputType: "integer",
    required: true,
    output: true,
    notes: "database id",
  },
  label: {
    description: "Label, 1..30 ASCII letters, digits or underscores, unique among the database's backups.",
    change: "replace",
    type: "string",
    api: KEYS.label,
    required: true,
    output: true,
    notes: "1..30 ASCII letters, digits or `_`; unique per database",
  },
  target: {
    description: 'Node to back up in a 3-node cluster: "primary" (the API\'s default) or "secondary".',
    change: "replace",
    type: "string",
    output: true,
    // The model's values; the row judges them, as create sends `target` though answers lack it.
    choices: { values: BACKUP.fields.target.enum },
    absent: "undefined",
    // Writing out the API's default must not replace (delete) an existing snapshot.
    normalise: (v) => v ?? "primary",
    notes: "API default `primary` (writing it out changes nothing) or `secondary`",
  },
  adoptId: {
    description: "Existing snapshot to take under management, as `<engine>/<instanceId>/<backupId>`.",
    change: "ignored",
    type: "string",
    notes: "the form `<engine>/<instanceId>/<backupId>`; changing it later changes nothing (see Adoption)",
  },
  timeouts: {
    description: "Time limits; defaults create 30m (includes waiting for a running backup), delete 10m.",
    change: "state",
    type: { ref: "Timeouts" },
    notes: "limits: create 30m, delete 10m",
  },
  backupId: {
    description: "The backup's numeric id.",
    change: "output",
    type: "integer",
    api: KEYS.id,
    notes: "the resource id is `<engine>/<instanceId>/<backupId>`",
  },
  type: {
    description: 'Backup type, "snapshot" for backups made here.',
    change: "output",
    type: "string",
    api: KEYS.type,
    notes: "`snapshot`",
  },
  created: { description: "Creation time.", change: "output", type: "string", api: "created" },
} satisfies FieldTable<DatabaseBackup>;

/** The input names of `DatabaseSnapshot`, read from its table. */
export const SNAPSHOT_INPUTS = keyNames(SNAPSHOT_FIELDS);
