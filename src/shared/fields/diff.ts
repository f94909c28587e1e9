/**
 * Small helpers every resource provider shares: comparing normalised values, building diff
 * answers, and shaping property bags for the engine.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { FieldTable } from "./declaration.js";
import { hasUnknown, type Bag } from "./validate.js";

/** Deep equality of JSON-like values, treating `undefined` and `null` alike. */
export function same(a: unknown, b: unknown): boolean {
  if (a === undefined || a === null) return b === undefined || b === null;
  if (b === undefined || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (typeof a === "object") {
    if (typeof b !== "object" || Array.isArray(b)) return false;
    const keys = new Set([...Object.keys(a), ...Object.keys(b as object)]);
    return [...keys].every((k) => same((a as Bag)[k], (b as Bag)[k]));
  }
  return a === b;
}

const isObject = (v: unknown): v is Bag => typeof v === "object" && v !== null && !Array.isArray(v);

/** `old` cut to the keys `next` sets, at every level where both are objects: what a partial comparison compares. */
export function projected(old: unknown, next: unknown): unknown {
  if (!isObject(old) || !isObject(next)) return old;
  return Object.fromEntries(Object.keys(next).map((k) => [k, projected(old[k], next[k])]));
}

/** The part of `next` that differs from `old`, at every level where both are objects (what a merging update sends). */
export function changedPart(old: unknown, next: unknown): unknown {
  if (!isObject(old) || !isObject(next)) return next;
  return Object.fromEntries(
    Object.entries(next)
      .filter(([k, v]) => !same(projected(old[k], v), v))
      .map(([k, v]) => [k, changedPart(old[k], v)]),
  );
}

/** The dotted paths (under `prefix`) of the values `next` sets that differ from `old`'s. */
export function changedPaths(old: unknown, next: unknown, prefix: string): string[] {
  if (!isObject(next) || !isObject(old)) return same(old, next) ? [] : [prefix];
  return Object.entries(next).flatMap(([k, v]) => changedPaths(old[k], v, `${prefix}.${k}`));
}

/** How each input takes part in `diff`. */
export interface DiffSpec {
  /** Changing any of these replaces the object. */
  replace: string[];
  /** Changed in place by `update`. */
  update: string[];
  /** Compared only when the new inputs set them (the API fills in a value otherwise). */
  ifSet?: string[];
  /**
   * Fields some API answers leave out: an old state without one (undefined) holds nothing the API
   * said, so it is no difference. A field the answer lacks is unknown, not a change.
   */
  unanswered?: string[];
  /**
   * Objects compared only on the keys the new value sets, at every level: the API fills in the
   * others and an update merges (a database's engine settings).
   */
  partial?: string[];
  /** Per-field comparison by meaning of the held and the given value (object-list.ts), in place of equality. */
  matches?: Record<string, (held: unknown, given: unknown) => boolean>;
  /** Per-field normalisation of the old value before comparing (e.g. order-insensitive lists). */
  normalise?: Record<string, (value: unknown) => unknown>;
  /**
   * The defaults `check` fills in: an old state that lacks a field (saved before the field
   * existed) holds its default, so a new defaulted field changes nothing on an existing stack.
   */
  defaults?: Record<string, unknown>;
  /**
   * The values the API takes for the inputs `news` leaves out (they may depend on the object's
   * own answers in `olds`, such as its platform): a create sends only what the program sets, so an
   * unset input is compared as the API's value, and a state holding that value is no change.
   */
  unset?: (olds: Bag, news: Bag) => Bag;
  /**
   * Whether the replacement would collide with the object it replaces (same unique label, same
   * address range), so the old one must be deleted first.
   */
  collides?: (olds: Bag, news: Bag) => boolean;
}

/** The inputs of `spec` whose new value differs from the old state; an unknown new value counts as a change. */
export function changedFields(olds: Bag, given: Bag, spec: DiffSpec): string[] {
  const news = effectiveInputs(olds, given, spec);
  const changed: string[] = [];
  for (const field of [...spec.replace, ...spec.update]) {
    const next = news[field];
    if (spec.ifSet?.includes(field) && (next === undefined || next === null)) continue;
    if (spec.unanswered?.includes(field) && olds[field] === undefined) continue;
    if (hasUnknown(next)) {
      changed.push(field);
      continue;
    }
    const norm = spec.normalise?.[field] ?? ((v: unknown) => v);
    // An engine's own field is absent from the other's inputs: no default stands in for it there.
    const held = olds[field] === undefined && next !== undefined ? spec.defaults?.[field] : olds[field];
    const old = spec.partial?.includes(field) ? projected(held, next) : held;
    const matches = spec.matches?.[field];
    if (matches ? !matches(old, next) : !same(norm(old), norm(next))) changed.push(field);
  }
  return changed;
}

/** `news` with the API's value (the spec's `unset`) for each input it leaves out. */
export function effectiveInputs(olds: Bag, news: Bag, spec: DiffSpec): Bag {
  if (!spec.unset) return news;
  const out: Bag = { ...news };
  for (const [k, v] of Object.entries(spec.unset(olds, news))) if (out[k] === undefined || out[k] === null) out[k] = v;
  return out;
}

/** Compares old state and new inputs field by field; an unknown new value counts as a change. */
export function computeDiff(olds: Bag, news: Bag, spec: DiffSpec): pulumi.dynamic.DiffResult {
  const changed = changedFields(olds, news, spec);
  const replaces = changed.filter((f) => spec.replace.includes(f));
  const result: { changes: boolean; replaces?: string[]; deleteBeforeReplace?: boolean } = {
    changes: changed.length > 0,
  };
  if (replaces.length > 0) {
    result.replaces = replaces;
    if (spec.collides?.(olds, news)) result.deleteBeforeReplace = true;
  }
  return result;
}

/**
 * The new state when `timeouts` is all that changed, or undefined when the update must reach the
 * API. Time limits are read by the provider alone, so raising the delete limit of a database that
 * is stuck `degraded` must not wait for it to become active first. An update with nothing changed
 * is the engine resuming a create that failed part-way: that one goes to the API.
 */
export function timeoutsOnlyUpdate(olds: Bag, news: Bag, spec: DiffSpec): Bag | undefined {
  const changed = changedFields(olds, news, spec);
  if (changed.length === 0 || changed.some((f) => f !== "timeouts")) return undefined;
  return compact({ ...olds, timeouts: news.timeouts });
}

/** `<kind>:<adoptId>` of adopted objects whose resource this provider process is replacing. */
const replacing = new Set<string>();

/**
 * Passes diff's answer on, remembering a replacement of a resource whose program names an
 * `adoptId`. `adoptId` is what the first create takes over; the create of a replacement, which the
 * engine runs in this same process after this diff, must make a new object instead of taking that
 * id again (a delete-first replacement has deleted it already; a create-first one would delete it
 * right after taking it over).
 */
export function noteReplacement(kind: string, news: Bag, result: pulumi.dynamic.DiffResult): pulumi.dynamic.DiffResult {
  if (result.replaces?.length && news.adoptId !== undefined && !hasUnknown(news.adoptId))
    replacing.add(`${kind}:${String(news.adoptId)}`);
  return result;
}

/** Whether create takes over the object `adoptId` names: not when it makes a replacement (see {@link noteReplacement}). */
export function adopts(kind: string, inputs: Bag): boolean {
  return inputs.adoptId !== undefined && !replacing.has(`${kind}:${String(inputs.adoptId)}`);
}

/**
 * Whether a catalogue rule (region status, engine version) applies to `field`: only to a value
 * being set now. An object that already exists there stays manageable when its region reports an
 * outage or its engine version leaves the catalogue, and so does one being adopted (`adoptId`
 * with no state yet): it exists, and create compares its immutable fields with the arguments.
 */
export function isNewValue(olds: Bag, news: Bag, field: string): boolean {
  if (Object.keys(olds).length === 0) return news.adoptId === undefined;
  return !same(olds[field], news[field]);
}

/**
 * Which of `optional` (inputs the API fills in or keeps when the program leaves them out) the
 * program sets, kept in the state as `setInputs`: refresh reports those as inputs and leaves the
 * others out, so a later preview shows only what the program changes, never the removal of a value
 * the API filled in. A bag that carries `setInputs` already (an old state, on refresh) keeps it.
 */
export function setInputsOf(inputs: Bag, optional: readonly string[]): string[] {
  if (Array.isArray(inputs.setInputs)) return inputs.setInputs as string[];
  return optional.filter((f) => inputs[f] !== undefined && inputs[f] !== null);
}

/** Refresh inputs without the optional ones the program does not set (see {@link setInputsOf}). */
export function withoutUnset(inputs: Bag, state: Bag, optional: readonly string[]): Bag {
  const set = Array.isArray(state.setInputs) ? (state.setInputs as string[]) : optional;
  const out = { ...inputs };
  for (const f of optional) if (!set.includes(f)) delete out[f];
  return out;
}

/**
 * Drops `undefined` everywhere: the host converts bags to protobuf Structs, which cannot hold it.
 * `null` stays, meaning "known to be empty".
 */
export function compact<T>(value: T): T {
  if (Array.isArray(value)) return value.map(compact) as T;
  if (value !== null && typeof value === "object") {
    const out: Bag = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = compact(v);
    return out as T;
  }
  return value;
}

/**
 * Throws when the rules, run again by `create` before its first API call (a create may come
 * without a check, e.g. from an old state), find problems, listing every failure with its field.
 */
export function assertValid(kind: string, failures: readonly pulumi.dynamic.CheckFailure[]): void {
  if (failures.length === 0) return;
  throw new Error(`Invalid ${kind} arguments: ${failures.map((f) => f.reason).join("; ")}`);
}

/**
 * A numeric id output derived from the resource's `id` rather than from its state.
 *
 * During a preview the engine answers an update of a dynamic resource with the new inputs as its
 * outputs (the dynamic-provider host does not support provider previews and drops `stables`), so
 * an output that is not an input, such as `vpcId`, would be unknown, and every resource that takes
 * it (a `VpcSubnet`'s `vpcId`, a `DatabaseSnapshot`'s `instanceId`) would be shown as replaced.
 * The `id` stays known while the object keeps it and is unknown exactly when it is being created
 * or replaced, which is what the numeric id should say too.
 */
export function idOutput<T>(resource: pulumi.CustomResource, parse: (id: string) => T): pulumi.Output<T> {
  return resource.id.apply(parse);
}

/** Adds secret outputs to the user's options without dropping theirs. */
export function withSecretOutputs<T extends pulumi.CustomResourceOptions>(opts: T | undefined, secrets: string[]): T {
  const mine = opts?.additionalSecretOutputs ?? [];
  return { ...(opts ?? ({} as T)), additionalSecretOutputs: [...new Set([...mine, ...secrets])] };
}

/**
 * Diff's view of the table: replace and update lists, managed-when-set fields and normalisers.
 * `collides` (whether a replacement must delete first) is a rule across fields, so it is given.
 */
export function diffSpec<A>(table: FieldTable<A>, collides?: DiffSpec["collides"]): DiffSpec {
  const all = Object.entries(table);
  const normalise: Record<string, (v: unknown) => unknown> = {};
  const defaults: Record<string, unknown> = {};
  const matches: Record<string, (held: unknown, given: unknown) => boolean> = {};
  for (const [k, f] of all) if (f.normalise) normalise[k] = f.normalise;
  for (const [k, f] of all) if (f.matches) matches[k] = f.matches;
  for (const [k, f] of all) if (f.default !== undefined && f.change !== "output") defaults[k] = f.default;
  return {
    replace: all.filter(([, f]) => f.change === "replace").map(([k]) => k),
    update: all.filter(([, f]) => ["update", "trigger", "state"].includes(f.change)).map(([k]) => k),
    ...(all.some(([, f]) => f.ifSet) ? { ifSet: all.filter(([, f]) => f.ifSet).map(([k]) => k) } : {}),
    ...(all.some(([, f]) => f.partial) ? { partial: all.filter(([, f]) => f.partial).map(([k]) => k) } : {}),
    ...(all.some(([, f]) => f.unanswered) ? { unanswered: all.filter(([, f]) => f.unanswered).map(([k]) => k) } : {}),
    ...(Object.keys(normalise).length ? { normalise } : {}),
    ...(Object.keys(matches).length ? { matches } : {}),
    ...(Object.keys(defaults).length ? { defaults } : {}),
    ...(collides ? { collides } : {}),
  };
}
