/**
 * The sign-in routes' answers (issue 29): `GET /_sitegate/login` starts the authorization code
 * flow, `GET /_sitegate/callback` finishes it and starts a session, `POST /_sitegate/logout` ends
 * it. The OpenID Connect steps are signin/service.ts's; these read the cookies, apply the grants
 * (signin/grants.ts), start or end the session (auth/sessions.ts), write the audit log and answer.
 * Every answer is `Cache-Control: no-store`. Refusals are thrown as {@link ApiError}s, which the
 * route's negotiated error form renders (answers/signin-pages.ts for browsers).
 */
import type { ServerResponse } from 'node:http';
import { ApiError } from '../errors.js';
import type { AuthServices } from '../auth/authenticate.js';
import { cookieValue } from '../signin/cookies.js';
import { scopesOf } from '../signin/grants.js';
import { displayNameOf, emailOf } from '../signin/identity.js';
import { PENDING_LOGIN_TTL_SEC } from '../signin/pending-login.js';
import { ProviderUnavailableError } from '../signin/relying-party.js';
import { safeReturnTo } from '../signin/return-to.js';
import { SignInRefusedError, type SignInService } from '../signin/service.js';
import { plainAnswer, type RawAnswer, type RequestFacts, type RouteAnswer } from './answer.js';
import { auditSubject } from '../auth/audit-subject.js';

/** What the sign-in answers need of the context. */
export interface SignInContext {
  config: { baseUrl: string };
  auth: Pick<AuthServices, 'sessions' | 'audit'>;
  /** Undefined when sign-in is off: the routes answer 404. */
  signin?: SignInService | undefined;
}

/** The sign-in service, or 404 when sign-in is off (`auth.oidc` not set). */
function serviceOf(ctx: SignInContext): SignInService {
  if (ctx.signin === undefined) throw new ApiError('not_found');
  return ctx.signin;
}

/**
 * `GET /_sitegate/login?return_to=/path`: 302 to the provider's authorization endpoint (OpenID
 * Connect Core §3.1.2.1: `response_type=code`, `scope`, `redirect_uri`, `state`, `nonce`, PKCE
 * S256) with the pending-login cookie. `return_to` that is not a path of this site becomes the
 * site root (signin/return-to.ts).
 * @throws {ApiError} `not_found` when sign-in is off; `sign_in_unavailable` (502) when the
 *   provider's metadata cannot be had
 */
export function signInAnswer(ctx: SignInContext): RouteAnswer {
  return async function signInAnswer(facts) {
    const signin = serviceOf(ctx);
    const returnTo = safeReturnTo(new URLSearchParams(facts.search).get('return_to') ?? undefined, signin.basePath);
    let started: Awaited<ReturnType<SignInService['start']>>;
    try {
      started = await signin.start(returnTo);
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw new ApiError('sign_in_unavailable');
      throw error;
    }
    return plainAnswer(
      302,
      {
        location: started.authorizationUrl,
        'set-cookie': signin.cookies.login(started.setCookie, PENDING_LOGIN_TTL_SEC),
        'cache-control': 'no-store',
      },
      undefined,
    );
  };
}

/**
 * `GET /_sitegate/callback`: validates the provider's answer (signin/service.ts `finish`), applies
 * the grants, starts a session and answers 302 to `return_to` with the session cookie
 * (`Max-Age` = `auth.sessionTtl`) and the pending-login cookie cleared.
 * - A refused callback (no or forged pending login, `state` not ours, the provider's `error=`, the
 *   code refused, an ID token that fails validation): 400 `sign_in_failed`, audit `sign_in_refused`
 *   (`reason=…`), the pending-login cookie cleared.
 * - Claims that satisfy no grant: 403 `no_access` naming who signed in, audit `sign_in_refused`
 *   (`sub=… reason=no_grant`), no session, the pending-login cookie cleared.
 * - The provider unreachable or failing: 502 `sign_in_unavailable`; the pending-login cookie is
 *   kept, so reloading the callback within its 10 minutes can still finish.
 * @throws {ApiError} as above, or `not_found` when sign-in is off
 */
export function callbackAnswer(ctx: SignInContext): RouteAnswer {
  return async function callbackAnswer(facts) {
    const signin = serviceOf(ctx);
    const clearLogin = { 'set-cookie': signin.cookies.clearLogin() };
    const refuse = (detail: string): void => ctx.auth.audit({ type: 'sign_in_refused', clientId: null, address: facts.address, detail });
    let done: Awaited<ReturnType<SignInService['finish']>>;
    try {
      done = await signin.finish(
        new URL(`${signin.redirectUri}${facts.search}`),
        cookieValue(facts.headers.cookie, signin.cookies.loginName),
      );
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw new ApiError('sign_in_unavailable');
      if (!(error instanceof SignInRefusedError)) throw error;
      refuse(`reason=${error.reason}${error.providerError === undefined ? '' : ` error=${error.providerError}`}`);
      throw new ApiError('sign_in_failed', { headers: clearLogin });
    }
    const scopes = scopesOf(done.claims, signin.auth.grants);
    const name = displayNameOf(done.claims, done.subject);
    const email = emailOf(done.claims);
    if (scopes.length === 0) {
      refuse(`sub=${auditSubject(done.subject)} reason=no_grant`);
      const who = email === null || email === name ? name : `${name} (${email})`;
      throw new ApiError('no_access', {
        message: `You signed in as ${who}, but your account has no access to this site.`,
        headers: clearLogin,
      });
    }
    const session = await ctx.auth.sessions.create({ subject: done.subject, name, email, scopes, address: facts.address });
    return redirectWithCookies(302, done.returnTo, [
      signin.cookies.session(session.cookieValue, signin.auth.sessionTtlSec),
      signin.cookies.clearLogin(),
    ]);
  };
}

/**
 * A redirect that sets two cookies: node:http sends one `Set-Cookie` field per value (RFC 6265bis
 * §4.1: cookies are never folded into one field), which the plain answers' one-value header
 * object cannot express, so it is written directly.
 */
function redirectWithCookies(status: number, location: string, cookies: string[]): RawAnswer {
  return {
    kind: 'raw',
    run(_request, response: ServerResponse) {
      response.writeHead(status, { location, 'set-cookie': cookies, 'cache-control': 'no-store', 'content-length': '0' });
      response.end();
      return Promise.resolve();
    },
  };
}

/**
 * Whether a request comes from a page of this site (the issue's CSRF rule; OWASP CSRF
 * cheat sheet, "Verifying Origin With Standard Headers"): its `Origin` (RFC 6454 §7) is the base
 * URL's origin, or it sends none and `Sec-Fetch-Site` (Fetch Metadata) says `same-origin`.
 */
export function isSameOrigin(headers: RequestFacts['headers'], siteOrigin: string): boolean {
  const origin = headers.origin;
  if (origin !== undefined) {
    if (origin === 'null') return false;
    try {
      return new URL(origin).origin === siteOrigin;
    } catch {
      return false;
    }
  }
  return headers['sec-fetch-site'] === 'same-origin';
}

/**
 * `POST /_sitegate/logout`: for a same-origin request ({@link isSameOrigin}), ends the session
 * of the cookie (even a dead cookie is cleared), clears it and answers 303 to the provider's
 * `end_session_endpoint` (RP-Initiated Logout 1.0 §2, with `client_id` and
 * `post_logout_redirect_uri` = `{baseUrl}/`) or, when it has none, to `{baseUrl}/`.
 * @throws {ApiError} `cross_site_request` (403) from another origin; `not_found` when sign-in is off
 */
export function signOutAnswer(ctx: SignInContext): RouteAnswer {
  const siteOrigin = new URL(ctx.config.baseUrl).origin;
  return async function signOutAnswer(facts) {
    const signin = serviceOf(ctx);
    if (!isSameOrigin(facts.headers, siteOrigin)) throw new ApiError('cross_site_request');
    const value = cookieValue(facts.headers.cookie, signin.cookies.sessionName);
    if (value !== undefined) await ctx.auth.sessions.end(value, facts.address);
    const location = await signin.signOutUrl();
    return plainAnswer(303, { location, 'set-cookie': signin.cookies.clearSession(), 'cache-control': 'no-store' }, undefined);
  };
}
