/**
 * A stateful local emulator of the Cloud Platform API v4 (VPCs, regions, managed databases) with
 * a control API for tests. See docs/emulator.md.
 */
import type { AddressInfo } from "node:net";
import { buildApp, type EmulatorOptions } from "./app.js";

export { buildApp, type EmulatorOptions, type EmulatorParts } from "./app.js";
export { DEFAULT_TOKEN } from "./seed.js";
export { exposureWarnings, isLoopbackHost } from "./exposure.js";
export { StateFileError } from "./persistence.js";
export type { Timings } from "./store.js";
export type { FaultRule, RateLimit } from "./fault-rules.js";

/** A listening emulator. */
export interface RunningEmulator {
  /** Base URL without `/v4`, e.g. `http://127.0.0.1:43123`. */
  url: string;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/** Starts the emulator on `opts.host` (127.0.0.1) and `opts.port` (0 = a free port). */
export async function startEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  const app = buildApp(opts);
  const host = opts.host ?? "127.0.0.1";
  await app.listen({ port: opts.port ?? 0, host });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return {
    url,
    close: async () => {
      app.server.closeAllConnections();
      await app.close();
    },
  };
}
