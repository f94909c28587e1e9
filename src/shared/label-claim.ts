/**
 * The rule that decides whether an object found under a create's label is that create's own.
 *
 * Labels are unique (per account for VPCs and databases, per VPC for subnets, per database for
 * snapshots), so a create can always find out by label what an earlier attempt left. Every create
 * looks before its first POST: an object found then was made before this call, by an interrupted
 * earlier run of this resource (a killed `pulumi up`, a create whose answer never came) or by
 * someone else. Only the first may be taken over; see {@link claimInterruptedCreate}. Whatever the
 * label shows after the look and a POST whose outcome is unclear was made by that POST
 * (`CreateOptions.recover` of the client).
 */
import { formatDuration } from "./wait.js";

/** Allowance for clocks of this machine and of the API that disagree. */
export const CLOCK_SKEW_MS = 5 * 60_000;

/** Milliseconds between the API timestamp `created` (UTC, no zone designator) and `now`; NaN when unreadable. */
export function ageMs(created: string | undefined, now = Date.now()): number {
  if (typeof created !== "string" || created === "") return NaN;
  const zoned = /(Z|[+-]\d\d:?\d\d)$/.test(created) ? created : `${created}Z`;
  return now - Date.parse(zoned);
}

/** An object that already holds the label a create wants. */
export interface LabelHolder {
  /** How to name it in a message: "VPC 123", "mysql database 45", "backup 7 of mysql database 45". */
  what: string;
  /** Its `created` timestamp as the API gives it. */
  created: string;
  /** The program text that adopts it: `adoptId: 123` or `adoptId: "mysql/45/7"`. */
  adoptWith: string;
  /** True while it is still being made (a database provisioning): an interrupted create's, not an old object. */
  inProgress?: boolean;
  /** Ways it differs from what this create would have made; any one means it was not made by it. */
  mismatches: string[];
}

/** A label held by an object this resource did not make; the message says how to adopt it. */
export class LabelTakenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LabelTakenError";
  }
}

/**
 * Takes an object found under the label before this create sent anything as the resource's own
 * interrupted create when nothing about it differs from what the create would have made, and it is
 * still being made or was made no longer ago than the create's time limit (plus clock skew): an
 * interrupted `pulumi up` that is run again within that time finds its object this way. Anything
 * else throws a {@link LabelTakenError} that names the object and the program change that adopts it,
 * so an unrelated object is never taken over silently.
 */
export function claimInterruptedCreate(label: string, holder: LabelHolder, limitMs: number, now = Date.now()): void {
  const reasons = [...holder.mismatches];
  if (reasons.length === 0 && !holder.inProgress) {
    const age = ageMs(holder.created, now);
    if (!(age <= limitMs + CLOCK_SKEW_MS)) {
      reasons.push(
        Number.isNaN(age)
          ? `its creation time ("${holder.created}") cannot be read`
          : `it was created ${formatDuration(Math.max(age, 0))} ago (${holder.created}), longer ago than this ` +
              `resource's create limit of ${formatDuration(limitMs)}, so it is not an interrupted attempt of this create`,
      );
    }
  }
  if (reasons.length === 0) return;
  throw new LabelTakenError(
    `The label "${label}" is already taken by ${holder.what}, which this resource did not create: ` +
      `${reasons.join("; ")}. To manage ${holder.what} with this resource, add \`${holder.adoptWith}\` to the ` +
      "resource's arguments (with arguments that match it); otherwise choose another label.",
  );
}
