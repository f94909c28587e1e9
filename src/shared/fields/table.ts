/**
 * One declaration per field. A resource's table holds everything a field is: its API name or
 * codec, what a change does, whether it is required, its default, its normaliser and single-field
 * rule, whether it is secret, which engines have it, and a one-line description. Diff lists,
 * refresh inputs, check defaults, the plain lines of state and request bodies, secret outputs,
 * class output keys, docs/resources.md's field tables, the Pulumi package
 * schema and the declarations of every class, its arguments and outputs (src/codegen) are read from
 * the tables. Behaviour that spans fields (inline subnets, replication
 * defaults, triggers, waits) stays code beside each table.
 */
import { fieldProblems, type ApiField, type Entity } from "../../api/index.js";
import type { EngineType } from "../../client/index.js";
import { changedPart, projected, same, type DiffSpec } from "./diff.js";
import { hasUnknown, inputShapeProblem, isEngineKey, isForbiddenKey, Rules, type Bag } from "./validate.js";

/**
 * What a change of the field does: `replace` the object; `update` it in place; `trigger` an action
 * when it changes from one value to another (credentials rotation, patching); `state`: kept in the
 * state only, no API call; `ignored`: never compared (a new value changes nothing); `output`: not
 * an input at all.
 */
export type Change = "replace" | "update" | "trigger" | "state" | "ignored" | "output";

/**
 * A field's type, as the Pulumi schema spells it: a primitive, `id` (a positive integer, given as a
 * number or a string of digits), a list, a map by string keys, or a shared object type of the
 * schema by name.
 */
export type FieldType =
  "string" | "integer" | "number" | "boolean" | "id" | { array: FieldType } | { map: FieldType } | { ref: string };

/** How a field is read from an API object (and written to a request) when it is not one plain key. */
export interface Codec<A> {
  /** The one API key the codec reads and writes, where it is one: code that needs the raw value reads it by this. */
  key?: keyof A & string;
  /** The value in the resource's form. */
  read(api: A): unknown;
  /** The request entries for a value in the resource's form; left out, the field is never sent. */
  write?(value: unknown): Bag;
}

/**
 * What a field does on a database platform other than the contract's, where it differs: its
 * change (`refused`: the platform takes no value of it), its default, and the notes for the docs.
 */
export interface PlatformUse {
  change?: Change | "refused";
  default?: unknown;
  notes?: string;
}

/** Everything one field is. `A` is the API object the field is read from. */
export interface Field<A = never> {
  /** One line for docs and schema. */
  description: string;
  change: Change;
  type: FieldType;
  /** The output's type when it differs from the input's (an `id` input is an `integer` output). */
  outputType?: FieldType;
  /** The API key of the same value (read and written as is), or a codec. */
  api?: (keyof A & string) | Codec<A>;
  required?: boolean;
  /**
   * What the API takes when the program leaves the field out. `check` fills it in, except where a
   * resource sends only what the program sets (the databases: their diff compares an unset input
   * as the API's value, `DiffSpec.unset`).
   */
  default?: unknown;
  /** Managed only when the program sets it: the API fills in or keeps a value otherwise. */
  ifSet?: boolean;
  /**
   * An object compared, and updated, only on the keys the program sets: the API fills in the
   * others and its update merges what it is sent (a database's engine settings).
   */
  partial?: boolean;
  /** The type per engine, where the engines' objects differ (their engine settings). */
  engineTypes?: Partial<Record<EngineType, FieldType>>;
  /** An input the resource class also exposes as an output (outputs always are). */
  output?: boolean;
  /** Brings a value to the form the API stores, so diff compares like with like. */
  normalise?: (value: unknown) => unknown;
  /** The single-field rule of a string input: the reason it is refused, or undefined. */
  rule?: (value: string, engine: EngineType | undefined) => string | undefined;
  /** The only values allowed, with the reason shown after them. */
  choices?: { values: readonly (string | number)[]; why?: string };
  secret?: boolean;
  /** Engines that have the field (databases); left out, all of them. */
  engines?: readonly EngineType[];
  /**
   * The declared TypeScript type of the input (per engine, or for all), where it is narrower or
   * wider than `type` and `choices` say: a fixed set that code beside the table checks.
   */
  tsType?: string | Partial<Record<EngineType, string>>;
  /**
   * The answers that may leave the field out (their source, for the docs): a state without the
   * field holds no value the API gave, so diff finds no difference in it, never a replacement.
   */
  unanswered?: string;
  /** What the output holds when the API gives nothing: `null` or `undefined` (its declared type says so). */
  absent?: "null" | "undefined";
  /**
   * The rest of the field's "Default / notes" cell in docs/resources.md (Markdown), after the
   * default and `required` that the generator writes from the row itself.
   */
  notes?: string;
  /** Where today's database platform (`rdbms-default`) treats the field otherwise than the contract's. */
  todays?: PlatformUse;
  /** Whether the held value answers the one the program gives, where that is not equality (object-list.ts). */
  matches?: (held: unknown, given: unknown) => boolean;
  /** The field's own check, run by checkFields in place of the generic ones (object-list.ts). */
  check?: (rules: Rules, news: Bag, field: string) => void;
  /** Whether a value holds a secret the API never answers: the class then registers the input as a secret. */
  secretInput?: (value: unknown) => boolean;
}

/** A resource's fields, in the order docs, state and schema list them. */
export type FieldTable<A = never> = Record<string, Field<A>>;

/** The field's type for `engine`: its engine's where the engines' differ. */
export function typeOn(field: Pick<Field, "type" | "engineTypes">, engine?: EngineType): FieldType {
  return (engine && field.engineTypes?.[engine]) || field.type;
}

/** The table's entries whose field applies to `engine`. */
export function fieldsOf<A>(table: FieldTable<A>, engine?: EngineType): [string, Field<A>][] {
  return Object.entries(table).filter(([, f]) => !engine || !f.engines || f.engines.includes(engine));
}

const isInput = (f: Field<unknown>): boolean => f.change !== "output";

/** Names of the inputs of `table` (for `engine`). */
export function inputNames<A>(table: FieldTable<A>, engine?: EngineType): string[] {
  return fieldsOf(table, engine)
    .filter(([, f]) => isInput(f as Field<unknown>))
    .map(([k]) => k);
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

/** Names of the secret outputs of `table`. */
export function secretOutputs<A>(table: FieldTable<A>): string[] {
  return Object.entries(table)
    .filter(([, f]) => f.secret)
    .map(([k]) => k);
}

/**
 * The outputs a resource class registers that are not inputs, each `undefined`: the engine then
 * knows them as outputs to fill in.
 */
export function outputKeys<A>(table: FieldTable<A>): Bag {
  return Object.fromEntries(
    Object.entries(table)
      .filter(([, f]) => f.change === "output")
      .map(([k]) => [k, undefined]),
  );
}

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

/** Checks of one field that are not the table's generic ones (cross-field rules, lists, objects). */
export type FieldCheck = (rules: Rules, news: Bag, inputs: Bag) => void;

/**
 * Runs the table's rules over `news` in table order: the rules `model` declares for the field a
 * row sends (`api`), then the row's own: required, type, single-field rule, choices; and fills
 * defaults into the returned inputs. A field named in `explicit` is checked by that code instead
 * of the row's own rules, at its place in the order, so failures keep the table's order. A field
 * the model refuses is not judged again by the row's rules: one refusal per field.
 */
export function checkFields<A>(
  table: FieldTable<A>,
  news: Bag,
  engine: EngineType | undefined,
  explicit: Record<string, FieldCheck> = {},
  model?: Entity,
  platform?: string,
): { rules: Rules; inputs: Bag } {
  const rules = new Rules();
  const inputs: Bag = { ...news };
  const refused = refuseStrangeInputs(table, news, engine, rules);
  for (const [k, f] of Object.entries(table)) {
    if (f.change === "output" || refused.has(k)) continue;
    const judged = model
      ? modelRules(rules, model, k, f, news[k], engine, platform)
      : { valued: false, refused: false };
    // A field of the other engine: the model's `engines` refuses a value, nothing else applies.
    if (engine && f.engines && !f.engines.includes(engine)) continue;
    if (judged.refused) continue;
    const absent = news[k] === undefined || news[k] === null;
    if (absent && f.default !== undefined) inputs[k] = f.default;
    const custom = explicit[k];
    if (custom || f.check) {
      if (custom) custom(rules, news, inputs);
      else f.check!(rules, news, k);
      continue;
    }
    if (f.choices) {
      if (absent && f.required) rules.fail(k, `${k} is required`);
      // A field whose values the model declares has had them applied.
      if (!judged.valued) rules.oneOf(news, k, f.choices.values, f.choices.why);
    } else if (f.type === "string") {
      rules.string(news, k, f.required ?? false, f.rule && ((v) => f.rule!(v, engine)));
    } else if (f.type === "boolean") {
      if (!absent) rules.boolean(news, k);
    } else if (f.type === "id") {
      const id = rules.id(news, k, f.required ?? false);
      if (id !== undefined) inputs[k] = id;
    }
  }
  return { rules, inputs };
}

/**
 * Applies the rules `model` declares (src/api rules.ts) to what the row `k` would send for
 * `value`: its request entries, as create and update write them. Each refusal names the input's
 * path (`updates.hourOfDay`) and gives the API's reason, the text `up` would show. A value not
 * known yet, or not given, sends nothing; so does a row that maps no field of the model.
 * `valued`: the model listed the values the field takes, and judged the value by them.
 */
function modelRules<A>(
  rules: Rules,
  model: Entity,
  k: string,
  f: Field<A>,
  value: unknown,
  engine: EngineType | undefined,
  platform: string | undefined,
): { valued: boolean; refused: boolean } {
  if (f.api === undefined || value === undefined || value === null || hasUnknown(value))
    return { valued: false, refused: false };
  const before = rules.failures.length;
  let valued = false;
  for (const [wire, v] of Object.entries(toApi({ [k]: f } as FieldTable<A>, { [k]: value }, [k]))) {
    const declared = model.fields[wire];
    // The model's rules are the contract's; a field another platform treats otherwise is that
    // platform's code's to judge (a platform not told yet: any that differs, for the API to judge).
    if (!declared || (platform !== undefined && differsOn(declared, platform))) continue;
    valued ||= declared.enum !== undefined || declared.requestEnum !== undefined;
    for (const refusal of fieldProblems(wire, declared, v, engine)) {
      const path = k + camelPath(refusal.field.slice(wire.length));
      rules.fail(path, `${path}: ${refusal.reason}`);
    }
  }
  return { valued, refused: rules.failures.length > before };
}

/** Whether `platform` (or, `unknown`, any platform) declares its own use of the field or of a part of it. */
function differsOn(field: ApiField, platform: string): boolean {
  const uses = field.platforms as Record<string, unknown> | undefined;
  if (uses && (platform === "unknown" ? Object.keys(uses).length > 0 : uses[platform] !== undefined)) return true;
  const type = field.type;
  if (typeof type === "object" && "object" in type)
    return Object.values(type.object.fields).some((f) => differsOn(f, platform));
  return false;
}

/** A wire path's tail in the inputs' camelCase (`.x_y` as `.xY`): how a window's parts are named as inputs. */
function camelPath(wirePath: string): string {
  return wirePath.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Refuses, before any rule walks a value: keys the table does not know (a typo would otherwise be
 * ignored silently), naming the known inputs; values nested too deep to walk, or holding
 * `__proto__`, `constructor` or `prototype` keys. Keys the engine adds (`__provider`) pass.
 * Returns the fields refused, which no other rule then reads.
 */
function refuseStrangeInputs<A>(
  table: FieldTable<A>,
  news: Bag,
  engine: EngineType | undefined,
  rules: Rules,
): Set<string> {
  const refused = new Set<string>();
  const unknown: string[] = [];
  for (const k of Object.keys(news)) {
    if (isEngineKey(k) || news[k] === undefined) continue;
    if (!Object.prototype.hasOwnProperty.call(table, k)) {
      unknown.push(k);
      continue;
    }
    const problem = inputShapeProblem(k, news[k]);
    if (problem !== undefined) {
      rules.fail(k, problem);
      refused.add(k);
    }
  }
  const known = inputNames(table, engine).join(", ");
  for (const k of unknown)
    rules.fail(
      k,
      isForbiddenKey(k)
        ? `${k} is not allowed: ${k} is never an input key`
        : `${JSON.stringify(k)} is not an input; the inputs are ${known}`,
    );
  return refused;
}

/**
 * The plain lines of a state: each field with an API name or codec read from `api`, each input
 * the API cannot show (time limits, triggers, `adoptId`) from `inputs`; a partial field only on the
 * keys `inputs` sets. Outputs without an API name (secrets, derived values) are the resource's own code.
 */
export function stateFields<A>(table: FieldTable<A>, api: A, inputs: Bag, engine?: EngineType): Bag {
  const out: Bag = {};
  for (const [k, f] of fieldsOf(table, engine)) {
    if (f.api !== undefined) out[k] = typeof f.api === "string" ? (api as Bag)[f.api] : f.api.read(api);
    else if (f.change !== "output") out[k] = inputs[k];
    // A partial field keeps the keys the inputs set, at the API's values: what the API filled in is no one's.
    if (f.partial) out[k] = isBag(inputs[k]) && isBag(out[k]) ? projected(out[k], inputs[k]) : undefined;
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

/** `field` as a look-up result shows it: the same API name or codec and description, never an input. */
export function asOutput<A, B>(field: Field<A>): Field<B> {
  return { ...(field as unknown as Field<B>), change: "output" };
}

const isBag = (v: unknown): v is Bag => typeof v === "object" && v !== null && !Array.isArray(v);

/** What a table says about its fields apart from how they are read: all the schema and docs need. */
export type FieldFacts = Record<string, Omit<Field, "api">>;
