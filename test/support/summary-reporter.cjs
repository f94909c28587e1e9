// Prints the run's slowest suites, so that where a tier's time goes shows in every log, then one
// closing line, "jest: N passed, N failed[, N skipped]", that CI log readers understand whatever
// the test runner; jest's own summary stays as it is.
const path = require("node:path");

/** How many of the slowest suites the summary names. */
const SLOWEST = 5;

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const slowest = results.testResults
      .map((r) => ({ file: path.relative(process.cwd(), r.testFilePath), ms: r.perfStats.end - r.perfStats.start }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST)
      .map((s) => `${s.file} ${(s.ms / 1000).toFixed(1)} s`);
    if (slowest.length > 1) process.stdout.write(`jest: slowest suites: ${slowest.join(", ")}\n`);
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const tail = skipped > 0 ? `, ${skipped} skipped` : "";
    process.stdout.write(`jest: ${results.numPassedTests} passed, ${failed} failed${tail}\n`);
  }
}
module.exports = SummaryReporter;
