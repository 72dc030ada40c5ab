/**
 * Incremental snapshots (issue 34, done-when 3): after each kind of change, a snapshot built from
 * the read cache of the builds before it (src/snapshot/read-cache.ts) answers every request exactly
 * as a snapshot built from scratch over the same files: every page as HTML and markdown, folder
 * listings, nav, the llms files (in sections), the sitemap, the search index and results (ranking
 * and scores) for the public and for `internal:read`, MCP search and fetch. Both go through the
 * production listener. And only what changed is read again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadCache, TRUSTED_REPORT_MAX_PATHS } from '../src/snapshot/read-cache.js';
import { loadSnapshot } from '../src/snapshot/snapshot.js';
import path from 'node:path';
import { closeScene, filesOf, sceneOf, type Scene } from './incremental-support.js';
import { FIXTURES_DIR } from './helpers.js';

const TEST_TIMEOUT_MS = 60_000;
/** The snapshot builds of these tests: the sources', on this thread. */
const BUILDS = { loadSnapshot, ReadCache, parallel: false };

const PLAIN_SITE: Record<string, string> = {
  'index.md': '# Widget docs\n\nWelcome to the widget documentation.\n',
  'guides/setup.md': '# Setup\n\nInstall the widget with care.\n\n<!--@include: ../parts/shared.md-->\n',
  'guides/usage.md': '---\ndescription: Daily use of the widget\n---\n\n# Usage\n\nUse the widget daily; it hums.\n',
  'guides/tuning.md': '# Tuning\n\nTune the widget for speed. The setup page explains [installing](setup.md).\n',
  'parts/shared.md': '# Shared part\n\nThe shared paragraph mentions calibration.\n',
  'notes/toggle.md': '# Toggle\n\nA page that goes internal and back: flipflop.\n',
  'internal/runbook.md': '# Runbook\n\nOn-call steps for the widget outage.\n',
  'blog/launch.md': '---\ndate: 2026-01-05\n---\n\n# Launch\n\nThe widget launched.\n',
  'draft.md': '---\ndraft: true\n---\n\n# Draft\n\nNot yet.\n',
};

/** Queries beyond the pages' title words: body words, a prefix, a typo, a phrase, internal words. */
const QUERIES = ['widget', 'wid', 'widgte', 'calibration', 'flipflop', 'on-call outage', 'hums daily', 'zebra'];

describe('incremental snapshots: a plain site', { timeout: TEST_TIMEOUT_MS }, () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await sceneOf(PLAIN_SITE, BUILDS);
  });
  afterAll(() => closeScene(scene));

  it('builds first from nothing: every file read, every answer the same', async () => {
    expect(scene.rebuild().filesRead).toBe(Object.keys(PLAIN_SITE).length);
    const requests = await scene.expectSameAnswers(QUERIES);
    // The section llms files were found and compared too (/llms.txt is split at this size).
    expect(requests.filter((request) => /^public GET \/guides\/llms\.txt text\/markdown$/.test(request))).toHaveLength(1);
    expect(requests.length).toBeGreaterThan(200);
  });

  it('reads nothing again when nothing changed', async () => {
    expect(scene.rebuild().filesRead).toBe(0);
    await scene.expectSameAnswers(QUERIES);
  });

  it("an edit of a page's body: that page alone is read again", async () => {
    scene.site.write('guides/usage.md', '---\ndescription: Daily use of the widget\n---\n\n# Usage\n\nUse the widget hourly; it sings.\n');
    expect(scene.rebuild(['guides/usage.md']).filesRead).toBe(1);
    // The last build's site patched for the one page (src/snapshot/assembly-patch.ts), not put together again,
    // and its trees (src/content/trees-patch.ts).
    expect([scene.cache.assemblyPatched, scene.cache.folders.patched]).toStrictEqual([true, true]);
    await scene.expectSameAnswers([...QUERIES, 'hourly sings']);
  });

  it("an edit of a page's title and description", async () => {
    scene.site.write(
      'guides/usage.md',
      '---\ndescription: Everyday operation\n---\n\n# Operating the widget\n\nUse the widget hourly; it sings.\n',
    );
    expect([scene.rebuild(['guides/usage.md']).filesRead, scene.cache.assemblyPatched]).toStrictEqual([1, true]);
    await scene.expectSameAnswers([...QUERIES, 'operating', 'everyday']);
  });

  it('a page flipped to access: internal, and back to public', async () => {
    const text = '# Toggle\n\nA page that goes internal and back: flipflop.\n';
    scene.site.write('notes/toggle.md', `---\naccess: internal\n---\n\n${text}`);
    expect(scene.rebuild(['notes/toggle.md']).site.pages.get('/notes/toggle')?.kind).toBe('internal');
    expect(scene.cache.assemblyPatched).toBe(true);
    await scene.expectSameAnswers(QUERIES);
    scene.site.write('notes/toggle.md', `---\naccess: public\n---\n\n${text}`);
    expect(scene.rebuild(['notes/toggle.md']).site.pages.get('/notes/toggle')?.kind).toBe('page');
    await scene.expectSameAnswers(QUERIES);
  });

  it('a page added', async () => {
    scene.site.write('guides/new.md', '# Brand new guide\n\nFresh words: quokka.\n');
    expect(scene.rebuild(['guides/new.md']).filesRead).toBe(1);
    // No walk: the last listing, patched for the file reported (src/content/listing-patch.ts).
    expect([scene.cache.listingPatched, scene.cache.assemblyPatched]).toStrictEqual([true, true]);
    await scene.expectSameAnswers([...QUERIES, 'quokka']);
  });

  it('a page deleted: nothing read', async () => {
    scene.site.remove('guides/tuning.md');
    const next = scene.rebuild(['guides/tuning.md']);
    expect([next.filesRead, next.site.pages.has('/guides/tuning'), scene.cache.listingPatched, scene.cache.assemblyPatched]).toStrictEqual([
      0,
      false,
      true,
      true,
    ]);
    await scene.expectSameAnswers([...QUERIES, 'tune speed']);
  });

  it('a page renamed into another folder', async () => {
    scene.site.rename('guides/new.md', 'reference/moved.md');
    expect(scene.rebuild(['guides/new.md', 'reference', 'reference/moved.md']).filesRead).toBe(1);
    // A folder reported: the folder is walked; the site is patched, both paths reported.
    expect([scene.cache.listingPatched, scene.cache.assemblyPatched]).toStrictEqual([false, true]);
    await scene.expectSameAnswers([...QUERIES, 'quokka']);
  });

  it('an included file edited: the pages that include it are read again, though the watcher named only the file', async () => {
    scene.site.write('parts/shared.md', '# Shared part\n\nThe shared paragraph now mentions recalibration.\n');
    const next = scene.rebuild(['parts/shared.md']);
    expect([next.filesRead, scene.cache.assemblyPatched]).toStrictEqual([2, true]);
    expect(next.site.textOf(next.site.pages.get('/guides/setup') as never)).toContain('recalibration');
    await scene.expectSameAnswers([...QUERIES, 'recalibration']);
  });

  it('an included file edited without the watcher hearing it: its fingerprint tells', async () => {
    scene.site.write('parts/shared.md', '# Shared part\n\nThe shared paragraph mentions a completely different tolerance.\n');
    expect(scene.rebuild().filesRead).toBe(2);
    await scene.expectSameAnswers([...QUERIES, 'tolerance']);
  });

  it('an included file deleted, then back: the page shows the refusal, then the text', async () => {
    scene.site.remove('parts/shared.md');
    expect(scene.rebuild(['parts/shared.md']).filesRead).toBe(1);
    await scene.expectSameAnswers([...QUERIES, 'tolerance']);
    scene.site.write('parts/shared.md', '# Shared part\n\nBack again: boomerang.\n');
    expect(scene.rebuild(['parts/shared.md']).filesRead).toBe(2);
    await scene.expectSameAnswers([...QUERIES, 'boomerang']);
  });

  it('files that claim one URL: a README, then an index that wins over it, then the index gone', async () => {
    scene.site.write('guides/README.md', '# Guides readme\n\nThe folder as a readme: platypus.\n');
    scene.rebuild(['guides/README.md']);
    // A URL no file claimed yet: patched. Once two files claim it, every page is put together again.
    expect(scene.cache.assemblyPatched).toBe(true);
    await scene.expectSameAnswers([...QUERIES, 'platypus']);
    scene.site.write('guides/index.md', '# Guides index\n\nThe folder as an index: echidna.\n');
    const next = scene.rebuild(['guides/index.md']);
    expect([next.site.pages.get('/guides/')?.file, scene.cache.assemblyPatched]).toStrictEqual(['guides/index.md', false]);
    expect(next.site.problems.filter((problem) => problem.file === 'guides/README.md')).toStrictEqual([
      { severity: 'error', file: 'guides/README.md', message: 'duplicate URL /guides/: also served by guides/index.md, which wins' },
    ]);
    await scene.expectSameAnswers([...QUERIES, 'platypus', 'echidna']);
    scene.site.remove('guides/index.md');
    expect(scene.rebuild(['guides/index.md']).site.pages.get('/guides/')?.file).toBe('guides/README.md');
    expect(scene.cache.assemblyPatched).toBe(false);
    await scene.expectSameAnswers([...QUERIES, 'platypus', 'echidna']);
  });

  it('a burst past the size the report is trusted at: the folder walked and every file statted, an edit it missed read', async () => {
    scene.site.write('notes/toggle.md', '---\naccess: public\n---\n\n# Toggle\n\nEdited amid a burst: kinkajou.\n');
    const burst = Array.from({ length: TRUSTED_REPORT_MAX_PATHS + 1 }, (_, i) => `build/out-${i}.txt`);
    expect([scene.rebuild(burst).filesRead, scene.cache.listingPatched, scene.cache.assemblyPatched]).toStrictEqual([1, false, false]);
    await scene.expectSameAnswers([...QUERIES, 'kinkajou']);
  });

  it('the whole folder reported (it was replaced): everything read again', async () => {
    // The 9 files of PLAIN_SITE less guides/tuning.md, plus reference/moved.md and guides/README.md.
    expect([scene.rebuild(['']).filesRead, scene.cache.listingPatched]).toStrictEqual([10, false]);
    await scene.expectSameAnswers(QUERIES);
  });
});

describe('incremental snapshots: a snippet of code included', { timeout: TEST_TIMEOUT_MS }, () => {
  let scene: Scene | undefined;
  afterAll(() => closeScene(scene));

  it('a .py file the watcher reports (neither page nor asset): the page that includes it is read again, nothing walked', async () => {
    scene = await sceneOf(
      {
        'index.md': '# Snippets\n\nThe example:\n\n<!--@include: snippets/example.py-->\n',
        'other.md': '# Other\n\nNo snippet here.\n',
        'snippets/example.py': 'print("marmot")\n',
      },
      BUILDS,
    );
    expect(scene.rebuild().filesRead).toBe(2);
    await scene.expectSameAnswers(['marmot']);
    scene.site.write('snippets/example.py', 'print("pangolin")\n');
    const next = scene.rebuild(['snippets/example.py']);
    expect([next.filesRead, scene.cache.listingPatched]).toStrictEqual([1, true]);
    expect(next.site.textOf(next.site.pages.get('/') as never)).toContain('pangolin');
    await scene.expectSameAnswers(['marmot', 'pangolin']);
  });
});

describe('incremental snapshots: a Docusaurus page moved in the sidebar by its frontmatter id', { timeout: TEST_TIMEOUT_MS }, () => {
  let scene: Scene | undefined;
  afterAll(() => closeScene(scene));

  it("an id edited and reported: the sidebar (read from the pages' frontmatter) reorders as from scratch, the other pages' frontmatter kept", async () => {
    scene = await sceneOf(
      {
        'docusaurus.config.js': "module.exports = { title: 'Cogs', presets: [['classic', { docs: { sidebarPath: './sidebars.js' } }]] };\n",
        'sidebars.js': "module.exports = { cogs: ['top', 'alpha', 'beta', 'gamma'] };\n",
        'docs/alpha.md': '# Alpha\n\nThe first cog.\n',
        'docs/beta.md': '# Beta\n\nThe second cog.\n',
        'docs/gamma.md': '# Gamma\n\nThe third cog.\n',
      },
      BUILDS,
    );
    const navOf = (snapshot: ReturnType<Scene['rebuild']>): string[] => snapshot.site.navPages.map((page) => page.title);
    expect(navOf(scene.rebuild())).toStrictEqual(['Alpha', 'Beta', 'Gamma']);
    await scene.expectSameAnswers(['cog']);
    scene.site.write('docs/gamma.md', '---\nid: top\n---\n\n# Gamma\n\nThe third cog, now on top.\n');
    const next = scene.rebuild(['docs/gamma.md']);
    expect([navOf(next), scene.cache.listingPatched]).toStrictEqual([['Gamma', 'Alpha', 'Beta'], true]);
    await scene.expectSameAnswers(['cog']);
  });
});

describe('incremental snapshots: a GitBook site, its SUMMARY.md edited', { timeout: TEST_TIMEOUT_MS }, () => {
  let scene: Scene | undefined;
  afterAll(() => closeScene(scene));

  it('a nav change rebuilds from scratch and answers as a build from scratch does', async () => {
    const summary = (order: string[]) => `# Summary\n\n${order.map((name) => `* [${name} label](${name}.md)`).join('\n')}\n`;
    scene = await sceneOf(
      {
        'SUMMARY.md': summary(['intro', 'alpha', 'beta']),
        'intro.md': '# Intro\n\nThe introduction.\n',
        'alpha.md': '# Alpha\n\nFirst letter.\n',
        'beta.md': '# Beta\n\nSecond letter.\n',
      },
      BUILDS,
    );
    expect(scene.rebuild().filesRead).toBe(3);
    await scene.expectSameAnswers();
    scene.site.write('SUMMARY.md', summary(['intro', 'beta', 'alpha']));
    expect(scene.rebuild(['SUMMARY.md']).filesRead).toBe(3);
    await scene.expectSameAnswers();
    expect(scene.rebuild().filesRead).toBe(0);
  });
});

describe('incremental snapshots: a versioned Docusaurus site', { timeout: TEST_TIMEOUT_MS }, () => {
  let scene: Scene | undefined;
  afterAll(() => closeScene(scene));

  it("an old version's page edited, a page added to the next version: every version's answers as from scratch", async () => {
    scene = await sceneOf(filesOf(path.join(FIXTURES_DIR, 'generator-projects/docusaurus-versioned')), BUILDS);
    scene.rebuild();
    await scene.expectSameAnswers(['install', 'upgrade', 'legacy']);
    scene.site.write('versioned_docs/version-1.x/legacy.md', '# Legacy\n\nThe old way, now with a warning about wombats.\n');
    expect(scene.rebuild(['versioned_docs/version-1.x/legacy.md']).site.pages.get('/docs/1.x/legacy')?.title).toBe('Legacy');
    await scene.expectSameAnswers(['install', 'upgrade', 'legacy', 'wombats']);
    scene.site.write('docs/guides/migrate.md', '# Migrate\n\nMoving from 2.x to the next version: numbats.\n');
    expect(scene.rebuild(['docs/guides/migrate.md']).site.pages.has('/docs/next/guides/migrate')).toBe(true);
    expect(scene.cache.folders.patched).toBe(true);
    await scene.expectSameAnswers(['install', 'upgrade', 'legacy', 'wombats', 'numbats', 'migrate']);
  });
});
