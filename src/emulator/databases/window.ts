/**
 * A database's maintenance window (the API model's `MAINTENANCE_WINDOW`): its default and the rule
 * an update of it follows. Its fields' wire names are spelled here only.
 */
import type { ErrorList } from "../failures.js";
import type { UpdatesRecord } from "../records.js";

/**
 * Merges a partial maintenance window into the current one and checks the result. Switching to
 * weekly without a `week_of_month` clears it; monthly requires one.
 */
export function mergeUpdates(current: UpdatesRecord, patch: Partial<UpdatesRecord>, errors: ErrorList): UpdatesRecord {
  const next: UpdatesRecord = { ...current, ...patch };
  if (patch.frequency === "weekly" && patch.week_of_month === undefined) next.week_of_month = null;
  if (next.frequency === "weekly" && next.week_of_month !== null)
    errors.add("updates.week_of_month", "Must be null for a weekly maintenance window");
  if (next.frequency === "monthly" && next.week_of_month === null)
    errors.add("updates.week_of_month", "Required for a monthly maintenance window (1-4)");
  return next;
}

/** The default maintenance window of a new database. */
export function defaultUpdates(): UpdatesRecord {
  return { frequency: "weekly", duration: 3, hour_of_day: 0, day_of_week: 1, week_of_month: null };
}
