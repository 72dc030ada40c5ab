/**
 * `GET /search?q=`: the results page people land on from the header's search form, with or
 * without script. It searches through searchSite's own steps (api.ts `fullTextSearch`) and its
 * route takes searchSite's credential and scopes (http/route-table.ts), so the page shows exactly the
 * pages the JSON API would: internal ones only to a credential with internal:read.
 */
import { renderSearchPage } from '../layout/search-page.js';
import { CONTENT_TYPES } from '../snapshot/bodies.js';
import { plainAnswer, type RouteAnswer } from './answer.js';
import { htmlSecurityHeaders } from './headers.js';
import { DEFAULT_SEARCH_LIMIT, fullTextSearch } from './api.js';

/**
 * The page's headers for a base URL, made once: for every visitor without a credential (shared
 * caches may keep it a minute, as searchSite's results), and for a credential, whose results may
 * list internal pages (for no other reader).
 */
function pageHeaders(baseUrl: string): { public: Record<string, string>; private: Record<string, string> } {
  let headers = headersByBase.get(baseUrl);
  if (headers === undefined) {
    const forAll = { ...htmlSecurityHeaders(baseUrl), 'content-type': CONTENT_TYPES.html, 'cache-control': 'public, max-age=60' };
    headers = { public: forAll, private: { ...forAll, 'cache-control': 'private, no-store' } };
    headersByBase.set(baseUrl, headers);
  }
  return headers;
}

const headersByBase = new Map<string, { public: Record<string, string>; private: Record<string, string> }>();

/**
 * The results page answer, after the listener validated the query (`q`, `limit`, `offset`,
 * `lang`) and checked search:read on a credential; without `q`, the page with an empty form.
 * @param searched told of each query (its first page) and how many results it found, as searchSite tells it
 */
export function searchPage(searched?: (query: string, found: number) => void): RouteAnswer {
  return function searchPage(facts, snapshot, principal) {
    const q = typeof facts.query.q === 'string' ? facts.query.q.trim() : '';
    const { limit, offset, lang } = facts.query as { limit?: number; offset: number; lang?: string };
    const results = q === '' ? { hits: [], total: 0, headers: {} } : fullTextSearch(facts, snapshot, principal, q, searched);
    const html = renderSearchPage(snapshot.chrome, {
      query: q,
      hits: results.hits,
      total: results.total,
      offset,
      limit: limit ?? DEFAULT_SEARCH_LIMIT,
      lang,
      sidebarHtml: snapshot.rootSidebar,
    });
    const headers = pageHeaders(snapshot.chrome.baseUrl);
    return plainAnswer(200, { ...(principal === undefined ? headers.public : headers.private), ...results.headers }, html);
  };
}
