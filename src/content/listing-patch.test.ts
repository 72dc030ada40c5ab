import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listContent, type LoadOptions } from './load.js';
import { loadResultOf, type ContentListing } from './listing.js';
import { patchListing } from './listing-patch.js';

const made: string[] = [];

/** A fresh temporary content folder holding `files`, removed after the test. */
function folderWith(files: Record<string, string>): string {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'sitegate-listing-patch-')));
  made.push(dir);
  write(dir, files);
  return dir;
}

function write(root: string, files: Record<string, string>): void {
  for (const [relPath, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, relPath)), { recursive: true });
    writeFileSync(path.join(root, relPath), text);
  }
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A listing as data: every field a walk gives, each page's source fields (its modification time too) and the joined result. */
function dataOf(listing: ContentListing): unknown {
  const source = (file: ContentListing['files'][number]): unknown => ({
    relPath: file.relPath,
    realRelPath: file.realRelPath,
    contentRoot: file.contentRoot,
    protectedPaths: file.protectedPaths,
    mtimeMs: file.mtimeMs,
  });
  const result = loadResultOf(listing);
  return {
    ...listing,
    files: listing.files.map(source),
    result: { ...result, files: result.files.map(source), skipped: [...result.skipped] },
  };
}

const SITE: Record<string, string> = {
  'index.md': '# Home\n',
  'guides/a.md': '# A\n',
  'guides/c.md': '# C\n',
  'guides/img/b.png': 'png',
  'guides/img/d.png': 'png',
  'guides/notes/z.md': '# Z\n',
  'lone/only.md': '# Only\n',
  'scripts/run.py': 'print(1)\n',
  'zeta/e.png': 'png',
  '.hidden/secret.md': '# Hidden\n',
  '.gitbook/assets/logo.svg': '<svg/>',
};

describe('patchListing', () => {
  it('adds, edits and deletes files as a fresh walk lists them, in the same order', () => {
    const dir = folderWith(SITE);
    const options: Required<LoadOptions> = { staticDirs: [], prefixedStaticDirs: [], protectedPaths: [] };
    const previous = listContent(dir, options);
    write(dir, {
      'guides/b.md': '# B, between a and c\n',
      'guides/notes/y.md': '# Y\n',
      'guides/img/c.png': 'png, between b and d',
      'guides/aa.png': 'png, after guides/a.md and before the img folder',
      'guides/c.md': '# C edited\n',
      'scripts/build.py': 'print(2)\n',
      'zeta/f.txt': 'text, served as it is',
      '.hidden/other.md': '# Hidden too\n',
      '.gitbook/assets/diagram.png': 'png',
    });
    // The edit shows in the page's modification time, which a walk takes afresh.
    utimesSync(path.join(dir, 'guides/c.md'), new Date(2030, 0, 1), new Date(2030, 0, 1));
    rmSync(path.join(dir, 'lone/only.md'));
    rmSync(path.join(dir, 'guides/img/d.png'));
    const changed = new Set([
      'guides/b.md',
      'guides/notes/y.md',
      'guides/img/c.png',
      'guides/aa.png',
      'guides/c.md',
      'scripts/build.py',
      'zeta/f.txt',
      '.hidden/other.md',
      '.gitbook/assets/diagram.png',
      'lone/only.md',
      'guides/img/d.png',
    ]);
    const patched = patchListing(previous, dir, changed, options);
    expect(patched).toBeDefined();
    expect(dataOf(patched as ContentListing)).toStrictEqual(dataOf(listContent(dir, options)));
    expect((patched as ContentListing).files.map((file) => file.relPath)).toStrictEqual([
      'guides/a.md',
      'guides/b.md',
      'guides/c.md',
      'guides/notes/y.md',
      'guides/notes/z.md',
      'index.md',
    ]);
    expect((patched as ContentListing).assets.map((asset) => asset.file)).toStrictEqual([
      '.gitbook/assets/diagram.png',
      '.gitbook/assets/logo.svg',
      'guides/aa.png',
      'guides/img/b.png',
      'guides/img/c.png',
      'zeta/e.png',
      'zeta/f.txt',
    ]);
    expect((patched as ContentListing).skippedFiles).toStrictEqual(['scripts/build.py', 'scripts/run.py']);
  });

  it('keeps the listing when nothing reported changes it: a hidden file, a path under node_modules, nothing', () => {
    const dir = folderWith(SITE);
    const options: Required<LoadOptions> = { staticDirs: [], prefixedStaticDirs: [], protectedPaths: [] };
    const previous = listContent(dir, options);
    write(dir, { '.hidden/new.md': '# New\n', 'node_modules/pkg/README.md': '# Package\n' });
    const patched = patchListing(previous, dir, new Set(['.hidden/new.md', 'node_modules/pkg/README.md']), options);
    expect(dataOf(patched as ContentListing)).toStrictEqual(dataOf(listContent(dir, options)));
    expect(dataOf(patchListing(previous, dir, new Set(), options) as ContentListing)).toStrictEqual(dataOf(previous));
  });

  it('gives way to a walk for a folder added or removed, a symlink, a static folder inside, other options', () => {
    const dir = folderWith({ ...SITE, 'public/logo.png': 'png' });
    const options: Required<LoadOptions> = { staticDirs: [path.join(dir, 'public')], prefixedStaticDirs: [], protectedPaths: [] };
    const previous = listContent(dir, options);
    write(dir, { 'fresh/page.md': '# Fresh\n', 'public/icon.png': 'png' });
    rmSync(path.join(dir, 'lone'), { recursive: true });
    symlinkSync(path.join(dir, 'guides/a.md'), path.join(dir, 'alias.md'));
    const patch = (...paths: string[]): ContentListing | undefined => patchListing(previous, dir, new Set(paths), options);
    expect([patch('fresh'), patch('lone'), patch('alias.md'), patch('public/icon.png')]).toStrictEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(patchListing(previous, dir, new Set(['guides/a.md']), { ...options, protectedPaths: [path.join(dir, 'data')] })).toBe(undefined);
    // Once the walk met a symlink, every patch gives way.
    const linked = listContent(dir, options);
    expect([linked.linked, patchListing(linked, dir, new Set(['guides/a.md']), options)]).toStrictEqual([true, undefined]);
  });
});
