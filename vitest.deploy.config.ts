import { defineConfig } from 'vitest/config';

/**
 * `npm run test:deploy`: the deployment kit against real system tools (nginx, systemd-analyze, a
 * local npm registry). The global setup fails the run (never skips it) when a tool is missing;
 * `.ci/run` installs them.
 */
export default defineConfig({
  test: {
    setupFiles: ['./test/isolated-data-home.ts'],
    include: ['src/**/*.deploy.test.ts', 'test/**/*.deploy.test.ts'],
    globalSetup: ['./test/require-system-tools.ts'],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    pool: 'forks',
    fileParallelism: false,
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
