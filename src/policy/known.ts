/**
 * Reading the inputs a policy is handed without tripping over values that are not known yet. At
 * preview an input made from another resource's output is unknown: `@pulumi/policy` hands the
 * properties behind a proxy that throws when such a value is read (and would report "can't run
 * policy during preview" as a warning). A policy here judges only what is known, so an unknown value
 * is never a violation: this module reads one key or one list item and says whether it is known.
 */

/**
 * The sentinels Pulumi's wire format uses for values not known yet (one per kind of value; the
 * string one is also `UNKNOWN` of shared/validate.ts). Inputs handed over as plain data, as in a
 * test of a pack or an older `@pulumi/policy`, carry them as they are.
 */
const UNKNOWN_SENTINELS = new Set([
  "1c4a061d-8072-4f0a-a4cb-0ff528b18fe7",
  "3eeb2bf0-c639-47a8-9e75-3b44932eb421",
  "04da6b54-80e4-46f7-96ec-b56ff0331ba9",
  "6a19a0b0-7e62-4c92-b797-7f8e31da9cc2",
  "030794c1-ac77-496b-92df-f27374a8bd58",
  "e48ece36-62e2-4504-bad9-02848725956a",
  "dd056dcd-154b-4c76-9bd3-c8f88648b5ff",
]);

/** A value read from a policy's inputs: known (possibly undefined), or not known yet. */
export type Read<T = unknown> = { known: true; value: T } | { known: false };

/** The read of a value not known yet. */
export const NOT_KNOWN: Read<never> = { known: false };

/**
 * Whether `err` is `@pulumi/policy`'s error for reading an unknown value. The class is internal to
 * that package, so it is recognised by the sentinel it carries rather than imported.
 */
function isUnknownValueError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const sentinel = (err as { unknownTypeSentinel?: unknown }).unknownTypeSentinel;
  return typeof sentinel === "string" && UNKNOWN_SENTINELS.has(sentinel);
}

/** Whether `value` is one of the sentinels of an unknown value. */
export function isUnknownSentinel(value: unknown): boolean {
  return typeof value === "string" && UNKNOWN_SENTINELS.has(value);
}

/** Reads `bag[key]` (an object or a list); not known when the value, or the read, says so. */
export function read(bag: unknown, key: string | number): Read {
  if (bag === null || typeof bag !== "object") return { known: true, value: undefined };
  let value: unknown;
  try {
    value = (bag as Record<string | number, unknown>)[key];
  } catch (err) {
    if (isUnknownValueError(err)) return NOT_KNOWN;
    throw err;
  }
  return isUnknownSentinel(value) ? NOT_KNOWN : { known: true, value };
}

/**
 * The items of a list input, each read on its own so that a known item next to an unknown one is
 * still judged; not known when the list itself is unknown, undefined when it is absent or no list.
 */
export function readList(bag: unknown, key: string): Read<Read[] | undefined> {
  const list = read(bag, key);
  if (!list.known) return NOT_KNOWN;
  if (!Array.isArray(list.value)) return { known: true, value: undefined };
  const items: Read[] = [];
  for (let i = 0; i < list.value.length; i++) items.push(read(list.value, i));
  return { known: true, value: items };
}
