/**
 * The parallel build (src/snapshot/parallel-build.ts) on docs-large (7,425 pages, ../shared/corpora):
 * exactly what the single-threaded build gives, in `npm run test:corpora`. The generated sites are in
 * test/parallel-build.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { DOCS_LARGE } from './helpers.js';
import { BASE, loadSnapshot, outcome } from './parallel-build-support.js';

describe('the parallel build', () => {
  it('equals the single-threaded build on docs-large (7,425 pages)', () => {
    const parallel = loadSnapshot(DOCS_LARGE, { baseUrl: BASE });
    const serial = loadSnapshot(DOCS_LARGE, { baseUrl: BASE, parallel: false });
    expect(parallel.snapshot.buildWorkers).toBeGreaterThanOrEqual(2);
    expect(serial.snapshot.buildWorkers).toBe(0);
    expect(parallel.snapshot.site.pages.size).toBe(7425);
    expect(outcome(parallel)).toStrictEqual(outcome(serial));
  });
});
