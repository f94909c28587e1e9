/**
 * `npm run demo` against a real API never encrypts the user's token with the demo's built-in
 * passphrase: without PULUMI_CONFIG_PASSPHRASE (or _FILE) it stops, saying what to set, before it
 * sends the API anything or writes a stack.
 */
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { startTestEmulator, type TestEmulator } from "./support/emulator";

const repoRoot = path.resolve(__dirname, "..");
let api: TestEmulator;

beforeAll(async () => {
  api = await startTestEmulator();
});

afterAll(async () => {
  await api.close();
});

test("against a real API the demo asks for the user's own passphrase first", async () => {
  const env: Record<string, string | undefined> = {
    ...process.env,
    CLOUDPLATFORM_API_URL: api.url,
    CLOUDPLATFORM_TOKEN: api.token,
  };
  delete env.PULUMI_CONFIG_PASSPHRASE;
  delete env.PULUMI_CONFIG_PASSPHRASE_FILE;
  const run = spawnSync(process.execPath, [path.join(repoRoot, "scripts", "demo.mjs")], { env, encoding: "utf8" });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain("set PULUMI_CONFIG_PASSPHRASE (or PULUMI_CONFIG_PASSPHRASE_FILE)");
  expect(run.stderr).not.toContain(api.token);
  expect(await api.control.requests()).toEqual([]);
});
