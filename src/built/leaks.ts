/**
 * The leak scan of a build (issue 33): a generator writes every page, internal ones included, into
 * files that any visitor can fetch (client-side search indexes such as MkDocs'
 * `search/search_index.json`, route manifests and chunks, a plugin's `llms.txt`, RSS feeds). Serving
 * such a file would publish what sitegate keeps private, so `serve --html` refuses to start when a
 * file served to everyone holds an internal page's text, title or URL.
 *
 * Bounded CPU: every file is read once, as a sequence of words, and each window of words is one
 * lookup in a set of shingles (w-shingling, Broder 1997): {@link SHINGLE_WORDS}-word windows of each
 * internal page's text, less the windows public pages share (boilerplate); each internal page's
 * title of at least {@link TITLE_MIN_WORDS} words; and, outside HTML, its URL paths, found in one
 * linear pass over path-like runs of characters. No regular expression with nested quantifiers.
 */
import type { Page } from '../content/page.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import type { BuildIndex, BuiltFile } from './build-index.js';
import type { BuiltView } from './view.js';

/** Words per shingle of page text: long enough that two pages share one only by quoting each other. */
export const SHINGLE_WORDS = 8;
/** Shortest internal page title looked for (words): shorter ones ("Roadmap") are any page's words. */
export const TITLE_MIN_WORDS = 3;

/** An internal page's text found in a file served to everyone. */
export interface Leak {
  /** The built file, relative to the build folder. */
  file: string;
  /** The internal page. */
  page: Page;
  /** What was found: a sentence of its text, its title, or its URL. */
  found: 'text' | 'title' | 'url';
}

/** A word: a run of letters and digits (Unicode), lower-cased. */
const WORD = /[\p{L}\p{N}]+/gu;

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** What is looked for: word sequences by length, and URL paths, each naming its page. */
interface Patterns {
  sequences: Map<number, Map<string, { page: Page; found: 'text' | 'title' }>>;
  urls: Map<string, Page>;
}

function isInternal(snapshot: Snapshot, page: Page): boolean {
  return page.kind === 'internal' || snapshot.site.internalZone.isInternalKey(page.key);
}

/** The patterns of the site's internal pages, and of their built URLs (`internalUrls`). */
function patternsOf(snapshot: Snapshot, internalUrls: ReadonlyMap<string, Page>): Patterns {
  const { site } = snapshot;
  const shingles = new Map<string, { page: Page; found: 'text' | 'title' }>();
  const titles = new Map<number, Map<string, { page: Page; found: 'text' | 'title' }>>();
  const urls = new Map<string, Page>();
  const internal = [...site.pages.values()].filter((page) => isInternal(snapshot, page));
  for (const page of internal) {
    const words = wordsOf(site.textOf(page));
    for (let i = 0; i + SHINGLE_WORDS <= words.length; i++) shingles.set(words.slice(i, i + SHINGLE_WORDS).join(' '), { page, found: 'text' });
    const title = wordsOf(page.title);
    if (title.length >= TITLE_MIN_WORDS) {
      const byLength = titles.get(title.length) ?? new Map<string, { page: Page; found: 'text' | 'title' }>();
      byLength.set(title.join(' '), { page, found: 'title' });
      titles.set(title.length, byLength);
    }
    for (const url of [page.key, page.url]) if (url !== '/') urls.set(url.replace(/\/$/, ''), page);
  }
  for (const [url, page] of internalUrls) if (url !== '/') urls.set(url.replace(/\/$/, ''), page);
  // Sentences public pages hold too (a licence line, a shared warning) are no one's secret.
  if (shingles.size > 0)
    for (const page of site.publicPages) {
      const words = wordsOf(site.textOf(page));
      for (let i = 0; i + SHINGLE_WORDS <= words.length; i++) shingles.delete(words.slice(i, i + SHINGLE_WORDS).join(' '));
    }
  const sequences = new Map(titles);
  const sameLength = sequences.get(SHINGLE_WORDS);
  if (sameLength === undefined) sequences.set(SHINGLE_WORDS, shingles);
  else for (const [key, value] of shingles) sameLength.set(key, value);
  return { sequences, urls };
}

/** The first pattern of `patterns.sequences` among the words of `text`. */
function findSequence(text: string, patterns: Patterns): { page: Page; found: 'text' | 'title' } | undefined {
  const words = wordsOf(text);
  for (const [length, set] of patterns.sequences) {
    if (set.size === 0) continue;
    for (let i = 0; i + length <= words.length; i++) {
      const hit = set.get(words.slice(i, i + length).join(' '));
      if (hit !== undefined) return hit;
    }
  }
  return undefined;
}

/** Characters of a URL path as it appears in a file. */
function isPathChar(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x30 && code <= 0x39) || // 0-9
    code === 0x2f || // /
    code === 0x2d || // -
    code === 0x2e || // .
    code === 0x5f || // _
    code === 0x7e || // ~
    code === 0x25 // %
  );
}

/**
 * The first internal URL among the path-like runs of `text`: each run, and its tail from each `/`,
 * with a leading `/` added and a trailing `/`, `index.html` or `.html` taken off, is looked up
 * (`"location":"internal/secret/"`, `https://example.com/internal/secret/`).
 */
function findUrl(text: string, urls: ReadonlyMap<string, Page>): Page | undefined {
  if (urls.size === 0) return undefined;
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const inside = i < text.length && isPathChar(text.charCodeAt(i));
    if (inside && start === -1) start = i;
    if (inside || start === -1) continue;
    const run = text.slice(start, i);
    start = -1;
    if (!run.includes('/')) continue;
    for (let at = 0; at !== -1 && at < run.length; at = run.indexOf('/', at + 1)) {
      let candidate = run.slice(at);
      if (!candidate.startsWith('/')) candidate = `/${candidate}`;
      candidate = candidate.replace(/(\/index\.html|\.html|\/)$/, '');
      let decoded = candidate;
      try {
        decoded = decodeURIComponent(candidate);
      } catch {
        // not percent-encoded text: looked up as written
      }
      const page = urls.get(decoded);
      if (page !== undefined) return page;
    }
  }
  return undefined;
}

/** Files the scan reads: held text that everyone may fetch and that sitegate does not replace. */
function scanned(file: BuiltFile, view: BuiltView): boolean {
  return file.body !== undefined && !file.type.startsWith('text/css') && !view.replaced.has(file.rel) && !view.isInternal(file);
}

/**
 * The first leak of a build: a file served to everyone (no internal source, outside the internal
 * zone and folders) that holds an internal page's text or title, or, in any file but an HTML page
 * (whose links to internal pages are no leak), an internal page's URL.
 * @returns undefined when there is none
 */
export function findLeak(index: BuildIndex, view: BuiltView, snapshot: Snapshot): Leak | undefined {
  const internalUrls = new Map<string, Page>();
  for (const [, match] of view.matches) if (isInternal(snapshot, match.page)) internalUrls.set(match.url, match.page);
  const patterns = patternsOf(snapshot, internalUrls);
  if (patterns.urls.size === 0) return undefined; // no internal page
  for (const file of index.files.values()) {
    if (!scanned(file, view) || file.body === undefined) continue;
    const text = file.body.bytes.toString('utf8');
    const sequence = findSequence(text, patterns);
    if (sequence !== undefined) return { file: file.rel, page: sequence.page, found: sequence.found };
    if (file.page) continue;
    const page = findUrl(text, patterns.urls);
    if (page !== undefined) return { file: file.rel, page, found: 'url' };
  }
  return undefined;
}

/** The one line `serve` refuses to start with. */
export function leakMessage(leak: Leak): string {
  const what = leak.found === 'text' ? 'text' : leak.found === 'title' ? 'title' : 'URL';
  return `--html: ${leak.file} holds the ${what} of internal page ${leak.page.file} (${leak.page.url}), and every visitor could fetch it: remove the file from the build, turn off the generator feature that writes it, or make the page public`;
}
