/**
 * One declaration per field. A resource's table holds everything a field is: its API name or
 * codec, what a change does, whether it is required, its default, its normaliser and single-field
 * rule, whether it is secret, which engines have it, and a one-line description. Diff lists,
 * refresh inputs, check defaults, the plain lines of state and request bodies, secret outputs,
 * class output keys, docs/resources.md's field tables, the Pulumi package
 * schema and the declarations of every class, its arguments and outputs (src/codegen) are read from
 * the tables. Behaviour that spans fields (inline subnets, replication
 * defaults, triggers, waits) stays code beside each table.
 *
 * This module gathers the table's parts, each in a module of its own: the declaration of a row
 * (declaration.ts), its codec (codec.ts), its check (check.ts) and diff's view of it (diff.ts).
 */
export * from "./declaration.js";
export * from "./codec.js";
export * from "./check.js";
export { diffSpec } from "./diff.js";
