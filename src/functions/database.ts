/**
 * The look-up of one database by engine and id: its settings, and its credentials and
 * certificate. Those are secrets: the `...Output` form gives a secret Output; the promise form
 * gives plain values, as every promise-form look-up of Pulumi does (a program that exports them
 * should wrap them in `pulumi.secret`).
 */
// The SDK's output module (output, secret, Input, Output), not its index, which also loads the
// Automation API (about a second in each test file).
import * as pulumi from "@pulumi/pulumi/output";
import type { DatabasePathKey } from "../api/index.js";
import { secretsOf } from "../resources/managed-database/fields.js";
import { fromApi } from "../shared/fields/table.js";
import { lookupClient } from "./client.js";
import { databaseRef } from "./databases.js";
import type { DatabasePathArgs, InputArgs } from "./look-up-args.js";
import { DATABASE_DETAIL_RESULT } from "./result-tables.js";
import type { DatabaseDetailResult } from "./result-types.js";

/**
 * Arguments of {@link getDatabase}: the database's `engine`, "mysql" or "postgresql" (a database's
 * `engineType`), and its `id` (a database's `instanceId` or `id`).
 */
export type GetDatabaseArgs = DatabasePathArgs<DatabasePathKey>;

/**
 * Reads one database (needs a token). The credentials and certificate are read only while it is
 * active: the API's credentials and SSL views answer only then (cloud-api-v4.md, status requirements).
 */
export async function getDatabase(args: GetDatabaseArgs): Promise<DatabaseDetailResult> {
  const [engine, id] = databaseRef("getDatabase", args.engine, "id", args.id);
  const api = lookupClient().database(engine);
  const db = await api.get(id);
  const result = fromApi(DATABASE_DETAIL_RESULT, db, engine);
  if (db.status === "active") {
    const [credentials, certificate] = await Promise.all([api.getCredentials(id), api.getCertificate(id)]);
    Object.assign(result, secretsOf(credentials, certificate));
  }
  return result as unknown as DatabaseDetailResult;
}

/** {@link getDatabase} taking Outputs; the whole result is secret, since it holds the credentials. */
export function getDatabaseOutput(args: InputArgs<GetDatabaseArgs>): pulumi.Output<DatabaseDetailResult> {
  return pulumi.secret(pulumi.output(args).apply((a) => getDatabase(a as GetDatabaseArgs)));
}
