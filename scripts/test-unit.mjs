#!/usr/bin/env node
// `npm run test:unit`: the unit tier, type-checked. Jest compiles each file without its types
// (test/support/esm-to-cjs.cjs), so a type error in a test or a source would pass jest alone;
// `npm run typecheck` runs beside jest and the tier fails if either does. Side by side, because
// the tier mostly waits on sockets and timers: the check fits in the CPU time jest leaves idle.
// The check is incremental (its state in node_modules/.cache/typecheck), so after a small edit it
// costs seconds. Jest's output comes first, the check's after it.
//
//   node scripts/test-unit.mjs [jest arguments]
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const started = performance.now();

/** Runs a command, its output kept (captured) or passed through; resolves to its exit code and output. */
function run(command, args, capture) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit" });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const typecheck = run(npm, ["run", "--silent", "typecheck"], true);
const jest = await run(
  process.execPath,
  ["node_modules/jest/bin/jest.js", "--selectProjects", "unit", "--maxWorkers=2", ...process.argv.slice(2)],
  false,
);
const checked = await typecheck;
process.stdout.write(checked.output);
const seconds = Math.round((performance.now() - started) / 1000);
process.stdout.write(`typecheck: ${checked.code === 0 ? "passed" : "FAILED"}; the tier took ${seconds} s\n`);
process.exit(jest.code !== 0 ? jest.code : checked.code);
