/**
 * A vitest reporter that ends the run with the plain line `N passed, N failed, N skipped`, which
 * CI tooling reads in any language; vitest's own summary stays above it. Before it, the number of
 * generated fuzz cases run, when any fuzz test ran.
 */
import type { Reporter, TestModule } from 'vitest/node';
import { FUZZ_SEED } from './fuzz-support.js';

/** Counts test cases by state and prints the closing line. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    let fuzzCases = 0;
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        fuzzCases += test.meta().fuzzCases ?? 0;
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (testModule.state() === 'failed' && [...testModule.children.allTests()].length === 0) failed++;
    }
    // The fuzz tests (test/fuzz-support.ts) record their generated cases in test meta.
    if (fuzzCases > 0) process.stdout.write(`\nfuzz: ${fuzzCases} generated cases run (seed ${FUZZ_SEED})\n`);
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
