import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedEditDistance } from './fuzzy.js';

/** The textbook full-matrix Levenshtein distance, to check the banded one against. */
function levenshtein(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      row[j] = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  return (rows[a.length] as number[])[b.length] as number;
}

describe('boundedEditDistance', () => {
  it('counts edits up to the bound', () => {
    expect(boundedEditDistance('configuration', 'configuratoin', 2)).toBe(2);
    expect(boundedEditDistance('install', 'instal', 1)).toBe(1);
    expect(boundedEditDistance('same', 'same', 0)).toBe(0);
    expect(boundedEditDistance('kitten', 'sitting', 2)).toBe(Infinity);
    expect(boundedEditDistance('kitten', 'sitting', 3)).toBe(3);
    expect(boundedEditDistance('a', 'abcd', 2)).toBe(Infinity);
  });

  it('equals the full Levenshtein distance whenever that is within the bound', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é'), maxLength: 8 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 3 }), (a, b, max) => {
        const exact = levenshtein(a, b);
        expect(boundedEditDistance(a, b, max)).toBe(exact <= max ? exact : Infinity);
      }),
      { numRuns: 2000, seed: 7 },
    );
  });
});
