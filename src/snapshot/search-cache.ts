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
import type { SearchHit } from './search-hits.js';
import type { Snapshot } from './snapshot.js';

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

/**
 * The results for `key` from `snapshot`'s cache, or `compute()`'s, then kept.
 * @param compute runs the search and makes the hits (api.ts `fullTextSearch`); its errors propagate, nothing is kept then
 */
export function cachedSearch(snapshot: Snapshot, key: SearchKey, compute: () => Omit<CachedResults, 'derived'>): CachedResults {
  let cache = CACHES.get(snapshot);
  if (cache === undefined) {
    cache = new LRUCache<string, CachedResults>({ max: SEARCH_CACHE_ENTRIES, maxSize: SEARCH_CACHE_BYTES, sizeCalculation: sizeOf });
    CACHES.set(snapshot, cache);
  }
  const id = keyOf(key);
  let results = cache.get(id);
  if (results === undefined) {
    const { hits, total } = compute();
    results = { hits, total, derived: new Map() };
    // An entry larger than the whole bound is not kept (lru-cache refuses it); it is still answered.
    cache.set(id, results);
  }
  return results;
}
