/**
 * Client ID Metadata Documents as the registry uses them (draft-ietf-oauth-client-id-metadata-document
 * §5.2 "Metadata Caching"; MCP 2025-11-25 "Client ID Metadata Documents"): each document is fetched
 * (cimd-fetch.ts), checked (cimd-document.ts) and cached per its HTTP caching (RFC 9111, through
 * http-cache-semantics), the lifetime clamped to [{@link CACHE_MIN_TTL_MS}, {@link CACHE_MAX_TTL_MS}];
 * refusals are cached {@link FAILURE_TTL_MS}. Concurrent resolutions of one URL share one fetch.
 *
 * Amplification: anyone can name any URL at the authorization endpoint, so a fetch that is not in
 * the cache costs the requesting address one point of the `clientMetadataFetches` rate limit.
 */
import CachePolicy from 'http-cache-semantics';
import { LRUCache } from 'lru-cache';
import { ApiError } from '../../errors.js';
import { rateLimitHeaders, type RateLimiter } from '../../auth/rate-limits.js';
import { checkClientIdUrl, clientOfDocument } from './cimd-document.js';
import { FetchRefusedError, fetchMetadataDocument, type FetchOptions } from './cimd-fetch.js';
import { ClientRefusedError, type AgentClient } from './client.js';

/** Shortest time a document is kept (ms), whatever its Cache-Control says (`no-store` too): bounds refetches. */
export const CACHE_MIN_TTL_MS = 60_000;
/** Longest time a document is kept (ms): a changed document is seen within a day. */
export const CACHE_MAX_TTL_MS = 24 * 60 * 60 * 1000;
/** Time a refusal is kept (ms): a broken or hostile URL is not fetched again for a minute. */
export const FAILURE_TTL_MS = 60_000;
/** Documents kept at most (least recently used ones go first). */
export const CACHE_MAX_ENTRIES = 1_000;

/** What {@link createMetadataDocumentResolver} needs. */
export interface MetadataDocumentOptions extends FetchOptions {
  /** The clock (ms since the epoch); tests move it. Default `Date.now`. */
  nowMs?: (() => number) | undefined;
  /** Counts fetches per client address (`clientMetadataFetches`); without one, fetches are not counted. */
  limiter?: Pick<RateLimiter, 'consume'> | undefined;
}

/** One cached outcome: the client, or the refusal's message, until `expiresAtMs`. */
interface Cached {
  outcome: AgentClient | string;
  expiresAtMs: number;
}

/** Resolves metadata-document client_ids. */
export interface MetadataDocumentResolver {
  /**
   * The client a metadata document describes.
   * @param clientId an https URL
   * @param address the requesting client's address, which pays for a fetch (rate limit)
   * @throws {ClientRefusedError} `bad_metadata_document` with a message a person can act on
   * @throws {ApiError} `rate_limited` (429, with Retry-After) when the address spent its fetches
   */
  resolve(clientId: string, address?: string): Promise<AgentClient>;
}

/** The message of every refusal: the URL and what is wrong. */
function refusalMessage(clientId: string, problem: string): string {
  return `The client metadata document ${clientId} could not be used: ${problem}`;
}

/** The resolver of the composition root (one per process: the cache is its state). */
export function createMetadataDocumentResolver(options: MetadataDocumentOptions): MetadataDocumentResolver {
  const nowMs = options.nowMs ?? Date.now;
  const cache = new LRUCache<string, Cached>({ max: CACHE_MAX_ENTRIES });
  const inFlight = new Map<string, Promise<Cached>>();

  /** Fetches, checks and times one document; never rejects (a refusal is an outcome). */
  async function load(clientId: string): Promise<Cached> {
    const failure = (problem: string): Cached => ({ outcome: refusalMessage(clientId, problem), expiresAtMs: nowMs() + FAILURE_TTL_MS });
    let fetched;
    try {
      fetched = await fetchMetadataDocument(clientId, options);
    } catch (error) {
      if (error instanceof FetchRefusedError) return failure(error.message);
      throw error;
    }
    let document: unknown;
    try {
      document = JSON.parse(fetched.body);
    } catch {
      return failure('it is not JSON.');
    }
    const outcome = clientOfDocument(clientId, document);
    if (typeof outcome === 'string') return failure(outcome);
    const policy = new CachePolicy({ url: new URL(clientId).pathname, method: 'GET', headers: {} }, fetched, { shared: true });
    const ttlMs = Math.min(CACHE_MAX_TTL_MS, Math.max(CACHE_MIN_TTL_MS, policy.storable() ? policy.timeToLive() : 0));
    return { outcome, expiresAtMs: nowMs() + ttlMs };
  }

  return {
    async resolve(clientId, address) {
      const problem = checkClientIdUrl(clientId);
      if (problem !== undefined)
        throw new ClientRefusedError('bad_metadata_document', refusalMessage(clientId, `the client_id ${problem}.`));
      let entry = cache.get(clientId);
      if (entry !== undefined && entry.expiresAtMs <= nowMs()) {
        cache.delete(clientId);
        entry = undefined;
      }
      if (entry === undefined) {
        let pending = inFlight.get(clientId);
        if (pending === undefined) {
          if (address !== undefined && options.limiter !== undefined) {
            const limit = await options.limiter.consume('clientMetadataFetches', address);
            if (!limit.allowed)
              throw new ApiError('rate_limited', {
                message: 'Too many client metadata documents fetched for this address; retry later.',
                headers: rateLimitHeaders(limit),
              });
          }
          // Another resolution may have started the fetch while this one was counted.
          pending = inFlight.get(clientId);
          if (pending === undefined) {
            pending = load(clientId).finally(() => inFlight.delete(clientId));
            inFlight.set(clientId, pending);
          }
        }
        entry = await pending;
        cache.set(clientId, entry);
      }
      if (typeof entry.outcome === 'string') throw new ClientRefusedError('bad_metadata_document', entry.outcome);
      return entry.outcome;
    },
  };
}
