/**
 * The wire names an entity's declaration yields for each use (create, update, answer, filter), in
 * the order each platform gives them, and its defaults.
 */
import {
  answeredOn,
  CONTRACT_PLATFORM,
  createdOn,
  updatedOn,
  type ApiField,
  type Engine,
  type Entity,
  type Platform,
} from "./field.js";

/** The wire names of an entity's fields, in declaration order. */
export function wireNames(e: Entity): string[] {
  return Object.keys(e.fields);
}

const ofEngine = (f: ApiField, engine?: Engine) => !engine || !f.engines || f.engines.includes(engine);

/** The wire names a create body takes (for `engine`, on `platform`), in declaration order. */
export function createNames(e: Entity, engine?: Engine, platform: Platform = CONTRACT_PLATFORM): string[] {
  return Object.entries(e.fields)
    .filter(([, f]) => createdOn(f, platform) && ofEngine(f, engine))
    .map(([k]) => k);
}

/** The wire names an update body takes (on `platform`), in declaration order. */
export function updateNames(e: Entity, platform: Platform = CONTRACT_PLATFORM): string[] {
  return Object.entries(e.fields)
    .filter(([, f]) => updatedOn(f, platform))
    .map(([k]) => k);
}

/**
 * The wire names an answer carries (for `engine`, on `platform`), in the platform's order: the
 * model's, or the one `answerOrder` gives (todays-platform.md §7.1).
 */
export function answerNames(e: Entity, engine?: Engine, platform: Platform = CONTRACT_PLATFORM): string[] {
  const names = Object.entries(e.fields)
    .filter(([, f]) => answeredOn(f, platform) && ofEngine(f, engine))
    .map(([k]) => k);
  return platform === CONTRACT_PLATFORM ? names : answerOrder(names, platform);
}

/**
 * Whether an answer of the contract's own platform may lack the field: one an answer may lack
 * (`absent`) that the published description does not list either (`published: false`), such as a
 * later platform's fields. Every other answered field is in every answer.
 */
export function answerMayLack(f: ApiField): boolean {
  return f.absent === true && f.published === false;
}

/**
 * Names in `platform`'s answer order: `rdbms-default` answers every object's keys alphabetically,
 * except a database's `version` and `platform`, which come last in that order (todays-platform.md §7.1).
 */
export function answerOrder(names: string[], platform: Platform): string[] {
  if (platform === CONTRACT_PLATFORM) return names;
  const last = PLATFORM_LAST_KEYS.filter((k) => names.includes(k));
  return [...names.filter((k) => !last.includes(k)).sort(), ...last];
}

/** The keys today's platform answers last, in this order (todays-platform.md §7.1). */
const PLATFORM_LAST_KEYS = ["version", "platform"];

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
