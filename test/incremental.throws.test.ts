/**
 * A watch build that throws midway (a page's read, or putting the site together after the
 * search indexes were patched), then the next builds, the reloader reporting the failed build's paths
 * again (src/snapshot/watch.ts): every answer as from scratch (test/incremental-support.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadCache } from '../src/snapshot/read-cache.js';
import { loadSnapshot } from '../src/snapshot/snapshot.js';
import { closeScene, sceneOf, type Scene } from './incremental-support.js';

/** Which step of the incremental build throws next, once. */
const fail: { read?: string | undefined; site?: boolean } = {};

vi.mock('../src/content/site.js', async (importOriginal) => {
  const site = await importOriginal<typeof import('../src/content/site.js')>();
  return {
    ...site,
    readSourcePage: (...args: Parameters<typeof site.readSourcePage>) => {
      if (args[0].relPath === fail.read) {
        fail.read = undefined;
        throw new Error('read failed');
      }
      return site.readSourcePage(...args);
    },
    siteInSteps: (...args: Parameters<typeof site.siteInSteps>) => {
      if (fail.site === true) {
        fail.site = false;
        throw new Error('site failed');
      }
      return site.siteInSteps(...args);
    },
  };
});

const BUILDS = { loadSnapshot, ReadCache, parallel: false };

let scene: Scene | undefined;
afterEach(async () => {
  await closeScene(scene);
  scene = undefined;
});

/** Rebuilds after `heard`; when the build throws, rebuilds again for the same paths, as the reloader does. */
function rebuiltAfterFailure(s: Scene, heard: string[]): string {
  try {
    s.rebuild(heard);
    return 'built';
  } catch (error) {
    s.rebuild(heard);
    return (error as Error).message;
  }
}

describe('incremental snapshots: a watch build that throws', { timeout: 90_000 }, () => {
  it('a read throws midway, then the site step after the search patch; the edits after', async () => {
    scene = await sceneOf(
      {
        'index.md': '# Home\n\nWelcome.\n',
        'a.md': '# A\n\nAlpha: gecko.\n',
        'b.md': '# B\n\nBeta: gecko.\n',
        'c.md': '# C\n\n<!--@include: ./part.md-->\n',
        'part.md': '# Part\n\nShared: skink.\n',
        'd.md': '# D\n\nDelta.\n',
      },
      BUILDS,
    );
    const s = scene;
    s.rebuild();
    s.site.write('a.md', '# A\n\nAlpha: iguana.\n');
    s.site.write('b.md', '---\naccess: internal\n---\n\n# B\n\nBeta: iguana.\n');
    s.site.write('part.md', '# Part\n\nShared: iguana.\n');
    fail.read = 'b.md';
    expect(rebuiltAfterFailure(s, ['a.md', 'b.md', 'part.md'])).toBe('read failed');
    await s.expectSameAnswers(['gecko', 'iguana', 'skink']);
    s.site.write('d.md', '# D\n\nDelta: iguana.\n');
    s.site.remove('a.md');
    fail.site = true;
    expect(rebuiltAfterFailure(s, ['d.md', 'a.md'])).toBe('site failed');
    await s.expectSameAnswers(['gecko', 'iguana', 'skink']);
    s.site.write('b.md', '# B\n\nBeta: public again, gecko.\n');
    s.site.write('part.md', '# Part\n\nShared: skink.\n');
    s.rebuild(['b.md', 'part.md']);
    expect(s.cache.assemblyPatched).toBe(true);
    await s.expectSameAnswers(['gecko', 'iguana', 'skink']);
  });
});
