/**
 * The `engineConfig` input of both databases: the API's engine settings (today's platform,
 * todays-platform.md §6) in camelCase, nested as the API nests it, a dotted key of the API
 * (`pg_partman_bgw.interval`) nesting too (`pg: { pgPartmanBgw: { interval } }`). Which settings
 * exist, their rules and which restart the engine come from the API's own description
 * (src/api/engine-config), never from here: this module only translates names.
 */
import {
  CONTRACT_PLATFORM,
  DATABASE,
  engineConfigProblems,
  ENGINE_CONFIG_SCHEMAS,
  isSetting,
  type ConfigSchema,
  type Platform,
} from "../../api/index.js";
import type { Database, EngineType } from "../../client/index.js";
import { camel, wireOf } from "../../shared/fields/model-rows.js";
import type { Codec } from "../../shared/fields/table.js";
import { changedPart } from "../../shared/fields/diff.js";
import { hasUnknown, type Bag, type Rules } from "../../shared/fields/validate.js";

/** The input's name. */
export const ENGINE_CONFIG_INPUT = "engineConfig";
/** The field's wire name, the model's. */
const WIRE = wireOf(DATABASE, ENGINE_CONFIG_INPUT);

const isObject = (v: unknown): v is Bag => typeof v === "object" && v !== null && !Array.isArray(v);
const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Both engines' descriptions as one: their top-level keys are disjoint, so either engine's value reads through it. */
const ANY_ENGINE: ConfigSchema = { ...ENGINE_CONFIG_SCHEMAS.mysql, ...ENGINE_CONFIG_SCHEMAS.postgresql };

/** An answer's settings in the program's form: camelCase, a dotted key nested (`a.b` as `a: { b }`). */
export function programForm(wire: Bag): Bag {
  const out: Bag = {};
  for (const [key, value] of Object.entries(wire)) {
    const path = key.split(".").map(camel);
    let level = out;
    for (const step of path.slice(0, -1)) level = (level[step] = isObject(level[step]) ? level[step] : {}) as Bag;
    level[path[path.length - 1]!] = isObject(value) ? programForm(value) : value;
  }
  return out;
}

/**
 * The program's settings as the API spells them: snake_case, and a group the description has only
 * as a dotted prefix (`pgPartmanBgw` in `pg`) flattened back into its dotted keys. A key the
 * description lacks is kept, in snake_case, for the description's rules to refuse by name.
 */
export function wireForm(value: Bag, schema: ConfigSchema = ANY_ENGINE): Bag {
  const out: Bag = {};
  for (const [name, v] of Object.entries(value)) {
    const key = snake(name);
    const node = Object.hasOwn(schema, key) ? schema[key] : undefined;
    if (node && !isSetting(node) && isObject(v)) out[key] = wireForm(v, node);
    else if (!node && isObject(v) && Object.keys(schema).some((k) => k.startsWith(`${key}.`)))
      for (const [inner, x] of Object.entries(v)) out[`${key}.${snake(inner)}`] = x;
    else out[key] = v;
  }
  return out;
}

/** How the field is read from an answer (none before the API had it) and written to a request. */
export const ENGINE_CONFIG_CODEC: Codec<Database> = {
  key: WIRE as keyof Database & string,
  read: (d) => {
    const held = (d as unknown as Bag)[WIRE];
    return isObject(held) ? programForm(held) : undefined;
  },
  write: (v) => ({ [WIRE]: wireForm(v as Bag) }),
};

/** A wire path's tail in the program's form: `.pg.pg_partman_bgw.interval` as `.pg.pgPartmanBgw.interval`. */
const programPath = (wirePath: string): string => wirePath.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * Judges the settings a program gives by the API's own description of `engine`'s settings, with
 * the emulator's reasons (src/api engine-config.ts over rules.ts), each named by the input's path.
 * A value not known yet is judged once it is.
 */
export function engineConfigCheck(engine: EngineType) {
  return (rules: Rules, news: Bag): void => {
    const value = news[ENGINE_CONFIG_INPUT];
    if (value === undefined || value === null || hasUnknown(value)) return;
    if (!isObject(value)) {
      rules.fail(ENGINE_CONFIG_INPUT, `${ENGINE_CONFIG_INPUT}: Must be an object`);
      return;
    }
    for (const p of engineConfigProblems(engine, wireForm(value), WIRE)) {
      const path = ENGINE_CONFIG_INPUT + programPath(p.field.slice(WIRE.length));
      rules.fail(path, `${path}: ${p.reason}`);
    }
  };
}

/** The paths (in the program's form, under `engineConfig`) of the settings in `value` whose change restarts the engine. */
export function restartingSettings(engine: EngineType, value: Bag): string[] {
  const out: string[] = [];
  const walk = (schema: ConfigSchema, wire: Bag, path: string): void => {
    for (const [key, v] of Object.entries(wire)) {
      const node = Object.hasOwn(schema, key) ? schema[key] : undefined;
      const here = `${path}.${key.split(".").map(camel).join(".")}`;
      if (!node) continue;
      if (isSetting(node)) {
        if (node.requires_restart) out.push(here);
      } else if (isObject(v)) walk(node, v, here);
    }
  };
  walk(ENGINE_CONFIG_SCHEMAS[engine], wireForm(value), ENGINE_CONFIG_INPUT);
  return out;
}

/**
 * The settings an update changes whose change restarts the engine (none on a create, nor while a
 * value is not known yet), named by their paths for the preview.
 */
export function restartsOf(engine: EngineType, olds: Bag, news: Bag): string[] {
  const next = news[ENGINE_CONFIG_INPUT];
  if (Object.keys(olds).length === 0 || !isObject(next) || hasUnknown(next)) return [];
  const changed = changedPart(olds[ENGINE_CONFIG_INPUT] ?? {}, next);
  return isObject(changed) ? restartingSettings(engine, changed) : [];
}

/**
 * Why the settings the program gives cannot go to a database on `platform` (the one it is on, or
 * a create would make it on; undefined when not told): the contract's platform takes no
 * engine settings. Names the field and the platform.
 */
export function engineConfigPlatformProblem(platform: Platform | null | undefined, inputs: Bag): string | undefined {
  const value = inputs[ENGINE_CONFIG_INPUT];
  if (value === undefined || value === null || platform !== CONTRACT_PLATFORM) return undefined;
  return (
    `${ENGINE_CONFIG_INPUT} is refused on the ${CONTRACT_PLATFORM} platform, which takes no engine settings: ` +
    `they are a setting of today's platform (rdbms-default); leave ${ENGINE_CONFIG_INPUT} out`
  );
}
