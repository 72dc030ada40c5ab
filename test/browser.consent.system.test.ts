/**
 * The consent page in a real browser (issue 30): Debian's chromium (playwright-core) opens an
 * agent's authorization request at a listening sitegate, is sent to sign in at the in-process
 * oidc-provider (its login and consent forms), comes back to the consent page, which axe-core finds
 * clean and a screenshot keeps (test-artifacts/ui/consent-*.png), presses Allow and lands on the
 * agent's loopback redirect URI with `code`, `state` and `iss`.
 *
 * Chromium applies the CSP `form-action` directive to the redirect that follows a form's POST, so
 * the page's policy must name the redirect URI's origin: the second test serves the same page with
 * that origin taken out of its policy and sees Chromium refuse the redirect (the agent never hears
 * of it), which is what the first test's policy prevents.
 */
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AGENT_AUTH } from '../src/oauth/settings.js';
import { axeViolations, launchBrowser, UI_ARTIFACTS_DIR, VIEWPORTS } from './browser-support.js';
import { freePort } from './free-port.js';
import { startOidcProvider, type RunningOidcProvider } from './oidc-provider.js';
import { startSignInSite, type SignInSite } from './signin-site.js';
import { AGENT_ID, AGENT_NAME, authorizeUrl, sha256Hex } from './oauth-authorize-support.js';

/** A whole sign-in and consent in chromium (a dozen page loads, three servers) on a busy two-core machine. */
const FLOW_TIMEOUT_MS = 180_000;

let provider: RunningOidcProvider;
let site: SignInSite;
let browser: Browser;
/** The agent's loopback redirect server (RFC 8252 §7.3) and the callback URLs it received. */
let agent: http.Server;
let agentOrigin: string;
const callbacks: URL[] = [];
const callbackWaiters: ((url: URL) => void)[] = [];

beforeAll(async () => {
  agent = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', agentOrigin);
    if (url.pathname === '/callback') {
      callbacks.push(url);
      for (const waiter of callbackWaiters.splice(0)) waiter(url);
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!DOCTYPE html><title>Agent</title><p>Authorized.</p>');
  });
  await new Promise<void>((resolve) => agent.listen(0, '127.0.0.1', resolve));
  agentOrigin = `http://127.0.0.1:${(agent.address() as AddressInfo).port}`;
  const port = await freePort();
  provider = await startOidcProvider({ sitegateBaseUrl: `http://127.0.0.1:${port}` });
  site = await startSignInSite({
    port,
    issuer: provider.issuer,
    agents: { ...DEFAULT_AGENT_AUTH, clients: [{ clientId: AGENT_ID, name: AGENT_NAME, redirectUris: [`${agentOrigin}/callback`] }] },
  });
  browser = await launchBrowser();
  mkdirSync(UI_ARTIFACTS_DIR, { recursive: true });
});

afterAll(async () => {
  await browser.close();
  await site.close();
  await provider.close();
  agent.closeAllConnections();
  await new Promise((resolve) => agent.close(resolve));
});

/** The next request the agent's redirect server receives. */
function nextCallback(): Promise<URL> {
  return new Promise((resolve) => callbackWaiters.push(resolve));
}

/** The authorization request of the agent, with its redirect URI and `state`. */
function request(state: string): string {
  return authorizeUrl(site.baseUrl, { redirect_uri: `${agentOrigin}/callback`, state });
}

/** From the provider's login form: signs in as `account` and consents; resolves on sitegate's consent page. */
async function signInAtProvider(page: Page, account: string): Promise<void> {
  await page.locator('input[name="login"]').waitFor({ state: 'visible' });
  await page.locator('input[name="login"]').fill(account);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  const consent = page.getByRole('button', { name: 'Continue' });
  await consent.waitFor({ state: 'visible' });
  await Promise.all([page.waitForURL(`${site.baseUrl}/api/v1/oauth/authorize?**`), consent.click()]);
  await page.waitForLoadState('load');
}

describe('an agent is authorized in chromium', () => {
  it(
    'sign in at the provider, the consent page (axe clean, screenshot), Allow: the loopback redirect URI gets code, state and iss',
    { timeout: FLOW_TIMEOUT_MS },
    async () => {
      const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
      const page = await context.newPage();
      const cspRefusals: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) cspRefusals.push(message.text());
      });
      try {
        await page.goto(request('state-allow'));
        expect(page.url().startsWith(`${provider.issuer}/interaction/`)).toBe(true);
        await signInAtProvider(page, 'alice');
        expect(page.url()).toBe(request('state-allow'));
        expect(await page.locator('main h1').textContent()).toBe(`Allow ${AGENT_NAME} to read this site as you?`);
        expect(await page.locator('.consent-scopes li').allTextContents()).toStrictEqual([
          'search the docs',
          'read pages',
          'read internal pages',
        ]);
        expect(((await page.locator('.consent-person').textContent()) ?? '').startsWith('Signed in as Alice Example.')).toBe(true);
        await page.screenshot({ path: path.join(UI_ARTIFACTS_DIR, 'consent-desktop.png'), fullPage: true });
        expect(await axeViolations(page)).toStrictEqual([]);
        await page.setViewportSize(VIEWPORTS.phone);
        // A fresh consent page at phone width (the header lays itself out on load).
        await page.reload();
        await page.screenshot({ path: path.join(UI_ARTIFACTS_DIR, 'consent-phone.png'), fullPage: true });
        expect(await axeViolations(page)).toStrictEqual([]);

        const arrived = nextCallback();
        await page.getByRole('button', { name: 'Allow' }).click();
        const callback = await arrived;
        await page.waitForURL(`${agentOrigin}/callback?**`);
        expect(callback.pathname).toBe('/callback');
        expect([...callback.searchParams.keys()]).toStrictEqual(['code', 'state', 'iss']);
        expect(callback.searchParams.get('state')).toBe('state-allow');
        expect(callback.searchParams.get('iss')).toBe(site.baseUrl);
        const consumed = await site.context.store.consumeAuthorizationCode(sha256Hex(callback.searchParams.get('code') ?? ''), new Date());
        expect([consumed?.replay, consumed?.record.clientId, consumed?.record.subject]).toStrictEqual([false, AGENT_ID, 'alice']);
        expect(cspRefusals).toStrictEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it(
    "without the redirect URI's origin in form-action, Chromium refuses the redirect after Allow: the policy is what lets it through",
    { timeout: FLOW_TIMEOUT_MS },
    async () => {
      const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
      const page = await context.newPage();
      try {
        const url = request('state-blocked');
        await page.goto(url);
        await signInAtProvider(page, 'alice');
        // The consent page again, as served but with a policy that leaves the agent's origin out.
        await page.route(
          (target) => target.href === url,
          async (route) => {
            const served = await route.fetch({ maxRedirects: 0 });
            const headers = served.headers();
            const policy = headers['content-security-policy'] ?? '';
            await route.fulfill({
              response: served,
              headers: { ...headers, 'content-security-policy': policy.replace(` ${agentOrigin};`, ';') },
            });
          },
        );
        const reloaded = await page.reload();
        expect(reloaded?.headers()['content-security-policy']).toContain(`form-action 'self' ${provider.issuer}; base-uri`);
        expect(await page.locator('main h1').textContent()).toBe(`Allow ${AGENT_NAME} to read this site as you?`);
        const refused = page.waitForEvent('console', (message) => message.text().includes('form-action'));
        const before = callbacks.length;
        await page.getByRole('button', { name: 'Allow' }).click();
        expect((await refused).text()).toContain('violates the following Content Security Policy directive');
        expect(callbacks.length).toBe(before);
      } finally {
        await context.close();
      }
    },
  );
});
