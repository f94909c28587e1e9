/**
 * The TypeScript shapes an entity's declaration maps to: its answer, its create body and its
 * update body. The client's request and answer types are these.
 */
import type { ApiField, Entity } from "./field.js";

type Fields<E extends Entity> = E["fields"];
type Primitive<T> = T extends "integer" | "number"
  ? number
  : T extends "boolean"
    ? boolean
    : T extends "strings"
      ? string[]
      : T extends "integers"
        ? number[]
        : string;
/** Values another platform adds to a field's enum (cluster size 2 on today's platform). */
type PlatformEnum<F> = F extends { platforms: { "rdbms-default": { enum: readonly (infer V)[] } } } ? V : never;
/** The values a field with an enum may hold on some platform. */
export type EnumValue<F> = F extends { enum: readonly (infer V)[] } ? V | PlatformEnum<F> : never;
type Scalar<F extends ApiField> = F extends { enum: readonly unknown[] } ? EnumValue<F> : Primitive<F["type"]>;
type AnswerValue<F extends ApiField> =
  | (F["type"] extends { array: infer E extends Entity }
      ? Answer<E>[]
      : F["type"] extends { object: infer E extends Entity }
        ? Answer<E>
        : F extends { separator: string }
          ? string[]
          : Scalar<F>)
  | (F extends { nullable: true } ? null : F extends { absent: true } ? null : never);
type RequestValue<F extends ApiField> = F extends { request: { type: infer T } }
  ? T extends { array: infer E extends Entity }
    ? CreateBody<E>[]
    : Primitive<T>
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

/** A field some platform's update takes. */
type Updatable<F> = F extends { update: true }
  ? true
  : F extends { platforms: { "rdbms-default": { update: true } } }
    ? true
    : F extends { platforms: { "rdbms-legacy": { update: true } } }
      ? true
      : false;

/** An update body: every field an update takes on some platform, each optional. */
export type UpdateBody<E extends Entity> = Flat<{
  -readonly [K in keyof Fields<E> as Updatable<Fields<E>[K]> extends true ? K : never]?: RequestValue<Fields<E>[K]>;
}>;
