/**
 * A field table as a codec: the values its rows read from an API object, the request bodies they
 * write, and the state and refresh inputs made of both. Compares values as diff.ts does.
 */
import { changedPart, projected, same } from "./diff.js";
import { fieldsOf, inputNames, type FieldTable } from "./declaration.js";
import type { EngineType } from "../../client/index.js";
import type { Bag } from "./validate.js";

/** The inputs a class passes on by name although the program may leave them out, so they are outputs too. */
export function passedInputs<A>(table: FieldTable<A>, args: object, engine?: EngineType): Bag {
  return Object.fromEntries(
    fieldsOf(table, engine)
      .filter(([, f]) => f.output && f.change !== "output")
      .map(([k]) => [k, (args as Bag)[k]]),
  );
}

/** The value of each field of `table` with an API name or codec, read from `api` (for `engine`). */
export function fromApi<A>(table: FieldTable<A>, api: A, engine?: EngineType): Bag {
  const out: Bag = {};
  for (const [k, f] of fieldsOf(table, engine)) {
    if (f.api === undefined) continue;
    out[k] = typeof f.api === "string" ? (api as Bag)[f.api] : f.api.read(api);
  }
  return out;
}

/** The request entries of the inputs named in `names` that are set in `inputs`. */
export function toApi<A>(table: FieldTable<A>, inputs: Bag, names: readonly string[]): Bag {
  const out: Bag = {};
  for (const k of names) {
    const f = table[k];
    const value = inputs[k];
    if (!f || f.api === undefined || value === undefined) continue;
    if (typeof f.api === "string") out[f.api] = value;
    else if (f.api.write) Object.assign(out, f.api.write(value));
  }
  return out;
}

/** A create body: the request entries of every input of `table` (for `engine`) that `inputs` sets. */
export function createBody<A>(table: FieldTable<A>, inputs: Bag, engine?: EngineType): Bag {
  return toApi(table, inputs, inputNames(table, engine));
}

/**
 * What stops an existing object from being adopted: each field a change replaces whose value read
 * from `api` differs from the one `inputs` sets, as "field is X but the arguments say Y". A field
 * the answer lacks is no difference: an adoption is never refused over what an answer lacks.
 */
export function adoptionMismatches<A>(table: FieldTable<A>, api: A, inputs: Bag, engine?: EngineType): string[] {
  const actual = fromApi(table, api, engine);
  return (
    fieldsOf(table, engine)
      // A value the answer lacks (an API older than the field) proves no difference.
      .filter(([k, f]) => f.change === "replace" && f.api !== undefined && inputs[k] !== undefined)
      .filter(([k, f]) => actual[k] !== undefined && !(f.matches ?? same)(actual[k], inputs[k]))
      .map(([k]) => `${k} is ${JSON.stringify(actual[k])} but the arguments say ${JSON.stringify(inputs[k])}`)
  );
}

/**
 * The refresh inputs: each input of `table` at the state's value, so the next diff compares the
 * program against what the API holds. Inputs managed only when set are left out unless the
 * program set them (listed in the state's `setInputs`), so a later preview never shows the removal
 * of a value the API filled in; null (nothing there) stays out too.
 */
export function refreshInputs<A>(table: FieldTable<A>, state: Bag, engine?: EngineType): Bag {
  const set = Array.isArray(state.setInputs) ? (state.setInputs as string[]) : undefined;
  const out: Bag = {};
  for (const [k, f] of fieldsOf(table, engine)) {
    if (f.change === "output") continue;
    if (f.ifSet && !(set ?? [k]).includes(k)) continue;
    if (state[k] !== undefined && state[k] !== null) out[k] = state[k];
  }
  return out;
}

/**
 * The plain lines of a state: each field with an API name or codec read from `api`, each input
 * the API cannot show (time limits, triggers, `adoptId`) from `inputs`; a partial field whole, as
 * the API answers it, so a program reads the values it leaves to the API (diff compares only the
 * keys the program sets). Outputs without an API name (secrets, derived values) are the resource's own code.
 */
export function stateFields<A>(table: FieldTable<A>, api: A, inputs: Bag, engine?: EngineType): Bag {
  const out: Bag = {};
  for (const [k, f] of fieldsOf(table, engine)) {
    if (f.api !== undefined) out[k] = typeof f.api === "string" ? (api as Bag)[f.api] : f.api.read(api);
    else if (f.change !== "output") out[k] = inputs[k];
  }
  return out;
}

/**
 * The update request that brings `current` (the API object in the resource's form) to the
 * in-place inputs `news` sets; empty when nothing differs. A field the answer lacks (an API older
 * than the field) holds its default, so a program that keeps the default sends nothing for it.
 */
export function updateRequest<A>(table: FieldTable<A>, current: Bag, news: Bag): Bag {
  const changed = Object.entries(table)
    .filter(([k, f]) => f.change === "update" && f.api !== undefined && news[k] !== undefined && news[k] !== null)
    .filter(([k, f]) => {
      const norm = f.normalise ?? ((v: unknown) => v);
      const held = current[k] === undefined ? f.default : current[k];
      if (f.matches) return !f.matches(held, news[k]);
      return !same(norm(f.partial ? projected(held, news[k]) : held), norm(news[k]));
    })
    .map(([k]) => k);
  // A partial field sends only what changed: the API merges it into what it holds.
  const sent = Object.fromEntries(
    changed.map((k) => [k, table[k]!.partial ? changedPart(current[k], news[k]) : news[k]]),
  );
  return toApi(table, sent, changed);
}
