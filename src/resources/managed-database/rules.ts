/**
 * The input rules of the managed databases: label, engine id, allow list and maintenance window,
 * which the databases' field table and input checks name.
 */
import { canonicalIpRange, parseIpRange, sortedIpRanges, type IpFamily, type IpRange } from "../../api/ipv4.js";
import { hasUnknown, shown, UNKNOWN, type Bag, type Rules } from "../../shared/fields/validate.js";
import type { EngineType } from "../../client/index.js";
import {
  allowListFamilies as platformFamilies,
  CONTRACT_PLATFORM,
  fieldOn,
  MAINTENANCE_WINDOW,
  type Platform,
} from "../../api/index.js";

/**
 * Database labels: letters, digits, `.`, `_` and `-`, the character set this package (and its
 * emulator) accepts; the API documents only the length, which the model declares (checkFields).
 */
export function databaseLabelRule(label: string): string | undefined {
  if (!/^[A-Za-z0-9._-]*$/.test(label)) return "may only contain ASCII letters, digits, '.', '_' and '-'";
  return undefined;
}

/** Both families: what an answer or a state may hold, and what a platform not told yet is judged by (the API judges). */
const ANY_FAMILY: readonly IpFamily[] = [4, 6];

/**
 * The IP families an allow list takes on `platform`, from the model (IPv4 on the contract's
 * platform, IPv6 too on today's); both when the platform is not told yet, so a preview is never
 * stricter than the API.
 */
export function allowListFamilies(platform: Platform | undefined): readonly IpFamily[] {
  return platform === undefined ? ANY_FAMILY : platformFamilies(platform);
}

/**
 * Checks and normalises an allow list the way the API stores it: single addresses become `/32`
 * (`/128` for IPv6), duplicates collapse, the list is sorted, IPv4 first, by address then prefix.
 * A range with host bits set (`10.0.0.1/24`) is taken as written: the API's pattern accepts it, and
 * diff compares it in canonical form ({@link canonicalAllowList}). `families`: those the platform
 * takes ({@link allowListFamilies}). Returns UNKNOWN when any item is not known yet, and undefined
 * when the list is absent or invalid.
 */
export function allowListInput(
  rules: Rules,
  bag: Bag,
  families: readonly IpFamily[],
  platform?: Platform,
  key = "allowList",
): string[] | typeof UNKNOWN | undefined {
  const value = bag[key];
  if (value === undefined || value === null) return undefined;
  if (hasUnknown(value)) return UNKNOWN;
  const what = families.includes(6) ? "an IPv4 or IPv6 address or CIDR range" : "an IPv4 address or an IPv4 CIDR range";
  const where = families.includes(6) || platform === undefined ? "" : ` on the ${platform} platform`;
  if (!Array.isArray(value)) {
    rules.fail(key, `${key} must be a list, each entry ${what}`);
    return undefined;
  }
  const parsed: IpRange[] = [];
  let ok = true;
  value.forEach((item, i) => {
    const range = typeof item === "string" ? parseIpRange(item.trim(), families) : undefined;
    if (!range) {
      ok = false;
      rules.fail(`${key}[${i}]`, `${key}[${i}] must be ${what}${where}, got ${shown(item)}`);
      return;
    }
    parsed.push(range);
  });
  return ok ? sortedIpRanges(parsed) : undefined;
}

/** Normalises an allow list already known to be valid (API answers, old state), of either family. */
export function normaliseAllowList(items: readonly string[]): string[] {
  return sortedIpRanges(items.flatMap((i) => parseIpRange(i.trim(), ANY_FAMILY) ?? []));
}

/**
 * An allow list as the ranges it admits: host bits cleared, sorted, unique. What the API stores for
 * `10.0.0.1/24` is not published (it may keep it or clear the host bits), so the program's list and
 * the API's answer are compared in this form and neither spelling makes a diff.
 */
export function canonicalAllowList(items: readonly string[]): string[] {
  return sortedIpRanges(items.flatMap((i) => parseIpRange(i.trim(), ANY_FAMILY) ?? []).map(canonicalIpRange));
}

/** Engine id `<engine>/<version>` whose engine part matches the resource's engine. */
export function engineIdRule(engine: EngineType): (id: string) => string | undefined {
  return (id) => {
    const match = /^([a-z]+)\/([0-9][0-9A-Za-z.+-]*)$/.exec(id);
    if (!match)
      return `must have the form <engine>/<version>, such as ${engine}/${engine === "mysql" ? "8.0.30" : "14.6"} (got "${id}")`;
    if (match[1] !== engine) return `must be a ${engine} engine id (${engine}/<version>), got "${id}"`;
    return undefined;
  };
}

/** A window's values by the rules of `platform` where they differ from the contract's (the model's `platforms`). */
function platformWindow(rules: Rules, w: Bag, key: string, platform: Platform): void {
  const where = ` on the ${platform} platform`;
  const on = (k: keyof typeof MAINTENANCE_WINDOW.fields) => fieldOn(MAINTENANCE_WINDOW.fields[k], platform);
  const frequencies = (on("frequency").enum ?? []) as readonly string[];
  if (w.frequency !== undefined && !frequencies.includes(w.frequency as string))
    rules.fail(
      `${key}.frequency`,
      `${key}.frequency must be ${frequencies.map((f) => `"${f}"`).join(" or ")}${where}, got ${shown(w.frequency)}`,
    );
  const durations = on("duration").enum as readonly number[] | undefined;
  if (w.duration !== undefined && durations && !durations.includes(w.duration as number))
    rules.fail(
      `${key}.duration`,
      `${key}.duration must be ${durations.join(" or ")}${where} (hours), got ${shown(w.duration)}`,
    );
  const int = (field: string, lo: number, hi: number, unit: string): void => {
    const v = w[field];
    if (v !== undefined && (!Number.isInteger(v) || (v as number) < lo || (v as number) > hi))
      rules.fail(`${key}.${field}`, `${key}.${field} must be an integer from ${lo} to ${hi}${unit}, got ${shown(v)}`);
  };
  int("hourOfDay", 0, 23, " (UTC)");
  int("dayOfWeek", 1, 7, " (1 = Monday)");
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
 * Checks the maintenance window beyond what the model declares of its parts (their values and
 * bounds, checked from it first: checkFields): an object of the known parts, each but
 * `weekOfMonth` given, `weekOfMonth` required for monthly and absent for weekly. Returns the
 * window with `weekOfMonth` made explicit (null for weekly) so it compares equal to what the API
 * answers.
 */
export function maintenanceWindowInput(
  rules: Rules,
  bag: Bag,
  key: string,
  platform: Platform = CONTRACT_PLATFORM,
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
  // The whole window is managed, so each part is given (the API merges a partial one into its own).
  for (const part of ["frequency", "duration", "hourOfDay", "dayOfWeek"])
    if (w[part] === undefined || w[part] === null)
      rules.fail(`${key}.${part}`, `${key}.${part} is required: the window is given whole`);
  // The model judges the parts' values by the contract's rules; another platform's are its own
  // (today's: weekly, 4 hours), judged here.
  if (platform !== CONTRACT_PLATFORM) platformWindow(rules, w, key, platform);
  const week = w.weekOfMonth ?? null;
  if (w.frequency === "monthly") {
    if (week === null) rules.fail(`${key}.weekOfMonth`, `${key}.weekOfMonth is required for a monthly window (1 to 4)`);
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
