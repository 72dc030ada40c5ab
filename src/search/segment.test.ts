import { describe, expect, it } from 'vitest';
import { DocumentCounter, type DocumentCounts } from './document-counts.js';
import { SearchIndexBuilder } from './index-builder.js';
import type { CompactSearchIndex, SearchDocument, SearchOptions } from './search-index.js';
import { deletionOf, withSegment } from './segment.js';
import { runSteps } from '../build-steps.js';
import { seededRandom } from '../../test/seeded-random.js';

interface TestPage {
  document: SearchDocument;
  internal: boolean;
  markdown: string;
}

const page = (path: string, title: string, markdown: string, internal = false): TestPage => ({
  document: { path, title, description: '' },
  internal,
  markdown,
});

/** An index of counted pages, as snapshot/incremental-search.ts builds one: one batch of their counts. */
function indexOf(pages: readonly { page: TestPage; counts: DocumentCounts }[], counter: DocumentCounter): CompactSearchIndex {
  return runSteps(builderOf(pages, counter).finishInSteps());
}

function builderOf(pages: readonly { page: TestPage; counts: DocumentCounts }[], counter: DocumentCounter): SearchIndexBuilder {
  const builder = new SearchIndexBuilder();
  const batch = runSteps(
    builder.addCountsInSteps(
      pages.map(({ counts }) => counts),
      counter.terms,
    ),
  );
  pages.forEach(({ page: { document, internal } }, doc) => builder.addCounted(document, internal, batch, doc));
  return builder;
}

/**
 * The index of `after` as a base of `before` with a segment, and from scratch; pages of the same
 * path and text keep their counts (unchanged, as the read cache keeps them).
 */
function bothIndexes(
  before: readonly TestPage[],
  after: readonly TestPage[],
): { segmented: CompactSearchIndex; scratch: CompactSearchIndex } {
  const counter = new DocumentCounter();
  const counted = new Map<TestPage, DocumentCounts>();
  const countsOf = (page: TestPage): DocumentCounts => {
    let counts = counted.get(page);
    if (counts === undefined) counted.set(page, (counts = counter.count(page.document, page.markdown)));
    return counts;
  };
  const base = indexOf(
    before.map((page) => ({ page, counts: countsOf(page) })),
    counter,
  );
  const baseOrder = [...before].sort((a, b) => (a.document.path < b.document.path ? -1 : 1));
  const kept = new Set(after);
  const deletions = baseOrder.flatMap((page, doc) =>
    kept.has(page) ? [] : [deletionOf(doc, countsOf(page), counter.terms, base.layout.vocabulary)],
  );
  const fresh = after.filter((page) => !before.includes(page)).map((page) => ({ page, counts: countsOf(page) }));
  const segment = fresh.length === 0 ? undefined : runSteps(builderOf(fresh, counter).dataInSteps());
  return {
    segmented: withSegment(base, deletions, segment),
    scratch: indexOf(
      after.map((page) => ({ page, counts: countsOf(page) })),
      counter,
    ),
  };
}

const ALL: SearchOptions = { limit: 100, offset: 0, includeInternal: true };
const PUBLIC: SearchOptions = { ...ALL, includeInternal: false };

/** Every answer to `queries`, both audiences, and pages of results two at a time. */
function answers(index: CompactSearchIndex, queries: readonly string[]): unknown[] {
  return queries.flatMap((query) =>
    [ALL, PUBLIC, { ...ALL, limit: 2, offset: 1 }, { ...PUBLIC, limit: 2, offset: 2 }].map((options) => index.search(query, options)),
  );
}

const paths = (index: CompactSearchIndex, query: string, options = ALL): string[] =>
  index.search(query, options).results.map((result) => result.path);

describe('an index with a segment and deletions', () => {
  it('forgets a term that only deleted pages held: no answer, and typo tolerance for it again', () => {
    const kept = page('/a', 'Alpha', 'shared words about colors');
    const gone = page('/b', 'Beta', 'zymurgy colours');
    const { segmented, scratch } = bothIndexes([kept, gone], [kept]);
    expect(paths(segmented, 'zymurgy')).toStrictEqual([]);
    expect(paths(segmented, 'colours')).toStrictEqual(['/a']);
    expect(segmented.allDocuments.map((d) => d.path)).toStrictEqual(['/a']);
    expect(answers(segmented, ['zymurgy', 'colours', 'colour', 'zymu', 'beta'])).toStrictEqual(
      answers(scratch, ['zymurgy', 'colours', 'colour', 'zymu', 'beta']),
    );
  });

  it('finds a term only the segment holds, by itself, its stem, as a prefix and misspelt', () => {
    const base = page('/a', 'Alpha', 'layer of paint');
    const added = page('/c', 'Gamma', 'quokkas and layering');
    const { segmented, scratch } = bothIndexes([base], [base, added]);
    expect(paths(segmented, 'quokka')).toStrictEqual(['/c']);
    expect(paths(segmented, 'quok')).toStrictEqual(['/c']);
    expect(paths(segmented, 'quokkos')).toStrictEqual(['/c']);
    expect(paths(segmented, 'layers')).toStrictEqual(['/a', '/c']);
    const queries = ['quokka', 'quok', 'quokkos', 'layers', 'layering', 'gamma alpha', 'paint quokkas'];
    expect(answers(segmented, queries)).toStrictEqual(answers(scratch, queries));
  });

  it('orders a tie between a base page and a segment page by path', () => {
    const first = page('/m', 'Same', 'same words here');
    const last = page('/z', 'Same', 'same words here');
    const { segmented, scratch } = bothIndexes([first, last], [first, last, page('/a', 'Same', 'same words here')]);
    expect(paths(segmented, 'same words')).toStrictEqual(['/a', '/m', '/z']);
    expect(answers(segmented, ['same', 'words here'])).toStrictEqual(answers(scratch, ['same', 'words here']));
  });

  it('follows an internal page made public and back, in results and public statistics', () => {
    const open = page('/a', 'Alpha', 'secret plan widget');
    const hidden = page('/b', 'Runbook', 'secret pager rotation', true);
    const shown = page('/b', 'Runbook', 'secret pager rotation');
    const other = page('/c', 'Gamma', 'rotation widget widget');
    const published = bothIndexes([open, hidden, other], [open, shown, other]);
    expect(paths(published.segmented, 'pager', PUBLIC)).toStrictEqual(['/b']);
    const queries = ['secret', 'pager', 'rotation widget', 'runbook', 'pag', 'rotatoin'];
    expect(answers(published.segmented, queries)).toStrictEqual(answers(published.scratch, queries));
    const again = bothIndexes([open, shown, other], [open, hidden, other]);
    expect(paths(again.segmented, 'pager', PUBLIC)).toStrictEqual([]);
    expect(again.segmented.publicDocuments.map((d) => d.path)).toStrictEqual(['/a', '/c']);
    expect(answers(again.segmented, queries)).toStrictEqual(answers(again.scratch, queries));
  });

  it('grows an empty base, and empties a base, as from scratch', () => {
    const pages = [page('/a', 'Alpha', 'layer of paint'), page('/b', 'Beta', 'secret layers', true)];
    const grown = bothIndexes([], pages);
    expect(paths(grown.segmented, 'layer')).toStrictEqual(['/a', '/b']);
    expect(answers(grown.segmented, ['layer', 'secret', 'lay', 'paimt'])).toStrictEqual(
      answers(grown.scratch, ['layer', 'secret', 'lay', 'paimt']),
    );
    const emptied = bothIndexes(pages, []);
    expect(emptied.segmented.allDocuments).toStrictEqual([]);
    expect(answers(emptied.segmented, ['layer', 'secret', 'lay'])).toStrictEqual(answers(emptied.scratch, ['layer', 'secret', 'lay']));
  });

  it('refuses to extend an index that has a segment already', () => {
    const { segmented } = bothIndexes([page('/a', 'A', 'one')], [page('/b', 'B', 'two')]);
    expect(() => withSegment(segmented, [], undefined)).toThrow('a segment is added to a from-scratch index');
  });
});

const WORDS = (
  'layer layers layered layering config configure configuration configured widget widgets gadget ' +
  'alpha beta gamma delta paint painting painted rotation rotate secret pager runbook quokka ' +
  'zebra zebras xylophone yak yaks install installing installed the of and a'
).split(' ');

describe('an index with a segment, on random edits', () => {
  it('answers every query as a from-scratch index of the same pages, for both audiences', () => {
    const next = seededRandom(34);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const text = (min: number, max: number): string =>
      Array.from({ length: min + Math.floor(next() * (max - min + 1)) }, () =>
        // A rare word now and then: words only a page or two hold, that edits add and delete.
        next() < 0.08 ? `rare${Math.floor(next() * 40)}` : pick(WORDS),
      ).join(' ');
    const newPage = (path: string): TestPage => page(path, text(1, 3), text(3, 25), next() < 0.25);
    let compared = 0;
    for (let round = 0; round < 60; round++) {
      const count = 3 + Math.floor(next() * 25);
      const before = Array.from({ length: count }, (_, i) => newPage(`/p${String(i).padStart(2, '0')}`));
      const after = before.flatMap((old): TestPage[] => {
        const roll = next();
        if (roll < 0.15) return [];
        if (roll < 0.3) return [newPage(old.document.path)];
        if (roll < 0.38) return [{ ...old, internal: !old.internal }];
        return [old];
      });
      for (let i = 0; i < Math.floor(next() * 5); i++) after.push(newPage(`/q${round}-${i}`));
      const { segmented, scratch } = bothIndexes(before, after);
      const queries = Array.from({ length: 30 }, () => {
        const kind = next();
        if (kind < 0.4) return text(1, 3);
        if (kind < 0.55) return pick(WORDS).slice(0, 3);
        if (kind < 0.7) return `rare${Math.floor(next() * 40)}`;
        if (kind < 0.85) return pick(WORDS).replace(/[aeiou]/, 'x');
        return text(17, 20);
      });
      expect(segmented.allDocuments).toStrictEqual(scratch.allDocuments);
      expect(segmented.publicDocuments).toStrictEqual(scratch.publicDocuments);
      expect(answers(segmented, queries)).toStrictEqual(answers(scratch, queries));
      compared += queries.length;
    }
    expect(compared).toBe(1800);
  });
});
