/**
 * Hugo's site parameters across incremental builds (src/content/conventions/hugo-params.ts): a page
 * that prints one with the `param` shortcode (gohugo.io/shortcodes/param/) is read again when the
 * config's `params` change, since they are part of the conventions (src/snapshot/read-cache.ts
 * empties the cache when the conventions differ), and says what a build from scratch says
 * (test/incremental-support.ts: every answer, byte for byte). The config sits beside the content
 * folder, as Hugo keeps it (`hugo.toml`, `config/_default/params.toml`). On worker threads too
 * (the compiled build in dist/, where the worker script is: src/snapshot/parallel-build.ts), which
 * get the parameters with the conventions.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadCache } from '../src/snapshot/read-cache.js';
import { loadSnapshot } from '../src/snapshot/snapshot.js';
import { changingSite, closeScene, removeSite, Scene, served, type Builds, type ChangingSite } from './incremental-support.js';

const TEST_TIMEOUT_MS = 120_000;
const BUILDS: Builds = { loadSnapshot, ReadCache, parallel: false };
const DIST = {
  snapshot: (await import(new URL('../dist/snapshot/snapshot.js', import.meta.url).href)) as typeof import('../src/snapshot/snapshot.js'),
  readCache: (await import(
    new URL('../dist/snapshot/read-cache.js', import.meta.url).href
  )) as typeof import('../src/snapshot/read-cache.js'),
};
const WORKER_BUILDS: Builds = { loadSnapshot: DIST.snapshot.loadSnapshot, ReadCache: DIST.readCache.ReadCache, parallel: true };
/** `.mdx` pages enough for workers (test/incremental.workers.test.ts: 210 weigh 5,250 files against PARALLEL_MIN_FILES). */
const MDX_PAGES = 210;

/** A Hugo project holding `files` (paths from the project folder); its `content/` is the site changed and served. */
async function hugoScene(files: Record<string, string>, builds = BUILDS): Promise<{ scene: Scene; project: ChangingSite }> {
  const project = changingSite(files);
  const dir = path.join(project.dir, 'content');
  const site: ChangingSite = {
    dir,
    write: (relPath, text) => project.write(path.posix.join('content', relPath), text),
    remove: (relPath) => project.remove(path.posix.join('content', relPath)),
    rename: (from, to) => project.rename(path.posix.join('content', from), path.posix.join('content', to)),
  };
  return { scene: new Scene(site, await served(dir), await served(dir), builds), project };
}

const PROJECT: Record<string, string> = {
  'hugo.toml': "title = 'Shirts'\n[params]\n  color = 'blue'\n",
  'content/_index.md': '---\ntitle: Home\n---\nAll about shirts.\n',
  'content/shirt.md': '---\ntitle: Shirt\n---\nWe found a {{< param color >}} shirt, {{< param size >}}.\n',
  'content/socks.md': '---\ntitle: Socks\n---\nWool socks.\n',
};

/** The page text of a page of the incremental server's snapshot. */
function textOf(scene: Scene, key: string): string | undefined {
  const site = scene.incremental.t.context.snapshot().site;
  const page = site.pages.get(key);
  return page === undefined ? undefined : site.textOf(page);
}

/** {@link textOf} after the page's frontmatter. */
function bodyOf(scene: Scene, key: string): string | undefined {
  return textOf(scene, key)?.split('\n---\n')[1];
}

describe('incremental snapshots: a Hugo page printing a site parameter', { timeout: TEST_TIMEOUT_MS }, () => {
  let scene: Scene;
  let project: ChangingSite;
  beforeAll(async () => {
    ({ scene, project } = await hugoScene(PROJECT));
  });
  afterAll(async () => {
    await closeScene(scene);
    removeSite(project);
  });

  const shirt = (): string | undefined => bodyOf(scene, '/shirt/');

  it('builds first: the site parameter printed, the one set nowhere reported', async () => {
    const first = scene.rebuild();
    expect([first.filesRead, shirt()]).toStrictEqual([3, 'We found a blue shirt, .\n']);
    expect(first.site.problems.filter((problem) => problem.file === 'shirt.md').map((problem) => problem.message)).toStrictEqual([
      '{{< param size >}}: no such page parameter',
    ]);
    await scene.expectSameAnswers(['blue']);
  });

  it('the config file changed with another page: every page read again, the new value printed', async () => {
    project.write('hugo.toml', "title = 'Shirts'\n[params]\n  color = 'green'\n");
    scene.site.write('socks.md', '---\ntitle: Socks\n---\nCotton socks.\n');
    const next = scene.rebuild(['socks.md']);
    expect([next.filesRead, shirt()]).toStrictEqual([3, 'We found a green shirt, .\n']);
    await scene.expectSameAnswers(['green', 'cotton']);
  });

  it('a params file of the config directory added: merged over the config file, the page read again', async () => {
    project.write('config/_default/params.toml', "color = 'red'\nsize = 'medium'\n");
    const next = scene.rebuild([]);
    expect([next.filesRead, shirt()]).toStrictEqual([3, 'We found a red shirt, medium.\n']);
    expect(next.site.problems.filter((problem) => problem.file === 'shirt.md')).toStrictEqual([]);
    await scene.expectSameAnswers(['red', 'medium']);
  });

  it('the config unchanged: a page edited is the only one read again', async () => {
    scene.site.write('socks.md', '---\ntitle: Socks\n---\nSilk socks.\n');
    const next = scene.rebuild(['socks.md']);
    expect([next.filesRead, shirt()]).toStrictEqual([1, 'We found a red shirt, medium.\n']);
    await scene.expectSameAnswers(['red', 'silk']);
  });
});

describe('a Hugo site parameter on worker threads', { timeout: TEST_TIMEOUT_MS }, () => {
  let scene: Scene;
  let project: ChangingSite;
  beforeAll(async () => {
    const files = { ...PROJECT };
    for (let i = 0; i < MDX_PAGES; i++)
      files[`content/book/c${String(i).padStart(3, '0')}.mdx`] = `# Chapter ${i}\n\nA {{< param color >}} thread ${i % 7}.\n`;
    ({ scene, project } = await hugoScene(files, WORKER_BUILDS));
  });
  afterAll(async () => {
    await closeScene(scene);
    removeSite(project);
  });

  it('reaches the pages read on workers, and a config change reads them all again on workers', async () => {
    const first = scene.rebuild();
    expect([first.filesRead, first.buildWorkers >= 2, bodyOf(scene, '/shirt/'), textOf(scene, '/book/c007/')]).toStrictEqual([
      MDX_PAGES + 3,
      true,
      'We found a blue shirt, .\n',
      '# Chapter 7\n\nA blue thread 0.\n',
    ]);
    await scene.expectSameAnswers(['blue', 'thread']);
    project.write('hugo.toml', "title = 'Shirts'\n[params]\n  color = 'green'\n");
    const next = scene.rebuild([]);
    expect([next.filesRead, next.buildWorkers >= 2, bodyOf(scene, '/shirt/'), textOf(scene, '/book/c007/')]).toStrictEqual([
      MDX_PAGES + 3,
      true,
      'We found a green shirt, .\n',
      '# Chapter 7\n\nA green thread 0.\n',
    ]);
    await scene.expectSameAnswers(['green', 'thread']);
  });
});
