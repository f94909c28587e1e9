/**
 * The fields of `MysqlDatabase` and `PostgresqlDatabase`, one declaration each (see
 * ../../shared/fields/table.ts): the inputs' rows (input-fields.ts), then the outputs'
 * (output-fields.ts), and the codec of the secrets they share with the look-ups.
 */
import type { Database } from "../../client/index.js";
import type { FieldTable } from "../../shared/fields/table.js";
import { DATABASE_INPUT_FIELDS } from "./input-fields.js";
import { DATABASE_OUTPUT_FIELDS } from "./output-fields.js";

export { secretsOf } from "./output-fields.js";

/** Every field of both database resources; `engines` marks the PostgreSQL-only one. */
export const DATABASE_FIELDS = { ...DATABASE_INPUT_FIELDS, ...DATABASE_OUTPUT_FIELDS } satisfies FieldTable<Database>;
