/**
 * What `check` learns about the resources of the current run, kept in the provider process for the
 * checks and creates after it (one process serves one preview or `up`, and the engine checks every
 * resource before it creates any):
 *   - which resource wants a label: its URN, which the dynamic-provider host never hands `create`
 *     (resource-urn.ts carries it to `check`), for the create's claim (label-claim.ts);
 *   - which label each resource's current object holds: not taken for that resource's own
 *     replacement, which the engine checks a second time without old inputs, as a create;
 *   - which labels resources rename their objects away from: free for another resource of the run
 *     (account.ts); forgotten when the provider is configured again;
 *   - the current subnet of each `VpcSubnet`, which is no sibling of its own replacement.
 * Scopes name where a label is unique: `vpc`, `database`, `vpc/<id>/subnet`, `<engine>/<id>/backup`;
 * a label's key is `<scope>:<label>`.
 */
import { onReconfigure } from "../runtime/context.js";

/** URNs of the resources that want each label key. */
const wanted = new Map<string, string>();
/** URNs of the resources whose current object holds each label key. */
const held = new Map<string, string>();
/** Label keys that resources of this run give up. */
const released = new Set<string>();
/** The current subnet (old inputs) of each `VpcSubnet` checked with old inputs, by URN. */
const subnets = new Map<string, Record<string, unknown>>();

onReconfigure(() => released.clear());

/** Keeps the URN of the resource that wants the label `key` for this process's later `create`. */
export function noteUrn(key: string | undefined, urn: string | undefined): void {
  if (key !== undefined && urn !== undefined) wanted.set(key, urn);
}

/** The URN of the resource that wants `key`: the one the create's inputs carried (plugin), or the one check kept. */
export function urnFor(key: string, carried: string | undefined): string | undefined {
  return carried ?? wanted.get(key);
}

/** Notes that the resource `urn` holds the label `key` with its current object (a check with old inputs). */
export function noteCurrentLabel(key: string, urn: string | undefined): void {
  if (urn !== undefined) held.set(key, urn);
}

/** Whether the resource `urn` holds the label `key` with its current object. */
export function holdsItself(key: string, urn: string | undefined): boolean {
  return urn !== undefined && held.get(key) === urn;
}

/** Notes that a resource of this run renames its object away from `label` in `scope`. */
export function releaseLabel(scope: string, label: unknown): void {
  if (typeof label === "string") released.add(`${scope}:${label}`);
}

/** Whether a resource of this run renames its object away from `label` in `scope`. */
export function isReleased(scope: string, label: string): boolean {
  return released.has(`${scope}:${label}`);
}

/**
 * The three notes of a label's check in `scope`: the resource `urn` wants `label` (left out while it
 * is unknown); its current object, when it has one in this scope, holds `current`, which it gives
 * up when the label changes.
 */
export function noteLabelCheck(
  scope: string,
  label: string | undefined,
  urn: string | undefined,
  current?: unknown,
): void {
  if (label !== undefined) noteUrn(`${scope}:${label}`, urn);
  if (current === undefined) return;
  noteCurrentLabel(`${scope}:${String(current)}`, urn);
  if (current !== label) releaseLabel(scope, current);
}

/**
 * The current subnet of the resource `urn`: its old inputs when the engine gave them (kept for later),
 * else the ones an earlier check of this run saw (a replacement checked again without them).
 */
export function currentSubnet(
  olds: Record<string, unknown>,
  urn: string | undefined,
): Record<string, unknown> | undefined {
  const given = Object.keys(olds).length > 0;
  if (given && urn !== undefined) subnets.set(urn, olds);
  return given ? olds : urn === undefined ? undefined : subnets.get(urn);
}
