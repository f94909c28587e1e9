/**
 * The engine's `customTimeouts`, given to the resource modules as the `timeouts` input they already
 * honour. The engine sends the limit of the operation it calls (seconds; 0 when the program set
 * none); the modules read `timeouts.<op>`. The value never reaches the state: outputs get the
 * program's own `timeouts` back.
 */
import type { Bag } from "../shared/fields/validate.js";

/** The operations the engine times. */
export type TimedOperation = "create" | "update" | "delete";

/**
 * `bag` with the engine's limit set as `timeouts.<op>`, overriding the `timeouts` input for that
 * operation; unchanged when the engine sent no limit. An update may resume a create that stopped
 * while provisioning, which the modules time with the create limit: the engine's update limit
 * bounds that too, since it bounds the whole call.
 */
export function withEngineTimeout(bag: Bag, op: TimedOperation, seconds: number): Bag {
  if (!(seconds > 0)) return bag;
  const text = `${seconds}s`;
  const given = bag.timeouts !== null && typeof bag.timeouts === "object" ? (bag.timeouts as Bag) : {};
  const limits: Bag = { ...given, [op]: text };
  if (op === "update") limits.create = text;
  return { ...bag, timeouts: limits };
}

/** `outs` with `timeouts` as the program gave it (`original`), whatever the module stored. */
export function withProgramTimeouts(outs: Bag, original: Bag): Bag {
  const out = { ...outs };
  if (original.timeouts === undefined) delete out.timeouts;
  else out.timeouts = original.timeouts;
  return out;
}
