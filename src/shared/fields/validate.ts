/**
 * The input rules `check` applies before any API call. Each rule names the field and says what is
 * allowed, so `pulumi preview` shows a fixable message instead of an API 400 during `up`.
 */
import type * as pulumi from "@pulumi/pulumi";

/**
 * The value the engine sends for an input that is not known yet (preview with outputs of resources
 * still to be created). It is the `unknownValue` of `@pulumi/pulumi/runtime/rpc`, repeated here so
 * rules do not load the runtime's RPC layer.
 */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** Whether a value is, or contains anywhere inside it, a not-yet-known value. */
export function hasUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(hasUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(hasUnknown);
  return false;
}

/** Plain input bag as the engine hands it over. */
export type Bag = Record<string, unknown>;

/** An input object not checked yet: the keys of its generated type `T`, each of any value. */
export type Unchecked<T> = { [K in keyof T]?: unknown };

/** A resource's inputs as the engine hands them over, each key of its generated arguments `T` of any value. */
export type InputBag<T> = Bag & Unchecked<T>;

/**
 * A value as a failure message shows it: JSON, except where JSON would mislead (NaN and the
 * infinities print as `null` in JSON, undefined not at all).
 */
export function shown(value: unknown): string {
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  if (value === undefined) return "undefined";
  if (typeof value === "bigint") return `${value}n`;
  return JSON.stringify(value) ?? String(value);
}

/** How deep an input may nest: the deepest input (a list of subnet objects) needs 3 levels. */
export const MAX_DEPTH = 32;

/** Keys that reach an object's prototype machinery; refused at every level of an input. */
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Why an input value cannot be checked at all, or undefined: nested deeper than {@link MAX_DEPTH}
 * (the rules walk values recursively, and thousands of levels would overflow the stack) or
 * holding a key from {@link FORBIDDEN_KEYS}. Walks with its own stack, so it cannot overflow.
 */
export function inputShapeProblem(key: string, value: unknown): string | undefined {
  const stack: [unknown, string, number][] = [[value, key, 1]];
  while (stack.length > 0) {
    const [v, path, depth] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth > MAX_DEPTH) return `${key} is nested more than ${MAX_DEPTH} levels deep (at ${path.slice(0, 80)}...)`;
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, `${path}[${i}]`, depth + 1]));
      continue;
    }
    for (const k of Object.keys(v)) {
      if (isForbiddenKey(k)) return `${path}.${k} is not allowed: ${k} is never an input key`;
      stack.push([(v as Bag)[k], `${path}.${k}`, depth + 1]);
    }
  }
  return undefined;
}

/** Whether `key` is `__proto__`, `constructor` or `prototype`, which no input may use. */
export function isForbiddenKey(key: string): boolean {
  return FORBIDDEN_KEYS.has(key);
}

/**
 * Whether `key` is one the engine or the plugin adds to the inputs for its own use (`__provider`,
 * the serialized dynamic provider; others named `__...`), rather than a program's input.
 */
export function isEngineKey(key: string): boolean {
  return key.startsWith("__") && !FORBIDDEN_KEYS.has(key);
}

/**
 * Collects failures for one `check` call. A required input that is absent fails here, in check,
 * during preview too: an input that preview cannot know yet arrives as {@link UNKNOWN}, never as
 * absent, so absent means the program left it out. Failing in check, before the engine plans
 * anything, is what keeps a delete-first replacement from deleting an object whose successor
 * could never be created. Create runs the same rules again before its first API call.
 */
export class Rules {
  readonly failures: pulumi.dynamic.CheckFailure[] = [];

  /** Records one failure. */
  fail(property: string, reason: string): void {
    this.failures.push({ property, reason });
  }

  /** What `check` answers: the inputs, and the failures in the form the engine reports well. */
  result(inputs: Bag, news: Bag): pulumi.dynamic.CheckResult {
    return this.failures.length ? { inputs, failures: engineFailures(this.failures, news) } : { inputs };
  }

  /** The known value of `key`, or undefined when missing or unknown; records a missing required input. */
  present(bag: Bag, key: string, required: boolean): unknown {
    const value = bag[key];
    if (value === undefined || value === null) {
      if (required) this.fail(key, `${key} is required`);
      return undefined;
    }
    return value === UNKNOWN ? undefined : value;
  }

  /** A known string input, checked by `rule`; a non-string is a failure. */
  string(bag: Bag, key: string, required: boolean, rule?: (v: string) => string | undefined): string | undefined {
    const value = this.present(bag, key, required);
    if (value === undefined) return undefined;
    if (typeof value !== "string") {
      this.fail(key, `${key} must be a string`);
      return undefined;
    }
    const reason = rule?.(value);
    if (reason) {
      this.fail(key, `${key} ${reason}`);
      return undefined;
    }
    return value;
  }

  /** A known boolean input. */
  boolean(bag: Bag, key: string): boolean | undefined {
    const value = this.present(bag, key, false);
    if (value === undefined) return undefined;
    if (typeof value !== "boolean") {
      this.fail(key, `${key} must be true or false`);
      return undefined;
    }
    return value;
  }

  /** A known positive integer id, given as a number or a string of digits. */
  id(bag: Bag, key: string, required: boolean): number | undefined {
    const value = this.present(bag, key, required);
    if (value === undefined) return undefined;
    const n = toId(value);
    if (n === undefined) this.fail(key, `${key} must be a positive integer id, got ${shown(value)}`);
    return n;
  }

  /** A value that must be one of `allowed`. */
  oneOf<T extends string | number>(bag: Bag, key: string, allowed: readonly T[], why = ""): T | undefined {
    const value = this.present(bag, key, false);
    if (value === undefined) return undefined;
    if (!allowed.includes(value as T)) {
      this.fail(
        key,
        `${key} must be one of ${allowed.map((a) => JSON.stringify(a)).join(", ")}${why}; got ${shown(value)}`,
      );
      return undefined;
    }
    return value as T;
  }
}

/**
 * The failures in the form the engine reports well. The engine looks a failure's property up among
 * the top-level inputs only, so a nested path (`timeouts.create`, `subnets[0].ipv4`) would print
 * as `value {<nil>}`. A nested failure therefore names its top-level input, and its reason, which
 * starts with the full path, gets the nested value when it does not show it already.
 */
function engineFailures(failures: readonly pulumi.dynamic.CheckFailure[], news: Bag): pulumi.dynamic.CheckFailure[] {
  return failures.map(({ property, reason }) => {
    const top = /^[^.[]*/.exec(property)![0];
    if (top === property) return { property, reason };
    const value = valueAt(news, property);
    const already =
      value === undefined ||
      value === null ||
      reason.includes(typeof value === "string" && value !== "" ? value : shown(value));
    return { property: top, reason: already ? reason : `${reason} (got ${shown(value)})` };
  });
}

/** The value at `path` (`a.b[0].c`) in `bag`; undefined when there is none. */
function valueAt(bag: Bag, path: string): unknown {
  let value: unknown = bag;
  for (const part of path.match(/[^.[\]]+/g) ?? []) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Bag)[part];
  }
  return value;
}

/**
 * Parses an id given as a number or as canonical decimal digits; undefined otherwise. `0x64`,
 * ` 1e2 `, `0100` or `+100` are not 100: an id written another way is a mistake, not VPC 100.
 */
export function toId(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === "string" && /^[1-9][0-9]{0,15}$/.test(value) && Number.isSafeInteger(Number(value)))
    return Number(value);
  return undefined;
}

/** The numeric id of a resource id the engine hands over (`pulumi import`, `.get`); throws when not canonical. */
export function resourceId(id: string, what: string): number {
  const n = toId(id);
  if (n === undefined)
    throw new Error(`${JSON.stringify(id)} is not ${what} id: ids are positive decimal integers such as 100`);
  return n;
}
