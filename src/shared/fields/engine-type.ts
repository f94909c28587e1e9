/** Telling an engine's name from any other input value. */
import { ENGINE_TYPES, type EngineType } from "../../client/index.js";

/** Whether a value names one of the engines (not an unknown value, nor anything else). */
export function isEngineType(value: unknown): value is EngineType {
  return ENGINE_TYPES.includes(value as EngineType);
}
