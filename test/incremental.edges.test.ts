/**
 * Where a `serve --watch` rebuild cannot rely on the watcher's report alone (issue 34; found in
 * review): a symlink pointed elsewhere, a folder the watcher could not watch, an edit it never
 * reported (found by the sweep), a folder replaced by a
 * file, uploads to GitBook's hidden asset folder, a static folder inside the content folder. Each
 * rebuild answers as a build from scratch of the same files (test/incremental-support.ts), and no
 * page made internal stays public.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReadCache } from '../src/snapshot/read-cache.js';
import { loadSnapshot } from '../src/snapshot/snapshot.js';
import { mayChangeSite } from '../src/snapshot/change-filter.js';
import { watchContent } from '../src/snapshot/watch.js';
import { runSteps } from '../src/build-steps.js';
import { scenePerTest } from './incremental-support.js';

const TEST_TIMEOUT_MS = 60_000;
const BUILDS = { loadSnapshot, ReadCache, parallel: false };

const sceneWith = scenePerTest(BUILDS);

describe('incremental snapshots where the report is not enough', { timeout: TEST_TIMEOUT_MS }, () => {
  it('a folder symlink pointed into the internal zone: its page turns internal, though only the link was reported', async () => {
    const s = await sceneWith({
      'index.md': '# Home\n\nWelcome.\n',
      '.vault/pub/a.md': '# Alpha\n\nPublic alpha words.\n',
      'internal/.vault/a.md': '# Secret plan\n\nClassified zorblax numbers.\n',
    });
    symlinkSync('.vault/pub', path.join(s.site.dir, 'shared'));
    expect(s.rebuild(['shared']).site.pages.get('/shared/a')?.kind).toBe('page');
    rmSync(path.join(s.site.dir, 'shared'));
    symlinkSync('internal/.vault', path.join(s.site.dir, 'shared'));
    const next = s.rebuild(['shared']);
    expect(next.site.pages.get('/shared/a')?.kind).toBe('internal');
    expect((await s.incremental.t.app.inject({ method: 'GET', url: '/shared/a.md' })).statusCode).toBe(401);
    await s.expectSameAnswers(['alpha', 'zorblax', 'secret']);
  });

  it('after a watcher error, an edit nobody reported is seen: a page made internal is unpublished at the next build', async () => {
    const s = await sceneWith({
      'index.md': '# Home\n\nWelcome.\n',
      'deep/folder/plan.md': '# Plan\n\nThe roadmap mentions quasar.\n',
      'other.md': '# Other\n\nSomething.\n',
    });
    s.cache.distrustReports();
    s.site.write('deep/folder/plan.md', '---\naccess: internal\n---\n\n# Plan\n\nThe roadmap mentions quasar.\n');
    s.site.write('other.md', '# Other\n\nSomething else.\n');
    const next = s.rebuild(['other.md']);
    expect(next.site.pages.get('/deep/folder/plan')?.kind).toBe('internal');
    const search = await s.incremental.t.app.inject({ method: 'GET', url: '/api/search.json?q=quasar' });
    expect(JSON.parse(search.body)).toStrictEqual([]);
    await s.expectSameAnswers(['quasar']);
    // Every later build walks and checks every file.
    s.site.write('deep/new.md', '# New\n\nUnheard nebula.\n');
    expect(s.rebuild(['other.md']).site.pages.has('/deep/new')).toBe(true);
    await s.expectSameAnswers(['nebula']);
  });

  it('an edit nobody reported is found by a sweep (sweep.ts): the page made internal is unpublished once reported', async () => {
    const s = await sceneWith({
      'index.md': '# Home\n\nWelcome.\n',
      'deep/folder/plan.md': '# Plan\n\nThe roadmap mentions quasar.\n',
    });
    s.site.write('deep/folder/plan.md', '---\naccess: internal\n---\n\n# Plan\n\nThe roadmap mentions quasar.\n');
    const found = runSteps(s.cache.sweep());
    expect(found).toStrictEqual(['deep/folder/plan.md']);
    expect(s.rebuild(found).site.pages.get('/deep/folder/plan')?.kind).toBe('internal');
    await s.expectSameAnswers(['quasar']);
  });

  it('a folder moved away and a file of its name made: the change builds, and its pages are gone', async () => {
    const s = await sceneWith({
      'index.md': '# Home\n\nWelcome.\n',
      'guides/setup.md': '# Setup\n\nInstall carefully.\n',
      'guides/img.png': 'png',
    });
    renameSync(path.join(s.site.dir, 'guides'), path.join(s.site.dir, '..', `moved-${path.basename(s.site.dir)}`));
    writeFileSync(path.join(s.site.dir, 'guides'), 'now a file\n');
    expect(mayChangeSite(s.cache, new Set(['guides']))).toBe(true);
    // A path below what is a file now (ENOTDIR) builds too, and does not throw.
    expect(mayChangeSite(s.cache, new Set(['guides/img.png']))).toBe(true);
    expect(s.rebuild(['guides']).site.pages.has('/guides/setup')).toBe(false);
    await s.expectSameAnswers(['install']);
    rmSync(path.join(s.site.dir, '..', `moved-${path.basename(s.site.dir)}`), { recursive: true, force: true });
  });

  it('rm -r of a folder and a file of its name, heard in one burst: the build does not throw', async () => {
    const s = await sceneWith({
      'index.md': '# Home\n\nWelcome.\n',
      'guides/setup.md': '# Setup\n\nInstall carefully.\n',
      'guides/img.png': 'png',
    });
    rmSync(path.join(s.site.dir, 'guides'), { recursive: true });
    writeFileSync(path.join(s.site.dir, 'guides'), 'now a file\n');
    s.site.write('index.md', '# Home\n\nWelcome back.\n');
    expect(s.rebuild(['guides/setup.md', 'guides/img.png', 'guides', 'index.md']).site.pages.has('/guides/setup')).toBe(false);
    await s.expectSameAnswers(['install', 'back']);
  });

  it('an upload to .gitbook/assets, then the page that shows it: the asset is served', async () => {
    const s = await sceneWith({
      'README.md': '# Home\n\nWelcome.\n',
      'SUMMARY.md': '# Summary\n\n* [Home](README.md)\n* [Guide](guide.md)\n',
      'guide.md': '# Guide\n\nNo picture yet.\n',
      '.gitbook/assets/old.png': 'png',
    });
    s.site.write('.gitbook/assets/diagram.png', 'png');
    s.site.write('guide.md', '# Guide\n\n![Diagram](.gitbook/assets/diagram.png)\n');
    expect(s.rebuild(['.gitbook/assets/diagram.png', 'guide.md']).site.assets.has('/.gitbook/assets/diagram.png')).toBe(true);
    expect((await s.incremental.t.app.inject({ method: 'GET', url: '/.gitbook/assets/diagram.png' })).statusCode).toBe(200);
    await s.expectSameAnswers(['guide']);
  });

  it('a file removed from a static folder inside the content folder (VitePress public/) builds', async () => {
    const s = await sceneWith({
      '.vitepress/config.mts': 'export default {}\n',
      'index.md': '# Home\n\n![Logo](/logo.png)\n',
      'public/logo.png': 'png',
    });
    rmSync(path.join(s.site.dir, 'public/logo.png'));
    expect(mayChangeSite(s.cache, new Set(['public/logo.png']))).toBe(true);
    s.rebuild(['public/logo.png']);
    await s.expectSameAnswers(['home']);
  });
});

describe("the watcher and GitBook's hidden asset folder", () => {
  it('reports a file added to .gitbook/assets, and nothing of another hidden folder', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-watch-gitbook-'));
    try {
      mkdirSync(path.join(dir, '.gitbook/assets'), { recursive: true });
      mkdirSync(path.join(dir, '.cache'), { recursive: true });
      writeFileSync(path.join(dir, 'README.md'), '# Home\n');
      const watcher = await watchContent(dir, () => {});
      const heard: string[] = [];
      watcher.onChange((rel) => heard.push(rel));
      writeFileSync(path.join(dir, '.gitbook/assets/diagram.png'), 'png');
      writeFileSync(path.join(dir, '.cache/x.md'), 'x');
      writeFileSync(path.join(dir, 'README.md'), '# Home 2\n');
      await expect.poll(() => heard.includes('README.md') && heard.includes('.gitbook/assets/diagram.png')).toBe(true);
      await watcher.close();
      expect(heard.filter((rel) => rel.startsWith('.cache'))).toStrictEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
