import { defineConfig } from 'vitest/config';

/**
 * Test files that must run in a fresh module graph of their own: they replace a module or a global
 * for the whole file (`vi.mock`, `vi.stubGlobal`, …), which a module cache shared with other files
 * would either ignore or leak. test/suite-isolation.test.ts keeps this list exact.
 */
export const ISOLATED = ['src/auth/api-keys.test.ts'];

/**
 * `npm test`: the suite that stands alone on a fresh clone (fixtures inside the repository).
 * Suites over ../shared/corpora (`*.corpora.test.ts`, `npm run test:corpora`) and suites that need
 * system tools — nginx, systemd-analyze, a local registry (`*.deploy.test.ts`, `npm run test:deploy`)
 * — have their own configs, which `.ci/run` also runs.
 *
 * Two projects, one worker pool. Importing the server costs each file about a second of CPU; in
 * the `shared` project a worker keeps its module cache from file to file (`isolate: false`,
 * vitest.dev/config/#isolate), so the program loads once per worker instead of once per file. Every
 * file there builds its own app, data folder and servers, and undoes in its hooks whatever global
 * it changes (fake timers, stdout spies, observers); `npm test -- --sequence.shuffle` checks that
 * no file depends on another's leftovers. The `isolated` project keeps vitest's default of a fresh
 * fork per file for {@link ISOLATED}.
 */
const EXCLUDE = ['**/node_modules/**', '**/*.corpora.test.ts', '**/*.deploy.test.ts'];

export default defineConfig({
  test: {
    setupFiles: ['./test/isolated-data-home.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most files wait on sockets, child processes or chromium more than they compute: two workers
    // on a 2-core machine (vitest's default there is one).
    maxWorkers: 2,
    reporters: ['default', './test/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], exclude: [...EXCLUDE, ...ISOLATED], isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED, exclude: EXCLUDE } },
    ],
  },
});
