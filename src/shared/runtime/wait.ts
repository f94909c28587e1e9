/**
 * Waiting for a resource to reach a state: bounded, adaptive polling that rides out API outages,
 * and the per-resource `timeouts` argument. The engine's `customTimeouts` never reach a dynamic
 * provider, so each resource carries its own limits as an input.
 */
import { isTransient, singleAttempts, type ApiError } from "../../client/index.js";
import { warn } from "./context.js";
import type { FieldCheck } from "../fields/table.js";
import { shown, UNKNOWN } from "../fields/validate.js";

/**
 * Per-operation time limits as the provider reads them, e.g. `{ create: "45m" }`: units h, m, s,
 * ms may be combined ("1h30m"); `check` refuses text that is not a duration. The programs' type
 * of the same object is generated (`Timeouts` of src/resources/types.ts, from src/schema/object-types.ts).
 */
export interface Timeouts {
  create?: string;
  update?: string;
  delete?: string;
}

const UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1_000, ms: 1 };

/** Parses "45m", "1h30m", "90s", "500ms"; undefined when the text is not such a duration. */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^(\d+(\.\d+)?(h|ms|m|s))+$/.test(trimmed)) return undefined;
  let total = 0;
  for (const m of trimmed.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s)/g)) total += Number(m[1]) * UNIT_MS[m[2]!]!;
  return total > 0 ? total : undefined;
}

/** A failure text for an invalid `timeouts` input, or undefined when it is fine or absent. */
export function timeoutsRule(value: unknown): { property: string; reason: string }[] {
  if (value === undefined || value === null) return [];
  if (typeof value !== "object" || Array.isArray(value))
    return [{ property: "timeouts", reason: 'timeouts must be an object such as { create: "45m", delete: "30m" }' }];
  const out: { property: string; reason: string }[] = [];
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (!["create", "update", "delete"].includes(key)) {
      out.push({ property: `timeouts.${key}`, reason: `timeouts.${key} is not known; use create, update or delete` });
    } else if (v === UNKNOWN) {
      // An Output not known yet (preview): create checks it again once it is.
      continue;
    } else if (v !== undefined && v !== null && (typeof v !== "string" || parseDuration(v) === undefined)) {
      out.push({
        property: `timeouts.${key}`,
        reason: `timeouts.${key} must be a duration such as "45m", "1h30m" or "90s", got ${shown(v)}`,
      });
    }
  }
  return out;
}

/** `check`'s rule for the `timeouts` input of every resource (an Output not known yet is checked by create). */
export const timeoutsCheck: FieldCheck = (rules, news) => {
  for (const f of timeoutsRule(news.timeouts === UNKNOWN ? undefined : news.timeouts)) rules.fail(f.property, f.reason);
};

/** The limit for one operation in milliseconds: the input when given, else `fallbackMs`. */
export function timeoutMs(timeouts: unknown, op: keyof Timeouts, fallbackMs: number): number {
  const text = (timeouts as Timeouts | undefined)?.[op];
  return (typeof text === "string" ? parseDuration(text) : undefined) ?? fallbackMs;
}

/** Human form of a duration for messages: "45m", "1m30s", "2s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  let s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  return `${h ? `${h}h` : ""}${m ? `${m}m` : ""}${s || (!h && !m) ? `${s}s` : ""}`;
}

/**
 * How often to look. Delays start at `initialMs` and grow by `factor` up to `maxMs`. While the
 * operation is not expected to be done yet (before `quietUntilMs`, e.g. most of a 15-minute
 * provisioning), delays may grow to `quietMaxMs` instead, so a long wait costs few requests; after
 * that they drop back to `maxMs` so the end is noticed quickly.
 */
export interface PollProfile {
  initialMs: number;
  factor: number;
  maxMs: number;
  quietUntilMs?: number;
  quietMaxMs?: number;
}

/** Quick operations: resize, allow-list change, credentials reset, deletes. */
export const QUICK: PollProfile = { initialMs: 1000, factor: 1.5, maxMs: 30_000 };

/** Database provisioning, which the API says takes 15 to 30 minutes. */
export const PROVISIONING: PollProfile = {
  initialMs: 1000,
  factor: 1.5,
  maxMs: 30_000,
  quietUntilMs: 12 * 60_000,
  quietMaxMs: 120_000,
};

/**
 * Multiplier for every poll delay, from CLOUDPLATFORM_POLL_SCALE (default 1). Tests against the
 * emulator set it small; it never changes the time limits themselves.
 */
export function pollScale(): number {
  const raw = process.env.CLOUDPLATFORM_POLL_SCALE;
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

/** The delay before look number `attempt + 1`, `elapsedMs` into the wait, before scaling. */
export function nextDelayMs(profile: PollProfile, attempt: number, elapsedMs: number): number {
  const grown = profile.initialMs * profile.factor ** attempt;
  const quiet = profile.quietUntilMs !== undefined && elapsedMs < profile.quietUntilMs;
  const cap = quiet ? (profile.quietMaxMs ?? profile.maxMs) : profile.maxMs;
  let delay = Math.min(grown, cap);
  // Do not sleep far past the end of the quiet phase: that is when completion becomes likely.
  if (quiet && elapsedMs + delay > profile.quietUntilMs!)
    delay = Math.max(profile.quietUntilMs! - elapsedMs, profile.initialMs);
  return delay;
}

/** Thrown when a wait ends without reaching the wanted state. */
export class WaitError extends Error {
  /** `timeout` when the limit passed, `failed` when the resource reached a terminal bad state. */
  readonly kind: "timeout" | "failed";
  constructor(kind: "timeout" | "failed", message: string) {
    super(message);
    this.name = "WaitError";
    this.kind = kind;
  }
}

/** What to wait for. */
export interface WaitSpec<T> {
  /** Used in messages: "database 42 to become active". */
  what: string;
  /** One look at the resource: reads only, each request attempted once (see waitFor). */
  poll: () => Promise<T>;
  /** True when the wait is over. */
  done: (value: T) => boolean;
  /** A reason to stop at once (e.g. status `failed`), or undefined to keep waiting. */
  failed?: (value: T) => string | undefined;
  /** Short description of the last value for the timeout message ("status provisioning"). */
  describe?: (value: T) => string;
  /** What was known before the first look (e.g. the create's answer), for that message. */
  known?: T;
  timeoutMs: number;
  profile?: PollProfile;
}

/** How often a wait tells the user that the API keeps failing, before {@link pollScale}. */
export const OUTAGE_REPORT_MS = 60_000;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A run of failed looks: when it began and the last failure. */
interface Outage {
  since: number;
  last: ApiError;
  reportedAt?: number;
}

/**
 * Polls until `done`, failing fast on `failed` and after `timeoutMs`. The first look is immediate;
 * the last one happens at the deadline so a late completion is still seen.
 *
 * A look that fails with an answer that says nothing about the object (see `isTransient`: a 5xx,
 * 429, a dropped or timed-out connection, a proxy page) does not end the wait: the next look comes
 * on the same schedule (no sooner than a Retry-After asks), until the limit. Each look's requests
 * are attempted once, because the wait is the retry here: a failure is known at once and no
 * client retry budget outlives the limit. While the API fails, the engine's log says so about
 * once a minute. Any other error (401, 403, 404, a refusal) ends the wait at once.
 */
export async function waitFor<T>(spec: WaitSpec<T>): Promise<T> {
  const profile = spec.profile ?? QUICK;
  const scale = pollScale();
  const start = Date.now();
  let seen: { value: T } | undefined = spec.known === undefined ? undefined : { value: spec.known };
  let outage: Outage | undefined;
  for (let attempt = 0; ; attempt++) {
    const lookedAt = Date.now();
    try {
      const value = await singleAttempts(spec.poll);
      seen = { value };
      outage = undefined;
      if (spec.done(value)) return value;
      const reason = spec.failed?.(value);
      if (reason !== undefined) throw new WaitError("failed", `Gave up waiting for ${spec.what}: ${reason}`);
    } catch (err) {
      if (!isTransient(err)) throw err;
      outage = { ...outage, since: outage?.since ?? lookedAt, last: err as ApiError };
      reportOutage(spec, outage, start, scale);
    }
    const elapsed = Date.now() - start;
    if (elapsed >= spec.timeoutMs) throw timedOut(spec, seen, outage);
    let delay = nextDelayMs(profile, attempt, elapsed / scale) * scale;
    // While the API fails, look at least every `maxMs` (not the quiet phase's longer delays), so the
    // user hears about it once a minute and its return is noticed soon; yet no sooner than asked.
    if (outage) delay = Math.max(Math.min(delay, profile.maxMs * scale), (outage.last.retryAfterSeconds ?? 0) * 1000);
    await sleep(Math.max(0, Math.min(delay, spec.timeoutMs - elapsed)));
  }
}

/**
 * A read after a write was accepted (a database's credentials, certificate, final state): like a
 * wait, it rides out transient answers until `timeoutMs`, so an outage after a successful create
 * never throws away an object that is being made.
 */
export function readPatiently<T>(what: string, read: () => Promise<T>, timeoutMs: number): Promise<T> {
  return waitFor({ what, poll: read, done: () => true, timeoutMs });
}

/** Tells the user, about once a minute (scaled like the polls), that the API keeps failing. */
function reportOutage<T>(spec: WaitSpec<T>, outage: Outage, start: number, scale: number): void {
  const now = Date.now();
  const every = OUTAGE_REPORT_MS * scale;
  if (now - outage.since < every || (outage.reportedAt !== undefined && now - outage.reportedAt < every)) return;
  outage.reportedAt = now;
  const left = Math.max(0, spec.timeoutMs - (now - start));
  warn(
    `Still waiting for ${spec.what}: the API has been failing for ${formatDuration(now - outage.since)} ` +
      `(${outage.last.message}); polling on for up to ${formatDuration(left)} more.`,
  );
}

function timedOut<T>(spec: WaitSpec<T>, seen: { value: T } | undefined, outage: Outage | undefined): WaitError {
  const last = spec.describe
    ? seen
      ? ` (last seen: ${spec.describe(seen.value)})`
      : " (nothing seen: the API never answered)"
    : "";
  const failing = outage
    ? ` The API had been failing for ${formatDuration(Date.now() - outage.since)} (${outage.last.message}).`
    : "";
  return new WaitError(
    "timeout",
    `Timed out after ${formatDuration(spec.timeoutMs)} waiting for ${spec.what}${last}.${failing} ` +
      "Raise the limit with the resource's `timeouts` argument if the operation is just slow.",
  );
}
