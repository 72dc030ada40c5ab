/** searchSite, getHealth and getWhoami (SPEC.md §4), and the JWKS of access-token keys: framework-free answers. */
import { ApiError } from '../errors.js';
import { rateLimitHeaders } from '../auth/rate-limits.js';
import type { AuthServices } from '../auth/authenticate.js';
import type { Principal } from '../auth/principal.js';
import { bodyAnswer, plainAnswer, type BeforeStep, type PlainAnswer, type RequestFacts, type RouteAnswer } from './answer.js';
import { negotiateLanguage } from './negotiation.js';
import { searchVersion } from './search-version.js';
import { PUBLIC_CORS_HEADERS } from './headers.js';
import type { SearchHit } from '../snapshot/search-hits.js';
import { cachedSearch, type CachedResults } from '../snapshot/search-cache.js';
import type { Snapshot } from '../snapshot/snapshot.js';

/** Default page size when `q` is given (DESIGN.md "Search"). */
export const DEFAULT_SEARCH_LIMIT = 20;

const JSON_TYPE = 'application/json; charset=utf-8';
const JSON_HEADERS = { 'x-content-type-options': 'nosniff' };
/** Headers of JSON answers that are the same for everyone: readable from any origin (headers.ts). */
const PUBLIC_JSON_HEADERS = { ...JSON_HEADERS, ...PUBLIC_CORS_HEADERS };
/** Response headers of getHealth. */
const HEALTH_HEADERS = { ...PUBLIC_JSON_HEADERS, 'cache-control': 'no-store' };
/** Response headers of getWhoami's 200. */
const WHOAMI_HEADERS = { ...JSON_HEADERS, 'cache-control': 'no-store', 'content-type': JSON_TYPE };
const JWKS_HEADERS = {
  ...PUBLIC_JSON_HEADERS,
  'cache-control': 'public, max-age=300',
  'content-type': 'application/jwk-set+json; charset=utf-8',
};
/** Whole-index answers to a credential: not for shared caches, nor for other origins (headers.ts). */
const PRIVATE_INDEX_HEADERS = { ...JSON_HEADERS, 'cache-control': 'private, no-store' };
const PUBLIC_RESULTS_HEADERS = { ...PUBLIC_JSON_HEADERS, 'cache-control': 'public, max-age=60', 'content-type': JSON_TYPE };
const PRIVATE_RESULTS_HEADERS = { ...JSON_HEADERS, 'cache-control': 'private, no-store', 'content-type': JSON_TYPE };

/** getHealth: the snapshot's precomputed health object. */
export const getHealth: RouteAnswer = function getHealth(_facts, snapshot) {
  return bodyAnswer(snapshot.discovery.health, HEALTH_HEADERS);
};

/** The whoami answers by scheme and scopes: a handful of distinct answers, each serialised once. */
const whoamiAnswers = new Map<string, PlainAnswer>();
/**
 * The same, by principal: a credential accepted moments ago hands over the same principal object,
 * and the writer knows the same answer object again (http/write.ts).
 */
const whoamiByPrincipal = new WeakMap<Principal, PlainAnswer>();

/**
 * getWhoami (SPEC.md §4 rule 3): the scheme and scopes of the credential, which the listener has
 * required and checked for search:read (DESIGN.md: 403 insufficient_scope without it).
 */
export const getWhoami: RouteAnswer = function getWhoami(_facts, _snapshot, principal) {
  if (principal === undefined) throw new ApiError('credential_required');
  let answer = whoamiByPrincipal.get(principal);
  if (answer === undefined) {
    const shape = `${principal.scheme} ${principal.scopes.join(' ')}`;
    answer = whoamiAnswers.get(shape);
    if (answer === undefined) {
      const body = Buffer.from(JSON.stringify({ authenticated: true, scheme: principal.scheme, scopes: principal.scopes }));
      whoamiAnswers.set(shape, (answer = plainAnswer(200, WHOAMI_HEADERS, body)));
    }
    whoamiByPrincipal.set(principal, answer);
  }
  return answer;
};

/** getJwks: the public keys that verify access tokens (RFC 7517). */
export function getJwks(auth: AuthServices): RouteAnswer {
  return function getJwks() {
    return plainAnswer(200, JWKS_HEADERS, JSON.stringify(auth.tokens.jwks()));
  };
}

/**
 * Counts one search against `key` (a client address, or `client_id:<id>`) in the `search` limit:
 * searchSite, the results page and MCP's `search` tool all pay from it.
 * @throws {ApiError} `rate_limited` (429) with Retry-After and the RateLimit fields when it is spent
 */
export async function spendSearch(auth: AuthServices, key: string): Promise<void> {
  const limit = await auth.limiter.consume('search', key);
  if (!limit.allowed) throw new ApiError('rate_limited', { headers: rateLimitHeaders(limit) });
}

/**
 * searchSite's first step: the client address pays one search before the credential is checked.
 * @throws {ApiError} `rate_limited` with Retry-After and the RateLimit fields
 */
export function spendSearchBudget(auth: AuthServices): BeforeStep {
  return async function spendSearchBudget(facts) {
    await spendSearch(auth, facts.address);
    return undefined;
  };
}

/** Validated search parameters, as the listener leaves them in `facts.query` (http/search-query.ts). */
type SearchParameters = { limit?: number; offset: number; lang?: string; version?: string };

/** One page of full-text results for a caller: its hits, how many match in all, and the language headers. */
export interface FullTextResults {
  hits: readonly SearchHit[];
  total: number;
  headers: Record<string, string>;
  /** The cache entry the hits come from (snapshot/search-cache.ts), shared by every caller of the same query and audience. */
  results: CachedResults;
}

/**
 * Runs the full-text query `q` (non-empty) for a caller: public pages, and internal ones too when
 * the principal holds internal:read (DESIGN.md "Search"). searchSite and the `/search` page both
 * search through this, so that they show exactly the same pages. A page of results is made once
 * per snapshot, query and audience and kept (snapshot/search-cache.ts): the audience is part of
 * its key, so internal pages never reach a caller without internal:read.
 * @param searched told of the query (its first page) and how many results it found in all
 */
export function fullTextSearch(
  facts: RequestFacts,
  snapshot: Snapshot,
  principal: Principal | undefined,
  q: string,
  searched?: (query: string, found: number) => void,
): FullTextResults {
  const includeInternal = principal?.scopes.includes('internal:read') ?? false;
  const { limit, offset, lang } = facts.query as SearchParameters;
  const version = searchVersion(snapshot.site.versions, (facts.query as SearchParameters).version);
  const { language, headers } = searchLanguage(facts, snapshot.search.languages, lang, true);
  const key = { query: q, includeInternal, language, version, limit: limit ?? DEFAULT_SEARCH_LIMIT, offset };
  const results = cachedSearch(snapshot, key);
  if (offset === 0) searched?.(q, results.total);
  return { hits: results.hits, total: results.total, headers, results };
}

/**
 * searchSite (SPEC.md §4 rule 2), after the listener validated the query and checked search:read
 * on a credential: the precomputed index without parameters, else the ranked results, each with
 * its section and excerpt (snapshot/search-hits.ts). With internal:read too, internal pages are
 * included (DESIGN.md "Search").
 * @param searched told of each full-text query (its first page) and how many results it found in all
 */
export function searchSite(searched?: (query: string, found: number) => void): RouteAnswer {
  return function searchSite(facts, snapshot, principal) {
    const includeInternal = principal?.scopes.includes('internal:read') ?? false;
    const { limit, offset, lang, version: versionName } = facts.query as SearchParameters;
    const version = searchVersion(snapshot.site.versions, versionName);
    const q = typeof facts.query.q === 'string' ? facts.query.q.trim() : '';
    if (q === '' && limit === undefined && offset === 0 && lang === undefined && versionName === undefined) {
      const body = includeInternal ? snapshot.discovery.fullIndex : snapshot.discovery.publicIndex;
      return bodyAnswer(body, principal === undefined ? PUBLIC_JSON_HEADERS : PRIVATE_INDEX_HEADERS);
    }
    const base = principal === undefined ? PUBLIC_RESULTS_HEADERS : PRIVATE_RESULTS_HEADERS;
    if (q !== '') {
      const { hits, headers, results } = fullTextSearch(facts, snapshot, principal, q, searched);
      // The answer is kept with the cached results, one per header variant, so that a repeated
      // query is written from the same bytes and header fields (http/write.ts).
      const variant = `${principal === undefined ? 'anonymous' : 'credential'}\n${headers['content-language'] ?? ''}\n${headers.vary ?? ''}`;
      let answer = results.derived.get(variant) as PlainAnswer | undefined;
      if (answer === undefined) {
        answer = plainAnswer(200, { ...base, ...headers }, Buffer.from(JSON.stringify(hits)));
        results.derived.set(variant, answer);
      }
      return answer;
    }
    const { language, headers } = searchLanguage(facts, snapshot.search.languages, lang, false);
    // A listing without `lang` and `version` lists every page, as the whole index does.
    const scope = lang === undefined && versionName === undefined ? snapshot.search : snapshot.search.documentsOf(language, version);
    const documents = includeInternal ? scope.allDocuments : scope.publicDocuments;
    const results = documents.slice(offset, limit === undefined ? undefined : offset + limit);
    return plainAnswer(200, { ...base, ...headers }, JSON.stringify(results));
  };
}

/**
 * The language a search answers in on a multilingual site (negotiation.ts `negotiateLanguage`):
 * `lang`, else `Accept-Language`, else the default; its `Content-Language` (RFC 9110 §8.5), and
 * `Vary: Accept-Language` when the header decided. A listing without `q` and `lang` lists every
 * language, as the whole index does. A site in one language adds no header.
 */
function searchLanguage(
  facts: RequestFacts,
  languages: readonly string[],
  lang: string | undefined,
  query: boolean,
): { language: string | undefined; headers: Record<string, string> } {
  if (languages.length < 2 || (!query && lang === undefined)) return { language: undefined, headers: {} };
  const header = facts.headers['accept-language'];
  const { language } = negotiateLanguage(lang, header, languages);
  const headers: Record<string, string> = { 'content-language': language ?? '' };
  if (lang === undefined) headers.vary = 'Accept-Language';
  return { language, headers };
}
