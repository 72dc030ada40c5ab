/**
 * Search hits' excerpts (snapshot/search-hits.ts) come from a page's markdown alone: a search
 * renders no page's HTML, and each excerpt is the very one the page's served `.md` body gives
 * (to the offset), for pages served whole; a page served in parts is excerpted from its first
 * part, as its URL answers with it; a page the caller may not read gives no excerpt.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadSnapshot } from '../src/snapshot/snapshot.js';
import { excerptOfPage, searchHits } from '../src/snapshot/search-hits.js';
import { withoutAgentFraming } from '../src/content/portable-markdown.js';
import { excerptIn, excerptQueryOf, pageWordsOf, plainText, type Excerpt } from '../src/search/excerpt.js';
import type { Snapshot } from '../src/snapshot/snapshot.js';
import { removeDir, TEST_BASE_URL, writeContent } from './helpers.js';

const FILES = {
  'index.md': '# Home\n\nWelcome to the [guide](guide.md).\n',
  'guide.md': [
    '---',
    'title: The guide',
    'description: How zebras cross.',
    '---',
    '',
    '# Guide',
    '',
    'A zebra crossing, see [the plan](other/plan.md) and <https://example.com/zebra>.',
    '',
    '<!-- llms-only -->',
    'Agents read that every zebra stripe is painted white.',
    '<!-- /llms-only -->',
    '',
    '```js',
    'const zebra = "striped";',
    '```',
    '',
  ].join('\n'),
  'other/plan.md': '# Plan\n\nThe zebra plan, with **bold** words and `code`.\n',
  'internal/secret.md': '# Secret\n\nThe zebra budget is internal.\n',
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) removeDir(dir);
});

/** A snapshot of `files` that records each page it renders. */
function snapshotOf(files: Record<string, string>, pageMaxChars?: number): { snapshot: Snapshot; renders: string[] } {
  const dir = writeContent(files);
  dirs.push(dir);
  const renders: string[] = [];
  const { snapshot } = loadSnapshot(dir, { baseUrl: TEST_BASE_URL, pageMaxChars, onPageRender: (key) => renders.push(key) });
  return { snapshot, renders };
}

/** The excerpt of the markdown body `key` serves (its first part's, in parts), as the body path made it. */
function bodyExcerpt(snapshot: Snapshot, key: string, query: string): Excerpt | undefined {
  const body = snapshot.pages.get(key)?.markdown;
  if (body === undefined) throw new Error(`no page at ${key}`);
  const prepared = excerptQueryOf(query);
  if (prepared === undefined) throw new Error(`no excerpt query of ${query}`);
  return excerptIn(pageWordsOf(plainText(withoutAgentFraming(body.bytes.toString('utf8'), TEST_BASE_URL))), prepared);
}

describe('search hits', () => {
  it('excerpt each hit without rendering any page, as its served markdown would', () => {
    const { snapshot, renders } = snapshotOf(FILES);
    const options = { query: 'zebra', includeInternal: false, language: undefined, baseUrl: TEST_BASE_URL };
    const hits = searchHits(snapshot, snapshot.search.search('zebra', { includeInternal: false, limit: 10, offset: 0 }).results, options);
    expect(renders).toStrictEqual([]);
    expect(hits).toStrictEqual([
      {
        path: '/guide',
        title: 'The guide',
        description: 'How zebras cross.',
        excerpt: {
          text: 'Guide A zebra crossing, see the plan and https://example.com/zebra. Agents read that every zebra stripe is painted white. const zebra = "striped";',
          highlights: [
            [8, 13],
            [61, 66],
            [91, 96],
            [128, 133],
          ],
        },
      },
      {
        path: '/other/plan',
        title: 'Plan',
        description: 'The zebra plan, with bold words and code.',
        section: 'Other',
        excerpt: { text: 'Plan The zebra plan, with bold words and code.', highlights: [[9, 14]] },
      },
    ]);
    // The same excerpts as the served bodies give, once they are rendered.
    expect(bodyExcerpt(snapshot, '/guide', 'zebra')).toStrictEqual(hits[0]?.excerpt);
    expect(bodyExcerpt(snapshot, '/other/plan', 'zebra')).toStrictEqual(hits[1]?.excerpt);
    expect(renders).toStrictEqual(['/guide', '/other/plan']);
  });

  it('excerpt an internal page for a caller who may read it only, still without rendering it', () => {
    const { snapshot, renders } = snapshotOf(FILES);
    const options = { query: 'budget', language: undefined, baseUrl: TEST_BASE_URL };
    expect(excerptOfPage(snapshot, '/internal/secret', { ...options, includeInternal: false })).toBeUndefined();
    expect(excerptOfPage(snapshot, '/internal/secret', { ...options, includeInternal: true })).toStrictEqual({
      text: 'Secret The zebra budget is internal.',
      highlights: [[17, 23]],
    });
    expect(renders).toStrictEqual([]);
  });

  it('excerpt a page served in parts from its first part, which its URL answers with', () => {
    const filler = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} about crossings and stripes.`).join('\n\n');
    const { snapshot, renders } = snapshotOf(
      { 'long.md': `# Long\n\nThe zebra starts here.\n\n${filler}\n\n## Late\n\nA giraffe at the end.\n` },
      1_000,
    );
    expect(snapshot.pages.get('/long')?.parts?.length).toBeGreaterThan(1);
    renders.length = 0;
    const options = { includeInternal: false, language: undefined, baseUrl: TEST_BASE_URL };
    const first = excerptOfPage(snapshot, '/long', { ...options, query: 'zebra' });
    expect(first).toStrictEqual(bodyExcerpt(snapshot, '/long', 'zebra'));
    expect(first?.text).toContain(' The zebra starts here. ');
    // The giraffe is in a later part: not in the body the page's URL serves.
    expect(excerptOfPage(snapshot, '/long', { ...options, query: 'giraffe' })).toBeUndefined();
    expect(renders).toStrictEqual([]); // rendered once above, then taken from the cache
  });

  it('gives no excerpt for a path that is no readable page', () => {
    const { snapshot, renders } = snapshotOf(FILES);
    const options = { query: 'zebra', includeInternal: true, language: undefined, baseUrl: TEST_BASE_URL };
    for (const path of ['/missing', '/llms.txt', '/GUIDE']) expect(excerptOfPage(snapshot, path, options), path).toBeUndefined();
    expect(renders).toStrictEqual([]);
  });
});
