/**
 * What the `engineConfig` tests share (engine-config-changes.test.ts, engine-config-platforms.test.ts):
 * the emulator with the provider pointed at it on today's platform, the providers, a raw call of
 * the API, a database made past the provider, and the request bodies the providers send.
 */
import { HttpClient, type HttpMethod, type RequestOptions } from "../../src/client/http.js";
import { provider as mysqlProvider } from "../../src/resources/mysql-database.js";
import { provider as pgProvider } from "../../src/resources/postgresql-database.js";
import { useProviderEmulator, useTodaysPlatform } from "./provider-env.js";

export type Engine = "mysql" | "postgresql";
export type Bag = Record<string, unknown>;

export const providers = {
  mysql: mysqlProvider as Required<typeof mysqlProvider>,
  postgresql: pgProvider as Required<typeof pgProvider>,
};

/** The request bodies the providers send with `method` while `run` runs. */
export async function sent(method: HttpMethod, run: () => Promise<unknown>): Promise<Bag[]> {
  const bodies: Bag[] = [];
  const original = HttpClient.prototype.request;
  const spy = jest.spyOn(HttpClient.prototype, "request").mockImplementation(function (
    this: HttpClient,
    m: HttpMethod,
    path: string,
    options?: RequestOptions,
  ) {
    if (m === method && options?.body) bodies.push(options.body as Bag);
    return original.call(this, m, path, options);
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return bodies;
}

/**
 * One emulator for the test file, the provider's environment pointing at it and its platform
 * today's before each test; with the calls that need it.
 */
export function useEngineConfigEnv() {
  const emulator = useProviderEmulator();
  useTodaysPlatform(emulator);

  /** Calls the emulator's API directly (what another client, or the console, would do). */
  async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: Bag }> {
    const res = await fetch(`${emulator().apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${emulator().token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Bag };
  }

  /**
   * A database made on the emulator with these engine settings, active, as a program that sets
   * `program` holds it after an up: its id, its state and the inputs refresh would give.
   */
  async function existing(
    engine: Engine,
    engineConfig: Bag,
    program: Bag,
  ): Promise<{ id: string; state: Bag; inputs: Bag }> {
    const made = await api("POST", `/databases/${engine}/instances`, {
      label: `${engine}-settings`,
      region: "us-east",
      type: "g6-dedicated-4",
      engine: engine === "mysql" ? "mysql/8" : "postgresql/16",
      engine_config: engineConfig,
    });
    expect(made.status).toBe(200);
    await emulator().control.advanceClock(5);
    const id = String(made.body.id);
    const read = await providers[engine].read(id, { engineConfig: program, setInputs: ["engineConfig"] });
    return { id, state: read.props!, inputs: read.inputs! };
  }

  return { emulator, api, existing };
}
