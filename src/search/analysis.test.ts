/** Stems remembered across requests (analysis.ts `cachedStemOf`): the very stems of `stemOf`, per language. */
import { describe, expect, it } from 'vitest';
import { analysisOf, cachedStemOf, STEM_CACHE_ENTRIES, stemOf } from './analysis.js';

const WORDS = ['sprachen', 'layers', 'certificates', 'running', 'x1', 'été', 'a'];

/** The `n`th word of letters a–z with a suffix the English stemmer strips (`bings`, `cings`…). */
const letterWord = (n: number): string =>
  `${n.toString(26).replace(/[0-9a-p]/g, (digit) => String.fromCharCode(97 + parseInt(digit, 26)))}ings`;

describe('cachedStemOf', () => {
  it("gives each language's own stem of a word, asked first in another language and again", () => {
    const languages = [undefined, analysisOf('de'), analysisOf('fr'), analysisOf('ja')];
    const expected = languages.map((analysis) => WORDS.map((word) => stemOf(word, analysis)));
    // The same word has other stems in other languages (English `layer`, German `lay`).
    expect(expected[0]).not.toStrictEqual(expected[1]);
    for (let round = 0; round < 2; round++)
      expect(languages.map((analysis) => WORDS.map((word) => cachedStemOf(word, analysis)))).toStrictEqual(expected);
  });

  it('still gives the stem once more words than it keeps were asked', () => {
    for (let i = 0; i <= STEM_CACHE_ENTRIES; i++) cachedStemOf(letterWord(i));
    expect(WORDS.map((word) => cachedStemOf(word))).toStrictEqual(WORDS.map((word) => stemOf(word)));
    expect([letterWord(1), cachedStemOf(letterWord(1))]).toStrictEqual(['bings', stemOf('bings')]);
    expect(stemOf('bings')).not.toBe('bings');
  });
});
