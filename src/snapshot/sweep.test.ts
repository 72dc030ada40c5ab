import { mkdtempSync, rmSync, writeFileSync, mkdirSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runSteps } from '../build-steps.js';
import { ReadCache } from './read-cache.js';
import { loadSnapshot } from './snapshot.js';
import { startSweeping } from './sweep.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A site of three pages, built once into a read cache. */
function built(): { dir: string; cache: ReadCache } {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-sweep-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'guides'));
  writeFileSync(path.join(dir, 'index.md'), '# Home\n');
  writeFileSync(path.join(dir, 'guides/a.md'), '# A\n');
  writeFileSync(path.join(dir, 'guides/b.md'), '# B\n');
  const cache = new ReadCache();
  loadSnapshot(dir, { baseUrl: 'http://x', readCache: cache, parallel: false });
  return { dir, cache };
}

describe('ReadCache.sweep', () => {
  it('finds the page files changed or gone since they were read, and nothing when none is', () => {
    const { dir, cache } = built();
    expect(runSteps(cache.sweep())).toStrictEqual([]);
    writeFileSync(path.join(dir, 'guides/b.md'), '---\naccess: internal\n---\n\n# B\n');
    // The same size and time would pass unseen: the time moves, as an editor's save moves it.
    utimesSync(path.join(dir, 'guides/b.md'), new Date(), new Date(Date.now() + 5_000));
    rmSync(path.join(dir, 'guides/a.md'));
    expect(runSteps(cache.sweep())).toStrictEqual(['guides/a.md', 'guides/b.md']);
    // Reported and built again, the sweep finds nothing left.
    cache.report(['guides/a.md', 'guides/b.md']);
    loadSnapshot(dir, { baseUrl: 'http://x', readCache: cache, parallel: false });
    expect(runSteps(cache.sweep())).toStrictEqual([]);
  });

  it('finds nothing before a first build', () => {
    expect(runSteps(new ReadCache().sweep())).toStrictEqual([]);
  });
});

describe('startSweeping', () => {
  it('reports what each sweep finds, and nothing once stopped', async () => {
    const { dir, cache } = built();
    const reported: string[] = [];
    const stop = startSweeping(
      cache,
      (relPath) => reported.push(relPath),
      (error) => reported.push(`error: ${String(error)}`),
      20,
    );
    writeFileSync(path.join(dir, 'index.md'), '# Home, longer\n');
    await expect.poll(() => reported.includes('index.md')).toBe(true);
    stop();
    const count = reported.length;
    writeFileSync(path.join(dir, 'guides/a.md'), '# A, longer\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reported.length).toBe(count);
    expect(reported.every((relPath) => relPath === 'index.md')).toBe(true);
  });
});
