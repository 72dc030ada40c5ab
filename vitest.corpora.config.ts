import { defineConfig } from 'vitest/config';

/**
 * `npm run test:corpora`: the suites over ../shared/corpora. The global setup fails the run (never
 * skips it) when ../shared is missing.
 */
export default defineConfig({
  test: {
    setupFiles: ['./test/isolated-data-home.ts'],
    include: ['src/**/*.corpora.test.ts', 'test/**/*.corpora.test.ts'],
    globalSetup: ['./test/require-shared.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
