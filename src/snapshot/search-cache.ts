/**
 * The answers of recent full-text queries, per snapshot: a query asked again (the search box
 * refining, an agent retrying, a popular word) costs a lookup, not a search and its excerpts.
 * A bounded LRU (`lru-cache`) per snapshot, so a rebuilt site never answers from the old one,
 * and the cache goes with its snapshot.
 *
 * Audiences never share an entry: the key holds whether internal pages were searched (the one
 * thing a principal changes about the hits, api.ts `fullTextSearch`), so an answer made for a
 * caller with internal:read is never handed to one without it.
 */
import { LRUCache } from 'lru-cache';
import { searchHits, type SearchHit } from './search-hits.js';
import type { Snapshot } from './snapshot.js';
import { runSteps, type BuildSteps } from '../build-steps.js';

/**
 * Queries a rebuilt snapshot answers before it is swapped in (serve --watch, issue 34): the most
 * recent of the one in service, so the searches that follow a swap are lookups, and a new index's
 * first queries (tens of ms at 100,000 pages) run as build steps, not on top of one.
 */
export const WARM_SEARCHES = 4;

/** Queries kept per snapshot. */
export const SEARCH_CACHE_ENTRIES = 1_000;
/** Estimated bytes kept per snapshot (hits and the serialised answers made of them). */
export const SEARCH_CACHE_BYTES = 16 * 1024 * 1024;

/** What identifies one page of results. */
export interface SearchKey {
  /** The query as searched (trimmed). */
  query: string;
  /** Whether internal pages were searched: the caller holds internal:read. */
  includeInternal: boolean;
  /** The language searched (BCP 47); undefined: the default. */
  language: string | undefined;
  /** The old docs version searched (search-index.ts `SearchOptions.version`); undefined: the current one. */
  version?: string | undefined;
  limit: number;
  offset: number;
}

/** One page of results as the search and its excerpts made it. Shared between requests: never mutated. */
export interface CachedResults {
  /** What it answers. */
  readonly key: SearchKey;
  readonly hits: readonly SearchHit[];
  /** Matching documents before limit and offset. */
  readonly total: number;
  /** Derived answers (the JSON API's serialised bodies), made on first use by their owner. */
  readonly derived: Map<string, unknown>;
}

const CACHES = new WeakMap<Snapshot, LRUCache<string, CachedResults>>();

/** The cache key: the audience first, the query last (it alone may hold any character). */
function keyOf(key: SearchKey): string {
  return `${key.includeInternal ? 'internal' : 'public'}\n${key.language ?? ''}\n${key.version ?? ''}\n${key.limit}\n${key.offset}\n${key.query}`;
}

/** Estimated bytes of an entry: its strings at two bytes a unit, plus the derived answers' size as counted at insertion. */
function sizeOf(results: CachedResults, key: string): number {
  let bytes = 2 * key.length + 64;
  for (const hit of results.hits) {
    bytes += 2 * (hit.path.length + hit.title.length + hit.description.length + (hit.section?.length ?? 0)) + 64;
    if (hit.excerpt !== undefined) bytes += 2 * hit.excerpt.text.length + 32 * hit.excerpt.highlights.length;
  }
  // The JSON answer made of it later is about as large again.
  return 2 * bytes;
}

function cacheOf(snapshot: Snapshot): LRUCache<string, CachedResults> {
  let cache = CACHES.get(snapshot);
  if (cache === undefined) {
    cache = new LRUCache<string, CachedResults>({ max: SEARCH_CACHE_ENTRIES, maxSize: SEARCH_CACHE_BYTES, sizeCalculation: sizeOf });
    CACHES.set(snapshot, cache);
  }
  return cache;
}

/**
 * The results for `key` from `snapshot`'s cache, else searched (its index, then the hits and their
 * excerpts: search-hits.ts), then kept.
 * @throws what the search throws; nothing is kept then
 */
export function cachedSearch(snapshot: Snapshot, key: SearchKey): CachedResults {
  const id = keyOf(key);
  return cacheOf(snapshot).get(id) ?? runSteps(searchedInSteps(snapshot, key, id));
}

/** The results for `key` searched in `snapshot` and kept under `id`, in two steps: the search, then its hits and their excerpts. */
function* searchedInSteps(snapshot: Snapshot, key: SearchKey, id: string): BuildSteps<CachedResults> {
  const found = snapshot.search.search(key.query, key);
  yield;
  const { query, includeInternal, language } = key;
  const hits = searchHits(snapshot, found.results, { query, includeInternal, language, baseUrl: snapshot.chrome.baseUrl });
  const results = { key, hits, total: found.total, derived: new Map() };
  // An entry larger than the whole bound is not kept (lru-cache refuses it); it is still answered.
  cacheOf(snapshot).set(id, results);
  return results;
}

/**
 * Answers in `next` the {@link WARM_SEARCHES} queries last asked of `current`, in two steps each
 * (build-steps.ts: the search, then its hits), so that `next` is swapped in with them cached. A query `next` cannot answer
 * (a version or language it no longer has) is left for its request to fail as it would.
 */
export function* warmSearchesInSteps(current: Snapshot, next: Snapshot): BuildSteps<void> {
  const recent: SearchKey[] = [];
  // lru-cache lists entries most recently used first; `peek`-like: listing does not reorder them.
  for (const results of CACHES.get(current)?.values() ?? []) {
    if (recent.length === WARM_SEARCHES) break;
    recent.push(results.key);
  }
  for (const key of recent) {
    yield;
    const id = keyOf(key);
    if (cacheOf(next).has(id)) continue;
    try {
      yield* searchedInSteps(next, key, id);
    } catch {
      // The request for it fails the same way, and says why.
    }
  }
}
