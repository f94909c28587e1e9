/**
 * The detailed diff the engine shows in a preview: one entry per changed input, saying whether it
 * is added, removed or changed and whether it replaces the object. Which fields changed and which
 * of them replace comes from the resource module (its diff spec and its `diff` answer).
 */
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { changedFields, changedPaths, effectiveInputs, type DiffSpec } from "../shared/fields/diff.js";
import { hasUnknown, UNKNOWN, type Bag } from "../shared/fields/validate.js";

/** The value at a dotted path of a bag (`engineConfig.mysql.connectTimeout`), undefined where there is none. */
function valueAt(bag: Bag, path: string): unknown {
  let value: unknown = bag;
  for (const step of path.split("."))
    value = value === null || typeof value !== "object" ? undefined : (value as Bag)[step];
  return value;
}

const Kind = provproto.PropertyDiff.Kind;

/** The kind of change of one field. */
export function kindOf(old: unknown, next: unknown, replaces: boolean): provproto.PropertyDiff.Kind {
  const absent = (v: unknown): boolean => v === undefined || v === null;
  if (absent(old)) return replaces ? Kind.ADD_REPLACE : Kind.ADD;
  if (absent(next)) return replaces ? Kind.DELETE_REPLACE : Kind.DELETE;
  return replaces ? Kind.UPDATE_REPLACE : Kind.UPDATE;
}

/** The engine's answer to Diff, from the module's answer and the fields its spec finds changed. */
export function diffResponse(
  olds: Bag,
  news: Bag,
  spec: DiffSpec,
  result: { changes?: boolean; replaces?: string[]; deleteBeforeReplace?: boolean },
): provproto.DiffResponse {
  const resp = new provproto.DiffResponse();
  // An input the program leaves out is shown as the API's value it takes.
  const next = effectiveInputs(olds, news, spec);
  const replaces = result.replaces ?? [];
  const changed = result.changes === false ? [] : changedFields(olds, news, spec);
  for (const field of replaces) if (!changed.includes(field)) changed.push(field);
  resp.setChanges(
    result.changes === false
      ? provproto.DiffResponse.DiffChanges.DIFF_NONE
      : result.changes === true || changed.length > 0
        ? provproto.DiffResponse.DiffChanges.DIFF_SOME
        : provproto.DiffResponse.DiffChanges.DIFF_UNKNOWN,
  );
  resp.setReplacesList(replaces);
  resp.setDeletebeforereplace(result.deleteBeforeReplace === true);
  resp.setDiffsList(changed);
  resp.setHasdetaileddiff(true);
  const detailed = resp.getDetaileddiffMap();
  for (const field of changed) {
    // An object compared on the keys the program sets names each setting that changes.
    const paths =
      spec.partial?.includes(field) && !hasUnknown(next[field]) && olds[field] !== undefined
        ? changedPaths(olds[field], next[field], field)
        : [field];
    for (const path of paths) {
      const entry = new provproto.PropertyDiff();
      entry.setKind(kindOf(valueAt(olds, path), valueAt(next, path), replaces.includes(field)));
      // Old state against new inputs, as the modules compare them.
      entry.setInputdiff(false);
      detailed.set(path, entry);
    }
  }
  return resp;
}

const isObject = (v: unknown): v is Bag => typeof v === "object" && v !== null && !Array.isArray(v);

/** `old` with what `next` sets laid over it, at every level where both are objects (what a merging update leaves). */
function merged(old: unknown, next: unknown): unknown {
  if (!isObject(old) || !isObject(next) || hasUnknown(next)) return next;
  const out: Bag = { ...old };
  for (const [k, v] of Object.entries(next)) out[k] = merged(old[k], v);
  return out;
}

/**
 * The state a preview of an update shows: each input the update changes at its new value (an
 * object compared on the keys the program sets, merged over the state's, as the API merges it),
 * the outputs the change makes new (`unknownAt`) unknown, everything else the state's.
 */
export function plannedState(
  olds: Bag,
  news: Bag,
  spec: DiffSpec,
  unknownAt: (changed: readonly string[]) => string[],
): Bag {
  const planned: Bag = { ...olds };
  const next = effectiveInputs(olds, news, spec);
  const changed = changedFields(olds, news, spec);
  for (const field of changed)
    planned[field] = spec.partial?.includes(field) ? merged(olds[field], next[field]) : next[field];
  for (const output of unknownAt(changed)) planned[output] = UNKNOWN;
  return planned;
}
