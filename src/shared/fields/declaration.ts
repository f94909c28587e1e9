/**
 * A row of a resource's field table, declared once (table.ts says what is read from it): its
 * type, what a change of it does, its API name or codec, default and rules; and what a class
 * reads of a table (its inputs, secret outputs, output keys).
 */
import type { EngineType } from "../../client/index.js";
import type { Bag, Rules } from "./validate.js";

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

/** `field` as a look-up result shows it: the same API name or codec and description, never an input. */
export function asOutput<A, B>(field: Field<A>): Field<B> {
  return { ...(field as unknown as Field<B>), change: "output" };
}

/** What a table says about its fields apart from how they are read: all the schema and docs need. */
export type FieldFacts = Record<string, Omit<Field, "api">>;
