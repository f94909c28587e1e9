/**
 * Conformance with the real API's official Go client, linodego (the client the Terraform provider
 * for this API is built on): the Go suite of test/conformance/linodego, pinned by its go.mod and
 * go.sum, drives an emulator started here through every contract operation linodego has a
 * function for, on success and failure paths (README.md beside it has the table). In the e2e tier:
 * it needs Go, and on a fresh machine the first run downloads the module and builds it.
 */
import { join } from "node:path";
import { startTestEmulator, type TestEmulator } from "../support/emulator.js";
import { runGoSuite } from "../support/go-suite.js";

let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

test("linodego drives every contract operation it has a function for, its refusals read with their fields", async () => {
  const stdout = await runGoSuite(join(__dirname, "linodego"), emulator);
  expect(stdout).toMatch(/^--- PASS: TestMySQLLifecycle/m);
  expect(stdout).toMatch(/^--- PASS: TestPostgresLifecycle/m);
  expect(stdout).not.toMatch(/^--- (FAIL|SKIP)/m);
  // Every operation is driven or listed with its reason; the counts are those of the README's table.
  expect(stdout).toContain(
    "linodego conformance: 44 of 47 contract operations driven to a success; 45 driven to a refusal; " +
      "1 whose API answer linodego cannot read; 2 without a linodego function",
  );
}, 900_000);
