/**
 * Which platform a stored database is on: its record's `platform`, which a record saved before
 * the field existed lacks (the contract's platform).
 */
import type { DatabaseRecord } from "../records.js";

/** Whether the database is on today's platform (`rdbms-default`). */
export function isToday(db: DatabaseRecord): boolean {
  return (db as { platform?: string }).platform === "rdbms-default";
}
