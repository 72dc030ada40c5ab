import { describe, expect, it } from 'vitest';
import type { Page } from '../content/page.js';
import { DocumentCounter, type DocumentCounts } from '../search/document-counts.js';
import { CompactSearchIndex, type IndexLayout, type SearchIndex, type SearchOptions } from '../search/search-index.js';
import { runSteps } from '../build-steps.js';
import { IncrementalSearch, mergeThreshold, type ScopePages } from './incremental-search.js';

/** A page as the index reads it: URL, title, description, kind and language. */
function pageOf(url: string, title: string, lang = 'en', kind: Page['kind'] = 'page'): Page {
  return { key: url, url, title, description: '', kind, lang } as Page;
}

/** Pages and their bodies, counted once each in one term table, as the read cache keeps them. */
class Site {
  readonly counter = new DocumentCounter();
  private readonly counted = new Map<Page, DocumentCounts>();

  scopes(pages: readonly { page: Page; body: string }[]): ScopePages[] {
    const byLanguage = new Map<string, ScopePages & { pages: Page[]; counts: DocumentCounts[] }>();
    for (const { page, body } of pages) {
      let counts = this.counted.get(page);
      if (counts === undefined) this.counted.set(page, (counts = this.counter.count(page, body)));
      let scope = byLanguage.get(page.lang);
      if (scope === undefined) byLanguage.set(page.lang, (scope = { language: page.lang, version: undefined, pages: [], counts: [] }));
      scope.pages.push(page);
      scope.counts.push(counts);
    }
    return [...byLanguage.values()];
  }
}

const ALL: SearchOptions = { limit: 100, offset: 0, includeInternal: true };
const QUERIES = ['alpha', 'beta gamma', 'gam', 'delta', 'betta', 'zeta'];

/** Every answer to {@link QUERIES} in each language, both audiences. */
function answers(index: SearchIndex, languages: readonly string[]): unknown[] {
  return languages.flatMap((language) =>
    QUERIES.flatMap((query) => [true, false].map((includeInternal) => index.search(query, { ...ALL, includeInternal, language }))),
  );
}

/** The layout of a site's index in one language. */
function layoutOf(index: SearchIndex): IndexLayout {
  if (!(index instanceof CompactSearchIndex)) throw new Error('a site in one language has one index');
  return index.layout;
}

/** The parts of the index: 1 for a base, 2 with a segment. */
const partsOf = (index: SearchIndex): number => layoutOf(index).parts.length;

describe('IncrementalSearch', () => {
  const a = { page: pageOf('/a', 'Alpha'), body: 'alpha beta' };
  const b = { page: pageOf('/b', 'Beta'), body: 'beta gamma' };
  const c = { page: pageOf('/c', 'Gamma'), body: 'gamma delta' };

  it('puts an edit in a segment over the shared base, answering as a build from scratch', () => {
    const site = new Site();
    const search = new IncrementalSearch();
    const first = runSteps(search.build(site.scopes([a, b, c]), 'en', site.counter));
    const edited = [a, { page: pageOf('/b', 'Beta'), body: 'zeta gamma' }, c];
    const second = runSteps(search.build(site.scopes(edited), 'en', site.counter));
    expect(partsOf(second)).toBe(2);
    expect(layoutOf(second).parts[0]).toBe(layoutOf(first).parts[0]);
    const scratch = runSteps(new IncrementalSearch().build(site.scopes(edited), 'en', site.counter));
    expect(partsOf(scratch)).toBe(1);
    expect(answers(second, ['en'])).toStrictEqual(answers(scratch, ['en']));
    expect(second.search('zeta', ALL).results.map((r) => r.path)).toStrictEqual(['/b']);
  });

  it('serves the same index again when nothing changed', () => {
    const site = new Site();
    const search = new IncrementalSearch();
    runSteps(search.build(site.scopes([a, b]), 'en', site.counter));
    const added = [a, b, c];
    const second = runSteps(search.build(site.scopes(added), 'en', site.counter));
    expect(runSteps(search.build(site.scopes(added), 'en', site.counter))).toBe(second);
  });

  it('builds from scratch past the threshold, and when the term table is a new one', () => {
    const site = new Site();
    const search = new IncrementalSearch(() => 1);
    runSteps(search.build(site.scopes([a, b]), 'en', site.counter));
    expect(partsOf(runSteps(search.build(site.scopes([a, b, c]), 'en', site.counter)))).toBe(2);
    const two = [a, { page: pageOf('/b', 'Beta'), body: 'beta' }, { page: pageOf('/c', 'Gamma'), body: 'delta' }];
    const merged = runSteps(search.build(site.scopes(two), 'en', site.counter));
    expect(partsOf(merged)).toBe(1);
    const other = new Site();
    expect(partsOf(runSteps(search.build(other.scopes([a, b, c]), 'en', other.counter)))).toBe(1);
  });

  it('follows a page to another language and an internal page made public', () => {
    const site = new Site();
    const search = new IncrementalSearch();
    const hidden = { page: pageOf('/d', 'Delta', 'en', 'internal'), body: 'delta zeta' };
    runSteps(search.build(site.scopes([a, b, c, hidden, { page: pageOf('/de/e', 'Alpha', 'de'), body: 'alpha' }]), 'en', site.counter));
    const after = [
      a,
      c,
      { page: pageOf('/d', 'Delta'), body: 'delta zeta' },
      { page: pageOf('/de/e', 'Alpha', 'de'), body: 'alpha' },
      { page: pageOf('/de/b', 'Beta', 'de'), body: 'beta gamma' },
    ];
    const index = runSteps(search.build(site.scopes(after), 'en', site.counter));
    const scratch = runSteps(new IncrementalSearch().build(site.scopes(after), 'en', site.counter));
    expect(answers(index, ['en', 'de'])).toStrictEqual(answers(scratch, ['en', 'de']));
    expect(index.search('beta', { ...ALL, language: 'de' }).results.map((r) => r.path)).toStrictEqual(['/de/b']);
    expect(index.search('delta', { ...ALL, includeInternal: false }).results.map((r) => r.path)).toStrictEqual(['/d', '/c']);
  });

  it('merges past 2% of the base, at least 1,000 documents', () => {
    expect([mergeThreshold(0), mergeThreshold(50_000), mergeThreshold(100_000)]).toStrictEqual([1_000, 1_000, 2_000]);
  });
});
