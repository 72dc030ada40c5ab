/**
 * Excerpts: the passage of a page around its best match for a query, with the matched words
 * marked, for the search results people and agents read (the HTML search box, MCP `search`).
 * A word matches as the index matches it (analysis.ts): itself, another form of its stem, or,
 * for the word being typed, a longer word it begins.
 */
import { chooseQueryWords, stemOf, type Analysis } from './analysis.js';
import { foldUnit, queryTerms } from './tokenize.js';
import { linkLabels } from '../link-labels.js';

/** A passage and the matched words in it. */
export interface Excerpt {
  text: string;
  /** [start, end) UTF-16 offsets into `text` of each matched word, in order. */
  highlights: [number, number][];
}

/** Characters of an excerpt, about two lines. */
export const EXCERPT_CHARS = 160;

/** A word of the text: where it is and which query word it matches (-1: none). */
interface Match {
  start: number;
  end: number;
  word: number;
}

/**
 * The markdown's text with its syntax dropped: link destinations, HTML tags, emphasis and heading
 * marks, code fences; whitespace collapsed.
 */
export function plainText(markdown: string): string {
  return linkLabels(markdown.replace(/^```.*$/gm, ' '), true)
    .replace(/<[A-Za-z/!?][^<>\n]*>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_`~|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The excerpt of `markdown` for `query`: the window of about {@link EXCERPT_CHARS} characters
 * holding the most distinct query words (the earliest among equals), cut at word boundaries, `…`
 * marking a cut; `undefined` when no word of the query is in the text.
 * @param analysis the page's language (analysis.ts `analysisOf`), whose stems and stop words apply; English by default
 */
export function excerptOf(markdown: string, query: string, maxChars = EXCERPT_CHARS, analysis?: Analysis): Excerpt | undefined {
  return excerptOfText(plainText(markdown), query, maxChars, analysis);
}

/**
 * {@link excerptOf} of a text already made plain ({@link plainText}), for callers that keep it.
 * The text is read only as far as the answer depends on it: once a window holds every query
 * word, no window starting later can win, nor can one starting earlier reach past it.
 */
export function excerptOfText(text: string, query: string, maxChars = EXCERPT_CHARS, analysis?: Analysis): Excerpt | undefined {
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
