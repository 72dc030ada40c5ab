import { describe, expect, it } from 'vitest';
import { vocabulary as generatedVocabulary } from '../../bench/generate-site.js';
import { TERM_IN_PUBLIC } from './field-pairs.js';
import { boundedEditDistance } from './fuzzy.js';
import { buildSearchIndex } from './index-builder.js';
import {
  MAX_FUZZY_CANDIDATES,
  MAX_FUZZY_EXPANSIONS,
  MAX_QUERY_EXPANSIONS,
  MAX_QUERY_FUZZY_CANDIDATES,
  Vocabulary,
  type QueryExpansion,
} from './vocabulary.js';

/** The vocabulary of the bench's generated 10k-page site (bench/generate-site.ts): 30,000 words, all public. */
function tenThousandPageVocabulary(): { vocabulary: Vocabulary; terms: string[] } {
  const terms = generatedVocabulary();
  const ids = new Map(terms.map((term, id) => [term, id]));
  return { vocabulary: new Vocabulary(terms, ids, new Uint8Array(terms.length).fill(TERM_IN_PUBLIC)), terms };
}

/** Expands a query of closed words (none is being typed) as search-index.ts does, public pages only. */
function expand(vocabulary: Vocabulary, words: readonly string[]): QueryExpansion {
  return vocabulary.expandQuery(
    words,
    words.map((word) => vocabulary.stemGroupOf(word)),
    undefined,
    false,
  );
}

/** How many terms a query stands for in all. */
const expanded = (expansion: QueryExpansion): number => expansion.words.reduce((sum, terms) => sum + terms.length, 0);

describe('the typo expansion of one query, on a 10k-page vocabulary', () => {
  it('examines a few candidates for 16 unknown words, not 16 × 30,000 terms', () => {
    const { vocabulary } = tenThousandPageVocabulary();
    const words =
      'qwzrtyplk zxcvbnmlkj plmoknijbuh yhnujmikol tgbyhnujm rfvtgbyhn edcrfvtgb wsxedcrfv qazwsxedc mnbvcxzlk poiuytrewq lkjhgfdsaq asdfghjklz zaqxswcde cdevfrbgt bgtnhymju'.split(
        ' ',
      );
    const expansion = expand(vocabulary, words);
    expect(expansion.words).toStrictEqual(words.map(() => []));
    // The 16 × 30,000 distances of a scan of the whole vocabulary, against a few hundred candidates.
    expect(expansion.fuzzyCandidates).toBe(354);
  });

  it('stays within the candidate and term caps for 16 misspelt words, and still finds each one', () => {
    const { vocabulary, terms } = tenThousandPageVocabulary();
    // 16 words of 8 letters or more (two edits allowed), each with two inner letters swapped.
    const swap = (term: string): string => term.slice(0, 3) + (term[4] as string) + (term[3] as string) + term.slice(5);
    const known = new Set(terms);
    const targets = terms.filter((term) => term.length >= 8 && term[3] !== term[4] && !known.has(swap(term))).slice(0, 16);
    const words = targets.map(swap);
    const expansion = expand(vocabulary, words);
    expect(expansion.fuzzyCandidates).toBeLessThanOrEqual(MAX_QUERY_FUZZY_CANDIDATES);
    // 2,500 candidates a word at most: the query's budget shared by its 16 words.
    expect(expansion.fuzzyCandidates).toBe(39_068);
    expect(expanded(expansion)).toBeLessThanOrEqual(MAX_QUERY_EXPANSIONS);
    expect(expanded(expansion)).toBe(25);
    // Each word still stands for the word it misspells (a swap is two substitutions).
    expansion.words.forEach((near, i) => expect(near.map(({ term }) => terms[term])).toContain(targets[i]));
  });

  it('lets one misspelt word examine up to the per-word cap', () => {
    const { vocabulary } = tenThousandPageVocabulary();
    const one = expand(vocabulary, ['configuraton']);
    expect(one.fuzzyCandidates).toBeLessThanOrEqual(MAX_FUZZY_CANDIDATES);
    expect(one.fuzzyCandidates).toBe(4_100);
  });

  it('keeps the closest near spellings of a word that has more than the cap', () => {
    // 26 × 3 one-substitution neighbours and more at two edits: over MAX_FUZZY_EXPANSIONS.
    const letters = 'abcdefghijklmnopqrstuvwxyz'.split('');
    const terms = [...new Set(letters.flatMap((a) => letters.flatMap((b) => [`${a}${b}ttering`, `sh${a}${b}ering`])))];
    const ids = new Map(terms.map((term, id) => [term, id]));
    const small = new Vocabulary(terms, ids, new Uint8Array(terms.length).fill(TERM_IN_PUBLIC));
    const [near] = expand(small, ['shattering']).words as [{ term: number; weight: number }[]];
    expect(near).toHaveLength(MAX_FUZZY_EXPANSIONS);
    const found = near.map(({ term }) => terms[term] as string);
    // In code-unit order, every term at one edit first chosen, then the first at two.
    expect(found).toStrictEqual([...found].sort());
    const oneEdit = terms.filter((term) => boundedEditDistance(term, 'shattering', 1) === 1);
    expect(oneEdit.every((term) => found.includes(term))).toBe(true);
  });
});

describe('typo tolerance', () => {
  it('still finds pages by a misspelt word, ranked as before', () => {
    const index = buildSearchIndex(
      [
        ['/config', 'Configuration', 'The configuration file and its settings.'],
        ['/configs', 'Configurations', 'Several configurations side by side.'],
        ['/deploy', 'Deployment', 'Deploying the service.'],
      ].map(([path, title, markdown]) => ({
        document: { path: path as string, title: title as string, description: '' },
        internal: false,
        markdown: markdown as string,
      })),
    );
    const all = { limit: 10, offset: 0, includeInternal: false };
    expect(index.search('configuraton ', all).results.map((result) => result.path)).toStrictEqual(['/config', '/configs']);
    expect(index.search('depolyment ', all).results.map((result) => result.path)).toStrictEqual(['/deploy']);
  });
});
