/**
 * Bodies made on first request and kept in one size-bounded LRU cache per snapshot, so a site of
 * any size serves from memory what is read often and renders the rest on demand: a 100k-page site
 * does not hold 100k rendered pages, a small one ends up holding all of its pages.
 */
import { LRUCache } from 'lru-cache';
import type { Body } from '../body.js';

/**
 * What the cache holds: a body, or anything with an HTML and a markdown body, and maybe parts
 * (a page served in parts, whose `html` and `markdown` may be its first part's own).
 */
export type Cached = Body | { html: Body; markdown: Body; parts?: readonly { html: Body; markdown: Body }[] | undefined };

/** The cache shared by a snapshot's lazy maps; sizes count uncompressed bytes. */
export type BodyCache = LRUCache<string, Cached>;

/**
 * Cached bodies are charged this factor of their uncompressed size: each may also keep its gzip
 * and brotli variants (made on first use, at most as big as the body, usually a fifth).
 */
const COMPRESSED_VARIANTS_FACTOR = 1.5;

/** A cache of at most `maxBytes` of bodies. */
export function createBodyCache(maxBytes: number): BodyCache {
  return new LRUCache<string, Cached>({
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (value) => Math.max(1, Math.ceil(COMPRESSED_VARIANTS_FACTOR * bytesOf(value))),
  });
}

/** Uncompressed bytes held by a cached value, each body counted once (a part may share its page's). */
function bytesOf(value: Cached): number {
  if ('bytes' in value) return value.bytes.length;
  const bodies = new Set([value.html, value.markdown]);
  for (const part of value.parts ?? []) bodies.add(part.html).add(part.markdown);
  let bytes = 0;
  for (const body of bodies) bytes += body.bytes.length;
  return bytes;
}

/** Keys a {@link LazyMap} remembers its cache key of: 4,096 joined strings, some 200 kB. */
const CACHE_KEYS_MAX = 4096;

/** How a {@link LazyMap} finds its keys and makes its values. */
export interface LazySource<V> {
  /** Every key, in a stable order. */
  keys(): Iterable<string>;
  has(key: string): boolean;
  /** The value of a key `has` accepts, or `undefined` when it cannot be made now (a source file gone). */
  make(key: string): V | undefined;
}

/**
 * A read-only map whose values are made by `source.make` on first `get` and kept in `cache` under
 * `namespace + key` (without a cache, on every `get`: for sources that keep their own values).
 * Iterating makes every value (tests, small sites).
 */
export class LazyMap<V extends Cached> implements ReadonlyMap<string, V> {
  /**
   * `namespace + key` by key, for keys asked for lately: the request path a caller passes is
   * hashed already, while a freshly joined cache key would be flattened, hashed and compared
   * character by character in the cache on every `get`. Cleared when it holds
   * {@link CACHE_KEYS_MAX}, so a site of any size keeps only its recent keys here.
   */
  readonly #cacheKeys = new Map<string, string>();

  constructor(
    private readonly source: LazySource<V>,
    private readonly cache: BodyCache | undefined,
    private readonly namespace = '',
  ) {}

  get(key: string): V | undefined {
    if (!this.source.has(key)) return undefined;
    if (this.cache === undefined) return this.source.make(key);
    const cacheKey = this.#cacheKeyOf(key);
    const cached = this.cache.get(cacheKey) as V | undefined;
    if (cached !== undefined) return cached;
    const made = this.source.make(key);
    if (made !== undefined) this.cache.set(cacheKey, made);
    return made;
  }

  has(key: string): boolean {
    return this.source.has(key);
  }

  #cacheKeyOf(key: string): string {
    let cacheKey = this.#cacheKeys.get(key);
    if (cacheKey === undefined) {
      if (this.#cacheKeys.size >= CACHE_KEYS_MAX) this.#cacheKeys.clear();
      this.#cacheKeys.set(key, (cacheKey = this.namespace + key));
    }
    return cacheKey;
  }

  get size(): number {
    return [...this.source.keys()].length;
  }

  *entries(): MapIterator<[string, V]> {
    for (const key of this.source.keys()) {
      const value = this.get(key);
      if (value !== undefined) yield [key, value];
    }
  }

  *keys(): MapIterator<string> {
    yield* this.source.keys();
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void): void {
    for (const [key, value] of this.entries()) callback(value, key, this);
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }
}
