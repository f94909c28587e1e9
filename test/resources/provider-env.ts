/**
 * Shared set-up of the provider tests: one emulator per test file, the provider configured the
 * way the engine does it (a config bag with full keys), and poll delays scaled down so waits on
 * the emulated clock finish in well under a second or two.
 */
import type * as pulumi from "@pulumi/pulumi";
import { withEmulator, type EmulatorControl, type TestEmulator } from "../support/emulator.js";
import { configure, resetCaches } from "../../src/shared/runtime/context.js";

/** Poll delays in tests: 1/200 of the real schedule. */
export const TEST_POLL_SCALE = "0.005";

/**
 * Emulated seconds per real second in the provider tests: a one-second provisioning is over in
 * 1/200 s, about when the first scaled poll looks again, so a create still waits and polls but
 * costs milliseconds. The providers' time limits stay real time; a timing of an hour stays out of
 * reach of any test.
 */
export const TEST_CLOCK_SCALE = 200;

/** A config bag like the one the dynamic-provider host passes to `configure`. */
export function configBag(values: Record<string, string>): pulumi.dynamic.Config {
  return {
    get: (key: string) => values[key],
    require: (key: string) => {
      const v = values[key];
      if (v === undefined) throw new Error(`missing ${key}`);
      return v;
    },
  };
}

/**
 * Starts an emulator for the describe block and configures the providers against it before each
 * test (after the emulator's reset, which sets the clock back to real time), so catalogue caches
 * never leak between tests, on the fast clock of {@link TEST_CLOCK_SCALE}.
 */
export function useProviderEmulator(opts: Parameters<typeof withEmulator>[0] = {}): () => TestEmulator {
  const emulator = withEmulator({ provisioningSeconds: 1, ...opts });
  const saved = process.env.CLOUDPLATFORM_POLL_SCALE;
  beforeAll(() => {
    process.env.CLOUDPLATFORM_POLL_SCALE = TEST_POLL_SCALE;
  });
  beforeEach(async () => {
    const e = emulator();
    await e.control.setClockScale(TEST_CLOCK_SCALE);
    resetCaches();
    await configure({ config: configBag({ "cloudplatform:token": e.token, "cloudplatform:apiUrl": e.url }) });
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.CLOUDPLATFORM_POLL_SCALE;
    else process.env.CLOUDPLATFORM_POLL_SCALE = saved;
  });
  return emulator;
}

/** Runs a promise that must reject and returns what it threw. */
export async function thrown(p: Promise<unknown>): Promise<Record<string, unknown> & Error> {
  try {
    await p;
  } catch (err) {
    return err as Record<string, unknown> & Error;
  }
  throw new Error("expected a rejection");
}

/** One entry of the emulator's request log. */
export type LoggedRequest = Awaited<ReturnType<EmulatorControl["requests"]>>[number];

/**
 * Waits until the emulator's request log satisfies `reached`: the provider call under test has got
 * that far, so the test may now move the clock or change a status.
 */
export async function untilLogged(emulator: TestEmulator, reached: (log: LoggedRequest[]) => boolean): Promise<void> {
  while (!reached(await emulator.control.requests())) await new Promise((r) => setTimeout(r, 10));
}

/**
 * Makes each test's new databases today's platform (`rdbms-default`) and points the client's
 * environment variables at the emulator, restoring them after the file.
 */
export function useTodaysPlatform(emulator: () => TestEmulator): void {
  const saved = {
    CLOUDPLATFORM_API_URL: process.env.CLOUDPLATFORM_API_URL,
    CLOUDPLATFORM_TOKEN: process.env.CLOUDPLATFORM_TOKEN,
  };
  beforeEach(async () => {
    process.env.CLOUDPLATFORM_API_URL = emulator().url;
    process.env.CLOUDPLATFORM_TOKEN = emulator().token;
    await emulator().control.setPlatform("rdbms-default");
  });
  afterAll(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
}
