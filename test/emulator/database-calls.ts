/** The calls the emulator's database tests share: create with defaults, get, put, a create run to active. */
import type { TestEmulator } from "../support/emulator.js";
import { apiCaller } from "./http.js";

/** A database engine family. */
export type EngineType = "mysql" | "postgresql";

/** The instances path of an engine. */
export const base = (engine: string) => `/databases/${engine}/instances`;

/**
 * The database calls on `em`, whose provisioning takes 600 seconds: a create sends `engines`' id
 * of its engine, and the body's defaults, unless the body says otherwise.
 */
export function databaseCalls(em: () => TestEmulator, engines: Record<EngineType, string>) {
  const call = apiCaller(() => em().url);
  const create = (engine: EngineType, body: Record<string, unknown> = {}, headers?: Record<string, string>) =>
    call("POST", base(engine), {
      body: {
        label: `db-${engine}`,
        region: "us-east",
        type: "g6-standard-1",
        engine: engines[engine],
        ...body,
      },
      headers,
    });
  const get = (engine: string, id: number) => call("GET", `${base(engine)}/${id}`);
  const put = (engine: string, id: number, body: Record<string, unknown>) =>
    call("PUT", `${base(engine)}/${id}`, { body });

  /** Creates a database and lets provisioning finish by moving the clock. */
  async function active(engine: EngineType, body: Record<string, unknown> = {}) {
    const db = await create(engine, body);
    if (db.status !== 200) throw new Error(db.text);
    await em().control.advanceClock(600);
    return db.body.id as number;
  }

  return { call, create, get, put, active };
}
