import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runSteps } from '../build-steps.js';
import type { SiteFiles } from '../content/conventions/index.js';
import { ReadCache } from './read-cache.js';
import { listSiteFiles, type ListingOptions } from './site-listing.js';

const made: string[] = [];

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A content folder `docs/` holding `files`, in a fresh temporary folder (where generators keep their config), removed after the test. */
function contentWith(files: Record<string, string>): string {
  const dir = path.join(realpathSync(mkdtempSync(path.join(tmpdir(), 'sitegate-site-listing-'))), 'docs');
  made.push(path.dirname(dir));
  write(dir, files);
  return dir;
}

function write(dir: string, files: Record<string, string>): void {
  for (const [relPath, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, relPath)), { recursive: true });
    writeFileSync(path.join(dir, relPath), text);
  }
}

/** What a build reads of a listing, as data: the pages by path, the rest as is. */
function dataOf(files: SiteFiles): unknown {
  return { ...files, files: files.files.map((file) => file.relPath) };
}

/**
 * The listing of a watch build after the watcher heard `heard` (the reports then taken by the
 * build's read, as a build does), asserted equal to the listing of a build from scratch.
 */
function listed(cache: ReadCache, dir: string, heard: readonly string[], options: ListingOptions = {}): SiteFiles {
  cache.report(heard);
  const incremental = runSteps(listSiteFiles(dir, options, cache));
  cache.stale(incremental.files, incremental.conventions);
  expect(dataOf(incremental)).toStrictEqual(dataOf(runSteps(listSiteFiles(dir, options))));
  return incremental;
}

const PLAIN: Record<string, string> = {
  'index.md': '# Home\n',
  'guides/a.md': '# A\n',
  'guides/b.md': '# B\n',
  'img/logo.png': 'png',
};

/** PLAIN with a German translation of two of its pages: `de/` is a locale. */
const TRANSLATED: Record<string, string> = { ...PLAIN, 'de/index.md': '# Start\n', 'de/guides/a.md': '# A (de)\n' };

describe('listSiteFiles with a read cache: the conventions kept across builds (conventions-memo.ts)', () => {
  it('keeps them for a page edited, added or removed, and an asset edited, added or removed, in a plain folder', () => {
    const dir = contentWith(PLAIN);
    const cache = new ReadCache();
    const first = listed(cache, dir, []);
    write(dir, { 'guides/a.md': '---\ntitle: A again\n---\n\n# A\n' });
    const edited = listed(cache, dir, ['guides/a.md']);
    write(dir, { 'guides/c.md': '# C\n', 'notes/n.md': '# N\n' });
    const added = listed(cache, dir, ['guides/c.md', 'notes/n.md']);
    rmSync(path.join(dir, 'guides/b.md'));
    const removed = listed(cache, dir, ['guides/b.md']);
    write(dir, { 'img/logo.png': 'png, larger', 'img/new.svg': '<svg/>' });
    const assets = listed(cache, dir, ['img/logo.png', 'img/new.svg']);
    rmSync(path.join(dir, 'img/new.svg'));
    const assetGone = listed(cache, dir, ['img/new.svg']);
    for (const next of [edited, added, removed, assets, assetGone]) expect(next.conventions).toBe(first.conventions);
    expect(assetGone.files.map((file) => file.relPath)).toStrictEqual(['guides/a.md', 'guides/c.md', 'index.md', 'notes/n.md']);
  });

  it('reads them again when a page is added in a new folder named like a language: it becomes a locale', () => {
    const dir = contentWith(PLAIN);
    const cache = new ReadCache();
    const first = listed(cache, dir, []);
    // The watcher reports the file alone (the folder's own event may come later): the listing is patched.
    write(dir, { 'de/guides/a.md': '# A (de)\n' });
    const next = listed(cache, dir, ['de/guides/a.md']);
    expect([cache.listingPatched, next.conventions === first.conventions]).toStrictEqual([true, false]);
    expect([next.conventions.locales.map((locale) => locale.dir), next.conventions.languageFolders]).toStrictEqual([['', 'de'], ['de']]);
  });

  it('reads them again when a page of a language folder is edited, added or removed', () => {
    const dir = contentWith(TRANSLATED);
    const cache = new ReadCache();
    let last = listed(cache, dir, []);
    expect(last.conventions.locales.map((locale) => locale.dir)).toStrictEqual(['', 'de']);
    const changes: [string, () => void][] = [
      ['de/guides/a.md', () => write(dir, { 'de/guides/a.md': '# A (de), edited\n' })],
      ['de/guides/b.md', () => write(dir, { 'de/guides/b.md': '# B (de)\n' })],
      ['de/index.md', () => rmSync(path.join(dir, 'de/index.md'))],
    ];
    for (const [relPath, change] of changes) {
      change();
      const next = listed(cache, dir, [relPath]);
      expect(next.conventions).not.toBe(last.conventions);
      last = next;
    }
  });

  it('with a language folder, keeps them for a page of the default language edited, not for one added or removed', () => {
    const dir = contentWith(TRANSLATED);
    const cache = new ReadCache();
    const first = listed(cache, dir, []);
    write(dir, { 'guides/b.md': '# B, edited\n' });
    expect(listed(cache, dir, ['guides/b.md']).conventions).toBe(first.conventions);
    // Removing guides/a.md leaves de/ with one translation of two pages: still a locale, but only a count tells.
    rmSync(path.join(dir, 'guides/a.md'));
    const removed = listed(cache, dir, ['guides/a.md']);
    expect(removed.conventions).not.toBe(first.conventions);
    // Then de/ holds no translation of the default language's pages but its index: no longer a locale.
    rmSync(path.join(dir, 'index.md'));
    const alone = listed(cache, dir, ['index.md']);
    expect([alone.conventions === removed.conventions, alone.conventions.locales.map((locale) => locale.dir)]).toStrictEqual([false, ['']]);
  });

  it('reads them again when an asset lands in a folder named like a language: its internal zone holds', () => {
    const dir = contentWith(PLAIN);
    const cache = new ReadCache();
    const first = listed(cache, dir, []);
    write(dir, { 'fr/internal/plan.png': 'png' });
    const next = listed(cache, dir, ['fr/internal/plan.png']);
    expect(next.conventions).not.toBe(first.conventions);
    expect(next.assets.map((asset) => `${asset.file} ${asset.internal}`).sort()).toStrictEqual([
      'fr/internal/plan.png true',
      'img/logo.png false',
    ]);
  });

  it("reads them again when a generator's config file appears, reported in the folder or unheard beside it", () => {
    const dir = contentWith(PLAIN);
    const cache = new ReadCache();
    const first = listed(cache, dir, []);
    // Beside the content folder, where the watcher hears nothing: the next build looks again.
    write(path.dirname(dir), { 'mkdocs.yml': 'site_name: Beside\nnav:\n  - guides/b.md\n  - index.md\n' });
    write(dir, { 'guides/a.md': '# A, edited\n' });
    const beside = listed(cache, dir, ['guides/a.md']);
    expect([beside.conventions === first.conventions, beside.conventions.generator]).toStrictEqual([false, 'mkdocs']);
    // A generator's conventions are read at every build: they depend on more than the listing.
    write(dir, { 'guides/a.md': '# A, edited again\n' });
    expect(listed(cache, dir, ['guides/a.md']).conventions).not.toBe(beside.conventions);
    rmSync(path.join(path.dirname(dir), 'mkdocs.yml'));
    write(dir, { 'SUMMARY.md': '# Summary\n\n* [B](guides/b.md)\n' });
    const summary = listed(cache, dir, ['SUMMARY.md']);
    expect(summary.conventions.generator).toBe('gitbook');
  });

  it('reads them again when the settings that shape them change (nav, versions), not for a page added to a version', () => {
    const dir = contentWith({ ...PLAIN, 'v1/guides/a.md': '# A (v1)\n' });
    const cache = new ReadCache();
    const first = listed(cache, dir, []);
    const nav = listed(cache, dir, [], { nav: ['guides/b.md', 'index.md'] });
    expect([nav.conventions === first.conventions, [...nav.conventions.pages.keys()]]).toStrictEqual([false, ['guides/b.md', 'index.md']]);
    const versions = [
      { name: 'v2', dir: '', current: true },
      { name: 'v1', dir: 'v1' },
    ];
    const versioned = listed(cache, dir, [], { versions });
    expect(versioned.conventions).not.toBe(nav.conventions);
    // A version's folder is named by the setting, whatever pages it holds: a page added there changes nothing.
    write(dir, { 'v1/guides/b.md': '# B (v1)\n' });
    expect(listed(cache, dir, ['v1/guides/b.md'], { versions }).conventions).toBe(versioned.conventions);
  });

  it('reads them again after a walk (a folder reported)', () => {
    const dir = contentWith(PLAIN);
    const cache = new ReadCache();
    const first = listed(cache, dir, []);
    write(dir, { 'reference/api.md': '# API\n' });
    const walked = listed(cache, dir, ['reference', 'reference/api.md']);
    expect([cache.listingPatched, walked.conventions === first.conventions]).toStrictEqual([false, false]);
    write(dir, { 'reference/api.md': '# API, edited\n' });
    expect(listed(cache, dir, ['reference/api.md']).conventions).toBe(walked.conventions);
  });
  it("a generator's folder: its conventions read again at every build, with the languages of its paths as from scratch", () => {
    const dir = contentWith(TRANSLATED);
    write(path.dirname(dir), { 'mkdocs.yml': 'site_name: Lamps\n' });
    const cache = new ReadCache();
    expect(listed(cache, dir, []).conventions.locales.map((locale) => locale.dir)).toStrictEqual(['', 'de']);
    write(dir, { 'guides/b.md': '# B, edited\n' });
    listed(cache, dir, ['guides/b.md']);
    rmSync(path.join(dir, 'guides/a.md'));
    rmSync(path.join(dir, 'index.md'));
    expect(listed(cache, dir, ['guides/a.md', 'index.md']).conventions.locales.map((locale) => locale.dir)).toStrictEqual(['']);
    write(dir, { 'index.md': '# Home\n' });
    const back = listed(cache, dir, ['index.md']);
    expect([back.conventions.generator, back.conventions.locales.map((locale) => locale.dir)]).toStrictEqual(['mkdocs', ['', 'de']]);
  });
});
