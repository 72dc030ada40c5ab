/**
 * The sign-in refuses what it must (issue 29, done-when 2): a forged `state`, a callback without
 * or with a forged pending-login cookie, the provider's `error=`, a replayed code, and ID tokens
 * with the wrong nonce, from another issuer, for another audience, expired, badly signed or
 * unsigned. Each answers 400 `sign_in_failed` (the "Try again" page), clears the pending-login
 * cookie, starts no session and writes `sign_in_refused` with its reason to the audit log.
 * Against the real provider (oidc-provider) and a dishonest one (test/evil-oidc-provider.ts).
 *
 * The cases that expect a sign-in to succeed first (the replayed code, the honest provider) need
 * the real session service (branch i29-session).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivePendingLoginKey, sealPendingLogin } from '../src/signin/pending-login.js';
import { startEvilProvider, type EvilMode, type EvilProvider } from './evil-oidc-provider.js';
import { freePort } from './free-port.js';
import { CookieJar, fetchWithJar, signInWithFetch, startOidcProvider, type RunningOidcProvider } from './oidc-provider.js';
import { startSignInSite, type SignInSite } from './signin-site.js';

const HTML = { accept: 'text/html' };
const CLEAR_LOGIN = 'sitegate_login=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax';

/** Checks the 400 `sign_in_failed` page: status, headers, the exact wording and the "Try again" link. */
async function expectSignInFailed(response: Response): Promise<void> {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('location')).toBeNull();
  expect(response.headers.getSetCookie()).toEqual([CLEAR_LOGIN]);
  const body = await response.text();
  expect(body).toContain('<h1>Signing in did not complete</h1>');
  expect(body).toContain('<p>Start again from this site, in the same browser, and finish within 10 minutes.</p>');
  expect(body).toContain('<a class="button" href="/_sitegate/login">Try again</a>');
  expect(body).toContain('HTTP 400 <code>sign_in_failed</code>');
}

describe('callback refusals against the real provider', () => {
  let op: RunningOidcProvider;
  let site: SignInSite;

  beforeAll(async () => {
    const port = await freePort();
    op = await startOidcProvider({ sitegateBaseUrl: `http://127.0.0.1:${port}` });
    site = await startSignInSite({ port, issuer: op.issuer });
  });

  afterAll(async () => {
    await site.close();
    await op.close();
  });

  /** The audit events appended while `run` runs. */
  async function auditOf(run: () => Promise<void>): Promise<unknown[]> {
    const before = site.audit.length;
    await run();
    return site.audit.slice(before);
  }

  it('a forged state: 400 sign_in_failed, reason=state_mismatch', async () => {
    const walk = await signInWithFetch(site.baseUrl, 'alice', { stopAtCallback: true });
    const forged = new URL(walk.callbackUrl as string);
    forged.searchParams.set('state', 'forged-state-value');
    const events = await auditOf(async () => {
      await expectSignInFailed(await fetchWithJar(walk.jar, forged.href, { headers: HTML }));
    });
    expect(events).toEqual([{ type: 'sign_in_refused', clientId: null, address: '127.0.0.1', detail: 'reason=state_mismatch' }]);
    expect(walk.jar.get('127.0.0.1', 'sitegate_session')).toBeUndefined();
    expect(walk.jar.get('127.0.0.1', 'sitegate_login')).toBeUndefined();
  });

  it('no state at all: 400, reason=state_mismatch', async () => {
    const walk = await signInWithFetch(site.baseUrl, 'alice', { stopAtCallback: true });
    const stripped = new URL(walk.callbackUrl as string);
    stripped.searchParams.delete('state');
    const events = await auditOf(async () => {
      await expectSignInFailed(await fetchWithJar(walk.jar, stripped.href, { headers: HTML }));
    });
    expect(events).toEqual([{ type: 'sign_in_refused', clientId: null, address: '127.0.0.1', detail: 'reason=state_mismatch' }]);
  });

  it('a callback in a browser that started no sign-in (no login cookie): 400, reason=no_login_cookie', async () => {
    const walk = await signInWithFetch(site.baseUrl, 'alice', { stopAtCallback: true });
    const events = await auditOf(async () => {
      await expectSignInFailed(await fetch(walk.callbackUrl as string, { headers: HTML, redirect: 'manual' }));
    });
    expect(events).toEqual([{ type: 'sign_in_refused', clientId: null, address: '127.0.0.1', detail: 'reason=no_login_cookie' }]);
  });

  it('a login cookie sealed under another secret, even with the right state: 400, reason=bad_login_cookie', async () => {
    const walk = await signInWithFetch(site.baseUrl, 'alice', { stopAtCallback: true });
    const state = new URL(walk.callbackUrl as string).searchParams.get('state') as string;
    const forgedKey = derivePendingLoginKey('an-attacker-secret-of-thirty-two-characters');
    const forged = await sealPendingLogin(
      forgedKey,
      { state, nonce: 'n', codeVerifier: 'v'.repeat(43), returnTo: '/' },
      Math.floor(Date.now() / 1000),
    );
    const jar = new CookieJar();
    jar.set('127.0.0.1', 'sitegate_login', forged);
    const events = await auditOf(async () => {
      await expectSignInFailed(await fetchWithJar(jar, walk.callbackUrl as string, { headers: HTML }));
    });
    expect(events).toEqual([{ type: 'sign_in_refused', clientId: null, address: '127.0.0.1', detail: 'reason=bad_login_cookie' }]);
  });

  it("the provider's error= (the person cancelled): 400, reason=provider_error error=access_denied", async () => {
    const jar = new CookieJar();
    const login = await fetchWithJar(jar, `${site.baseUrl}/_sitegate/login`);
    const state = new URL(login.headers.get('location') as string).searchParams.get('state') as string;
    const callback = `${site.baseUrl}/_sitegate/callback?error=access_denied&error_description=End-User+aborted&state=${state}&iss=${encodeURIComponent(op.issuer)}`;
    const events = await auditOf(async () => {
      await expectSignInFailed(await fetchWithJar(jar, callback, { headers: HTML }));
    });
    expect(events).toEqual([
      { type: 'sign_in_refused', clientId: null, address: '127.0.0.1', detail: 'reason=provider_error error=access_denied' },
    ]);
  });

  it('a replayed code: the first use signs in, the replay gets 400, reason=code_rejected error=invalid_grant', async () => {
    const walk = await signInWithFetch(site.baseUrl, 'alice', { stopAtCallback: true, returnTo: '/internal/guide' });
    const loginCookie = walk.jar.get('127.0.0.1', 'sitegate_login') as string;
    const first = await fetchWithJar(walk.jar, walk.callbackUrl as string, { headers: HTML });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/internal/guide');
    // The attacker replays the callback with a copy of the login cookie taken before it was cleared.
    const attacker = new CookieJar();
    attacker.set('127.0.0.1', 'sitegate_login', loginCookie);
    const events = await auditOf(async () => {
      await expectSignInFailed(await fetchWithJar(attacker, walk.callbackUrl as string, { headers: HTML }));
    });
    expect(events).toEqual([
      { type: 'sign_in_refused', clientId: null, address: '127.0.0.1', detail: 'reason=code_rejected error=invalid_grant' },
    ]);
    expect(attacker.get('127.0.0.1', 'sitegate_session')).toBeUndefined();
  });

  it('the JSON form of sign_in_failed, for a client that asks for JSON', async () => {
    const response = await fetch(`${site.baseUrl}/_sitegate/callback?code=x&state=y`, {
      headers: { accept: 'application/json' },
      redirect: 'manual',
    });
    expect(response.status).toBe(400);
    expect(response.headers.getSetCookie()).toEqual([CLEAR_LOGIN]);
    expect(await response.json()).toEqual({
      error: true,
      code: 'sign_in_failed',
      message: 'Signing in did not complete: the answer from the identity provider could not be verified.',
      resolution:
        'Start signing in again from /_sitegate/login, in the same browser, and finish within 10 minutes. If it keeps failing, the site operator should check auth.oidc and the audit log (sign_in_refused).',
      status: 400,
      docs: `${site.baseUrl}/developers#error-sign_in_failed`,
    });
  });
});

describe('ID tokens a dishonest provider signs', () => {
  let evil: EvilProvider;
  let site: SignInSite;

  beforeAll(async () => {
    evil = await startEvilProvider();
    site = await startSignInSite({ issuer: evil.issuer });
  });

  afterAll(async () => {
    await site.close();
    await evil.close();
  });

  it('an honest token from it signs in (the provider is sound, so the refusals below are the tokens)', async () => {
    evil.mode = 'honest';
    const result = await signInWithFetch(site.baseUrl, 'mallory', { returnTo: '/internal/guide' });
    expect(result.final.status).toBe(302);
    expect(result.final.headers.get('location')).toBe('/internal/guide');
    expect(result.sessionCookie).toBeDefined();
  });

  const refused: EvilMode[] = ['wrong-nonce', 'other-issuer', 'other-audience', 'expired', 'bad-signature', 'no-nonce', 'alg-none'];
  for (const mode of refused) {
    it(`${mode}: 400 sign_in_failed, reason=invalid_id_token, no session`, async () => {
      evil.mode = mode;
      const before = site.audit.length;
      const result = await signInWithFetch(site.baseUrl, 'mallory', { returnTo: '/internal/guide' });
      await expectSignInFailed(result.final);
      expect(result.sessionCookie).toBeUndefined();
      expect(site.audit.slice(before)).toEqual([
        { type: 'sign_in_refused', clientId: null, address: '127.0.0.1', detail: 'reason=invalid_id_token' },
      ]);
    });
  }
});
