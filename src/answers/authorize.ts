/**
 * The authorization endpoint's answers (issue 30; OAuth 2.1 §4.1, RFC 7636, RFC 8707, RFC 9207):
 * `GET /api/v1/oauth/authorize` checks the request (oauth/authorize/request.ts), sends a person who
 * is not signed in to the people sign-in and back, and then either issues a code at once (consent
 * remembered: a live grant of the same person and client covers the request) or shows the consent
 * page (consent-page.ts); `POST` takes the consent page's answer. Refusals before the redirect URI
 * is known to be the client's are error pages (ApiError, negotiated); later ones are a 302 to the
 * client (RFC 6749 §4.1.2.1) when the operator configured it, and error pages too for the clients
 * anyone can bring (metadata documents, registration: RFC 9700 §4.11.2), until the person answers
 * the consent page: a denial is then always redirected. Answers read only the browser session, are never stored, and
 * send no Referer onwards (the consent page's URL holds the request).
 */
import { ApiError } from '../errors.js';
import type { AuthServices } from '../auth/authenticate.js';
import type { Principal } from '../auth/principal.js';
import type { Scope } from '../auth/scopes.js';
import type { AgentServices } from '../oauth/context.js';
import type { TokenParams } from '../oauth/params.js';
import { issueAuthorizationCode, rememberedGrant, type AuthorizingPerson, type CodeGrant } from '../oauth/authorize/code.js';
import { openConsent, sealConsent } from '../oauth/authorize/consent-seal.js';
import {
  grantableScopes,
  readAuthorizationQuery,
  resolveResponseTarget,
  validateAuthorizationRequest,
} from '../oauth/authorize/request.js';
import {
  AuthorizationError,
  authorizationErrorPage,
  codeResponseLocation,
  errorResponseLocation,
  type ResponseTarget,
} from '../oauth/authorize/response.js';
import type { AgentClient } from '../oauth/clients/registry.js';
import { safeReturnTo } from '../signin/return-to.js';
import type { SignInService } from '../signin/service.js';
import { signOutFormTargets, SIGNIN_PATHS, type AuthSettings } from '../signin/settings.js';
import { plainAnswer, type PlainAnswer, type RequestFacts, type RouteAnswer } from './answer.js';
import { consentPageHtml } from './consent-page.js';
import { contentSecurityPolicy } from './headers.js';
import { isSameOrigin } from './signin.js';

/** What the authorization endpoint needs of the context (answers/context.ts `AppContext` has it). */
export interface AuthorizeContext {
  config: { baseUrl: string; auth: Pick<AuthSettings, 'oidc'> };
  auth: Pick<AuthServices, 'audit'>;
  /** Undefined when people sign-in is off: every request is then refused (`access_denied`). */
  signin?: SignInService | undefined;
  /** Undefined where a test builds none: the endpoint answers 404. */
  agents?: AgentServices | undefined;
}

/** Header fields of every redirect: never stored, no Referer onwards, dependent on the session cookie. */
const REDIRECT_HEADERS = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', vary: 'Cookie' } as const;

/** A 302 (RFC 9110 §15.4.3) to `location`. */
function redirect(location: string): PlainAnswer {
  return plainAnswer(302, { ...REDIRECT_HEADERS, location }, undefined);
}

/** The agent services, or 404 where the context has none. */
function agentsOf(ctx: AuthorizeContext): AgentServices {
  if (ctx.agents === undefined) throw new ApiError('not_found');
  return ctx.agents;
}

/** Sign-in off: nobody can authorize an agent (RFC 6749 §4.1.2.1 `access_denied`). */
const SIGN_IN_OFF = 'people sign-in is not configured on this site';

/**
 * Where the consent form's redirect may go, for the CSP `form-action` directive (CSP Level 3
 * §6.4.1), which Chromium also applies to the redirects that follow a form's submission: the
 * redirect URI's origin, or its scheme for a private-use scheme (RFC 8252 §7.1) and for an IPv6
 * literal, which a CSP host-source cannot name.
 */
export function redirectFormTarget(redirectUri: string): string {
  const url = new URL(redirectUri);
  const web = url.protocol === 'https:' || url.protocol === 'http:';
  return web && !url.hostname.startsWith('[') ? url.origin : url.protocol;
}

/**
 * The consent page's header fields: HTML never stored, no Referer (its URL holds the request),
 * never framed (clickjacking, RFC 9700 §4.16), and a CSP whose `form-action` lets the form's answer
 * reach the client ({@link redirectFormTarget}) and the header's sign-out reach the provider.
 */
function consentHeaders(ctx: AuthorizeContext, redirectUri: string): Record<string, string> {
  const targets = [...signOutFormTargets(ctx.config.auth), redirectFormTarget(redirectUri)];
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    vary: 'Cookie',
    'content-security-policy': contentSecurityPolicy(ctx.config.baseUrl, targets),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
  };
}

/**
 * The 302 to the people sign-in, which comes back to this same request (`return_to`, kept only
 * when signin/return-to.ts keeps it).
 * @throws {AuthorizationError} `invalid_request` when the request is too long to come back to
 */
function signInRedirect(signin: SignInService, facts: RequestFacts): PlainAnswer {
  const returnTo = `${signin.basePath}${facts.path}${facts.search}`;
  if (safeReturnTo(returnTo, signin.basePath) !== returnTo)
    throw new AuthorizationError('invalid_request', 'The authorization request is too long to come back to after signing in.');
  return redirect(`${signin.basePath}${SIGNIN_PATHS.login}?return_to=${encodeURIComponent(returnTo)}`);
}

/** The person of a session principal, or undefined when no one is signed in in this browser. */
function personOf(principal: Principal | undefined): (AuthorizingPerson & { scopes: Scope[] }) | undefined {
  const person = principal?.person;
  return principal === undefined || person === undefined ? undefined : { ...person, scopes: principal.scopes };
}

/**
 * `GET /api/v1/oauth/authorize` (RFC 6749 §4.1.1): checks the client and redirect URI, then the
 * rest of the request; sends a person who is not signed in to sign in and back; issues the code at
 * once when consent is remembered, else answers the consent page (200).
 * @throws {ApiError} `not_found` without agent services; `invalid_request`, `invalid_redirect_uri`
 *   as oauth/authorize/request.ts `resolveResponseTarget` (shown as a page, never redirected); for
 *   a client that is not `configured`, every later refusal too (`invalid_request`,
 *   `invalid_scope`, `invalid_target`: {@link requestRefusal})
 */
export function authorizeAnswer(ctx: AuthorizeContext): RouteAnswer {
  const issuer = ctx.config.baseUrl;
  return async function authorizeAnswer(facts, snapshot, principal) {
    const agents = agentsOf(ctx);
    const query = readAuthorizationQuery(facts.search);
    const target = await resolveResponseTarget(agents.clients, query, facts.address);
    try {
      const request = validateAuthorizationRequest(query, issuer);
      if (ctx.signin === undefined || agents.consentKey === undefined) throw new AuthorizationError('access_denied', SIGN_IN_OFF);
      const person = personOf(principal);
      if (person === undefined) return signInRedirect(ctx.signin, facts);
      const grant: CodeGrant = {
        clientId: target.client.clientId,
        redirectUri: target.redirectUri,
        codeChallenge: request.codeChallenge,
        scopes: grantableScopes(request.requestedScopes, person.scopes),
        resource: request.resource,
        person: { subject: person.subject, name: person.name, sessionId: person.sessionId },
      };
      const now = agents.now();
      if ((await rememberedGrant(agents.store, now, { ...grant, subject: person.subject })) !== undefined) {
        const code = await issueAuthorizationCode(agents.store, grant, now, ctx.auth.audit, facts.address);
        return redirect(codeResponseLocation(target, code, issuer));
      }
      const consent = await sealConsent(agents.consentKey, { ...grant, state: target.state, sessionId: person.sessionId }, nowSec(now));
      const html = consentPageHtml(
        { client: target.client, personName: person.name, scopes: grant.scopes, redirectUri: target.redirectUri, consent },
        snapshot,
      );
      return plainAnswer(200, consentHeaders(ctx, target.redirectUri), html);
    } catch (error) {
      return requestRefusal(error, target.client, target, issuer);
    }
  };
}

/**
 * A refusal of a request the person has not answered: the 302 to the client only when the operator
 * configured it (vouching for its redirect URIs); for a metadata-document or registered client the
 * error page (oauth/authorize/response.ts `authorizationErrorPage`), so no one can make this site
 * redirect to a URI of their own choosing (RFC 9700 §4.11.2).
 * @throws {ApiError} the error page; anything but an {@link AuthorizationError} as it was
 */
function requestRefusal(error: unknown, client: AgentClient, target: ResponseTarget, issuer: string): PlainAnswer {
  if (error instanceof AuthorizationError && client.kind !== 'configured') throw authorizationErrorPage(error);
  return refusal(error, target, issuer);
}

/** An {@link AuthorizationError} as the 302 to the client; anything else is rethrown. */
function refusal(error: unknown, target: ResponseTarget, issuer: string): PlainAnswer {
  if (error instanceof AuthorizationError) return redirect(errorResponseLocation(target, error, issuer));
  throw error;
}

function nowSec(now: Date): number {
  return Math.floor(now.getTime() / 1000);
}

/**
 * Whether the consent form was posted from a page of this site: as `POST /_sitegate/logout` checks
 * it (answers/signin.ts `isSameOrigin`), and also `Origin: null` with `Sec-Fetch-Site:
 * same-origin`, which is what browsers send from the consent page itself: its `Referrer-Policy:
 * no-referrer` makes them serialize the form's origin as `null` (Fetch standard, "serializing a
 * request origin"), while Fetch Metadata still says where it came from. A cross-site page sends
 * `cross-site` there, and a browser that sends no Fetch Metadata is refused (fail closed).
 */
export function isConsentFromSite(headers: RequestFacts['headers'], siteOrigin: string): boolean {
  if (headers.origin === 'null') return headers['sec-fetch-site'] === 'same-origin';
  return isSameOrigin(headers, siteOrigin);
}

/** Why a consent form cannot be taken: the person must start again from the agent. */
function staleConsent(why: string): ApiError {
  return new ApiError('invalid_request', { message: `${why} Start the authorization again from the agent.` });
}

/**
 * `POST /api/v1/oauth/authorize`: the consent page's answer, form-encoded (`consent`, the sealed
 * request; `decision`, `allow` or `deny`), from a page of this site (as `POST /_sitegate/logout`:
 * answers/signin.ts `isSameOrigin`) in the session the page was made for. Allow: a code for the
 * scopes still the person's, 302 with `code`, `state`, `iss`; deny: 302 with
 * `error=access_denied`, `state`, `iss`.
 * @throws {ApiError} `cross_site_request` (403) from another site; `invalid_request` (400) for a
 *   missing field, a decision that is neither, no session, a consent sealed for another session,
 *   expired or altered; `not_found` without agent services
 */
export function consentAnswer(ctx: AuthorizeContext): RouteAnswer {
  const issuer = ctx.config.baseUrl;
  const siteOrigin = new URL(issuer).origin;
  return async function consentAnswer(facts, _snapshot, principal) {
    const agents = agentsOf(ctx);
    if (!isConsentFromSite(facts.headers, siteOrigin))
      throw new ApiError('cross_site_request', { message: 'This answer to a consent page came from another site.' });
    const params = (facts.body ?? {}) as TokenParams;
    const { consent: sealed, decision } = params;
    if (sealed === undefined || sealed === '') throw new ApiError('invalid_request', { message: 'The consent field is missing.' });
    if (decision !== 'allow' && decision !== 'deny') throw new ApiError('invalid_request', { message: 'decision must be allow or deny.' });
    if (agents.consentKey === undefined) throw new ApiError('invalid_request', { message: `Agents cannot be authorized: ${SIGN_IN_OFF}.` });
    const person = personOf(principal);
    if (person === undefined) throw staleConsent('No one is signed in in this browser any more.');
    const now = agents.now();
    const consent = await openConsent(agents.consentKey, sealed, nowSec(now));
    if (consent === undefined) throw staleConsent('This consent page has expired or was altered.');
    if (consent.sessionId !== person.sessionId) throw staleConsent('This consent page was shown to another sign-in.');
    const target: ResponseTarget = { redirectUri: consent.redirectUri, state: consent.state };
    try {
      if (decision === 'deny') throw new AuthorizationError('access_denied', 'The person denied the request.');
      // The person's scopes may have changed since the page was shown: the grant is at most today's.
      const scopes = grantableScopes(consent.scopes, person.scopes);
      const grant: CodeGrant = {
        clientId: consent.clientId,
        redirectUri: consent.redirectUri,
        codeChallenge: consent.codeChallenge,
        scopes,
        resource: consent.resource,
        person: { subject: person.subject, name: person.name, sessionId: person.sessionId },
      };
      const code = await issueAuthorizationCode(agents.store, grant, now, ctx.auth.audit, facts.address);
      return redirect(codeResponseLocation(target, code, issuer));
    } catch (error) {
      return refusal(error, target, issuer);
    }
  };
}
