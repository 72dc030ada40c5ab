import { describe, expect, it } from 'vitest';
import { chooseQueryWords, isStopWord, stemOf } from './analysis.js';
import { buildSearchIndex } from './index-builder.js';

const ALL = { limit: 100, offset: 0, includeInternal: true };

/** An index of public pages given as [path, title, body]. */
function site(pages: [string, string, string][]) {
  return buildSearchIndex(
    pages.map(([path, title, markdown]) => ({ document: { path, title, description: '' }, internal: false, markdown })),
  );
}
const paths = (index: ReturnType<typeof site>, query: string): string[] => index.search(query, ALL).results.map((result) => result.path);

describe('stemming', () => {
  it('stems English words with Snowball, leaving numbers and other scripts as they are', () => {
    expect(['layers', 'layering', 'computation', 'compute', 'v2', 'café', 'an'].map((term) => stemOf(term))).toStrictEqual([
      'layer',
      'layer',
      'comput',
      'comput',
      'v2',
      'café',
      'an',
    ]);
  });

  it('finds every form of a word, the word itself first', () => {
    const index = site([
      ['/a', 'A', 'one layer'],
      ['/b', 'B', 'two layers'],
      ['/c', 'C', 'some layering'],
      ['/d', 'D', 'to compute'],
    ]);
    expect(paths(index, 'layers')).toStrictEqual(['/b', '/a', '/c']);
    expect(paths(index, 'layer ')).toStrictEqual(['/a', '/b', '/c']);
    expect(paths(index, 'computation')).toStrictEqual(['/d']);
  });
});

describe('stop words', () => {
  it('are dropped from queries, unless the query is nothing else', () => {
    expect([isStopWord('the'), isStopWord('a'), isStopWord('wing')]).toStrictEqual([true, true, false]);
    const index = site([
      ['/x', 'X', 'the of a the'],
      ['/y', 'Y', 'the wing plane'],
    ]);
    expect(index.search('the wing of a plane', ALL)).toStrictEqual({ total: 1, results: [{ path: '/y', title: 'Y', description: '' }] });
    expect(paths(index, 'the of')).toStrictEqual(['/x', '/y']);
  });
});

describe('minimum should match', () => {
  it('ranks pages with every word before pages with some, each group by score', () => {
    const index = site([
      ['/p1', 'P', 'alpha beta gamma delta epsilon zeta eta theta iota kappa'],
      ['/p2', 'P', 'alpha alpha alpha'],
      ['/p3', 'P', 'beta'],
    ]);
    expect(paths(index, 'alpha beta ')).toStrictEqual(['/p1', '/p2', '/p3']);
    // /p2 outscores /p1 on "alpha" alone: only having both words puts /p1 first.
    expect(paths(index, 'alpha ')).toStrictEqual(['/p2', '/p1']);
  });
});

describe('BM25F', () => {
  it('counts a title hit as extra occurrences, saturated with the body’s', () => {
    const index = site([
      ['/title', 'Wing', 'notes about other things'],
      ['/body', 'Notes', 'wing wing wing shape'],
    ]);
    // Scored per field with a title ×4, /title won; combined, a body about the word wins.
    expect(paths(index, 'wing ')).toStrictEqual(['/body', '/title']);
  });
});

describe('phrase bonus', () => {
  it('puts pages whose title has the query words side by side first', () => {
    const index = site([
      ['/a', 'Aircraft heated models', ''],
      ['/b', 'Models of heated aircraft', ''],
    ]);
    expect(paths(index, 'heated aircraft ')).toStrictEqual(['/b', '/a']);
    expect(paths(index, 'aircraft heated ')).toStrictEqual(['/a', '/b']);
  });
});

describe('word choice by idf', () => {
  it('keeps the rarest words of a long query, in query order', () => {
    const df: Record<string, number> = { common: 90, rare: 1, usual: 40 };
    expect(chooseQueryWords(['the', 'common', 'rare', 'usual'], (word) => df[word] ?? 0, 2)).toStrictEqual(['rare', 'usual']);
    const common = Array.from({ length: 16 }, (_, i) => `word${String.fromCharCode(97 + i)}`).join(' ');
    const index = site([
      ['/a', 'A', common],
      ['/b', 'B', `${common} zebra`],
      ['/c', 'C', common],
    ]);
    // The 17th word decides: the first 16 alone would tie the three pages.
    expect(paths(index, `${common} zebra`)).toStrictEqual(['/b', '/a', '/c']);
  });
});

describe('prefixes and typos', () => {
  it('completes the last word only while it is typed, and corrects only words in no page', () => {
    const index = site([
      ['/install', 'Install', 'install the widget'],
      ['/widget', 'Widget', 'widget'],
      ['/midget', 'Midget', 'midget'],
    ]);
    expect(paths(index, 'inst')).toStrictEqual(['/install']);
    expect(paths(index, 'inst ')).toStrictEqual([]);
    expect(paths(index, 'inst widget')).toStrictEqual(['/widget', '/install']);
    expect(paths(index, 'widgt ')).toStrictEqual(['/widget', '/install']);
    // One edit from "widget", but a word of a page: taken as it is.
    expect(paths(index, 'midget ')).toStrictEqual(['/midget']);
  });
});
