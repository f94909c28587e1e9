/**
 * The emulator's today's platform (new databases `rdbms-default`) driven by the newest linodego the
 * Go module proxy serves (v1.69.1): the Go suite of test/conformance/linodego-today, pinned by its
 * go.mod and go.sum, runs every database function of that release against an emulator started
 * here, on success and failure paths (its README has the table and the counts). The pinned v1.60.0
 * suite on the contract's platform is test/conformance/linodego.test.ts. In the e2e tier: needs Go.
 */
import { join } from "node:path";
import { startTestEmulator, type TestEmulator } from "../support/emulator.js";
import { runGoSuite } from "../support/go-suite.js";

let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

test("linodego v1.69.1 drives every database operation it has on today's platform and its VPC IPv6 and vpc-availability calls, refusals read with their fields", async () => {
  const stdout = await runGoSuite(join(__dirname, "linodego-today"), emulator);
  for (const suite of [
    "TestCatalogue",
    "TestPlans",
    "TestEveryList",
    "TestMySQLToday",
    "TestPostgresToday",
    "TestFork",
    "TestPrivateNetwork",
    "TestEngineConfigMySQL",
    "TestEngineConfigPostgres",
    "TestVPCIPv6",
    "TestVPCAvailability",
  ])
    expect(stdout).toMatch(new RegExp(`^--- PASS: ${suite} `, "m"));
  expect(stdout).not.toMatch(/--- (FAIL|SKIP)/);
  // Every database function of the release is in the suite's table, every operation driven both ways
  // (the plans included), none left unserved.
  expect(stdout).toContain(
    "linodego v1.69.1 on today's platform: 30 database functions (1 waiter); 29 operations, 29 driven to a success, " +
      "27 driven to a refusal, 2 without a refusal to drive, 0 the emulator does not serve yet",
  );
}, 900_000);
