/**
 * A vitest reporter that ends the run with the plain line `N passed, N failed, N skipped`, which
 * CI tooling reads in any language; vitest's own summary stays above it.
 */
import type { Reporter, TestModule } from 'vitest/node';

/** Counts test cases by state and prints the closing line. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (testModule.state() === 'failed' && [...testModule.children.allTests()].length === 0) failed++;
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
