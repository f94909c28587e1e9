/**
 * A database's status machine on the emulated clock: the pending changes that land when due, and
 * the automatic daily backups of the platforms that keep them. Read lazily, before every request.
 */
import { PLATFORM_RULES } from "../../api/index.js";
import { platformOf } from "./platform.js";
import type { BackupRecord, DatabaseRecord, PendingChange } from "../records.js";

const DAY = 24 * 60 * 60 * 1000;

/** Statuses that pending changes move out of; a status set by hand cancels those changes. */
export const TRANSIENT_KINDS = new Set(["provisioned", "updated", "snapshot", "restored", "transition"]);

/**
 * Applies every pending change of a database that is due at `now`, in order, then the automatic
 * daily backups (0:00 UTC, kept 7 days). Called lazily before any read, so a clock jump takes
 * effect on the next request.
 */
export function settle(db: DatabaseRecord, now: number, newId: () => number): void {
  db.pending.sort((a, b) => a.at - b.at);
  while (db.pending.length > 0 && db.pending[0].at <= now) {
    const change = db.pending.shift()!;
    switch (change.kind) {
      case "provisioned":
        if (db.status === "provisioning") db.status = "active";
        // Daily backups count from here: no midnight passed while provisioning takes one.
        db.backupsCheckedUntil = Math.max(db.backupsCheckedUntil, change.at);
        break;
      case "updated":
        if (db.status === "updating") db.status = "active";
        break;
      case "snapshot":
        db.backups.push({ id: newId(), label: change.snapshot!.label, type: "snapshot", created: change.at });
        if (db.status === "backing_up") db.status = "active";
        break;
      case "restored":
        if (db.status === "restoring") db.status = change.failAfterRestore ? "failed" : "active";
        break;
      case "credentials":
        db.password = change.password!;
        db.credentialsResetAt = change.at;
        break;
      case "transition":
        if (db.status === change.from) land(db, change);
        break;
    }
  }
  if (PLATFORM_RULES[platformOf(db)].backups) dailyBackups(db, now, newId);
}

/** A transition's end: its status, and the settings it carries. */
export function land(db: DatabaseRecord, change: PendingChange): void {
  db.status = change.to!;
  Object.assign(db, change.settings ?? {});
}

function dailyBackups(db: DatabaseRecord, now: number, newId: () => number): void {
  if (db.status === "provisioning" || now <= db.backupsCheckedUntil) return;
  const start = Math.max(db.backupsCheckedUntil, now - 8 * DAY);
  for (let midnight = Math.floor(start / DAY + 1) * DAY; midnight <= now; midnight += DAY) {
    const label = `auto${new Date(midnight).toISOString().slice(0, 10).replaceAll("-", "")}`;
    const backup: BackupRecord = { id: newId(), label, type: "auto", created: midnight };
    db.backups.push(backup);
  }
  db.backupsCheckedUntil = now;
  db.backups = db.backups.filter((b) => b.type !== "auto" || b.created + 7 * DAY > now);
  db.backups.sort((a, b) => a.created - b.created || a.id - b.id);
}
