/**
 * Runs a Go test suite of test/conformance against a running emulator, as the e2e tier does: its
 * go.mod and go.sum are the pins (nothing is resolved anew, and go.sum's hashes need no checksum
 * database). Without Go on the machine the run fails: these suites are not optional.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { TestEmulator } from "./emulator.js";

const run = promisify(execFile);

/** `go test -count=1 -v ./...` in `dir` against `emulator`; its standard output, or an error with both outputs. */
export async function runGoSuite(dir: string, emulator: TestEmulator): Promise<string> {
  const { stdout } = await run("go", ["test", "-count=1", "-v", "./..."], {
    cwd: dir,
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      CLOUDPLATFORM_EMULATOR_URL: emulator.url,
      CLOUDPLATFORM_EMULATOR_TOKEN: emulator.token,
      GOFLAGS: "-mod=readonly -buildvcs=false",
      GOSUMDB: "off",
    },
  }).catch((err: { code?: string; stdout?: string; stderr?: string; message: string }) => {
    if (err.code === "ENOENT") throw new Error(`Go is not installed (no "go" on PATH): this suite needs it`);
    throw new Error(`go test failed:\n${err.stdout ?? ""}\n${err.stderr ?? err.message}`);
  });
  return stdout;
}
