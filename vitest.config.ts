import { defineConfig } from 'vitest/config';

/**
 * `npm test`: the suite that stands alone on a fresh clone (fixtures inside the repository).
 * Suites over ../shared/corpora (`*.corpora.test.ts`, `npm run test:corpora`) and suites that need
 * system tools — nginx, systemd-analyze, a local registry (`*.deploy.test.ts`, `npm run test:deploy`)
 * — have their own configs, which `.ci/run` also runs.
 */
export default defineConfig({
  test: {
    setupFiles: ['./test/isolated-data-home.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/*.corpora.test.ts', '**/*.deploy.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most files wait on sockets, child processes or chromium more than they compute: two workers
    // on a 2-core machine (vitest's default there is one).
    maxWorkers: 2,
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
