/**
 * Excerpts: the passage of a page around its best match for a query, with the matched words
 * marked, for the search results people and agents read (the HTML search box, MCP `search`).
 * A word matches as the index matches it (analysis.ts): itself, another form of its stem, or,
 * for the word being typed, a longer word it begins.
 *
 * Cost: a page's words are found once ({@link pageWordsOf}, one pass of a Unicode-class regular
 * expression) and kept; a query is prepared once ({@link excerptQueryOf}); an excerpt then reads
 * only the page's postings of the words that share a query word's first two letters
 * ({@link excerptIn}), never the text, and of those only as far as the first window holding every
 * query word; the stems of the words met are remembered across requests (analysis.ts
 * `cachedStemOf`). The result is the one a scan of the text for the query's
 * words gives, byte for byte (excerpt-postings.test.ts holds that scan as its oracle).
 */
import { cachedStemOf, chooseQueryWords, type Analysis } from './analysis.js';
import { foldUnit, queryTerms } from './tokenize.js';
import { linkLabels } from '../link-labels.js';
import { Matches, type Match, type Run } from './excerpt-matches.js';

/** A passage and the matched words in it. */
export interface Excerpt {
  text: string;
  /** [start, end) UTF-16 offsets into `text` of each matched word, in order. */
  highlights: [number, number][];
}

/** Characters of an excerpt, about two lines. */
export const EXCERPT_CHARS = 160;

/**
 * The markdown's text with its syntax dropped: link destinations (an autolink's address is its
 * text), HTML tags, emphasis and heading marks, code fences; whitespace collapsed.
 */
export function plainText(markdown: string): string {
  return (
    linkLabels(markdown.replace(/^```.*$/gm, ' '), true)
      // An autolink (CommonMark §6.5: `<scheme:…>`, `<user@host>`) is text, its address; other `<…>` are tags.
      .replace(/<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*|[\w.!#$%&'*+/=?^`{|}~-]+@[A-Za-z0-9.-]+)>/g, '$1')
      .replace(/<[A-Za-z/!?][^<>\n]*>/g, ' ')
      .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
      .replace(/[*_`~|]+/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
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
 * {@link excerptOf} of a text already made plain ({@link plainText}). Callers that excerpt one
 * text for many queries keep its {@link PageWords} and call {@link excerptIn} instead.
 */
export function excerptOfText(text: string, query: string, maxChars = EXCERPT_CHARS, analysis?: Analysis): Excerpt | undefined {
  const prepared = excerptQueryOf(query, analysis);
  return prepared === undefined ? undefined : excerptIn(pageWordsOf(text), prepared, maxChars);
}

/** A word of a text: a maximal run of letters, marks and digits (what an excerpt may mark). */
const WORD_RUN = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * The words of one plain text, made once per page and kept (snapshot/search-hits.ts), so that an
 * excerpt reads no text: its distinct words sorted by folded form, each with the offsets where it
 * occurs (a page's postings, compressed-row style). A query's words are found by binary search
 * over the folded forms (every match begins with a query word's first two letters), their
 * occurrences read off the postings.
 *
 * Memory: four bytes per word occurrence, plus each distinct word (its string as written, its
 * folded form when that differs, eight bytes of offsets); {@link PageWords.bytes} estimates it.
 */
export interface PageWords {
  readonly text: string;
  /** Distinct words as written, ordered by {@link folded}. */
  readonly raw: readonly string[];
  /** Each distinct word in normalization form C, lower-cased, ascending (UTF-16 code unit order). */
  readonly folded: readonly string[];
  /** Occurrences of distinct word k: `starts[from[k]]` … `starts[from[k + 1] - 1]`, ascending UTF-16 offsets into {@link text}. */
  readonly from: Uint32Array;
  readonly starts: Uint32Array;
  /** Estimated bytes held, text included (strings at two bytes a unit, plus a word of overhead each). */
  readonly bytes: number;
}

/** Bytes a JavaScript string of `length` UTF-16 units takes, about: a header and two bytes a unit. */
function stringBytes(length: number): number {
  return 16 + 2 * length;
}

/** The {@link PageWords} of a plain text ({@link plainText}): one pass of {@link WORD_RUN}. */
export function pageWordsOf(text: string): PageWords {
  const idOf = new Map<string, number>();
  const firstSeen: string[] = [];
  const counts: number[] = [];
  const tokenIds: number[] = [];
  const tokenStarts: number[] = [];
  for (const found of text.matchAll(WORD_RUN)) {
    let id = idOf.get(found[0]);
    if (id === undefined) {
      id = firstSeen.length;
      idOf.set(found[0], id);
      firstSeen.push(found[0]);
      counts.push(0);
    }
    counts[id] = (counts[id] as number) + 1;
    tokenIds.push(id);
    tokenStarts.push(found.index);
  }
  const foldedOf = firstSeen.map((word) => word.normalize('NFC').toLowerCase());
  const order = firstSeen.map((_, id) => id);
  order.sort((a, b) => compare(foldedOf[a] as string, foldedOf[b] as string) || compare(firstSeen[a] as string, firstSeen[b] as string));
  const rank = new Uint32Array(order.length);
  order.forEach((id, k) => (rank[id] = k));
  const from = new Uint32Array(order.length + 1);
  order.forEach((id, k) => (from[k + 1] = (from[k] as number) + (counts[id] as number)));
  const next = from.slice(0, order.length);
  const starts = new Uint32Array(tokenStarts.length);
  tokenIds.forEach((id, t) => (starts[(next[rank[id] as number] as number)++] = tokenStarts[t] as number));
  const raw = order.map((id) => firstSeen[id] as string);
  const folded = order.map((id) => foldedOf[id] as string);
  let bytes = stringBytes(text.length) + 4 * (from.length + starts.length);
  raw.forEach((word, k) => (bytes += 16 + stringBytes(word.length) + (folded[k] === word ? 0 : stringBytes(word.length))));
  return { text, raw, folded, from, starts, bytes };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A query as excerpts match it, made once per query and used for every hit: its words (stop
 * words dropped, as the index drops them), the word being typed, their stems, the test every
 * marked word passes first, and the verdict on each word met so far.
 */
export interface ExcerptQuery {
  readonly words: readonly string[];
  readonly typing: string | undefined;
  readonly stems: readonly string[];
  readonly analysis: Analysis | undefined;
  /** The distinct first two letters of the words: every match begins with one. */
  readonly prefixes: readonly string[];
  /** A word as written begins with one of {@link prefixes}, in any case (Unicode simple case folding). */
  readonly candidate: RegExp;
  /** Per word as written: the index of the query word it matches, −1 for none. */
  readonly verdicts: Map<string, number>;
}

/**
 * The {@link ExcerptQuery} of a query, `undefined` when it has no word.
 * @param analysis the pages' language (analysis.ts `analysisOf`), whose stems and stop words apply; English by default
 */
export function excerptQueryOf(query: string, analysis?: Analysis): ExcerptQuery | undefined {
  const terms = queryTerms(query);
  const words = chooseQueryWords(terms, () => 0, terms.length, analysis);
  if (words.length === 0) return undefined;
  const typing = foldUnit(query.charCodeAt(query.length - 1)) !== 0 ? terms[terms.length - 1] : undefined;
  const prefixes = [...new Set(words.map((word) => word.slice(0, 2)))];
  const alternatives = prefixes.map((prefix) => prefix.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&'));
  return {
    words,
    typing,
    stems: words.map((word) => cachedStemOf(word, analysis)),
    analysis,
    prefixes,
    candidate: new RegExp(`^(?:${alternatives.join('|')})`, 'iu'),
    verdicts: new Map(),
  };
}

/**
 * The query word a word of the text matches, −1 for none: itself, a longer word it begins when
 * it is the word being typed, or another form of its stem sharing its first two letters.
 * @param written the word as the text has it; `folded` its normalization form C, lower-cased
 */
function verdictOf(query: ExcerptQuery, written: string, folded: string): number {
  let word = query.verdicts.get(written);
  if (word === undefined) {
    const { words, typing, stems, analysis } = query;
    word = !query.candidate.test(written)
      ? -1
      : words.findIndex(
          (w, i) =>
            folded === w ||
            (w === typing && folded.startsWith(w)) ||
            (folded.startsWith(w.slice(0, 2)) && cachedStemOf(folded, analysis) === stems[i]),
        );
    query.verdicts.set(written, word);
  }
  return word;
}

/** The first index of `sorted` whose string is not below `prefix`. */
function lowerBound(sorted: readonly string[], prefix: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The runs of the page's distinct words that match a query word: only the words sharing a query
 * word's first two letters are looked at (a binary search over the folded forms finds them).
 */
function runsIn(page: PageWords, query: ExcerptQuery): Run[] {
  const runs: Run[] = [];
  const visited = new Set<number>();
  for (const prefix of query.prefixes) {
    for (let k = lowerBound(page.folded, prefix); k < page.folded.length; k++) {
      const folded = page.folded[k] as string;
      if (!folded.startsWith(prefix)) break;
      if (visited.has(k)) continue;
      visited.add(k);
      const written = page.raw[k] as string;
      const word = verdictOf(query, written, folded);
      if (word !== -1) runs.push({ next: page.from[k] as number, stop: page.from[k + 1] as number, length: written.length, word });
    }
  }
  return runs;
}

/**
 * The excerpt of a page for a query: the window of about `maxChars` characters holding the most
 * distinct query words (the earliest among equals), cut at word boundaries, `…` marking a cut;
 * `undefined` when no word of the query is in the text. Reads the page's postings, not its text,
 * and of them only what the answer depends on: once a window holds every query word, no later one
 * can win.
 */
export function excerptIn(page: PageWords, query: ExcerptQuery, maxChars = EXCERPT_CHARS): Excerpt | undefined {
  const runs = runsIn(page, query);
  if (runs.length === 0) return undefined;
  // No window holds more query words than the page has: once one holds them all, none later wins.
  let present = 0;
  for (let word = 0; word < query.words.length; word++) if (runs.some((run) => run.word === word)) present++;
  const matches = new Matches(page.starts, runs);
  const { text } = page;
  const seenAt = new Int32Array(query.words.length).fill(-1);
  let best = { from: 0, count: 0 };
  for (let i = 0, from = matches.at(0); from !== undefined && best.count < present; from = matches.at(++i)) {
    let count = 0;
    for (let j = i, match: Match | undefined = from; match !== undefined && match.end - from.start <= maxChars; match = matches.at(++j)) {
      if (seenAt[match.word] !== i) {
        seenAt[match.word] = i;
        count++;
      }
    }
    if (count > best.count) best = { from: i, count };
  }
  const first = matches.at(best.from) as Match;
  // Start a little before the first match, at a word boundary, so it reads in context.
  let start = Math.max(0, first.start - Math.floor(maxChars / 4));
  if (start > 0) start = text.indexOf(' ', start) + 1 || first.start;
  if (start > first.start) start = first.start;
  let end = Math.min(text.length, start + maxChars);
  if (end < text.length) end = Math.max(text.lastIndexOf(' ', end), first.end);
  const prefix = start > 0 ? '…' : '';
  const highlights = matches
    .within(start, end)
    .map((m): [number, number] => [m.start - start + prefix.length, m.end - start + prefix.length]);
  return { text: `${prefix}${text.slice(start, end)}${end < text.length ? '…' : ''}`, highlights };
}
