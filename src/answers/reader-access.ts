/**
 * Who may read a page, as every answer of the page route asks it (answers/pages.ts for sitegate's
 * pages, answers/built-pages.ts for a generator's build): the 401 of the internal zone with its
 * "Sign in", the scope checks whose 403 names the person, and the 404 drawn for the principal.
 * One place, so a built page and a rendered one refuse alike (issue 33).
 */
import type { Config } from '../config/config.js';
import { ApiError, type Scope } from '../errors.js';
import { requireScopes } from '../auth/authenticate.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import type { Principal } from '../auth/principal.js';
import { readerTreeOf } from '../snapshot/reader-view.js';
import { SIGNIN_PATHS } from '../signin/settings.js';
import { ReaderError, type ReaderErrorFacts } from './error-answer.js';
import type { RequestFacts } from './answer.js';

/** What the page answer reads of the config (`auth`: whether people can sign in, issue 29). */
export type PageConfig = Pick<Config, 'baseUrl' | 'contentSignal'> & Partial<Pick<Config, 'auth'>>;

/** Whether people can sign in (`auth.oidc` set): anonymous HTML then varies on Cookie. */
export function signInConfigured(config: PageConfig): boolean {
  return config.auth?.oidc != null;
}

/**
 * The 401 of a page of the internal zone asked without a credential: when people can sign in, it
 * knows where "Sign in" leads, back to the requested path (SIGNIN_PATHS `login`, its `return_to`
 * a path of this site under the base path) and whether to go there at once (`auth.autoSignIn`).
 * The same for paths of the zone that do not exist: no existence oracle.
 */
export function signInFacts(config: PageConfig, snapshot: Snapshot, facts: RequestFacts): ReaderErrorFacts {
  if (!signInConfigured(config)) return {};
  const { basePath } = snapshot.chrome;
  const returnTo = encodeURIComponent(`${basePath}${facts.path}${facts.search}`);
  return { signInUrl: `${basePath}${SIGNIN_PATHS.login}?return_to=${returnTo}`, autoSignIn: config.auth?.autoSignIn === true };
}

/** What a refusal knows of a principal: the person (for the page's words) and the sidebar it may see. */
function readerFactsOf(principal: Principal | undefined): ReaderErrorFacts {
  if (principal === undefined) return {};
  return { person: principal.person === undefined ? undefined : { name: principal.person.name }, tree: readerTreeOf(principal) };
}

/**
 * auth/authenticate.ts `requireScopes`, whose refusal, for a person, says who is signed in (the
 * 403 page: "Signed in as …, whose account cannot read internal pages").
 * @throws {ApiError} `insufficient_scope` (a {@link ReaderError} for a person)
 */
export function requireReaderScopes(principal: Principal, needed: readonly Scope[]): void {
  try {
    requireScopes(principal, needed);
  } catch (error) {
    if (principal.person === undefined || !(error instanceof ApiError)) throw error;
    throw new ReaderError(readerFactsOf(principal), error.code, { message: error.message, scopes: error.scopes, headers: error.headers });
  }
}

/**
 * The 404 of a page request, drawn for the principal: a person sees their account on it, and a
 * principal with internal:read the sidebar that lists internal pages; anyone else today's page.
 */
export function notFoundFor(principal: Principal | undefined): ApiError {
  const options = { message: 'No page at this address.' };
  if (principal === undefined || (principal.person === undefined && readerTreeOf(principal) === 'public'))
    return new ApiError('not_found', options);
  return new ReaderError(readerFactsOf(principal), 'not_found', options);
}
