/**
 * How the API model declares a field: one literal per field, holding everything the contract (or
 * the real API's published description, where the contract is silent) says of it. The client's
 * request and answer types are mapped from these literals; the emulator's body schemas, records,
 * defaults and answers, and the conformance tests' key lists, are read from them at run time.
 * This folder imports nothing but `ipaddr.js` (ipv4.ts, the IPv4 parsing both sides share).
 * What the declaration yields sits above it: the shapes (bodies.ts), the names (names.ts), the
 * rules (rules.ts) and a platform's refusals (refusals.ts).
 */

import type { IpFamily } from "./ipv4.js";

/** The two engine families of managed databases. */
export type Engine = "mysql" | "postgresql";

/**
 * The database platforms an account may hold: `rdbms-legacy`, the one the contract (4.176.0)
 * describes, and `rdbms-default`, the one every database created since late 2024 is on
 * (todays-platform.md). A field's entry is the contract's; `platforms` says where another
 * platform differs.
 */
export const PLATFORMS = ["rdbms-legacy", "rdbms-default"] as const;

/** A database platform (`PLATFORMS`). */
export type Platform = (typeof PLATFORMS)[number];

/** The platform the contract describes: a field's entry is its use there. */
export const CONTRACT_PLATFORM: Platform = "rdbms-legacy";

/**
 * How one platform uses a field where it differs from the field's entry: each key given here
 * replaces the entry's for that platform (`fieldOn`).
 */
export interface PlatformUse {
  /**
   * Whether a create takes it; `refused`: the API knows the field but refuses a create carrying
   * it, naming the field with `refusal`.
   */
  readonly create?: "required" | "optional" | "refused" | false;
  /** Whether an update body may carry it. */
  readonly update?: boolean;
  /** `false`: this platform's answers lack it. */
  readonly answer?: boolean;
  /** The only values a request may give on this platform. */
  readonly enum?: readonly (string | number)[];
  /** A request value must match it (an engine id `<engine>/<major>`); else refused with `refusal`. */
  readonly pattern?: string;
  /**
   * A string's longest length on this platform; `null`: no maximum is known (the API judges), so
   * nothing here refuses a long value.
   */
  readonly maxLength?: number | null;
  /** The value a create that leaves the field out gets on this platform. */
  readonly default?: unknown;
  /** Answers hold this value whatever was asked; a request giving another is refused with `refusal`. */
  readonly fixed?: unknown;
  /** The reason the API gives, naming the field, for what this platform refuses. */
  readonly refusal?: string;
  /** The IP families a list of ranges takes on this platform (an allow list: IPv6 too on today's). */
  readonly ipFamilies?: readonly IpFamily[];
  /** Where the facts come from (todays-platform.md's section and source). */
  readonly source: string;
}

/** A field's wire type: a primitive, a list of strings, or a list or object of another entity. */
export type WireType =
  | "string"
  | "integer"
  | "number"
  | "boolean"
  | "date-time"
  | "strings"
  | "integers"
  | { readonly array: Entity }
  | { readonly object: Entity };

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
  /** A list's most entries (a VPC's `ipv6`: one). */
  readonly maxItems?: number;
  /** The IP families a list of ranges takes (an allow list), each entry an address or a CIDR range. */
  readonly ipFamilies?: readonly IpFamily[];
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
   * The answer holds a list as one string, its entries separated by this (a region's DNS servers):
   * the client reads the list of its trimmed, non-empty entries.
   */
  readonly separator?: string;
  /**
   * What the client reads when an answer lacks the field or holds null though the field is not
   * nullable: the contract's empty value, where the client promises one.
   */
  readonly missing?: unknown;
  /**
   * The request's type where it differs from the answer's (a create's `engine` is an engine id; a
   * VPC create's `subnets` are items of their own entity, not the answer's full subnets).
   */
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
  /** Platforms that use the field otherwise than this entry says (`fieldOn` reads them). */
  readonly platforms?: { readonly [P in Platform]?: PlatformUse };
  /** The line of the contract (or the published description) the field comes from. */
  readonly source: string;
}

/** A field as one platform uses it (`fieldOn`). */
export type FieldOn = Omit<ApiField, keyof PlatformUse> &
  Omit<PlatformUse, "maxLength"> & { readonly maxLength?: number };

/**
 * The field as `platform` uses it: the entry with the platform's differences applied. A create
 * the platform refuses (`create: "refused"`) stays in the entry as the contract's `create`, so a
 * body schema still lets the field through to the rule that refuses it with its text.
 */
export function fieldOn(f: ApiField, platform: Platform = CONTRACT_PLATFORM): FieldOn {
  const use = f.platforms?.[platform];
  if (!use) return f;
  const { source: _source, answer, ...rest } = use;
  // A platform's own values replace the entry's bounds (today's window lasts 4 hours, not 1..3).
  const bounds = use.enum || use.fixed !== undefined ? { minimum: undefined, maximum: undefined } : {};
  const { maxLength, ...others } = rest;
  const length = maxLength === undefined ? {} : { maxLength: maxLength ?? undefined };
  return {
    ...f,
    ...bounds,
    ...others,
    ...length,
    ...(answer === false ? { answer: false } : answer ? { answer: undefined } : {}),
  };
}

/** Whether `platform` answers the field. */
export function answeredOn(f: ApiField, platform: Platform = CONTRACT_PLATFORM): boolean {
  return fieldOn(f, platform).answer !== false;
}

/** Whether a create on `platform` takes the field (refused ones excluded). */
export function createdOn(f: ApiField, platform: Platform = CONTRACT_PLATFORM): boolean {
  const c = fieldOn(f, platform).create;
  return c === "required" || c === "optional";
}

/** Whether an update on `platform` takes the field. */
export function updatedOn(f: ApiField, platform: Platform = CONTRACT_PLATFORM): boolean {
  return fieldOn(f, platform).update === true;
}

/** Whether an update on some platform takes the field (a body schema shared by both). */
export function updatedOnAny(f: ApiField): boolean {
  return PLATFORMS.some((p) => updatedOn(f, p));
}

/** Whether a create on some platform knows the field (taken or refused with a text). */
export function knownToCreate(f: ApiField): boolean {
  return f.create !== undefined || PLATFORMS.some((p) => fieldOn(f, p).create);
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

/** Declares an entity, keeping its literal types for the mapped types of bodies.ts. */
export function entity<const E extends Entity>(e: E): E {
  return e;
}
