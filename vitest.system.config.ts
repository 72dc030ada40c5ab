import { defineConfig } from 'vitest/config';

/**
 * `npm run test:system`: the tests that need more than Node beside the repository — Debian's
 * chromium (`browser.*`, the OAuth end-to-end flows through oidc-provider's login pages, the stats
 * page), PostgreSQL and Redis on 127.0.0.1 (stores, replicas, shared rate limits, the CLI on
 * PostgreSQL). Files are named `*.system.test.ts`. The global setup fails the run (never skips it)
 * when one of them is missing; `.ci/run` installs chromium, and CI runs the services.
 */
export default defineConfig({
  test: {
    setupFiles: ['./test/isolated-data-home.ts'],
    include: ['src/**/*.system.test.ts', 'test/**/*.system.test.ts'],
    globalSetup: ['./test/require-services.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The files wait on chromium, sockets and databases more than they compute: two workers on a 2-core machine.
    maxWorkers: 2,
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
