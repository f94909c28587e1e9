/**
 * The input rules `check` applies before any API call. Each rule names the field and says what is
 * allowed, so `pulumi preview` shows a fixable message instead of an API 400 during `up`.
 */
import type * as pulumi from "@pulumi/pulumi";
import { canonical, contains, formatCidr, overlaps, parseAddress, parseCidr, type Cidr } from "./ipv4.js";

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

/** VPC and subnet labels: 1..64 ASCII letters, digits and hyphens, no two hyphens in a row. */
export function networkLabelRule(label: string): string | undefined {
  if (label.length < 1 || label.length > 64) return `must be 1 to 64 characters long (got ${label.length})`;
  if (!/^[A-Za-z0-9-]+$/.test(label)) return "may only contain ASCII letters, digits and hyphens";
  if (label.includes("--")) return "must not contain two hyphens in a row";
  return undefined;
}

/**
 * Database labels: 3..32 characters. The API documents only the length; letters, digits, `.`, `_`
 * and `-` is the character set this package (and its emulator) accepts.
 */
export function databaseLabelRule(label: string): string | undefined {
  if (label.length < 3 || label.length > 32) return `must be 3 to 32 characters long (got ${label.length})`;
  if (!/^[A-Za-z0-9._-]+$/.test(label)) return "may only contain ASCII letters, digits, '.', '_' and '-'";
  return undefined;
}

/** VPC description: at most 255 characters. */
export function descriptionRule(text: string): string | undefined {
  return text.length > 255 ? `must be at most 255 characters long (got ${text.length})` : undefined;
}

/** Snapshot label: 1..30 ASCII letters, digits or underscores (the create request takes `_`). */
export function snapshotLabelRule(label: string): string | undefined {
  if (label.length < 1 || label.length > 30) return `must be 1 to 30 characters long (got ${label.length})`;
  if (!/^[A-Za-z0-9_]+$/.test(label)) return "may only contain ASCII letters, digits and underscores";
  return undefined;
}

const PRIVATE = ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"].map((c) => parseCidr(c) as Cidr);
const RESERVED = parseCidr("192.168.128.0/17") as Cidr;

/**
 * Subnet range on its own: canonical CIDR (host bits zero), prefix 1..29, inside one RFC 1918
 * block and clear of the reserved 192.168.128.0/17.
 */
export function subnetRangeRule(ipv4: string): string | undefined {
  const cidr = parseCidr(ipv4);
  if (!cidr) return `must be an IPv4 range in CIDR notation such as 10.0.0.0/24 (got "${ipv4}")`;
  if (cidr.prefix < 1 || cidr.prefix > 29) return `must have a prefix length from 1 to 29 (got /${cidr.prefix})`;
  const canon = formatCidr(canonical(cidr));
  if (canon !== ipv4) return `must be in canonical form with the host bits zero: ${canon} instead of ${ipv4}`;
  if (!PRIVATE.some((p) => contains(p, cidr)))
    return `must be an RFC 1918 private range inside 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16 (got ${ipv4})`;
  if (overlaps(cidr, RESERVED)) return `must not overlap the reserved range 192.168.128.0/17 (got ${ipv4})`;
  return undefined;
}

/** Whether two valid CIDR ranges overlap. */
export function rangesOverlap(a: string, b: string): boolean {
  const ca = parseCidr(a);
  const cb = parseCidr(b);
  return ca !== undefined && cb !== undefined && overlaps(ca, cb);
}

/**
 * Checks and normalises an allow list the way the API stores it: single addresses become `/32`,
 * duplicates collapse, the list is sorted by address then prefix. A range with host bits set
 * (`10.0.0.1/24`) is taken as written: the API's pattern accepts it, and diff compares it in
 * canonical form ({@link canonicalAllowList}). Returns UNKNOWN when any item is not known yet, and
 * undefined when the list is absent or invalid.
 */
export function allowListInput(rules: Rules, bag: Bag, key = "allowList"): string[] | typeof UNKNOWN | undefined {
  const value = bag[key];
  if (value === undefined || value === null) return undefined;
  if (hasUnknown(value)) return UNKNOWN;
  if (!Array.isArray(value)) {
    rules.fail(key, `${key} must be a list of IPv4 addresses or CIDR ranges`);
    return undefined;
  }
  const parsed: Cidr[] = [];
  let ok = true;
  value.forEach((item, i) => {
    const cidr = typeof item === "string" ? allowListItem(item) : undefined;
    if (!cidr) {
      ok = false;
      rules.fail(`${key}[${i}]`, `${key}[${i}] must be an IPv4 address or an IPv4 CIDR range, got ${shown(item)}`);
      return;
    }
    parsed.push(cidr);
  });
  return ok ? sortedCidrs(parsed) : undefined;
}

/** Normalises an allow list already known to be valid (API answers, old state). */
export function normaliseAllowList(items: readonly string[]): string[] {
  return sortedCidrs(items.map((i) => allowListItem(i)).filter((c): c is Cidr => c !== undefined));
}

/**
 * An allow list as the ranges it admits: host bits cleared, sorted, unique. What the API stores for
 * `10.0.0.1/24` is not published (it may keep it or clear the host bits), so the program's list and
 * the API's answer are compared in this form and neither spelling makes a diff.
 */
export function canonicalAllowList(items: readonly string[]): string[] {
  return sortedCidrs(items.map((i) => allowListItem(i)).flatMap((c) => (c === undefined ? [] : [canonical(c)])));
}

function allowListItem(item: string): Cidr | undefined {
  const address = parseAddress(item.trim());
  return address !== undefined ? { base: address, prefix: 32 } : parseCidr(item.trim());
}

function sortedCidrs(items: Cidr[]): string[] {
  const sorted = [...items].sort((a, b) => a.base - b.base || a.prefix - b.prefix);
  return [...new Set(sorted.map(formatCidr))];
}

/** Engine id `<engine>/<version>` whose engine part matches the resource's engine. */
export function engineIdRule(engine: string): (id: string) => string | undefined {
  return (id) => {
    const match = /^([a-z]+)\/([0-9][0-9A-Za-z.+-]*)$/.exec(id);
    if (!match)
      return `must have the form <engine>/<version>, such as ${engine}/${engine === "mysql" ? "8.0.30" : "14.6"} (got "${id}")`;
    if (match[1] !== engine) return `must be a ${engine} engine id (${engine}/<version>), got "${id}"`;
    return undefined;
  };
}

/** Maintenance window input, in the camelCase form of the resource args. */
export interface MaintenanceWindowInput {
  frequency: "weekly" | "monthly";
  duration: number;
  hourOfDay: number;
  dayOfWeek: number;
  weekOfMonth?: number | null;
}

/**
 * Checks the maintenance window: weekly or monthly, duration 1..3 hours, hour 0..23 (UTC), day
 * 1..7 (1 = Monday), week 1..4 required for monthly and absent for weekly. Returns the window with
 * `weekOfMonth` made explicit (null for weekly) so it compares equal to what the API answers.
 */
export function maintenanceWindowInput(
  rules: Rules,
  bag: Bag,
  key = "updates",
): MaintenanceWindowInput | typeof UNKNOWN | undefined {
  const value = bag[key];
  if (value === undefined || value === null) return undefined;
  if (hasUnknown(value)) return UNKNOWN;
  if (typeof value !== "object" || Array.isArray(value)) {
    rules.fail(key, `${key} must be an object {frequency, duration, hourOfDay, dayOfWeek, weekOfMonth}`);
    return undefined;
  }
  const w = value as Bag;
  const before = rules.failures.length;
  for (const k of Object.keys(w))
    if (!["frequency", "duration", "hourOfDay", "dayOfWeek", "weekOfMonth"].includes(k))
      rules.fail(
        `${key}.${k}`,
        `${key}.${k} is not known; use frequency, duration, hourOfDay, dayOfWeek or weekOfMonth`,
      );
  if (w.frequency !== "weekly" && w.frequency !== "monthly")
    rules.fail(`${key}.frequency`, `${key}.frequency must be "weekly" or "monthly", got ${shown(w.frequency)}`);
  const int = (field: string, lo: number, hi: number, unit: string): void => {
    const v = w[field];
    if (!Number.isInteger(v) || (v as number) < lo || (v as number) > hi)
      rules.fail(`${key}.${field}`, `${key}.${field} must be an integer from ${lo} to ${hi}${unit}, got ${shown(v)}`);
  };
  int("duration", 1, 3, " (hours)");
  int("hourOfDay", 0, 23, " (UTC)");
  int("dayOfWeek", 1, 7, " (1 = Monday)");
  const week = w.weekOfMonth ?? null;
  if (w.frequency === "monthly") {
    if (week === null) rules.fail(`${key}.weekOfMonth`, `${key}.weekOfMonth is required for a monthly window (1 to 4)`);
    else int("weekOfMonth", 1, 4, "");
  } else if (w.frequency === "weekly" && week !== null) {
    rules.fail(`${key}.weekOfMonth`, `${key}.weekOfMonth must be left out for a weekly window`);
  }
  if (rules.failures.length > before) return undefined;
  return {
    frequency: w.frequency as "weekly" | "monthly",
    duration: w.duration as number,
    hourOfDay: w.hourOfDay as number,
    dayOfWeek: w.dayOfWeek as number,
    weekOfMonth: week as number | null,
  };
}
