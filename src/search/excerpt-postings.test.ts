/**
 * The excerpt from page postings (excerpt.ts `excerptIn`) against the regular-expression scan it
 * replaced: equal, byte for byte, on generated texts and on every page of the docs-small fixture.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analysisOf, chooseQueryWords, stemOf, type Analysis } from './analysis.js';
import { EXCERPT_CHARS, excerptIn, excerptOfText, excerptQueryOf, pageWordsOf, plainText, type Excerpt } from './excerpt.js';
import { foldUnit, queryTerms } from './tokenize.js';
import { DOCS_SMALL } from '../../test/helpers.js';

interface Match {
  start: number;
  end: number;
  word: number;
}

/**
 * The excerpt as it was made before page postings (commit 4cfa59c): a Unicode-class regular
 * expression over the text per query. Kept as the oracle the postings must agree with, byte for byte.
 * The text is read only as far as the answer depends on it: once a window holds every query
 * word, no window starting later can win, nor can one starting earlier reach past it.
 */
function scanExcerpt(text: string, query: string, maxChars = EXCERPT_CHARS, analysis?: Analysis): Excerpt | undefined {
  const terms = queryTerms(query);
  const words = chooseQueryWords(terms, () => 0, terms.length, analysis);
  if (words.length === 0) return undefined;
  const typing = foldUnit(query.charCodeAt(query.length - 1)) !== 0 ? terms[terms.length - 1] : undefined;
  const stems = words.map((word) => stemOf(word, analysis));
  const matches: Match[] = [];
  const wordOf = new Map<string, number>();
  /** Where the text stops mattering: `maxChars` past the start of the first window that holds every word. */
  let readUntil = Infinity;
  for (const found of text.matchAll(candidateWords(words))) {
    if (found.index > readUntil) break;
    // Words recur: each distinct one is folded and stemmed once.
    let word = wordOf.get(found[0]);
    if (word === undefined) {
      const term = found[0].normalize('NFC').toLowerCase();
      word = words.findIndex(
        (w, i) =>
          term === w || (w === typing && term.startsWith(w)) || (term.startsWith(w.slice(0, 2)) && stemOf(term, analysis) === stems[i]),
      );
      wordOf.set(found[0], word);
    }
    if (word === -1) continue;
    const match = { start: found.index, end: found.index + found[0].length, word };
    matches.push(match);
    if (readUntil === Infinity && holdsEveryWord(matches, words.length, maxChars)) {
      const first = matches.findLast((m) => match.end - m.start > maxChars);
      const windowStart = matches[first === undefined ? 0 : matches.indexOf(first) + 1] as Match;
      readUntil = windowStart.start + maxChars;
    }
  }
  if (matches.length === 0) return undefined;
  let best = { from: 0, count: 0 };
  for (let i = 0; i < matches.length; i++) {
    const seen = new Set<number>();
    for (let j = i; j < matches.length && (matches[j] as Match).end - (matches[i] as Match).start <= maxChars; j++)
      seen.add((matches[j] as Match).word);
    if (seen.size > best.count) best = { from: i, count: seen.size };
  }
  const first = matches[best.from] as Match;
  // Start a little before the first match, at a word boundary, so it reads in context.
  let start = Math.max(0, first.start - Math.floor(maxChars / 4));
  if (start > 0) start = text.indexOf(' ', start) + 1 || first.start;
  if (start > first.start) start = first.start;
  let end = Math.min(text.length, start + maxChars);
  if (end < text.length) end = Math.max(text.lastIndexOf(' ', end), first.end);
  const prefix = start > 0 ? '…' : '';
  const highlights = matches
    .filter((m) => m.start >= start && m.end <= end)
    .map((m): [number, number] => [m.start - start + prefix.length, m.end - start + prefix.length]);
  return { text: `${prefix}${text.slice(start, end)}${end < text.length ? '…' : ''}`, highlights };
}

/**
 * The words of a text that may match one of `words`: every match begins with a query word's first
 * two letters (itself, a longer word it begins, another form of its stem), so the regular
 * expression skips the others without the cost of making each a string. Case-insensitive, as
 * the text's words are lower-cased before they are compared.
 */
function candidateWords(words: readonly string[]): RegExp {
  const prefixes = [...new Set(words.map((word) => word.slice(0, 2).replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')))];
  return new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])(?:${prefixes.join('|')})[\\p{L}\\p{M}\\p{N}]*`, 'giu');
}

/** Whether the matches ending at the last one, within `maxChars`, hold all `count` query words. */
function holdsEveryWord(matches: readonly Match[], count: number, maxChars: number): boolean {
  const last = matches[matches.length - 1] as Match;
  const seen = new Set<number>();
  for (let i = matches.length - 1; i >= 0 && last.end - (matches[i] as Match).start <= maxChars; i--) seen.add((matches[i] as Match).word);
  return seen.size === count;
}

/** Every markdown file under a folder, as plain text. */
function plainTexts(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => plainText(readFileSync(path.join(dir, file), 'utf8')));
}

/** Words to build queries from: letters of several scripts and cases, marks, digits, one-letter and stop words. */
const WORDS = [
  'Wing',
  'wings',
  'layer',
  'LAYERED',
  'the',
  'a',
  'café',
  'cafe\u0301',
  'Straße',
  'STRASSE',
  'οδός',
  'ΟΔΟΣ',
  'x',
  'x1',
  '42',
  'naïve',
  'İstanbul',
  'install',
  'inst',
  'K',
  '\u212Aelvin',
  'été',
  'ÉTÉ',
  'c',
  'ce',
  'cert',
  'certificates',
];
const SEPARATORS = [' ', ', ', '. ', '\n', '-', '_', '/', '…', ' 🙂 ', '\u20DD'];

describe('excerptIn', () => {
  it('agrees with the scan it replaced on generated texts and queries', () => {
    const word = fc.constantFrom(...WORDS);
    const text = fc
      .array(fc.tuple(word, fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 120 })
      .map((parts) => parts.flat().join(''));
    const query = fc
      .tuple(fc.array(word, { minLength: 1, maxLength: 4 }), fc.boolean())
      .map(([words, closed]) => words.join(' ') + (closed ? ' ' : ''));
    fc.assert(
      fc.property(text, query, fc.integer({ min: 10, max: 200 }), (t, q, maxChars) => {
        expect(excerptOfText(t, q, maxChars)).toStrictEqual(scanExcerpt(t, q, maxChars));
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with the scan it replaced on every page of docs-small, for its words and their prefixes', () => {
    const texts = plainTexts(DOCS_SMALL);
    const pages = texts.map(pageWordsOf);
    // Words of the site, every 199th distinct one, whole and as typed (its first three letters).
    const vocabulary = [...new Set(texts.flatMap((text) => queryTerms(text)))].sort().filter((_, i) => i % 199 === 0);
    const queries = vocabulary.flatMap((word, i) => [
      word,
      word.slice(0, 3),
      `${word} ${vocabulary[(i * 7) % vocabulary.length] as string} `,
    ]);
    let compared = 0;
    let found = 0;
    for (const q of queries) {
      const prepared = excerptQueryOf(q);
      pages.forEach((page, p) => {
        const expected = scanExcerpt(texts[p] as string, q);
        expect(prepared === undefined ? undefined : excerptIn(page, prepared)).toStrictEqual(expected);
        compared++;
        if (expected !== undefined) found++;
      });
    }
    expect(compared).toBe(queries.length * texts.length);
    expect(found).toBeGreaterThan(200);
    // Some 200 pages × 200 queries through the scan: slow on a loaded machine.
  }, 240_000);

  it('matches German stems in a German page', () => {
    const german = analysisOf('de');
    const text = 'Die Sprachen der Welt. Eine Sprache lernen ist schön; sprachlich gesehen.';
    expect(excerptOfText(text, 'Sprachen', EXCERPT_CHARS, german)).toStrictEqual(scanExcerpt(text, 'Sprachen', EXCERPT_CHARS, german));
    expect(excerptOfText(text, 'Sprachen', EXCERPT_CHARS, german)?.highlights).toStrictEqual([
      [4, 12],
      [28, 35],
    ]);
  });
});
