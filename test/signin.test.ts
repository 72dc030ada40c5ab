/**
 * People sign in through the identity provider (issue 29), over HTTP against a real OpenID
 * Provider (oidc-provider, test/oidc-provider.ts) and sitegate's real listener: the login
 * redirect, the callback that starts a session, return_to, the no-access page, sign-out with its
 * CSRF rule, and the answers when sign-in is off or the provider is down.
 *
 * These tests use the real session service (auth/sessions.ts, branch i29-session): until it is
 * merged, the context's stub refuses to create sessions and the sign-ins that should succeed fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.js';
import { CookieJar, fetchWithJar, signInWithFetch, startOidcProvider, TEST_CLIENT_ID, type RunningOidcProvider } from './oidc-provider.js';
import { startSignInSite, type SignInSite } from './signin-site.js';

const HTML = { accept: 'text/html' };
/** The exact `Set-Cookie` that clears the pending-login cookie on an http site. */
const CLEAR_LOGIN = 'sitegate_login=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax';
/** The exact `Set-Cookie` that clears the session cookie on an http site. */
const CLEAR_SESSION = 'sitegate_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax';

describe('sign-in through the identity provider', () => {
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

  it('GET /_sitegate/login: 302 to the authorization endpoint with PKCE S256, state and nonce, and the login cookie', async () => {
    const response = await fetch(`${site.baseUrl}/_sitegate/login?return_to=%2Finternal%2Fguide`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const location = new URL(response.headers.get('location') as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${op.issuer}/auth`);
    const params = Object.fromEntries(location.searchParams);
    expect(Object.keys(params).sort()).toEqual(
      ['client_id', 'code_challenge', 'code_challenge_method', 'nonce', 'redirect_uri', 'response_type', 'scope', 'state'].sort(),
    );
    expect(params).toMatchObject({
      client_id: TEST_CLIENT_ID,
      response_type: 'code',
      redirect_uri: `${site.baseUrl}/_sitegate/callback`,
      scope: 'openid profile email groups',
      code_challenge_method: 'S256',
    });
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(params.state).toMatch(/^[\w-]{43}$/);
    expect(params.nonce).toMatch(/^[\w-]{43}$/);
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^sitegate_login=[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+; Max-Age=600; Path=\/; HttpOnly; SameSite=Lax$/);
    // Each login is fresh.
    const again = new URL((await fetch(`${site.baseUrl}/_sitegate/login`, { redirect: 'manual' })).headers.get('location') as string);
    expect(again.searchParams.get('state')).not.toBe(params.state);
    expect(again.searchParams.get('nonce')).not.toBe(params.nonce);
  });

  it('alice (staff) signs in: 302 back to return_to with the session cookie, and reads the internal page with it', async () => {
    const result = await signInWithFetch(site.baseUrl, 'alice', { returnTo: '/internal/guide' });
    expect(result.final.status).toBe(302);
    expect(result.final.headers.get('location')).toBe('/internal/guide');
    expect(result.final.headers.get('cache-control')).toBe('no-store');
    const cookies = result.final.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toMatch(/^sitegate_session=[^;]+; Max-Age=28800; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(cookies[1]).toBe(CLEAR_LOGIN);
    expect(result.sessionCookie).toBeDefined();

    const page = await fetchWithJar(result.jar, `${site.baseUrl}/internal/guide`, { headers: HTML });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Staff guide');
    // Its sign-out form may lead on to the provider (RP-initiated logout): CSP form-action names it.
    expect(page.headers.get('content-security-policy')).toContain(`; form-action 'self' ${new URL(op.issuer).origin}; `);
    const anonymous = await fetch(`${site.baseUrl}/internal/guide`, { headers: HTML });
    expect(anonymous.status).toBe(401);
    for (const event of site.audit) expect(JSON.stringify(event)).not.toContain(result.sessionCookie);
  });

  it('anonymous /search varies on Cookie once people can sign in: a shared cache keeps it apart from a reader', async () => {
    const anonymous = await fetch(`${site.baseUrl}/search?q=guide`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('cache-control')).toBe('public, max-age=60');
    expect(anonymous.headers.get('vary')).toBe('Cookie');
  });

  it('return_to=https://evil.example/ lands on the site root', async () => {
    const result = await signInWithFetch(site.baseUrl, 'alice', { returnTo: 'https://evil.example/' });
    expect(result.final.status).toBe(302);
    expect(result.final.headers.get('location')).toBe('/');
  });

  it('return_to=//evil.example/x lands on the site root; no return_to lands there too', async () => {
    expect((await signInWithFetch(site.baseUrl, 'alice', { returnTo: '//evil.example/x' })).final.headers.get('location')).toBe('/');
    expect((await signInWithFetch(site.baseUrl, 'alice')).final.headers.get('location')).toBe('/');
  });

  it('bob (sales) signs in without internal:read: the public guide 200, the internal page 403', async () => {
    const result = await signInWithFetch(site.baseUrl, 'bob', { returnTo: '/guide' });
    expect(result.final.status).toBe(302);
    expect(result.final.headers.get('location')).toBe('/guide');
    expect((await fetchWithJar(result.jar, `${site.baseUrl}/guide`, { headers: HTML })).status).toBe(200);
    expect((await fetchWithJar(result.jar, `${site.baseUrl}/internal/guide`, { headers: HTML })).status).toBe(403);
  });

  it('carol (no grant) gets the no-access page naming her, no session, and sign_in_refused in the audit log', async () => {
    const before = site.audit.length;
    const result = await signInWithFetch(site.baseUrl, 'carol', { returnTo: '/internal/guide' });
    expect(result.final.status).toBe(403);
    expect(result.final.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(result.final.headers.get('cache-control')).toBe('no-store');
    expect(result.final.headers.getSetCookie()).toEqual([CLEAR_LOGIN]);
    const body = await result.final.text();
    expect(body).toContain('<h1>Your account has no access to this site</h1>');
    expect(body).toContain(
      '<p class="signed-in-as">You signed in as Carol Nowhere (carol@nowhere.example), but your account has no access to this site.</p>',
    );
    expect(body).toContain('HTTP 403 <code>no_access</code>');
    expect(result.sessionCookie).toBeUndefined();
    expect(site.audit.slice(before)).toEqual([
      { type: 'sign_in_refused', clientId: null, address: '127.0.0.1', detail: 'sub=carol reason=no_grant' },
    ]);
  });

  it('the no-access answer is the error object for a JSON client', async () => {
    const walk = await signInWithFetch(site.baseUrl, 'carol', { stopAtCallback: true });
    const response = await fetchWithJar(walk.jar, walk.callbackUrl as string, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: true,
      code: 'no_access',
      message: 'You signed in as Carol Nowhere (carol@nowhere.example), but your account has no access to this site.',
      resolution:
        "You signed in, but your identity provider's groups and e-mail address match none of the site's grants (auth.grants). Ask the site operator for access, or sign in with another account.",
      status: 403,
      docs: `${site.baseUrl}/developers#error-no_access`,
    });
  });

  describe('POST /_sitegate/logout', () => {
    it('without a same-origin Origin: 403 cross_site_request, the session lives on', async () => {
      const result = await signInWithFetch(site.baseUrl, 'alice');
      const refused: Record<string, string>[] = [
        {},
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { origin: `${site.baseUrl}.evil.example` },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
      ];
      for (const headers of refused) {
        const response = await fetchWithJar(result.jar, `${site.baseUrl}/_sitegate/logout`, {
          method: 'POST',
          headers: { ...HTML, ...headers },
        });
        expect(response.status, JSON.stringify(headers)).toBe(403);
        expect(response.headers.getSetCookie()).toEqual([]);
        const body = await response.text();
        expect(body).toContain('<h1>This request came from another site</h1>');
        expect(body).toContain('HTTP 403 <code>cross_site_request</code>');
      }
      // An Origin of another site wins over a same-origin Sec-Fetch-Site.
      const mixed = await fetchWithJar(result.jar, `${site.baseUrl}/_sitegate/logout`, {
        method: 'POST',
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
      });
      expect(mixed.status).toBe(403);
      expect((await fetchWithJar(result.jar, `${site.baseUrl}/internal/guide`, { headers: HTML })).status).toBe(200);
    });

    it('with the site origin: ends the session, clears the cookie, 303 to the end_session_endpoint', async () => {
      const result = await signInWithFetch(site.baseUrl, 'alice');
      const oldCookie = result.sessionCookie as string;
      const response = await fetchWithJar(result.jar, `${site.baseUrl}/_sitegate/logout`, {
        method: 'POST',
        headers: { origin: site.baseUrl },
      });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(
        `${op.issuer}/session/end?client_id=docs&post_logout_redirect_uri=${encodeURIComponent(`${site.baseUrl}/`)}`,
      );
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.getSetCookie()).toEqual([CLEAR_SESSION]);
      // The session is dead, not only forgotten by this browser.
      const replayed = await fetch(`${site.baseUrl}/internal/guide`, { headers: { ...HTML, cookie: `sitegate_session=${oldCookie}` } });
      expect(replayed.status).toBe(401);
    });

    it('with Sec-Fetch-Site: same-origin and no Origin: 303, also without a session or with a dead cookie', async () => {
      const jar = new CookieJar();
      jar.set('127.0.0.1', 'sitegate_session', 'not-a-session');
      const response = await fetchWithJar(jar, `${site.baseUrl}/_sitegate/logout`, {
        method: 'POST',
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(response.status).toBe(303);
      expect(response.headers.getSetCookie()).toEqual([CLEAR_SESSION]);
      const bare = await fetch(`${site.baseUrl}/_sitegate/logout`, {
        method: 'POST',
        headers: { origin: site.baseUrl },
        redirect: 'manual',
      });
      expect(bare.status).toBe(303);
    });

    it('GET is not allowed: 405 with Allow', async () => {
      const response = await fetch(`${site.baseUrl}/_sitegate/logout`, { redirect: 'manual' });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    });
  });
});

describe('sign-in off or the provider down', () => {
  it('sign-in off: the three routes answer 404', async () => {
    const site = await startSignInSite({ issuer: null });
    try {
      expect((await fetch(`${site.baseUrl}/_sitegate/login`, { redirect: 'manual' })).status).toBe(404);
      expect((await fetch(`${site.baseUrl}/_sitegate/callback?code=x&state=y`, { redirect: 'manual' })).status).toBe(404);
      const logout = await fetch(`${site.baseUrl}/_sitegate/logout`, {
        method: 'POST',
        headers: { origin: site.baseUrl },
        redirect: 'manual',
      });
      expect(logout.status).toBe(404);
    } finally {
      await site.close();
    }
  });

  it('provider unreachable: login answers 502 sign_in_unavailable with a page to try again', async () => {
    const closedPort = await freePort();
    const site = await startSignInSite({ issuer: `http://127.0.0.1:${closedPort}` });
    try {
      const response = await fetch(`${site.baseUrl}/_sitegate/login?return_to=/internal/guide`, { headers: HTML, redirect: 'manual' });
      expect(response.status).toBe(502);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.getSetCookie()).toEqual([]);
      const body = await response.text();
      expect(body).toContain('<h1>Signing in is not possible right now</h1>');
      expect(body).toContain('<p>The identity provider could not be reached. Try again in a minute.</p>');
      expect(body).toContain('<a class="button" href="/_sitegate/login">Try again</a>');
      expect(body).toContain('HTTP 502 <code>sign_in_unavailable</code>');
      // Within 30 s the failure is not retried: the answer is the same, at once.
      const again = await fetch(`${site.baseUrl}/_sitegate/login`, { headers: { accept: 'application/json' }, redirect: 'manual' });
      expect(again.status).toBe(502);
      expect(((await again.json()) as { code: string }).code).toBe('sign_in_unavailable');
    } finally {
      await site.close();
    }
  });
});
