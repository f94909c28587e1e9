/**
 * What the database provider tests share: the providers, the programs they start from, and a raw
 * call of the emulated API.
 */
import { provider as mysqlProvider } from "../../src/resources/mysql-database.js";
import { provider as pgProvider } from "../../src/resources/postgresql-database.js";
import type { TestEmulator } from "../support/emulator.js";

/** The MySQL database provider, every method present. */
export const mysql = mysqlProvider as Required<typeof mysqlProvider>;
/** The PostgreSQL database provider, every method present. */
export const pg = pgProvider as Required<typeof pgProvider>;

/** A MySQL database's required inputs. */
export const base = { label: "orders-db", region: "us-east", type: "g6-standard-1", engineId: "mysql/8.0.30" };
/** A PostgreSQL database's required inputs. */
export const pgBase = { label: "pg-db", region: "us-east", type: "g6-standard-1", engineId: "postgresql/14.6" };

/** A call of `emulator`'s API with its token, past the provider: its JSON answer. */
export function apiOf(emulator: () => TestEmulator) {
  return async function api(path: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
    const res = await fetch(`${emulator().apiUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${emulator().token}`, "content-type": "application/json" },
    });
    return (await res.json()) as Record<string, unknown>;
  };
}
