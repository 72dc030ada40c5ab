/**
 * A session's lifetimes end to end (issue 29, done-when 2 "expired session"): a person signed in
 * through the real provider reads the internal guide until the session has been idle for
 * `auth.sessionIdleTtl`, or until `auth.sessionTtl` after sign-in however busy, and a cookie of
 * an ended session is no credential: the internal page answers the 401 sign-in page and public
 * pages answer as to anyone. The site's clock is moved; the provider's is not.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInWithFetch, startOidcProvider, type RunningOidcProvider } from './oidc-provider.js';
import { startSignInSite, type SignInSite } from './signin-site.js';
import { freePort } from './free-port.js';

const IDLE_SEC = 600;
const TTL_SEC = 3600;
const SIGN_IN_PAGE = '<p><a class="sign-in" href="/_sitegate/login?return_to=%2Finternal%2Fguide">Sign in</a></p>';

describe('session lifetimes', () => {
  let provider: RunningOidcProvider;
  let site: SignInSite | undefined;
  /** One port per test: a new site on the last one's port would meet the old keep-alive sockets. */
  let ports: number[];
  /** How far the site's clock is ahead of the real one (ms). */
  let aheadMs = 0;

  beforeAll(async () => {
    ports = [await freePort(), await freePort()];
    provider = await startOidcProvider({ redirectUris: ports.map((port) => `http://127.0.0.1:${port}/_sitegate/callback`) });
  });
  afterAll(async () => {
    await provider.close();
  });
  afterEach(async () => {
    await site?.close();
    site = undefined;
    aheadMs = 0;
  });

  const start = async (test: 0 | 1): Promise<SignInSite> => {
    site = await startSignInSite({
      port: ports[test],
      issuer: provider.issuer,
      sessionTtlSec: TTL_SEC,
      sessionIdleTtlSec: IDLE_SEC,
      now: () => new Date(Date.now() + aheadMs),
    });
    return site;
  };
  const page = (baseUrl: string, path: string, cookie: string): Promise<Response> =>
    fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html', cookie: `sitegate_session=${cookie}` } });

  it(`idle for auth.sessionIdleTtl (${IDLE_SEC} s): the internal page answers the 401 sign-in page, the public one as to anyone`, async () => {
    const { baseUrl } = await start(0);
    const cookie = (await signInWithFetch(baseUrl, 'alice')).sessionCookie as string;
    aheadMs = (IDLE_SEC - 5) * 1000;
    const before = await page(baseUrl, '/internal/guide', cookie);
    expect(before.status).toBe(200);
    expect(await before.text()).toContain('Signed in as Alice Example');

    aheadMs += (IDLE_SEC + 1) * 1000;
    const after = await page(baseUrl, '/internal/guide', cookie);
    expect(after.status).toBe(401);
    expect(after.headers.get('cache-control')).toBe('no-store');
    const body = await after.text();
    expect(body).toContain(SIGN_IN_PAGE);
    expect(body).not.toContain('Alice');
    const publicPage = await page(baseUrl, '/guide', cookie);
    expect(publicPage.status).toBe(200);
    expect(publicPage.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await publicPage.text()).not.toContain('Signed in as');
  });

  it(`busy past auth.sessionTtl (${TTL_SEC} s) after sign-in: the same 401, however recent the last request`, async () => {
    const { baseUrl } = await start(1);
    const cookie = (await signInWithFetch(baseUrl, 'alice')).sessionCookie as string;
    // A request every 5 minutes keeps it from going idle, and (once a minute at most) touches it.
    for (aheadMs = 0; aheadMs < (TTL_SEC - 60) * 1000; aheadMs += 300_000) {
      const answer = await page(baseUrl, '/internal/guide', cookie);
      expect(answer.status, `at +${aheadMs / 1000} s`).toBe(200);
      await answer.arrayBuffer();
      // The touch is written in the background; let it land before the clock moves on.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    aheadMs = (TTL_SEC + 1) * 1000;
    const after = await page(baseUrl, '/internal/guide', cookie);
    expect(after.status).toBe(401);
    expect(await after.text()).toContain(SIGN_IN_PAGE);
  });
});
