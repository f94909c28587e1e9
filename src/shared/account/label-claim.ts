/**
 * The rule that decides whether an object found under a create's label is that create's own.
 *
 * Labels are unique (per account for VPCs and databases, per VPC for subnets, per database for
 * snapshots), so a create can always find out by label what is there. Every create looks before it
 * sends anything. An object found then was made by an interrupted earlier attempt of this very
 * resource (a killed `pulumi up`), by another stack of the same program, or by someone else; its
 * arguments and age cannot tell these apart. It is taken over only with proof: the record this
 * resource's own attempt left on this machine just before it sent its create (create-records.ts),
 * for the same API, URN and label, and an object made after that record was written (its id is
 * higher than every id the attempt saw in its look: ids only grow). Without proof nothing is
 * written and {@link LabelTakenError} names the object and the ways out. Within one run, whatever
 * shows up under the label after a create whose answer was lost was made by that create
 * (`CreateOptions.recover` of the client): the look before it found nothing.
 */
import type { Labelled } from "../../api/index.js";
import { configuredApiUrl } from "../runtime/context.js";
import { dropRecord, readRecord, writeRecord, type CreateKey } from "./create-records.js";
import { holdsItself } from "./this-run.js";

/** An object that already holds the label a create wants. */
export interface LabelHolder {
  /** How to name it in a message: "VPC 123", "mysql database 45", "backup 7 of mysql database 45". */
  what: string;
  /** The API's id of it (compared with the ids the interrupted attempt saw). */
  apiId: number;
  /** Its `created` timestamp as the API gives it. */
  created: string;
  /** The program text that adopts it: `adoptId: 123` or `adoptId: "mysql/45/7"`. */
  adoptWith: string;
  /** Why it cannot be this create's own whatever the records say (an automatic backup, another engine). */
  foreign?: string;
}

/** Which create wants which label. */
export interface CreateClaim {
  /** What the label is unique in, with the label: `vpc:web`, `vpc/12/subnet:web`, `database:orders`. */
  scope: string;
  label: string;
  /** The resource's URN, when known (see resource-urn.ts): without it nothing can be proven. */
  urn: string | undefined;
}

/** A label held by an object this resource cannot prove it made; the message says the ways out. */
export class LabelTakenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LabelTakenError";
  }
}

/**
 * A create that was sent and whose object may still appear (a snapshot the API shows only later):
 * its record is kept, so the next `pulumi up` on this machine can take the object over.
 */
export class CreateInFlightError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "CreateInFlightError";
  }
}

/**
 * What a create's look found, just before it sends anything: the object that holds the label now,
 * if any, and the highest API id among the objects of the claim's scope (every one that exists
 * now has an id at most this; one made later, a higher one: ids only grow).
 */
export interface Look<T> {
  found: T | undefined;
  maxId: number;
}

/** The look of a scope read whole (a VPC's subnets, a database's backups, the databases). */
export function lookIn<T extends Labelled>(items: readonly T[], label: string): Look<T> {
  return { found: items.find((item) => item.label === label), maxId: Math.max(0, ...items.map((item) => item.id)) };
}

/** The steps of a create that finds out by label what an earlier attempt left. */
export interface ClaimedCreate<T, R> {
  /** Looks, as the API answers now, for the holder of the label and the highest id of the scope. */
  look: () => Promise<Look<T>>;
  /** How to name an object found under the label. */
  holder: (item: T) => LabelHolder;
  /** Sends the create (with the client's `recover`, for an answer lost on the way). */
  send: () => Promise<T>;
  /**
   * Makes the object the resource's result (waits, converges; records the id even when it fails);
   * `earlier` is true for an object an interrupted attempt made, which may lag behind the arguments.
   */
  finish: (item: T, earlier: boolean) => Promise<R>;
}

function keyOf(claim: CreateClaim): CreateKey | undefined {
  const apiUrl = configuredApiUrl();
  return apiUrl && claim.urn ? { apiUrl, urn: claim.urn, scope: claim.scope } : undefined;
}

/**
 * Runs a create that never takes what is not its own: looks under the label; takes a holder over
 * only with proof ({@link proveOwn}); otherwise writes the record, sends the create and finishes it.
 * The record is dropped once the outcome is settled (finished, failed with the id recorded, or
 * refused); a run that stops on the way, or a {@link CreateInFlightError}, leaves it for the next
 * `pulumi up`.
 */
export async function claimedCreate<T, R>(claim: CreateClaim, steps: ClaimedCreate<T, R>): Promise<R> {
  const key = keyOf(claim);
  const { found, maxId } = await steps.look();
  let keep = false;
  try {
    if (found !== undefined) {
      await proveOwn(claim, key, steps.holder(found));
      return await steps.finish(found, true);
    }
    if (key) await writeRecord(key, maxId);
    return await steps.finish(await steps.send(), false);
  } catch (err) {
    keep = err instanceof CreateInFlightError;
    throw err;
  } finally {
    if (key && !keep) await dropRecord(key);
  }
}

/** Whether `holder` is provably the object this resource's own interrupted create made. */
async function provenOwn(key: CreateKey | undefined, holder: LabelHolder): Promise<boolean> {
  const record = key && !holder.foreign ? await readRecord(key) : undefined;
  return record !== undefined && holder.apiId > record.maxId;
}

/** Returns when `holder` is provably this resource's own interrupted create; throws {@link LabelTakenError} otherwise. */
export async function proveOwn(claim: CreateClaim, key: CreateKey | undefined, holder: LabelHolder): Promise<void> {
  if (await provenOwn(key, holder)) return;
  const why =
    holder.foreign ??
    "nothing shows that this resource made it (no record of an interrupted create of it on this machine)";
  throw new LabelTakenError(
    `The label "${claim.label}" is already taken by ${holder.what} (created ${holder.created}): ${why}. ` +
      `Nothing was created or changed. ${waysOut(holder)}`,
  );
}

/**
 * Why `check` refuses the label `holder` holds (`rule` says what the API requires), or undefined
 * when nothing holds it, the resource's own current object holds it (a replacement the engine
 * checks again, this-run.ts), or the holder is provably this resource's own interrupted create,
 * which the create will take over.
 */
export async function takenProblem(
  claim: CreateClaim,
  holder: LabelHolder | undefined,
  rule: string,
): Promise<string | undefined> {
  if (!holder || holdsItself(claim.scope, claim.urn)) return undefined;
  if (await provenOwn(keyOf(claim), holder)) return undefined;
  const why = holder.foreign ? `${holder.foreign}; ` : "";
  return (
    `label "${claim.label}" is already taken by ${holder.what} (created ${holder.created}); ${why}${rule}. ` +
    waysOut(holder)
  );
}

/**
 * The ways out of a taken label: another label, or adoption, which is also how this stack's own
 * create interrupted elsewhere is recovered. (Pulumi's `pulumi refresh --import-pending-creates`
 * would be the engine's way, but engine v3.248 drops the pending create it marks instead of
 * reading it: measured, docs/resources.md.)
 */
function waysOut(holder: LabelHolder): string {
  if (holder.foreign) return "Give this resource another label.";
  return (
    "Ways out: give this resource another label; or add " +
    `\`${holder.adoptWith}\` to its arguments to manage ${holder.what} with this resource on purpose. ` +
    "Adoption is also how this stack's own create that was interrupted on another machine or a fresh CI " +
    "runner is recovered: `pulumi up` with adoptId, then `pulumi refresh --clear-pending-creates` to drop the " +
    "engine's note of the interrupted create (adoptId may stay or go: changing it changes nothing)."
  );
}
