/**
 * What a fault rule says: the rule, its trigger, its state once added and the shared rate limit,
 * with the check that refuses a rule that cannot take effect and the match of a rule's path.
 */
import { ErrorList } from "./failures.js";

/** A fault injected into matching API requests. */
export interface FaultRule {
  /** Only this HTTP method (any when absent). */
  method?: string;
  /**
   * `/v4/vpcs/:vpcId` matches one segment per `:param`; `/v4/databases*` or a plain path is a
   * prefix at a segment boundary. Paths without `/v4` get it prepended.
   */
  path: string;
  /** Answer with this status instead of handling the request. */
  status?: number;
  /** Probability 0..1 that a matching request is hit (default 1). */
  rate?: number;
  /** Seconds for `Retry-After` of a 429 (default 1). */
  retryAfter?: number;
  /** Delay before answering (or before handling, when nothing else is set). */
  latencyMs?: number;
  /** Destroy the socket without answering. */
  drop?: boolean;
  /** Only the next N matching requests (unlimited when absent). */
  times?: number;
  /** HTML body instead of JSON; default true for 502, 503 and 504, as a front proxy answers. */
  html?: boolean;
  /** Adds `X-Maintenance-Mode` (with a 503). */
  maintenance?: boolean;
  /**
   * Strike after the route has handled the request (its change stands and is persisted): `drop`
   * loses the answer, `status` replaces it, `latencyMs` delays it. Only 2xx answers are touched.
   */
  after?: boolean;
  /** Integer seed of this rule's own PRNG for the `rate` draws, so a request sequence replays. */
  seed?: number;
  /**
   * Real seconds the rule stays in force once it has started (when added, or when `startAfter` is
   * met); it is then removed. With `status` or `drop` on `/v4*`, an outage of that length.
   */
  forSeconds?: number;
  /** Keeps the rule dormant until this many requests matching it were answered with a 2xx. */
  startAfter?: FaultTrigger;
}

/** Requests whose success starts a dormant rule, e.g. the creates of two databases. */
export interface FaultTrigger {
  /** Only this HTTP method (any when absent). */
  method?: string;
  /** Matched as {@link FaultRule.path} is. */
  path: string;
  /** How many successful answers start the rule (default 1). */
  count?: number;
}

/** A rule with its id and remaining uses. */
export interface ActiveFault extends FaultRule {
  id: number;
  hits: number;
  /** When the rule started striking (ISO time); absent while `startAfter` is not met. */
  started?: string;
  /** Successful answers counted towards `startAfter` so far. */
  triggered?: number;
}

/** The shared rate limit: `limit` API requests per fixed window of `windowSeconds`. */
export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/**
 * Refuses rules whose fields cannot all take effect, naming the field, so that a test never relies
 * on a fault that silently does less than it says. Only `after` rules are checked this strictly;
 * the older rules keep accepting what they always did.
 */
export function checkRule(rule: FaultRule): void {
  if (!rule.after) return;
  const errors = new ErrorList();
  if (!rule.drop && rule.status === undefined && !rule.latencyMs)
    errors.add("after", "An after fault needs drop, status or latencyMs");
  if (rule.drop && rule.status !== undefined)
    errors.add("status" satisfies keyof FaultRule, "A dropped answer cannot also be replaced");
  if (rule.retryAfter !== undefined) errors.add("retryAfter", "Only for a 429 answered before handling");
  for (const field of ["html", "maintenance"] as const)
    if (rule[field] !== undefined && rule.status === undefined) errors.add(field, "Only with status");
  errors.throwIfAny();
}

/** Whether a request (`method`, `path` with `/v4`) is one `rule` names (see {@link FaultRule.path}). */
export function matches(rule: { method?: string; path: string }, method: string, path: string): boolean {
  if (rule.method && rule.method.toUpperCase() !== method) return false;
  let pattern = rule.path.startsWith("/v4") ? rule.path : `/v4${rule.path.startsWith("/") ? "" : "/"}${rule.path}`;
  if (pattern.endsWith("*")) return path.startsWith(pattern.slice(0, -1));
  pattern = pattern.replace(/\/+$/, "");
  if (pattern.includes("/:")) {
    const want = pattern.split("/");
    const got = path.split("/");
    return want.length === got.length && want.every((w, i) => w.startsWith(":") || w === got[i]);
  }
  return path === pattern || path.startsWith(`${pattern}/`);
}
