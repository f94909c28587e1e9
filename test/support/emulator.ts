/**
 * Test helper: a real emulator on a free port plus typed wrappers of its control API, using
 * Node's global fetch. Every test file starts its own and closes it after.
 */
import { buildApp, startEmulator, type EmulatorOptions, type FaultRule } from "../../src/emulator/index.js";
import { startRecordingEmulator, type Exchange } from "./exchanges.js";

/** Timings under which every asynchronous database change is done at the next read. */
export const INSTANT_TIMINGS = {
  provisioningSeconds: 0,
  updatingSeconds: 0,
  patchSeconds: 0,
  snapshotSeconds: 0,
  restoreSeconds: 0,
  credentialsResetSeconds: 0,
  suspendSeconds: 0,
  resumeSeconds: 0,
  firstBackupSeconds: 0,
  subnetReleaseSeconds: 0,
};

/** The control API of a running test emulator. */
export interface EmulatorControl {
  reset(): Promise<void>;
  seed(body: Record<string, unknown>): Promise<unknown>;
  advanceClock(seconds: number): Promise<{ now: string }>;
  setClockScale(scale: number): Promise<{ now: string }>;
  setTimings(timings: Record<string, number>): Promise<void>;
  setStatus(engine: "mysql" | "postgresql", id: number, status: string): Promise<void>;
  addFault(rule: FaultRule): Promise<{ id: number }>;
  clearFaults(): Promise<void>;
  setRateLimit(limit: number | null, windowSeconds?: number): Promise<void>;
  requests(): Promise<
    { method: string; path: string; query: string; status: number; handled: boolean; time: string }[]
  >;
  clearRequests(): Promise<void>;
  /** The shape of database answers: the contract's, or the API's from late 2024 on. */
  setAnswers(databases: "4.176.0" | "late-2024"): Promise<void>;
  /** The platform new databases are made on; stored ones keep theirs. */
  setPlatform(databases: "rdbms-legacy" | "rdbms-default"): Promise<void>;
  /** Writes values a database holds that today's rules refuse (no rule applied). */
  holdValues(engine: "mysql" | "postgresql", id: number, values: { label?: string; updates?: object }): Promise<void>;
}

/** A running test emulator. */
export interface TestEmulator {
  /** Base URL without `/v4` (what the client's `apiUrl` takes). */
  url: string;
  /** `url + "/v4"`. */
  apiUrl: string;
  /** The default unrestricted token with all scopes. */
  token: string;
  control: EmulatorControl;
  close(): Promise<void>;
}

/**
 * The API a test emulator starts as unless told: the contract's (`rdbms-legacy`, its regions and
 * platform), which the contract's suites and stories are written against. The emulator's own
 * default is today's API; a test of today's passes `{ platform: "rdbms-default" }` (or
 * {@link TODAYS_API}).
 */
export const TEST_DEFAULT_PLATFORM = "rdbms-legacy" as const;

/** The options of an emulator started as today's API, the emulator's own default. */
export const TODAYS_API: EmulatorOptions = { platform: "rdbms-default" };

/**
 * Starts an emulator on 127.0.0.1 port 0, as the contract's API unless `opts.platform` says
 * otherwise ({@link TEST_DEFAULT_PLATFORM}). Given `exchanges`, every API exchange it answers is
 * appended there (for the conformance tests).
 */
export async function startTestEmulator(given: EmulatorOptions = {}, exchanges?: Exchange[]): Promise<TestEmulator> {
  const opts: EmulatorOptions = { platform: TEST_DEFAULT_PLATFORM, ...given };
  const emulator = exchanges
    ? await startRecordingEmulator(opts, exchanges)
    : await startEmulator({ ...opts, port: 0, host: "127.0.0.1" });
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${emulator.url}/_emulator${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as unknown;
    if (!res.ok) throw new Error(`control ${method} ${path} failed: ${res.status} ${JSON.stringify(json)}`);
    return json as Record<string, unknown>;
  };
  const control: EmulatorControl = {
    reset: async () => void (await call("POST", "/reset")),
    seed: (body) => call("POST", "/seed", body),
    advanceClock: async (seconds) => (await call("POST", "/clock", { advanceSeconds: seconds })) as { now: string },
    setClockScale: async (scale) => (await call("POST", "/clock", { scale })) as { now: string },
    setTimings: async (timings) => void (await call("PUT", "/timings", timings)),
    setStatus: async (engine, id, status) => void (await call("PUT", `/databases/${engine}/${id}/status`, { status })),
    addFault: async (rule) => (await call("POST", "/faults", rule)) as unknown as { id: number },
    clearFaults: async () => void (await call("DELETE", "/faults")),
    setRateLimit: async (limit, windowSeconds) =>
      void (await call("PUT", "/rate-limit", { limit, ...(windowSeconds ? { windowSeconds } : {}) })),
    requests: async () => (await call("GET", "/requests")).requests as Awaited<ReturnType<EmulatorControl["requests"]>>,
    clearRequests: async () => void (await call("DELETE", "/requests")),
    setAnswers: async (databases) => void (await call("PUT", "/answers", { databases })),
    setPlatform: async (databases) => void (await call("PUT", "/platform", { databases })),
    holdValues: async (engine, id, values) => void (await call("PATCH", `/databases/${engine}/${id}`, values)),
  };
  return { url: emulator.url, apiUrl: `${emulator.url}/v4`, token: "emulator-token", control, close: emulator.close };
}

/** `buildApp` (an in-process emulator) as the contract's API unless `opts.platform` says otherwise. */
export function buildTestApp(opts: EmulatorOptions = {}): ReturnType<typeof buildApp> {
  return buildApp({ platform: TEST_DEFAULT_PLATFORM, ...opts });
}

/** Jest helper: one emulator for a describe block, reset before each test. */
export function withEmulator(opts: EmulatorOptions = {}): () => TestEmulator {
  let current: TestEmulator | undefined;
  beforeAll(async () => {
    current = await startTestEmulator(opts);
  });
  beforeEach(async () => {
    await current?.control.reset();
  });
  afterAll(async () => {
    await current?.close();
  });
  return () => {
    if (!current) throw new Error("emulator not started (use inside a test)");
    return current;
  };
}
