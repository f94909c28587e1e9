/**
 * A database's status gates: which statuses an operation takes, and the API's refusal of one it
 * does not (the wait for an operation in progress, or the status that forbids it).
 */
import type { DATABASE, EnumValue } from "../../api/index.js";
import { BadRequest } from "../failures.js";
import type { DatabaseRecord } from "./fields.js";

/** A database's status, as the model's enum has it. */
export type DatabaseStatus = EnumValue<typeof DATABASE.fields.status>;

/** What a status gate allows: a list of statuses, or all but some. */
export interface StatusGate {
  status?: readonly DatabaseStatus[];
  statusNot?: readonly DatabaseStatus[];
}

const WAIT_FOR: Record<string, string> = {
  provisioning: "provisioning",
  updating: "the update",
  backing_up: "the backup",
  restoring: "the restore",
  resuming: "resuming",
  suspending: "suspending",
  resizing: "the resize",
};

/** Fails with the API's wrong-status message unless the database is in an allowed status. */
export function checkStatus(db: DatabaseRecord, gate: StatusGate): void {
  const allowed = gate.status ? gate.status.includes(db.status) : !(gate.statusNot ?? []).includes(db.status);
  if (allowed) return;
  const wait = WAIT_FOR[db.status];
  throw new BadRequest(
    db.status === "suspended"
      ? SUSPENDED_TEXT
      : wait
        ? `Your database is ${db.status}; please wait until ${wait} is complete to perform this operation.`
        : `Your database is ${db.status}; this operation is not allowed in that status.`,
  );
}

/** The refusal of a suspended database (Cloud Manager's mock text, todays-platform.md §2.3). */
export const SUSPENDED_TEXT =
  "Your database is suspended; please wait until it becomes active to perform this operation.";
