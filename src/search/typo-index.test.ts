import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedEditDistance } from './fuzzy.js';
import { TypoIndex } from './typo-index.js';

/** `terms` deduplicated in code-unit order, as the vocabulary keeps them. */
const sortedSet = (terms: readonly string[]): string[] => [...new Set(terms)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** The scan of every term the index replaces: each term within `max`, in order, with its distance. */
function scan(sorted: readonly string[], word: string, max: number): { indexes: number[]; distances: number[] } {
  const indexes: number[] = [];
  const distances: number[] = [];
  sorted.forEach((term, i) => {
    const distance = boundedEditDistance(word, term, max);
    if (distance === Infinity) return;
    indexes.push(i);
    distances.push(distance);
  });
  return { indexes, distances };
}

describe('TypoIndex', () => {
  it('finds the terms within the bound, in code-unit order, with their distances', () => {
    const sorted = sortedSet([
      'configuration',
      'configurations',
      'configure',
      'configured',
      'confirmation',
      'install',
      'instal',
      'installs',
    ]);
    const index = new TypoIndex(sorted);
    expect(index.near('configuraton', 2, 100)).toStrictEqual({ indexes: [0, 1], distances: [1, 2], candidates: 5, complete: true });
    expect(index.near('instll', 1, 100)).toStrictEqual({ indexes: [5, 6], distances: [1, 1], candidates: 3, complete: true });
    // No term holds 3 of these bigrams (^z, zz, z$): no candidate at all.
    expect(index.near('zzzzzz', 1, 100)).toStrictEqual({ indexes: [], distances: [], candidates: 0, complete: true });
  });

  it('equals the scan of every term for any vocabulary, word and bound', () => {
    const unit = fc.constantFrom('a', 'b', 'c', 'd', 'é');
    const term = fc.string({ unit, minLength: 1, maxLength: 9 });
    const query = fc
      .integer({ min: 0, max: 2 })
      .chain((max) => fc.tuple(fc.constant(max), fc.string({ unit, minLength: 2 * max, maxLength: 10 })));
    fc.assert(
      fc.property(fc.array(term, { maxLength: 80 }), query, (terms, [max, word]) => {
        const sorted = sortedSet(terms);
        const found = new TypoIndex(sorted).near(word, max, Number.MAX_SAFE_INTEGER);
        expect({ indexes: found.indexes, distances: found.distances }).toStrictEqual(scan(sorted, word, max));
        expect(found.complete).toBe(true);
        expect(found.candidates).toBeLessThanOrEqual(sorted.length);
      }),
      { numRuns: 3000, seed: 28 },
    );
  });

  it('examines at most its budget of candidates, and says when it stopped', () => {
    const letters = 'abcdefghijklmnopqrstuvwxyz'.split('');
    const sorted = sortedSet(letters.flatMap((a) => letters.flatMap((b) => letters.map((c) => `${a}${b}${c}ing`))));
    const index = new TypoIndex(sorted);
    const whole = index.near('abcing', 1, Number.MAX_SAFE_INTEGER);
    const oneSubstitution = [0, 1, 2].flatMap((at) => letters.map((c) => `${'abc'.slice(0, at)}${c}${'abc'.slice(at + 1)}ing`));
    expect(whole.indexes.map((i) => sorted[i])).toStrictEqual(sortedSet(oneSubstitution));
    // The candidates: the terms holding one of the three rarest bigrams of ^abcing$ (ab, bc, then ^a).
    const candidates = sorted.filter((term) => term.startsWith('a') || term.includes('ab') || term.includes('bc'));
    expect(candidates.length).toBe(752);
    expect(whole).toMatchObject({ candidates: 752, complete: true });
    expect(whole.candidates).toBeLessThan(sorted.length / 20);
    const cut = index.near('abcing', 1, 100);
    expect(cut).toMatchObject({ candidates: 100, complete: false });
  });

  it('refuses a word with fewer bigrams than the bound needs', () => {
    expect(() => new TypoIndex(['ab']).near('ab', 2, 10)).toThrow(new RangeError('a word of 2 code units has too few bigrams for 2 edits'));
  });
});
