/**
 * A database's maintenance window (the API model's `MAINTENANCE_WINDOW`): its default and the rule
 * an update of it follows. Its fields' wire names are spelled here only.
 */
import type { Platform } from "../../api/index.js";
import type { ErrorList } from "../failures.js";
import type { UpdatesRecord } from "../records.js";
import { chosenWindow } from "./platform.js";

/**
 * Merges a partial maintenance window into the current one and checks the result. Switching to
 * weekly without a `week_of_month` clears it; monthly requires one.
 */
export function mergeUpdates(
  current: UpdatesRecord,
  patch: Partial<UpdatesRecord>,
  errors: ErrorList,
  platform: Platform,
): UpdatesRecord {
  const next: UpdatesRecord = { ...current, ...patch };
  // Today's window is weekly (its values were checked by the model's `platforms`): no week of the month.
  if (platform === "rdbms-default") return { ...next, week_of_month: null };
  if (patch.frequency === "weekly" && patch.week_of_month === undefined) next.week_of_month = null;
  if (next.frequency === "weekly" && next.week_of_month !== null)
    errors.add("updates.week_of_month", "Must be null for a weekly maintenance window");
  if (next.frequency === "monthly" && next.week_of_month === null)
    errors.add("updates.week_of_month", "Required for a monthly maintenance window (1-4)");
  return next;
}

/**
 * The maintenance window of a new database: the contract's default, or on today's platform one
 * the API chose (weekly, 4 hours, a day and hour of its own, nothing pending; todays-platform.md §9).
 */
export function defaultUpdates(platform: Platform, id: number): UpdatesRecord {
  if (platform === "rdbms-legacy")
    return { frequency: "weekly", duration: 3, hour_of_day: 0, day_of_week: 1, week_of_month: null };
  const { day, hour } = chosenWindow(id);
  return { frequency: "weekly", duration: 4, hour_of_day: hour, day_of_week: day, week_of_month: null, pending: [] };
}
