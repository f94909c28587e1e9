// Prints one closing line, "jest: N passed, N failed[, N skipped]", that CI log readers understand
// whatever the test runner; jest's own summary stays as it is.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const tail = skipped > 0 ? `, ${skipped} skipped` : "";
    process.stdout.write(`jest: ${results.numPassedTests} passed, ${failed} failed${tail}\n`);
  }
}
module.exports = SummaryReporter;
