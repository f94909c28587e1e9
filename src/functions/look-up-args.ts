/**
 * Look-up arguments mapped from the model's fields (src/api/look-up-keys.ts names which), and the
 * form the `...Output` variants take them in.
 */
// The SDK's output module (Input, Output), not its index, which also loads the Automation API.
import type * as pulumi from "@pulumi/pulumi/output";
import type { Answer, DATABASE } from "../api/index.js";
import type { EngineType } from "../client/index.js";

/** An answer's value as an argument: an id may also be given as text. */
type IdAsText<T> = T extends number ? T | string : T;

/** One database, by the fields that name it in the API's paths, ids also as text. */
export type DatabasePathArgs<K extends keyof Answer<typeof DATABASE>> = {
  [P in K]: IdAsText<Answer<typeof DATABASE>[P]>;
};

/** Filters on the fields `K`, each keeping only the entries whose field holds this text. */
export type TextFilters<K extends string> = { [P in K]?: string };

/**
 * Arguments as an `...Output` variant takes them: each an Input; an engine also as an Output of
 * text, such as a database's `engineType`.
 */
export type InputArgs<T> = {
  [K in keyof T]:
    pulumi.Input<NonNullable<T[K]>> | (NonNullable<T[K]> extends EngineType ? pulumi.Output<string> : never);
};
