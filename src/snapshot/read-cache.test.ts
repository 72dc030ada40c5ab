import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent, sourceFile } from '../content/load.js';
import { fingerprintOfPath, fingerprintOfSource } from './fingerprint.js';
import { plainConventions } from '../content/conventions/types.js';
import { buildSnapshot } from './snapshot.js';
import { ReadCache, TRUSTED_REPORT_MAX_PATHS } from './read-cache.js';
import { runSteps } from '../build-steps.js';
import type { SourceFile } from '../content/load.js';
import { listSiteFiles } from './site-listing.js';

/** A read that found no page. */
const EMPTY_READ = { page: undefined, rank: 0, text: undefined, counts: undefined, problems: [], dependencies: [] };
const OPTIONS = { baseUrl: 'http://sitegate.test', fallbackName: 'Site', parallel: false };

describe('ReadCache', () => {
  it('reads sources held in memory again at every build: they have no fingerprint', () => {
    const cache = new ReadCache();
    const files = [sourceFile('a.md', '# A\n\nAlpha.\n'), sourceFile('b.md', '# B\n\nBeta.\n')];
    expect(buildSnapshot(files, { ...OPTIONS, readCache: cache }).filesRead).toBe(2);
    const next = buildSnapshot([files[0] as never, sourceFile('b.md', '# B2\n\nBeta again.\n')], { ...OPTIONS, readCache: cache });
    expect([next.filesRead, next.site.pages.get('/b')?.title]).toStrictEqual([2, 'B2']);
    expect(next.search.search('again', { limit: 10, offset: 0, includeInternal: false }).results.map((hit) => hit.path)).toStrictEqual([
      '/b',
    ]);
  });

  it("trusts the watcher's report: a page edit it did not report is not read again; what a page read is statted", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-read-cache-'));
    try {
      writeFileSync(path.join(dir, 'a.md'), '# A\n');
      writeFileSync(path.join(dir, 'b.md'), '# B\n');
      writeFileSync(path.join(dir, 'part.txt'), 'included\n');
      const files = loadContent(dir).files;
      const cache = new ReadCache();
      const part = path.join(realpathSync(dir), 'part.txt');
      const keep = (): void => {
        for (const file of files)
          cache.store(file.relPath, {
            ...EMPTY_READ,
            fingerprint: fingerprintOfSource(file),
            // What a read records: the include's fingerprint as it was read.
            dependencies: file.relPath === 'b.md' ? [{ path: part, fingerprint: fingerprintOfPath(part) }] : [],
          });
      };
      expect(cache.stale(files, plainConventions()).map((file) => file.relPath)).toStrictEqual(['a.md', 'b.md']);
      keep();
      writeFileSync(path.join(dir, 'a.md'), '# A, edited unheard\n');
      expect(cache.stale(files, plainConventions())).toStrictEqual([]);
      keep();
      cache.report(['a.md']);
      expect(cache.stale(files, plainConventions()).map((file) => file.relPath)).toStrictEqual(['a.md']);
      keep();
      writeFileSync(path.join(dir, 'part.txt'), 'included, and longer now\n');
      expect(cache.stale(files, plainConventions()).map((file) => file.relPath)).toStrictEqual(['b.md']);
      keep();
      // A burst past the trusted size: every file is statted, so the edit it may have missed is seen.
      writeFileSync(path.join(dir, 'a.md'), '# A, edited unheard again, amid a burst\n');
      cache.report(Array.from({ length: TRUSTED_REPORT_MAX_PATHS + 1 }, (_, i) => `burst/${i}.txt`));
      expect(cache.stale(files, plainConventions()).map((file) => file.relPath)).toStrictEqual(['a.md']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('holds an entry until its file is reported; forgets everything when the conventions change, and files no longer listed', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-read-cache-'));
    try {
      writeFileSync(path.join(dir, 'a.md'), '# A\n');
      const files = loadContent(dir).files;
      const cache = new ReadCache();
      const keep = (): void => {
        for (const file of files) cache.store(file.relPath, { ...EMPTY_READ, fingerprint: fingerprintOfSource(file) });
      };
      expect(cache.stale(files, plainConventions()).map((file) => file.relPath)).toStrictEqual(['a.md']);
      keep();
      expect(cache.stale(files, plainConventions())).toStrictEqual([]);
      expect(cache.stale(files, { ...plainConventions(), detectedBy: 'another reader' }).map((file) => file.relPath)).toStrictEqual([
        'a.md',
      ]);
      keep();
      cache.report(['a.md']);
      expect(cache.stale(files, { ...plainConventions(), detectedBy: 'another reader' }).map((file) => file.relPath)).toStrictEqual([
        'a.md',
      ]);
      keep();
      expect(cache.stale([], { ...plainConventions(), detectedBy: 'another reader' })).toStrictEqual([]);
      expect(cache.size).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it.each([
    ['a plain folder (its conventions kept: the same object)', {}],
    ['an MkDocs folder (its conventions read again, equal)', { 'mkdocs.yml': 'site_name: Docs\n' }],
  ])('after a listing patched in %s, reads the reported files, and those a build that threw left unread', (_, config) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-read-cache-'));
    try {
      for (const [name, text] of Object.entries(config)) writeFileSync(path.join(dir, name), text);
      for (const name of ['a', 'b', 'c', 'd']) writeFileSync(path.join(dir, `${name}.md`), `# ${name}\n`);
      const cache = new ReadCache();
      let conventions: unknown;
      /** A watch build up to its reads: the listing patched for `heard` (site-listing.ts), the files to read. */
      const stale = (heard: readonly string[]): string[] => {
        cache.report(heard);
        const listed = runSteps(listSiteFiles(dir, {}, cache));
        if (heard.length > 0) expect([listed.conventions, cache.listingPatched]).toStrictEqual([conventions, true]);
        conventions = listed.conventions;
        return cache.stale(listed.files, listed.conventions).map((file) => file.relPath);
      };
      const store = (relPaths: readonly string[]): void => {
        for (const relPath of relPaths)
          cache.store(relPath, {
            ...EMPTY_READ,
            fingerprint: fingerprintOfSource({ relPath, contentRoot: realpathSync(dir) } as SourceFile),
          });
      };
      expect(stale([])).toStrictEqual(['a.md', 'b.md', 'c.md', 'd.md']);
      // The build threw after reading two files: the next reads the others besides the one reported.
      store(['a.md', 'b.md']);
      writeFileSync(path.join(dir, 'b.md'), '# b, edited\n');
      expect(stale(['b.md'])).toStrictEqual(['b.md', 'c.md', 'd.md']);
      store(['b.md', 'c.md', 'd.md']);
      writeFileSync(path.join(dir, 'd.md'), '# d, edited\n');
      writeFileSync(path.join(dir, 'e.md'), '# e\n');
      rmSync(path.join(dir, 'a.md'));
      expect([stale(['e.md', 'd.md', 'a.md']), cache.size]).toStrictEqual([['d.md', 'e.md'], 2]);
      store(['d.md', 'e.md']);
      expect([stale(['a.md']), cache.size]).toStrictEqual([[], 4]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
