/**
 * A database's inputs and state as the engine hands them over, typed by the database resources'
 * field table: a provider reads `inputs.label` or names a field (`DATABASE_KEYS.label`) through
 * the table, never by spelling the name again.
 */
import { keyNames } from "../../api/index.js";
import type { InputBag } from "../../shared/fields/validate.js";
import { DATABASE_FIELDS } from "./fields.js";

/** A database's inputs or state: each key of the field table, of any value. */
export type DatabaseBag = InputBag<typeof DATABASE_FIELDS>;

/** The names of the database resources' inputs and outputs, read from the field table. */
export const DATABASE_KEYS = keyNames(DATABASE_FIELDS);
