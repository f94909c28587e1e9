/**
 * The engine settings of today's database platform, as the API describes them
 * itself: one recorded copy of `GET /databases/{engine}/config` per engine (engine-config/*.json,
 * whose README names the source). Everything else is read from those files: the rule a setting's
 * value follows (type, bounds, enum, pattern, null), the defaults an answer fills in, and the
 * answer's alphabetical order. The emulator checks bodies with {@link engineConfigProblems}; the
 * providers' declarations are generated from {@link ENGINE_CONFIG_SCHEMAS}.
 */
import mysql from "./engine-config/mysql.json";
import postgresql from "./engine-config/postgresql.json";
import filled from "./engine-config/filled.json";
import type { Engine } from "./field.js";
import { boundsProblem, ruleReason, type Bounds } from "./rules.js";

/** One setting as the API describes it (`requires_restart`: changing it restarts the engine). */
export interface SettingSchema {
  readonly description: string;
  readonly type: string | readonly string[];
  readonly requires_restart: boolean;
  readonly example?: unknown;
  readonly default?: unknown;
  readonly enum?: readonly unknown[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
}

/** A level of the description: settings, and groups of settings nested as a database's answer nests them. */
export interface ConfigSchema {
  readonly [key: string]: SettingSchema | ConfigSchema;
}

/** A value of a database's engine settings (or of one of their groups). */
export type EngineConfig = { [key: string]: unknown };

/** The recorded `GET /databases/{engine}/config` answers. */
export const ENGINE_CONFIG_SCHEMAS: Readonly<Record<Engine, ConfigSchema>> = {
  mysql: mysql as ConfigSchema,
  postgresql: postgresql as ConfigSchema,
};

/** What the API answers for settings no request gave, beyond the descriptions' defaults (README). */
const FILLED: Readonly<Record<Engine, EngineConfig>> = filled;

/** Whether a node of the description is a setting (the API gives each one `requires_restart`). */
export function isSetting(node: SettingSchema | ConfigSchema): node is SettingSchema {
  return typeof node.requires_restart === "boolean";
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "null":
      return value === null;
    default:
      return typeof value === type;
  }
}

/**
 * Why `value` is not a value of `setting`, or undefined when it is: the first rule it breaks
 * (type, enum, bounds, length, pattern), worded by rules.ts as every other field's refusal is,
 * so the emulator's answer and a preview's check say the same.
 */
export function settingProblem(setting: SettingSchema, value: unknown): string | undefined {
  const types = typeof setting.type === "string" ? [setting.type] : setting.type;
  if (!types.some((t) => hasType(value, t))) {
    const typed = types.filter((t) => t !== "null");
    const reason = ruleReason("type", { type: typed[0] as Bounds["type"] });
    return types.includes("null") ? `${reason} or null` : reason;
  }
  if (value === null) return undefined;
  const { type: _type, ...bounds } = setting;
  return boundsProblem(bounds, value);
}

/** One refusal of an engine settings value: the field's dotted name and the rule it breaks. */
export interface ConfigProblem {
  field: string;
  reason: string;
}

const isObject = (v: unknown): v is EngineConfig => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Every problem of an engine settings value of `engine` against the API's description, each named
 * by its path under `prefix` (the body field's name, then `.mysql.connect_timeout`). A key the
 * description lacks is refused, naming where the engine's settings are listed.
 */
export function engineConfigProblems(engine: Engine, value: unknown, prefix: string): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const walk = (schema: ConfigSchema, given: unknown, path: string) => {
    if (!isObject(given)) return problems.push({ field: path, reason: ruleReason("type", { type: "object" }) });
    for (const [key, v] of Object.entries(given)) {
      const field = `${path}.${key}`;
      const node = Object.hasOwn(schema, key) ? schema[key] : undefined;
      if (!node)
        problems.push({ field, reason: `Not a ${engine} setting (GET /v4/databases/${engine}/config lists them)` });
      else if (isSetting(node)) {
        const reason = settingProblem(node, v);
        if (reason) problems.push({ field, reason });
      } else walk(node, v, field);
    }
  };
  walk(ENGINE_CONFIG_SCHEMAS[engine], value, prefix);
  return problems;
}

/** `patch` merged into `base` at every level (the API's PUT merges); neither is changed. */
export function mergeConfig(base: EngineConfig, patch: EngineConfig): EngineConfig {
  const out: EngineConfig = { ...base };
  for (const [key, v] of Object.entries(patch))
    out[key] = isObject(v) && isObject(out[key]) ? mergeConfig(out[key], v) : structuredClone(v);
  return out;
}

function defaultsOf(schema: ConfigSchema): EngineConfig {
  const out: EngineConfig = {};
  for (const [key, node] of Object.entries(schema)) {
    if (isSetting(node)) {
      if (node.default !== undefined) out[key] = node.default;
    } else {
      const inner = defaultsOf(node);
      if (Object.keys(inner).length > 0) out[key] = inner;
    }
  }
  return out;
}

/** The keys of every level in alphabetical order, as the API answers them. */
export function sortedConfig(value: EngineConfig): EngineConfig {
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, isObject(value[k]) ? sortedConfig(value[k]) : value[k]]),
  );
}

/**
 * The engine settings an answer carries for the settings `given`: the API's defaults (the
 * description's and the recorded ones), overridden by what was given, keys in alphabetical order.
 */
export function answeredEngineConfig(engine: Engine, given: EngineConfig): EngineConfig {
  const defaults = mergeConfig(defaultsOf(ENGINE_CONFIG_SCHEMAS[engine]), FILLED[engine]);
  return sortedConfig(mergeConfig(defaults, given));
}
