/** What the tests of today's platform's additions share: an emulator whose new databases are `rdbms-default`. */
import { withEmulator, type TestEmulator } from "../../support/emulator.js";
import { apiCaller, type Answer } from "../http.js";

/** A database engine family. */
export type Engine = "mysql" | "postgresql";

/** The instances path of an engine. */
export const base = (engine: Engine) => `/databases/${engine}/instances`;

/** One emulator for the file, reset before each test, making new databases on `platform`. */
export function todaysEmulator() {
  const em = withEmulator();
  const call = apiCaller(() => em().url);
  beforeEach(async () => {
    await setPlatform(em(), "rdbms-default");
  });

  /** Sends a create on the current platform, with the body's defaults of today's platform. */
  const create = (engine: Engine, body: Record<string, unknown> = {}): Promise<Answer> =>
    call("POST", base(engine), {
      body: {
        label: `db-${engine}-${Math.random().toString(36).slice(2, 8)}`,
        region: "us-east",
        type: "g6-dedicated-4",
        engine: engine === "mysql" ? "mysql/8" : "postgresql/16",
        ...body,
      },
    });

  /** Creates a database and moves the clock past provisioning; its id. */
  const active = async (engine: Engine, body: Record<string, unknown> = {}): Promise<number> => {
    const made = await create(engine, body);
    if (made.status !== 200) throw new Error(made.text);
    await em().control.advanceClock(3);
    return made.body.id as number;
  };

  const get = (engine: Engine, id: number) => call("GET", `${base(engine)}/${id}`);
  return { em, call, create, active, get };
}

/** Makes the emulator's new databases `platform`'s, through the control API. */
export async function setPlatform(em: TestEmulator, platform: "rdbms-default" | "rdbms-legacy"): Promise<void> {
  const res = await fetch(`${em.url}/_emulator/platform`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ databases: platform }),
  });
  if (res.status !== 200) throw new Error(`platform switch: ${res.status} ${await res.text()}`);
}
