/**
 * Whether the provider would accept adopting an object now. Adoption skips the catalogue rules (the
 * object exists, and create compares it with the arguments), but a database adoption waits for
 * `active`: a database that does not get there by itself is left out with the reason, since one
 * failing adoption stops the whole `pulumi up`, which is worse than a program that adopts
 * everything else.
 */
import type { Database } from "../client/index.js";
import { platformOf, TODAYS } from "../resources/managed-database/platform.js";
import { isSuspended } from "../resources/managed-database/suspension.js";

/**
 * Statuses a database does not leave for `active` by itself: the provider's wait stops at once on
 * them, so an adoption would fail.
 */
const STUCK: Record<string, string> = {
  failed: 'its status is "failed", from which it does not recover; adopting it would fail (replace or delete it)',
  degraded: 'its status is "degraded", which the API does not update; adopting it would fail until it is restored',
  suspended: 'its status is "suspended"; resume it, then run the import again',
  suspending: 'its status is "suspending"; resume it once suspended, then run the import again',
};

/**
 * Why a database cannot be adopted now, or undefined when it can. A suspended database of today's
 * platform is adopted as it is: its program says `suspended: true`, which keeps it so.
 */
export function databaseRefusal(db: Database): string | undefined {
  if (isSuspended(db.status) && platformOf(db) === TODAYS) return undefined;
  return Object.prototype.hasOwnProperty.call(STUCK, db.status) ? STUCK[db.status] : undefined;
}
