/**
 * What a platform refuses of a field's value, with the API's reason: the platform's differences
 * (field.ts) judged by the rules every field shares (rules.ts). The emulator applies these; a
 * provider's preview asks them the same question.
 */
import { fieldOn, type ApiField, type FieldOn, type Platform } from "./field.js";
import { boundsProblem, ruleReason } from "./rules.js";

/**
 * What a create on `platform` refuses by field, with the API's reason: a refused field, a value
 * other than a fixed one, a value outside the platform's enum or pattern. Undefined where the
 * value is taken. The emulator applies it; a provider's preview can ask it the same question.
 */
export function createRefusal(f: ApiField, platform: Platform, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const on = requestOn(f, platform);
  if (on.create === "refused") return on.refusal;
  return valueRefusal(on, value);
}

/** The field as a request on `platform` gives it: one of another type than the answer (an engine id) is not held to the answer's enum. */
function requestOn(f: ApiField, platform: Platform): FieldOn {
  const on = fieldOn(f, platform);
  return f.request && !f.platforms?.[platform]?.enum ? { ...on, enum: undefined } : on;
}

/** What an update on `platform` refuses of a value (fixed, enum, pattern, bounds), with the API's reason (rules.ts words it). */
export function valueRefusal(on: FieldOn, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (on.fixed !== undefined && value !== on.fixed) return on.refusal ?? `Must be ${String(on.fixed)}`;
  if (on.pattern !== undefined && (typeof value !== "string" || !new RegExp(on.pattern).test(value)))
    return on.refusal ?? ruleReason("pattern", on);
  if (on.enum && !on.enum.includes(value as string | number)) return on.refusal ?? ruleReason("enum", on);
  // Its bounds (range, length), by the one check of them; enum and pattern were judged above, with the platform's text.
  return boundsProblem({ ...on, enum: undefined, pattern: undefined }, value);
}

/**
 * A request schema shared by every platform (a body is judged before its database's platform is
 * known) takes the union of the platforms' values; this is what it leaves to the platform's own
 * check: the field's values where some platform narrows or widens them. Undefined for a field
 * every platform takes alike, which the schema alone judges.
 */
export function platformRefusal(f: ApiField, platform: Platform, value: unknown): string | undefined {
  if (!narrowedByPlatform(f)) return undefined;
  return valueRefusal(requestOn(f, platform), value);
}

/** Whether some platform takes other values of the field than its entry (an enum, a fixed value, a pattern, a length). */
export function narrowedByPlatform(f: ApiField): boolean {
  return Object.values(f.platforms ?? {}).some(
    (u) => u.enum || u.fixed !== undefined || u.pattern || u.maxLength !== undefined,
  );
}
