/**
 * `GET /search?q=`: the results page people land on from the header's search form, with or
 * without script. It searches through searchSite's own steps (api.ts `fullTextSearch`) and its
 * route takes searchSite's credential and scopes (http/route-table.ts), so the page shows exactly the
 * pages the JSON API would: internal ones only to a credential with internal:read, whose sidebar
 * then lists them too; a signed-in person sees their account in the header (issue 29).
 */
import { renderSearchPage } from '../layout/search-page.js';
import { CONTENT_TYPES } from '../snapshot/bodies.js';
import { plainAnswer, type RouteAnswer } from './answer.js';
import { htmlSecurityHeaders } from './headers.js';
import { NO_SIGN_IN, signOutFormTargets, type AuthSettings } from '../signin/settings.js';
import { DEFAULT_SEARCH_LIMIT, fullTextSearch } from './api.js';
import { readerTreeOf } from '../snapshot/reader-view.js';
import { renderAccount } from '../layout/account.js';

/**
 * The page's headers for a base URL: for every visitor without a credential (shared
 * caches may keep it a minute, as searchSite's results), and for a credential, whose results may
 * list internal pages (for no other reader).
 */
function pageHeaders(baseUrl: string, auth: Pick<AuthSettings, 'oidc'>): SearchPageHeaders {
  const forAll = {
    ...htmlSecurityHeaders(baseUrl, signOutFormTargets(auth)),
    'content-type': CONTENT_TYPES.html,
    'cache-control': 'public, max-age=60',
  };
  const forCredential = { ...forAll, 'cache-control': 'private, no-store' };
  // When people can sign in, a shared cache must not give anonymous results to a signed-in reader.
  const publicHeaders = auth.oidc === null ? forAll : { ...forAll, vary: 'Cookie' };
  return { public: publicHeaders, private: forCredential, person: { ...forCredential, vary: 'Cookie' } };
}

/** The results page's header objects: anonymous, a credential's, a signed-in person's (issue 29: `Vary: Cookie`). */
interface SearchPageHeaders {
  public: Record<string, string>;
  private: Record<string, string>;
  person: Record<string, string>;
}

/**
 * The results page answer, after the listener validated the query (`q`, `limit`, `offset`,
 * `lang`) and checked search:read on a credential; without `q`, the page with an empty form.
 * @param searched told of each query (its first page) and how many results it found, as searchSite tells it
 * @param auth the sign-in settings: whether people can sign in (anonymous answers then vary on Cookie),
 *   and where the sign-out form may lead (signin/settings.ts `signOutFormTargets`)
 */
export function searchPage(searched?: (query: string, found: number) => void, auth: Pick<AuthSettings, 'oidc'> = NO_SIGN_IN): RouteAnswer {
  // Made on first use: a process serves one base URL.
  let headers: SearchPageHeaders | undefined;
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
      // A reader with internal:read sees the tree that lists internal pages (snapshot/reader-view.ts).
      sidebarHtml: principal === undefined ? snapshot.rootSidebar : snapshot.reader.rootSidebar(readerTreeOf(principal)),
      accountHtml: principal?.person === undefined ? undefined : renderAccount(snapshot.chrome.basePath, principal.person.name),
    });
    headers ??= pageHeaders(snapshot.chrome.baseUrl, auth);
    const chosen = principal === undefined ? headers.public : principal.person === undefined ? headers.private : headers.person;
    return plainAnswer(200, { ...chosen, ...results.headers }, html);
  };
}
