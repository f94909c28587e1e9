/**
 * A database's engine settings on today's platform (`engine_config`, todays-platform.md §6): the
 * rule a create or update body's value follows, read from the API's own description of the
 * settings (src/api engine-config.ts), the PUT's merge, the answer with the API's defaults filled
 * in and its keys in alphabetical order (`GET /databases/{engine}/config` is engine-config-routes.ts's).
 * The field's wire name is spelled here only in the emulator.
 */
import { answeredEngineConfig, engineConfigProblems, mergeConfig, type EngineConfig } from "../../api/index.js";
import type { ErrorList } from "../failures.js";
import type { DatabaseRecord, EngineType } from "../records.js";

/** The field's wire name, for the files that answer it without its rules (answer-shapes.ts). */
export const ENGINE_CONFIG_FIELD = "engine_config";
const FIELD = ENGINE_CONFIG_FIELD;

/** What a record holds of its engine settings: those the requests gave, merged. */
interface Held {
  engine_config?: EngineConfig;
}

/** The settings a body gives (undefined when it gives none), each checked against the engine's description. */
function given(engine: EngineType, body: object, errors: ErrorList): EngineConfig | undefined {
  const value = (body as Held)[FIELD];
  if (value === undefined) return undefined;
  const problems = engineConfigProblems(engine, value, FIELD);
  for (const p of problems) errors.add(p.field, p.reason);
  return problems.length === 0 ? value : undefined;
}

/** The engine settings a create body gives, checked; the record holds them as given. */
export function engineConfigAtCreate(engine: EngineType, body: object, errors: ErrorList): Held {
  return { [FIELD]: given(engine, body, errors) ?? {} };
}

/**
 * The engine settings after an update body: what it gives merged into what the record holds
 * (the API's PUT merges, §6), or undefined when it gives none. Applied with {@link applyEngineConfig}.
 */
export function engineConfigUpdate(db: DatabaseRecord, body: object, errors: ErrorList): EngineConfig | undefined {
  const patch = given(db.engine, body, errors);
  return patch && mergeConfig((db as Held)[FIELD] ?? {}, patch);
}

/** Stores the merged settings an update gave. */
export function applyEngineConfig(db: DatabaseRecord, merged: EngineConfig | undefined): void {
  if (merged) (db as Held)[FIELD] = merged;
}

/** The answer's engine settings: the API's defaults, then what the requests gave, keys alphabetical. */
export const ENGINE_CONFIG_ANSWER = {
  [FIELD]: (db: DatabaseRecord) => answeredEngineConfig(db.engine, (db as Held)[FIELD] ?? {}),
};
