/**
 * Search results as people and agents read them: each hit with the passage around its best match
 * (search/excerpt.ts) and its section, the folder titles above the page. One place makes them for
 * the JSON API (`/api/search.json`), the `/search` page and MCP `search`; which pages a caller may
 * see is decided before (the search itself, by `includeInternal`) and again here, page by page.
 */
import { decodeRequestPath, parentFolderKey } from '../content/paths.js';
import { treeOfKey } from '../content/versions.js';
import { withLlmsDirective, withoutAgentFraming } from '../content/portable-markdown.js';
import { analysisOf } from '../search/analysis.js';
import { excerptIn, excerptQueryOf, pageWordsOf, plainText, type Excerpt, type PageWords } from '../search/excerpt.js';
import type { Body } from '../body.js';
import type { SearchDocument } from '../search/search-index.js';
import { readablePage, resolvePath, type Found } from './lookup.js';
import { LRUCache } from 'lru-cache';
import { agentsMarkdownOf } from '../content/page-content.js';
import { servedWhole } from '../content/page-parts.js';
import type { Page } from '../content/page.js';
import type { Site } from '../content/site.js';
import type { Snapshot } from './snapshot.js';

/** A search result with what a results list shows beside the title. */
export interface SearchHit extends SearchDocument {
  /** The folder titles from the language root down to the page's folder, joined by ` › `; absent at the root. */
  section?: string;
  /** The passage around the best match, with the matched words' UTF-16 offsets; absent when no query word is in the text. */
  excerpt?: Excerpt;
}

/** What the caller asked: the query, and whether it may see internal pages. */
export interface HitOptions {
  query: string;
  includeInternal: boolean;
  /** The language searched (BCP 47), for the excerpt's stems; undefined: the default. */
  language: string | undefined;
  /** Public base URL without trailing slash (the markdown's absolute links are written against it). */
  baseUrl: string;
}

/**
 * The page or part a URL path names, when the caller may read it: public pages for everyone,
 * internal ones with `internal:read`. Never renders anything itself: the bodies are the
 * snapshot's, made on first use and cached, so it costs what a `GET` of the page costs.
 */
export function findReadable(snapshot: Snapshot, path: string, includeInternal: boolean): Found | undefined {
  if (decodeRequestPath(path) === undefined) return undefined;
  const resolution = resolvePath(snapshot, path);
  if (resolution.kind === 'page') return resolution;
  if (resolution.kind !== 'internal' || !includeInternal) return undefined;
  // A static file is no document: search and fetch return pages and parts only.
  const found = resolution.find();
  return found?.kind === 'page' ? found : undefined;
}

/**
 * The words of each markdown body searched so far (search/excerpt.ts `pageWordsOf` over its
 * `plainText`), kept as long as the body itself is (the snapshot's body cache holds it): making
 * them is most of an excerpt's cost, some 1 ms for a long page, and a results page has twenty;
 * with them, an excerpt reads the page's postings, not its text.
 */
const PAGE_WORDS = new WeakMap<Body, PageWords>();

/**
 * The words of pages served whole, made from their markdown alone ({@link wholePageWords}), by
 * site, then page: a page's markdown depends on the site's other URLs, so another snapshot's words
 * are not reused, and a site's words go with it. Each site's are bounded in bytes, as a
 * 100,000-page site may be searched all over.
 */
const WHOLE_PAGE_WORDS = new WeakMap<Site, LRUCache<Page, PageWords>>();

/** Bytes of words kept per site. */
const WHOLE_PAGE_WORDS_BYTES = 32 * 1024 * 1024;

/** Kept for a page that may be served in parts, so its markdown is not made again on each search. */
const IN_PARTS: PageWords = pageWordsOf('');

/**
 * The words of a page served whole, from its markdown alone: what its `.md` body holds, without
 * rendering its HTML, which the first search after a rebuild would otherwise do for each of its
 * hits (5–25 ms a page at 100,000 pages). Undefined when the page may be served in parts (its
 * body's markdown is then part 1's: the caller renders it) or its file is gone.
 */
function wholePageWords(snapshot: Snapshot, page: Page, baseUrl: string): PageWords | undefined {
  const { site } = snapshot;
  let kept = WHOLE_PAGE_WORDS.get(site);
  if (kept === undefined) {
    kept = new LRUCache<Page, PageWords>({ maxSize: WHOLE_PAGE_WORDS_BYTES, sizeCalculation: (words) => Math.max(1, words.bytes) });
    WHOLE_PAGE_WORDS.set(site, kept);
  }
  const cached = kept.get(page);
  if (cached !== undefined) return cached === IN_PARTS ? undefined : cached;
  let markdown: string;
  try {
    markdown = agentsMarkdownOf(site, page, site.textOf(page), baseUrl);
  } catch {
    return undefined; // the file is gone since the build: the body path answers as a request would
  }
  if (!servedWhole(markdown, baseUrl, snapshot.pageMaxChars)) {
    kept.set(page, IN_PARTS);
    return undefined;
  }
  // Framed as the body is, then unframed as the body path does: the very text, to the offset.
  const words = pageWordsOf(plainText(withoutAgentFraming(withLlmsDirective(markdown, baseUrl), baseUrl)));
  kept.set(page, words);
  return words;
}

/** The words of a readable page's markdown (its first part's, for a page served in parts), made on first use and kept. */
function pageWordsOfPage(snapshot: Snapshot, path: string, options: HitOptions): PageWords | undefined {
  const page = readablePage(snapshot, path, options.includeInternal);
  const whole = page === undefined ? undefined : wholePageWords(snapshot, page, options.baseUrl);
  if (whole !== undefined) return whole;
  const found = findReadable(snapshot, path, options.includeInternal);
  if (found === undefined) return undefined;
  const body = found.bodies.markdown;
  let words = PAGE_WORDS.get(body);
  if (words === undefined) {
    words = pageWordsOf(plainText(withoutAgentFraming(body.bytes.toString('utf8'), options.baseUrl)));
    PAGE_WORDS.set(body, words);
  }
  return words;
}

/**
 * The excerpt of a result's page for the query (search/excerpt.ts), when the page has a matching word.
 * @param prepared the query as excerpts match it, when the caller excerpts several pages for one query
 */
export function excerptOfPage(
  snapshot: Snapshot,
  path: string,
  options: HitOptions,
  prepared = excerptQueryOf(options.query, analysisOf(options.language)),
): Excerpt | undefined {
  if (prepared === undefined) return undefined;
  const words = pageWordsOfPage(snapshot, path, options);
  return words === undefined ? undefined : excerptIn(words, prepared);
}

/** The titles of the folders above the page at decoded `key`, from its language's root (excluded) down. */
export function sectionOf(snapshot: Snapshot, key: string): string[] {
  const site = snapshot.site;
  const rootKey = treeOfKey(site, key).rootKey;
  const titles: string[] = [];
  if (key === rootKey) return titles;
  for (let folderKey = parentFolderKey(key); folderKey !== rootKey && folderKey !== '/'; folderKey = parentFolderKey(folderKey)) {
    const folder = site.folders.get(folderKey);
    if (folder !== undefined) titles.unshift(folder.title);
  }
  return titles;
}

/** Each result with its section and excerpt, in the same order. */
export function searchHits(snapshot: Snapshot, results: readonly SearchDocument[], options: HitOptions): SearchHit[] {
  // No query to prepare for excerpts when nothing was found: 5 µs of a 16-word query that finds nothing.
  if (results.length === 0) return [];
  const prepared = excerptQueryOf(options.query, analysisOf(options.language));
  return results.map((doc) => {
    const key = decodeRequestPath(doc.path);
    const section = key === undefined ? [] : sectionOf(snapshot, key);
    const excerpt = excerptOfPage(snapshot, doc.path, options, prepared);
    // Each field named, no spread: `{ ...doc }` took 1.5 µs a hit (V8 copies the index's documents
    // through the runtime), 0.005 µs this way; a miss's answer has ten hits, and in a profile of
    // `serve` the spreads were a tenth of a miss's CPU. Key order as before: the answer is unchanged.
    const hit: SearchHit = { path: doc.path, title: doc.title, description: doc.description };
    if (section.length > 0) hit.section = section.join(' › ');
    if (excerpt !== undefined) hit.excerpt = excerpt;
    return hit;
  });
}
