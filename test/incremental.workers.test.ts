/**
 * Incremental snapshots on worker threads (issue 34, done-when 3): the compiled build (dist/, where
 * the worker script is: src/snapshot/parallel-build.ts) of a site heavy enough for workers — 210
 * `.mdx` pages weigh 5,250 files against PARALLEL_MIN_FILES — read first on workers into the read
 * cache, then one page edited (read again on this thread), then every `.mdx` page edited at once
 * (read again on workers while the other pages come from the cache). After each, every answer
 * equals that of a build from scratch (itself on workers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeScene, sceneOf, type Builds, type Scene } from './incremental-support.js';

const { loadSnapshot } = (await import(
  new URL('../dist/snapshot/snapshot.js', import.meta.url).href
)) as typeof import('../src/snapshot/snapshot.js');
const { ReadCache } = (await import(
  new URL('../dist/snapshot/read-cache.js', import.meta.url).href
)) as typeof import('../src/snapshot/read-cache.js');
const BUILDS: Builds = { loadSnapshot, ReadCache, parallel: true };
const TEST_TIMEOUT_MS = 120_000;
const MDX_PAGES = 210;

/** An MDX page: ESM, a component, a heading and words that vary with `i` and the `edition`. */
function mdxPage(i: number, edition: string): string {
  return `import Note from './note';\n\n# Chapter ${i}\n\n<Note kind="tip">Remember ${edition} ${i % 11}.</Note>\n\nPlain words about gears ${i % 13} and ${edition}.\n`;
}

function siteFiles(): Record<string, string> {
  const files: Record<string, string> = {
    'index.md': '# Gearbox\n\nA heavy site of chapters.\n',
    'guides/oil.md': '# Oil\n\nChange the oil.\n\n<!--@include: ../parts/torque.md-->\n',
    'parts/torque.md': '# Torque\n\nTighten to forty newton metres.\n',
    'internal/plans.md': '# Plans\n\nSecret gears of the next edition.\n',
  };
  for (let i = 0; i < MDX_PAGES; i++) files[`book/c${String(i).padStart(3, '0')}.mdx`] = mdxPage(i, 'first');
  return files;
}

describe('incremental snapshots read on worker threads', { timeout: TEST_TIMEOUT_MS }, () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await sceneOf(siteFiles(), BUILDS);
  });
  afterAll(() => closeScene(scene));

  it('the first build reads every file on workers; every answer equals the build from scratch', async () => {
    const first = scene.rebuild();
    expect([first.filesRead, first.buildWorkers >= 2]).toStrictEqual([MDX_PAGES + 4, true]);
    await scene.expectSameAnswers(['gears', 'first', 'remember', 'newton', 'secret']);
  });

  it('one page edited: read on this thread, the rest from the cache', async () => {
    scene.site.write('book/c007.mdx', mdxPage(7, 'revised'));
    const next = scene.rebuild(['book/c007.mdx']);
    expect([next.filesRead, next.buildWorkers]).toStrictEqual([1, 0]);
    await scene.expectSameAnswers(['gears', 'first', 'revised']);
  });

  it('every MDX page edited: read again on workers, the others from the cache', async () => {
    const edited = Array.from({ length: MDX_PAGES }, (_, i) => `book/c${String(i).padStart(3, '0')}.mdx`);
    for (const [i, relPath] of edited.entries()) scene.site.write(relPath, mdxPage(i, 'second'));
    // Not reported: the included file's fingerprint tells, and the page including it is read again too.
    scene.site.write('parts/torque.md', '# Torque\n\nTighten to fifty newton metres.\n');
    const next = scene.rebuild(edited);
    expect([next.filesRead, next.buildWorkers >= 2]).toStrictEqual([MDX_PAGES + 2, true]);
    await scene.expectSameAnswers(['gears', 'first', 'second', 'fifty', 'forty']);
  });
});
