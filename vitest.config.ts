import { defineConfig } from 'vitest/config';

/**
 * Unit tests that replace a module (`vi.mock`), which works only in a fresh module cache: they run
 * in the isolated project. test/suite-layout.test.ts checks that every such file is listed.
 */
export const MOCKING_UNIT_TESTS = ['src/auth/api-keys.test.ts'];

/** Test files of the other suites, which have their own configs. */
const OTHER_SUITES = ['**/node_modules/**', '**/*.corpora.test.ts', '**/*.system.test.ts', '**/*.deploy.test.ts'];

/**
 * `npm test`: the suite that stands alone on a fresh clone — Node, xmllint and the repository (fixtures
 * inside it), nothing else. Suites over ../shared/corpora (`*.corpora.test.ts`, `npm run
 * test:corpora`), suites that drive chromium, PostgreSQL or Redis (`*.system.test.ts`, `npm run
 * test:system`) and the deployment kit against nginx, systemd-analyze and a local registry
 * (`*.deploy.test.ts`, `npm run test:deploy`) have their own configs, which `.ci/run` also runs.
 *
 * Two projects: the unit tests beside the code (`src/`) share a worker's module cache between
 * files (`isolate: false`), as they hold no process-wide state, so the modules they import load once
 * per worker rather than once per file; the end-to-end files of `test/`, which start servers,
 * spawn the CLI and change process-wide settings, and the unit tests that replace a module, each
 * run in a fresh fork (docs/testing.md).
 */
export default defineConfig({
  test: {
    setupFiles: ['./test/isolated-data-home.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most files wait on sockets and child processes more than they compute: two workers on a
    // 2-core machine (vitest's default there is one).
    maxWorkers: 2,
    reporters: ['default', './test/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts'], exclude: [...OTHER_SUITES, ...MOCKING_UNIT_TESTS], isolate: false },
      },
      { extends: true, test: { name: 'end-to-end', include: ['test/**/*.test.ts', ...MOCKING_UNIT_TESTS], exclude: OTHER_SUITES } },
    ],
  },
});
