/**
 * The llms index files are made off the path of a rebuild (issue 34): a snapshot makes them in its
 * warm-up (snapshot.ts `warm`, run by `serve` between requests) or on the first request that needs
 * them, never for a page's request, and answers the same bytes either way. Every llms file's name is
 * told apart from a page's path without building them (discovery/llms.ts `isLlmsFileName`).
 */
import { describe, expect, it } from 'vitest';
import { sourceFile, type SourceFile } from '../src/content/load.js';
import { buildLlmsFiles, isLlmsFileName, planFullText } from '../src/discovery/llms.js';
import { buildSnapshot, type Snapshot } from '../src/snapshot/snapshot.js';
import { resolvePath } from '../src/snapshot/lookup.js';
import { ReadCache } from '../src/snapshot/read-cache.js';
import type { BuildSteps } from '../src/build-steps.js';

const BASE = 'https://docs.example.com';
/** Small enough that each folder's pages take several section files. */
const MAX_CHARS = 2000;

/** A home page, one more root page, and 50 pages in each of two folders. */
function files(): SourceFile[] {
  const list = [
    sourceFile('index.md', '# Example docs\n\nThe example documentation.\n', 0),
    sourceFile('about.md', '# About\n\nWho.\n', 0),
  ];
  for (const folder of ['api', 'guides'])
    for (let i = 1; i <= 50; i += 1)
      list.push(sourceFile(`${folder}/page-${String(i).padStart(2, '0')}.md`, `# ${folder} ${i}\n\nItem ${i}.\n`));
  return list;
}

function snapshotOf(): Snapshot {
  return buildSnapshot(files(), { baseUrl: BASE, fallbackName: 'generated', llmsMaxChars: MAX_CHARS, parallel: false });
}

/** Runs steps to the end; how many times they yielded. */
function stepsOf(steps: BuildSteps<void>): number {
  let yields = 0;
  while (steps.next().done !== true) yields += 1;
  return yields;
}

describe('llms index files: made by the warm-up or the first request that needs them', () => {
  it('a page request builds none; the warm-up then builds them in a step per section file, once', () => {
    const snapshot = snapshotOf();
    expect(resolvePath(snapshot, '/guides/page-07').kind).toBe('page');
    expect(resolvePath(snapshot, '/guides/page-07.md').kind).toBe('page');
    // 1 for the plan, 1 after the root tree's flat text is found too long, 1 per section file: llms-root, api 1-2, guides 1-2.
    expect(stepsOf(snapshot.warm())).toBe(7);
    expect(stepsOf(snapshot.warm())).toBe(0);
  });

  it('a request before the warm-up builds them at once; the warm-up then has nothing left to do', () => {
    const snapshot = snapshotOf();
    const llmsTxt = snapshot.discovery.llmsTxt;
    expect(stepsOf(snapshot.warm())).toBe(0);
    expect(snapshot.discovery.llmsTxt).toBe(llmsTxt);
  });

  it('serves the same bytes as the files built at once, warmed or not', () => {
    const expected = buildLlmsFiles(snapshotOf().site, { baseUrl: BASE, maxChars: MAX_CHARS });
    const warmed = snapshotOf();
    stepsOf(warmed.warm());
    for (const snapshot of [warmed, snapshotOf()]) {
      const served = new Map([...expected.keys()].map((path) => [path, snapshot.discovery.llmsFiles.get(path)?.bytes.toString('utf8')]));
      expect(served).toStrictEqual(expected);
      expect(snapshot.discovery.llmsTxt.bytes.toString('utf8')).toBe(expected.get('/llms.txt'));
      expect([...expected.keys()].sort()).toStrictEqual([
        '/api/llms-2.txt',
        '/api/llms.txt',
        '/guides/llms-2.txt',
        '/guides/llms.txt',
        '/llms-root.txt',
        '/llms.txt',
      ]);
    }
  });
});

describe('llms index files across serve --watch builds (issue 34)', () => {
  it('keeps the body of every file a change leaves as it was; the changed files answer as a build from scratch', () => {
    const readCache = new ReadCache();
    const options = { baseUrl: BASE, fallbackName: 'generated', llmsMaxChars: MAX_CHARS, parallel: false, readCache };
    const servedOf = (snapshot: Snapshot): Map<string, string | undefined> => {
      stepsOf(snapshot.warm());
      return new Map(
        [...snapshot.discovery.llmsFiles.keys()].map((path) => [path, snapshot.discovery.llmsFiles.get(path)?.bytes.toString('utf8')]),
      );
    };
    const before = buildSnapshot(files(), options);
    servedOf(before);
    const edited = files().map((file) =>
      file.relPath === 'guides/page-40.md' ? sourceFile(file.relPath, '# Guides 40, renamed\n\nItem 40.\n') : file,
    );
    const after = buildSnapshot(edited, options);
    const served = servedOf(after);
    const scratch = buildSnapshot(edited, { ...options, readCache: undefined });
    expect(served).toStrictEqual(servedOf(scratch));
    expect(served.get('/guides/llms-2.txt')).toContain('- [Guides 40, renamed](https://docs.example.com/guides/page-40.md)');
    const kept = [...served.keys()].filter((path) => after.discovery.llmsFiles.get(path) === before.discovery.llmsFiles.get(path));
    expect(kept.sort()).toStrictEqual(['/api/llms-2.txt', '/api/llms.txt', '/guides/llms.txt', '/llms-root.txt', '/llms.txt']);
  });
});

describe('isLlmsFileName: every llms file, no page', () => {
  it('holds for every index, section and full-text file name the builders give', () => {
    const site = snapshotOf().site;
    const index = [...buildLlmsFiles(site, { baseUrl: BASE, maxChars: MAX_CHARS }).keys()];
    const full = planFullText(site, { baseUrl: BASE, fullMaxChars: 4000 }).paths;
    expect(index).toContain('/llms-root.txt');
    expect(index).toContain('/guides/llms-2.txt');
    expect(full).toContain('/llms-full-2.txt');
    expect([...index, ...full, '/llms-full.txt', '/llms-root-2.txt'].filter((path) => !isLlmsFileName(path))).toStrictEqual([]);
  });

  it('holds for no page URL, markdown URL, or name that only looks alike', () => {
    const site = snapshotOf().site;
    const pagePaths = [...site.pages.values()].flatMap((page) => [page.url, page.markdownUrl]);
    const alike = ['/llms', '/llms.txt.md', '/guides/llms-0.txt', '/notllms.txt', '/llms-other.txt', '/llms-full-.txt', '/llms.txt/'];
    expect([...pagePaths, ...alike].filter(isLlmsFileName)).toStrictEqual([]);
  });
});
