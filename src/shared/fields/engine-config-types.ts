/**
 * The schema's object types of the databases' `engineConfig`, generated from the API's own
 * description of each engine's settings (src/api/engine-config, the recorded
 * `GET /databases/{engine}/config`): one type per level, named by its path
 * (`PostgresqlEngineConfigPgPgPartmanBgw`), each setting's type, bounds, values and restart
 * from its description. A new setting is a new recorded answer, and `npm run generate`.
 */
import {
  ENGINE_CONFIG_SCHEMAS,
  isSetting,
  type ConfigSchema,
  type Engine,
  type SettingSchema,
} from "../../api/index.js";
import { ENGINE_TYPES } from "../../client/index.js";
import { camel } from "./model-rows.js";
import type { FieldFacts, FieldType } from "./table.js";

const pascal = (wire: string): string => camel(wire).replace(/^./, (c) => c.toUpperCase());

/** The type name of an engine's settings (`MysqlEngineConfig`), the root of its types. */
export const engineConfigType = (engine: Engine): string => `${pascal(engine)}EngineConfig`;

/** The type name of either engine's settings, as a look-up over both engines shows them. */
export const ANY_ENGINE_CONFIG = "DatabaseEngineConfig";

/** A level of the description with each dotted key (`pg_partman_bgw.interval`) nested as a group of its own. */
function nested(schema: ConfigSchema): ConfigSchema {
  const out: Record<string, SettingSchema | Record<string, SettingSchema | ConfigSchema>> = {};
  for (const [key, node] of Object.entries(schema)) {
    const [head, ...rest] = key.split(".");
    if (rest.length === 0) out[head!] = isSetting(node) ? node : nested(node);
    else ((out[head!] ??= {}) as Record<string, SettingSchema | ConfigSchema>)[rest.join(".")] = node;
  }
  return Object.fromEntries(
    Object.entries(out).map(([k, v]) => [k, isSetting(v as SettingSchema) ? v : nested(v as ConfigSchema)]),
  ) as ConfigSchema;
}

function settingType(s: SettingSchema): FieldType {
  const type = (typeof s.type === "string" ? [s.type] : s.type).find((t) => t !== "null");
  return type === "integer" || type === "number" || type === "boolean" ? type : "string";
}

/**
 * What a setting the API types as `["null", ...]` adds to its row: a program may send null (the
 * API's way to clear it), and an answer may hold null.
 */
function nullable(s: SettingSchema): Pick<FieldFacts[string], "tsType" | "absent" | "unanswered"> {
  if (typeof s.type === "string" || !s.type.includes("null")) return {};
  return {
    tsType: `pulumi.Input<${inputTs(settingType(s))} | null>`,
    absent: "null",
    // Null when cleared, but an answer of a database that never set it leaves the key out.
    unanswered: "answers of a database that never set it",
  };
}

const inputTs = (t: FieldType): string => (t === "integer" || t === "number" ? "number" : String(t));

/** A setting's doc line: the API's description, then its rules and whether a change restarts the engine. */
function describe(s: SettingSchema): string {
  const rules = [
    s.minimum !== undefined || s.maximum !== undefined ? `${s.minimum ?? ""}..${s.maximum ?? ""}` : "",
    s.enum ? `one of ${s.enum.map((v) => JSON.stringify(v)).join(", ")}` : "",
    s.minLength !== undefined || s.maxLength !== undefined
      ? `${s.minLength ?? 0}..${s.maxLength ?? ""} characters`
      : "",
    s.pattern ? `matching \`${s.pattern}\`` : "",
    s.default !== undefined ? `API default ${JSON.stringify(s.default)}` : "",
    Array.isArray(s.type) && s.type.includes("null") ? "null clears it" : "",
  ].filter(Boolean);
  return [
    s.description.trim().replace(/\s+/g, " "),
    rules.length ? `(${rules.join("; ")}).` : "",
    s.requires_restart ? "Changing it restarts the database engine." : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** The object types of every engine's settings, by schema name. */
export function engineConfigTypes(): Record<string, [string, FieldFacts]> {
  const types: Record<string, [string, FieldFacts]> = {};
  const level = (name: string, description: string, schema: ConfigSchema): void => {
    const facts: FieldFacts = {};
    for (const [key, node] of Object.entries(schema)) {
      if (isSetting(node))
        facts[camel(key)] = {
          description: describe(node),
          change: "update",
          type: settingType(node),
          ...nullable(node),
        };
      else {
        const ref = `${name}${pascal(key)}`;
        facts[camel(key)] = { description: `The \`${key}\` settings.`, change: "update", type: { ref } };
        level(ref, `The \`${key}\` engine settings (${name}).`, node);
      }
    }
    types[name] = [description, facts];
  };
  for (const engine of ENGINE_TYPES)
    level(
      engineConfigType(engine),
      `The ${engine === "mysql" ? "MySQL" : "PostgreSQL"} engine settings a program sets, as GET /databases/${engine}/config describes them.`,
      nested(ENGINE_CONFIG_SCHEMAS[engine]),
    );
  // The engines' top-level keys are disjoint, so one type of both holds either engine's settings.
  types[ANY_ENGINE_CONFIG] = [
    "A database's engine settings as a look-up shows them: its engine's keys, each nested as that engine's settings type.",
    { ...types[engineConfigType("mysql")]![1], ...types[engineConfigType("postgresql")]![1] },
  ];
  return types;
}
