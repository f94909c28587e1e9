/**
 * How the API model declares a field: one literal per field, holding everything the contract (or
 * the real API's published description, where the contract is silent) says of it. The client's
 * request and answer types are mapped from these literals; the emulator's body schemas, records,
 * defaults and answers, and the conformance tests' key lists, are read from them at run time.
 * This folder imports nothing but `ipaddr.js` (ipv4.ts, the IPv4 parsing both sides share).
 */

/** The two engine families of managed databases. */
export type Engine = "mysql" | "postgresql";

/** A field's wire type: a primitive, a list of strings, or a list or object of another entity. */
export type WireType =
  "string" | "integer" | "boolean" | "date-time" | "strings" | { readonly array: Entity } | { readonly object: Entity };

/** Everything one field of the wire is. */
export interface ApiField {
  readonly type: WireType;
  /** The answer may hold null. */
  readonly nullable?: boolean;
  /** An answer may lack it (one engine's field, or a field older answers lack): the client reads null. */
  readonly absent?: boolean;
  /** Whether a create body takes it, and whether it must. */
  readonly create?: "required" | "optional";
  /** An update body may carry it. */
  readonly update?: boolean;
  /** Left out of answers (a request-only field); answers carry every other field. */
  readonly answer?: false;
  /** The value the API gives a create that leaves the field out, and an answer of a record saved before it. */
  readonly default?: unknown;
  /** The only values, where the contract lists them. */
  readonly enum?: readonly (string | number)[];
  /**
   * Stored as given and answered as stored, with no rule of its own: the emulator needs nothing
   * more than this entry to accept, keep and answer it.
   */
  readonly plain?: boolean;
  /** An engine's own values in a request, where they differ from `enum`. */
  readonly requestEnum?: Partial<Record<Engine, readonly string[]>>;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  /** Engines that have the field; left out, both. */
  readonly engines?: readonly Engine[];
  /** Spellings an answer may hold for one of `enum`'s values (PostgreSQL answers `async` for `asynch`): the client reads the value. */
  readonly aliases?: Readonly<Record<string, string>>;
  /**
   * An answer may hold a longer form of the value: the client reads the part before this
   * separator (an engine id `mysql/8.0.30` as the engine type `mysql`).
   */
  readonly cutAt?: string;
  /**
   * What the client reads when an answer lacks the field or holds null though the field is not
   * nullable: the contract's empty value, where the client promises one.
   */
  readonly missing?: unknown;
  /** The request's type where it differs from the answer's (a create's `engine` is an engine id). */
  readonly request?: { readonly type: WireType };
  /**
   * The published description's name where the contract renames the field, or `false` when the
   * published description (4.176.0) lacks it: the contract adds it.
   */
  readonly published?: string | false;
  /**
   * A list's `X-Filter` may name it (the published description's `x-linode-filterable`); by its
   * published name where the contract renames it.
   */
  readonly filterable?: true;
  /**
   * Left out of the API's answers from late 2024 on (api-behaviour.md, "Later versions of the
   * API"), though the contract's answers carry it.
   */
  readonly lateAnswer?: false;
  /** The line of the contract (or the published description) the field comes from. */
  readonly source: string;
}

/** An entity of the contract: its fields, and the published description's schema of it. */
export interface Entity {
  /** The contract's name of the entity. */
  readonly name: string;
  /** The published description's components of it (`VPCSubnet`), where the conformance tests check them. */
  readonly published?: string | readonly string[];
  readonly fields: { readonly [wire: string]: ApiField };
}

/** The named fields of an entity's table, as they are (a list entry that carries some of them). */
export function pick<const F extends Entity["fields"], const K extends readonly (keyof F & string)[]>(
  fields: F,
  names: K,
): { readonly [N in K[number]]: F[N] } {
  return Object.fromEntries(names.map((n) => [n, fields[n]])) as { [N in K[number]]: F[N] };
}

/**
 * The same fields, each one an answer may lack (`absent`): a declaration shared by an entity
 * whose answers always carry the fields and one whose answers may leave them out.
 */
export function mayLack<const F extends Entity["fields"]>(
  fields: F,
): { readonly [K in keyof F]: F[K] & { readonly absent: true } } {
  return Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, { ...f, absent: true }])) as {
    [K in keyof F]: F[K] & { absent: true };
  };
}

/** Declares an entity, keeping its literal types for the mapped types below. */
export function entity<const E extends Entity>(e: E): E {
  return e;
}

type Fields<E extends Entity> = E["fields"];
type Primitive<T> = T extends "integer"
  ? number
  : T extends "boolean"
    ? boolean
    : T extends "strings"
      ? string[]
      : string;
type Scalar<F extends ApiField> = F extends { enum: readonly (infer V)[] } ? V : Primitive<F["type"]>;
type AnswerValue<F extends ApiField> =
  | (F["type"] extends { array: infer E extends Entity }
      ? Answer<E>[]
      : F["type"] extends { object: infer E extends Entity }
        ? Answer<E>
        : Scalar<F>)
  | (F extends { nullable: true } ? null : F extends { absent: true } ? null : never);
type RequestValue<F extends ApiField> = F extends { request: { type: infer T } }
  ? Primitive<T>
  : F["type"] extends { array: infer E extends Entity }
    ? CreateBody<E>[]
    : F["type"] extends { object: infer E extends Entity }
      ? UpdateBody<E>
      : Scalar<F> | (F extends { nullable: true } ? null : never);
type Flat<T> = { [K in keyof T]: T[K] };

/**
 * The answer object of an entity: every field not marked `answer: false`; one the published
 * description lacks (`published: false`) is optional, since answers of the real API may lack it.
 */
export type Answer<E extends Entity> = Flat<
  {
    -readonly [
      K in keyof Fields<E> as Fields<E>[K] extends { answer: false } | { published: false } ? never : K
    ]: AnswerValue<Fields<E>[K]>;
  } & {
    -readonly [
      K in keyof Fields<E> as Fields<E>[K] extends { published: false }
        ? Fields<E>[K] extends { answer: false }
          ? never
          : K
        : never
    ]?: AnswerValue<Fields<E>[K]>;
  }
>;

/** A create body: the required fields, and the optional ones left out when not set. */
export type CreateBody<E extends Entity> = Flat<
  {
    -readonly [K in keyof Fields<E> as Fields<E>[K] extends { create: "required" } ? K : never]: RequestValue<
      Fields<E>[K]
    >;
  } & {
    -readonly [K in keyof Fields<E> as Fields<E>[K] extends { create: "optional" } ? K : never]?: RequestValue<
      Fields<E>[K]
    >;
  }
>;

/** An update body: every field an update takes, each optional. */
export type UpdateBody<E extends Entity> = Flat<{
  -readonly [K in keyof Fields<E> as Fields<E>[K] extends { update: true } ? K : never]?: RequestValue<Fields<E>[K]>;
}>;

/** The wire names of an entity's fields, in declaration order. */
export function wireNames(e: Entity): string[] {
  return Object.keys(e.fields);
}

/** The wire names a create body takes (for `engine`), in declaration order. */
export function createNames(e: Entity, engine?: Engine): string[] {
  return Object.entries(e.fields)
    .filter(([, f]) => f.create && (!engine || !f.engines || f.engines.includes(engine)))
    .map(([k]) => k);
}

/** The wire names an update body takes, in declaration order. */
export function updateNames(e: Entity): string[] {
  return Object.entries(e.fields)
    .filter(([, f]) => f.update)
    .map(([k]) => k);
}

/** The wire names an answer carries (for `engine`), in declaration order. */
export function answerNames(e: Entity, engine?: Engine): string[] {
  return Object.entries(e.fields)
    .filter(([, f]) => f.answer !== false && (!engine || !f.engines || f.engines.includes(engine)))
    .map(([k]) => k);
}

/**
 * Whether an answer of the contract's own platform may lack the field: one an answer may lack
 * (`absent`) that the published description does not list either (`published: false`), such as a
 * later platform's `platform` or `hosts.standby`. Every other answered field is in every answer.
 */
export function answerMayLack(f: ApiField): boolean {
  return f.absent === true && f.published === false;
}

/** The names a list's `X-Filter` may use for `e`'s fields (`filterable`), published names first. */
export function filterNames(e: Entity): string[] {
  return Object.entries(e.fields)
    .filter(([, f]) => f.filterable)
    .map(([k, f]) => (typeof f.published === "string" ? f.published : k));
}

/** The defaults of an entity's fields, by wire name. */
export function defaultsOf(e: Entity): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(e.fields)
      .filter(([, f]) => f.default !== undefined)
      .map(([k, f]) => [k, f.default]),
  );
}
