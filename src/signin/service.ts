/**
 * The people sign-in service (issue 29): the relying party (relying-party.ts), the key of the
 * pending-login cookie (pending-login.ts), the cookies (cookies.ts) and the steps of the
 * authorization code flow (OpenID Connect Core §3.1) — {@link SignInService.start} builds the
 * authentication request, {@link SignInService.finish} validates the callback. The answers
 * (answers/signin.ts) turn their results into HTTP; the grants (grants.ts) and the session service
 * (auth/sessions.ts) take it from there.
 */
import * as client from 'openid-client';
import { basePathOf } from '../content/paths.js';
import { signInCookiesOf, type SignInCookies } from './cookies.js';
import { mergeClaims } from './identity.js';
import type { Claims } from './grants.js';
import { openPendingLogin, sealPendingLogin, type PendingLoginKey } from './pending-login.js';
import {
  createRelyingParty,
  describeError,
  isProviderUnavailable,
  ProviderUnavailableError,
  type RelyingParty,
  type RelyingPartyOptions,
} from './relying-party.js';
import { SIGNIN_PATHS, type AuthSettings, type OidcSettings } from './settings.js';

/**
 * Why a callback was refused, as the audit log names it (`sign_in_refused`, `reason=…`):
 * - `no_login_cookie`: no sign-in was started in this browser, or it took longer than 10 minutes;
 * - `bad_login_cookie`: the pending-login cookie does not open (forged, another secret);
 * - `state_mismatch`: `state` is missing or not the one sent (RFC 6749 §10.12: forged callback);
 * - `provider_error`: the provider answered `error=` (OpenID Connect Core §3.1.2.6), e.g. the person cancelled;
 * - `code_rejected`: the token endpoint refused the code (`invalid_grant`: replayed, expired, PKCE mismatch);
 * - `invalid_id_token`: the token response or ID token failed validation (§3.1.3.7: issuer,
 *   audience, signature, expiry, nonce) or the provider's answers disagree (userinfo `sub`);
 * - `no_grant`: valid, but the claims satisfy no grant (answers/signin.ts decides this one).
 */
export type RefusalReason =
  'no_login_cookie' | 'bad_login_cookie' | 'state_mismatch' | 'provider_error' | 'code_rejected' | 'invalid_id_token' | 'no_grant';

/** A refused callback. */
export class SignInRefusedError extends Error {
  readonly reason: RefusalReason;
  /** The provider's `error` code (`provider_error`) or token endpoint error (`code_rejected`), when it gave one. */
  readonly providerError: string | undefined;
  constructor(reason: RefusalReason, providerError?: string, options?: ErrorOptions) {
    super(`sign-in refused: ${reason}${providerError === undefined ? '' : ` (${providerError})`}`, options);
    this.name = 'SignInRefusedError';
    this.reason = reason;
    this.providerError = providerError;
  }
}

/** A validated sign-in: who, with which claims, and where to return. */
export interface CompletedSignIn {
  /** The ID token's `sub`. */
  subject: string;
  /** The ID token's claims overlaid on userinfo's (identity.ts `mergeClaims`). */
  claims: Claims;
  /** The `return_to` of the login (already checked by signin/return-to.ts). */
  returnTo: string;
}

/** The sign-in service of a configured site; the context holds it (undefined when sign-in is off). */
export interface SignInService {
  readonly auth: AuthSettings;
  readonly oidc: OidcSettings;
  readonly cookies: SignInCookies;
  /** `{baseUrl}/_sitegate/callback`, the redirect URI registered at the provider. */
  readonly redirectUri: string;
  /** `{baseUrl}/`, where RP-initiated logout returns. */
  readonly postLogoutRedirectUri: string;
  /** The site's base path without trailing slash (`''`, `/docs`). */
  readonly basePath: string;
  /**
   * Starts a sign-in (OpenID Connect Core §3.1.2.1): fresh `state`, `nonce` and PKCE verifier
   * (S256 challenge, RFC 7636 §4.2), sealed into the pending-login cookie value.
   * @param returnTo a path of this site, checked already
   * @returns the provider's authorization URL and the `Set-Cookie` value of the login cookie
   * @throws {ProviderUnavailableError} when the provider's metadata cannot be had
   */
  start(returnTo: string): Promise<{ authorizationUrl: string; setCookie: string }>;
  /**
   * Validates a callback: opens the pending-login cookie, checks `state`, exchanges the code
   * (with the PKCE verifier), validates the ID token (issuer, audience, signature, expiry, nonce:
   * openid-client, §3.1.3.7), then reads userinfo when the provider has an endpoint for it.
   * @param callbackUrl the callback URL as received (with `code`, `state`, `iss` or `error`)
   * @param loginCookie the pending-login cookie's value, if the request carried one
   * @throws {SignInRefusedError} for every refusal (see {@link RefusalReason})
   * @throws {ProviderUnavailableError} when the provider is unreachable, times out or fails (5xx)
   */
  finish(callbackUrl: URL, loginCookie: string | undefined): Promise<CompletedSignIn>;
  /**
   * Where sign-out sends the browser: the provider's `end_session_endpoint` with `client_id` and
   * `post_logout_redirect_uri` (OpenID Connect RP-Initiated Logout 1.0 §2), or `{baseUrl}/` when
   * it has none or cannot be reached now.
   */
  signOutUrl(): Promise<string>;
}

/** Options of {@link createSignInService}. */
export interface SignInServiceOptions extends RelyingPartyOptions {
  /** Clock, for the pending-login cookie's lifetime. */
  now?: () => Date;
  /** A relying party to use instead of making one (tests). */
  relyingParty?: RelyingParty;
}

/**
 * Makes the sign-in service of a site whose settings enable sign-in.
 * @param baseUrl the public base URL without trailing slash
 * @param key the pending-login key (pending-login.ts `derivePendingLoginKey` of the operator's secret)
 * @throws {Error} when `auth.oidc` is null, or its issuer is not allowed (relying-party.ts)
 */
export function createSignInService(
  baseUrl: string,
  auth: AuthSettings,
  key: PendingLoginKey,
  options: SignInServiceOptions = {},
): SignInService {
  const oidc = auth.oidc;
  if (oidc === null) throw new Error('createSignInService: sign-in is not configured (auth.oidc)');
  const rp = options.relyingParty ?? createRelyingParty(oidc, options);
  const nowSec = (): number => Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  const redirectUri = `${baseUrl}${SIGNIN_PATHS.callback}`;
  /** The refusal or unavailability an openid-client error means; the latter is logged (the operator's to fix). */
  const failureOf = (error: unknown, step: string): Error => {
    const failure = refusalOf(error);
    if (failure instanceof ProviderUnavailableError)
      options.log?.warn({ issuer: oidc.issuer, step }, `sign-in: the identity provider failed: ${describeError(failure.cause ?? failure)}`);
    return failure;
  };
  const postLogoutRedirectUri = `${baseUrl}/`;

  return {
    auth,
    oidc,
    cookies: signInCookiesOf(baseUrl),
    redirectUri,
    postLogoutRedirectUri,
    basePath: basePathOf(baseUrl),

    async start(returnTo) {
      const config = await rp.configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: oidc.scopes.join(' '),
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      const sealed = await sealPendingLogin(key, { state, nonce, codeVerifier, returnTo }, nowSec());
      return { authorizationUrl: url.href, setCookie: sealed };
    },

    async finish(callbackUrl, loginCookie) {
      const providerError = callbackUrl.searchParams.get('error');
      if (loginCookie === undefined)
        throw new SignInRefusedError('no_login_cookie', providerError === null ? undefined : tokenOf(providerError));
      const pending = await openPendingLogin(key, loginCookie, nowSec());
      if (pending === undefined) throw new SignInRefusedError('bad_login_cookie');
      // The state binds the callback to this browser's login (RFC 6749 §10.12); checked before anything else.
      if (callbackUrl.searchParams.get('state') !== pending.state) throw new SignInRefusedError('state_mismatch');
      if (providerError !== null) throw new SignInRefusedError('provider_error', tokenOf(providerError));
      const config = await rp.configuration();
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw failureOf(error, 'token');
      }
      const idClaims = tokens.claims();
      if (idClaims === undefined) throw new SignInRefusedError('invalid_id_token');
      let userinfo: Claims | undefined;
      if (config.serverMetadata().userinfo_endpoint !== undefined) {
        try {
          // The expected sub is the ID token's (OpenID Connect Core §5.3.4).
          userinfo = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
        } catch (error) {
          throw failureOf(error, 'userinfo');
        }
      }
      return { subject: idClaims.sub, claims: mergeClaims(idClaims, userinfo), returnTo: pending.returnTo };
    },

    async signOutUrl() {
      let config: client.Configuration;
      try {
        config = await rp.configuration();
      } catch {
        return postLogoutRedirectUri; // signed out here at least; the provider's session stays
      }
      if (config.serverMetadata().end_session_endpoint === undefined) return postLogoutRedirectUri;
      return client.buildEndSessionUrl(config, { client_id: oidc.clientId, post_logout_redirect_uri: postLogoutRedirectUri }).href;
    },
  };
}

/** An error code of the provider as the audit log may carry it: `[a-z0-9_]`, at most 40 characters. */
function tokenOf(code: string): string {
  return (
    code
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '')
      .slice(0, 40) || 'unknown'
  );
}

/**
 * What an openid-client error during the code exchange or userinfo means: unavailable (network,
 * timeout, 5xx), the code refused (an OAuth error from the token endpoint, RFC 6749 §5.2), or a
 * response that failed validation.
 */
function refusalOf(error: unknown): Error {
  if (isProviderUnavailable(error)) {
    return error instanceof ProviderUnavailableError
      ? error
      : new ProviderUnavailableError('the identity provider could not be reached or failed', { cause: error });
  }
  if (error instanceof client.ResponseBodyError) return new SignInRefusedError('code_rejected', tokenOf(error.error), { cause: error });
  if (error instanceof client.AuthorizationResponseError)
    return new SignInRefusedError('provider_error', tokenOf(error.error), { cause: error });
  return new SignInRefusedError('invalid_id_token', undefined, { cause: error });
}
