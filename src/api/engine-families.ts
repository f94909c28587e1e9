/**
 * The engine families a database takes, read from the model's `engine` field: every layer (the
 * client, the providers' checks, the emulator's routes) asks here instead of keeping a list.
 */
import type { Engine } from "./field.js";
import { DATABASE } from "./databases.js";

/** The engine families, in the model's order. */
export const ENGINES: readonly Engine[] = DATABASE.fields.engine.enum;

/** Whether `value` names an engine family (`mysql`, `postgresql`), not any other value. */
export function isEngine(value: unknown): value is Engine {
  return (ENGINES as readonly unknown[]).includes(value);
}
