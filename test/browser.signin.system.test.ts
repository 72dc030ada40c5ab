/**
 * People sign in through the company's identity provider, in a real browser (issue 29, done-when
 * 1): Debian's chromium driven by playwright-core against a listening sitegate whose `auth.oidc` is
 * the in-process oidc-provider of test/oidc-provider.ts, the provider on `127.0.0.1` and sitegate
 * on `docs.test` (Chromium resolves it to loopback), so they are different sites and the return
 * from the provider is a cross-site navigation, as with a hosted provider.
 *
 * alice (group `staff`) opens an internal page, gets the 401 page, presses "Sign in", signs in at
 * the provider's login form, consents, lands back on the page she asked for, reads it as HTML and
 * as `.md`, finds it through the header's search box, the `/search` page and the nav tree, signs
 * out (at sitegate, then at the provider) and is asked to sign in again. bob (`sales`: signed in
 * without internal:read) gets the 403 page naming him; carol (no grant) gets the no-access page and
 * no session. axe-core finds no serious or critical violation on the 401, 403, no-access and
 * signed-in pages. A screenshot of every step goes to test-artifacts/ui/signin-*.png.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, removeDir, writeContent, type TestApp } from './helpers.js';
import { freePort } from './free-port.js';
import { axeViolations, launchBrowserResolving, UI_ARTIFACTS_DIR, VIEWPORTS } from './browser-support.js';
import { startOidcProvider, TEST_ACCOUNTS, type RunningOidcProvider } from './oidc-provider.js';
import { HANDBOOK_PATH, HANDBOOK_WORD, signInSettings, SIGNIN_SITE } from './signin-support.js';

/** sitegate's host name in the browser. */
const SITE_HOST = 'docs.test';
/** The 401 page's "Sign in" link for the handbook. */
const SIGN_IN_HREF = `/_sitegate/login?return_to=${encodeURIComponent(HANDBOOK_PATH)}`;
/** A whole sign-in in chromium (a dozen page loads, two servers) on a busy two-core machine. */
const FLOW_TIMEOUT_MS = 180_000;

let contentDir: string;
let op: RunningOidcProvider;
let t: TestApp;
let base: string;
let browser: Browser;

beforeAll(async () => {
  contentDir = writeContent(SIGNIN_SITE);
  const port = await freePort();
  base = `http://${SITE_HOST}:${port}`;
  op = await startOidcProvider({ sitegateBaseUrl: base });
  t = await buildTestApp(contentDir, { baseUrl: base, settings: signInSettings(op.issuer) });
  await t.app.listen({ port, host: '127.0.0.1' });
  browser = await launchBrowserResolving([SITE_HOST]);
  mkdirSync(UI_ARTIFACTS_DIR, { recursive: true });
});

afterAll(async () => {
  await browser.close();
  await t.app.close();
  await op.close();
  removeDir(contentDir);
});

/** A fresh browser (its own cookies) at desktop width; `problems` collects sitegate's script errors and CSP refusals. */
async function openContext(): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    const at = message.location().url;
    // The 401 and 403 documents themselves are logged as failed loads; the provider's pages are not ours.
    if (message.type() !== 'error' || !at.startsWith(base) || message.text().startsWith('Failed to load resource')) return;
    problems.push(`${message.text()} @ ${at}`);
  });
  return { context, page, problems };
}

/** Saves a screenshot of the page as test-artifacts/ui/signin-NAME.png. */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(UI_ARTIFACTS_DIR, `signin-${name}.png`), fullPage: true });
}

/** The axe-core violations of impact serious or critical, as `rule: selectors`. */
async function seriousViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.join(', ')}`);
}

/** Text of the page's first `h1`, whitespace collapsed. */
async function heading(page: Page): Promise<string> {
  return ((await page.locator('main h1').first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** Text of the page's `<main>`, whitespace collapsed. */
async function mainText(page: Page): Promise<string> {
  return ((await page.locator('main').textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** The `href` of every link of the nav tree. */
function navLinks(page: Page): Promise<(string | null)[]> {
  return page.locator('#site-nav a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
}

/** The cookies the browser holds for sitegate, by name. */
async function siteCookies(context: BrowserContext): Promise<Record<string, string>> {
  return Object.fromEntries((await context.cookies(base)).map((cookie) => [cookie.name, cookie.value]));
}

/**
 * From the 401 page of the handbook: "Sign in", then the provider's login form as `account` (any
 * password), then its consent form; resolves once the browser is back at sitegate.
 * @param step prefix of the screenshots' names
 */
async function signInFrom401(page: Page, account: string, step: string): Promise<void> {
  const signIn = page.getByRole('link', { name: 'Sign in', exact: true });
  expect(await signIn.getAttribute('href')).toBe(SIGN_IN_HREF);
  await Promise.all([page.waitForURL(`${op.issuer}/interaction/**`), signIn.click()]);
  await page.locator('input[name="login"]').waitFor({ state: 'visible' });
  await shot(page, `${step}-provider-login`);
  await page.locator('input[name="login"]').fill(account);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // The provider asks for consent to the client's scopes once per account (a "Continue" button).
  const consent = page.getByRole('button', { name: 'Continue' });
  await consent.waitFor({ state: 'visible' });
  await shot(page, `${step}-provider-consent`);
  await Promise.all([page.waitForURL(`${base}/**`), consent.click()]);
  await page.waitForLoadState('load');
}

describe('people sign in through the identity provider in chromium', () => {
  it(
    'alice (staff) signs in from the 401 page, reads the page as HTML and .md, finds it by search and nav, signs out, and must sign in again',
    { timeout: FLOW_TIMEOUT_MS },
    async () => {
      const { context, page, problems } = await openContext();
      try {
        // 1. Anonymous: the internal page is the 401 page with a "Sign in" link; the nav has no internal page.
        const refused = await page.goto(base + HANDBOOK_PATH);
        expect(refused?.status()).toBe(401);
        expect(refused?.headers()['cache-control']).toBe('no-store');
        await shot(page, '01-anonymous-401');
        expect(await heading(page)).toBe('Sign in to read this page');
        expect(await mainText(page)).toContain('This page is internal. Sign in with your company account to read it.');
        expect((await navLinks(page)).filter((href) => href?.startsWith('/internal'))).toStrictEqual([]);
        expect(await seriousViolations(page)).toStrictEqual([]);

        // 2. "Sign in" → the provider's login form → consent → back on the page asked for.
        const landed = page.waitForResponse((response) => response.url() === base + HANDBOOK_PATH);
        await signInFrom401(page, 'alice', '02');
        expect(page.url()).toBe(base + HANDBOOK_PATH);
        const page200 = await landed;
        expect([page200.status(), page200.headers()['cache-control'], page200.headers().vary]).toStrictEqual([
          200,
          'private, no-store',
          'Accept, Cookie',
        ]);
        await shot(page, '03-signed-in-page');
        expect(await heading(page)).toBe('Staff handbook');
        expect(await mainText(page)).toContain(`How the support rota works in a ${HANDBOOK_WORD} week`);
        expect(((await page.locator('.site-header .account-name').textContent()) ?? '').trim()).toBe(
          `Signed in as ${TEST_ACCOUNTS.alice?.name ?? ''}`,
        );
        expect(await page.locator('.site-header').getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
        const cookies = await context.cookies(base);
        expect(
          cookies.map(({ name, path: cookiePath, httpOnly, secure, sameSite }) => ({ name, path: cookiePath, httpOnly, secure, sameSite })),
        ).toStrictEqual([{ name: 'sitegate_session', path: '/', httpOnly: true, secure: false, sameSite: 'Lax' }]);
        expect(cookies[0]?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(await seriousViolations(page)).toStrictEqual([]);

        // 3. The same page as markdown, fetched by the page (the session cookie goes along).
        const markdown = await page.evaluate<{
          status: number;
          type: string | null;
          cache: string | null;
          vary: string | null;
          body: string;
        }>(
          `fetch(${JSON.stringify(`${HANDBOOK_PATH}.md`)}).then(async (r) => ({ status: r.status, type: r.headers.get('content-type'), cache: r.headers.get('cache-control'), vary: r.headers.get('vary'), body: await r.text() }))`,
        );
        expect(markdown).toStrictEqual({
          status: 200,
          type: 'text/markdown; charset=utf-8',
          cache: 'private, no-store',
          vary: 'Cookie',
          body: `# Staff handbook\n\n> For agents: the index of this site is ${base}/llms.txt\n\nHow the support rota works in a ${HANDBOOK_WORD} week: one engineer answers the pager.\n`,
        });

        // 4. The header's search box, Enter: the /search page lists the handbook, and only it.
        await page.locator('#search-input').fill(HANDBOOK_WORD);
        await Promise.all([page.waitForURL(`${base}/search?q=${HANDBOOK_WORD}`), page.locator('#search-input').press('Enter')]);
        await shot(page, '04-search-page');
        expect(await page.locator('.search-status').textContent()).toBe(`1 page matches ${HANDBOOK_WORD}.`);
        expect(await page.locator('.search-hits a').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toStrictEqual([
          HANDBOOK_PATH,
        ]);

        // 5. The nav tree lists the internal pages for her (by title); its link opens the handbook.
        expect((await navLinks(page)).filter((href) => href?.startsWith('/internal/'))).toStrictEqual([
          '/internal/on-call',
          '/internal/handbook',
        ]);
        const navLink = page.locator(`#site-nav a[href="${HANDBOOK_PATH}"]`);
        // The link sits in the closed "Internal" section (its folder's title) on a page outside it: open it, as a person would.
        expect(await navLink.isVisible()).toBe(false);
        await page.locator('#site-nav summary', { hasText: 'Internal' }).click();
        expect(await navLink.isVisible()).toBe(true);
        await Promise.all([page.waitForURL(base + HANDBOOK_PATH), navLink.click()]);
        expect(await heading(page)).toBe('Staff handbook');
        expect(await page.locator(`#site-nav a[aria-current="page"]`).getAttribute('href')).toBe(HANDBOOK_PATH);
        await shot(page, '05-nav-tree');

        // 6. "Sign out": the session ends at sitegate, then the provider asks to end its own; back on the site's home page.
        // The form posts to sitegate, whose answer sends the browser on to the provider: the page's
        // CSP (`form-action`) must let that navigation through, or the browser stops it and logs why.
        const [reachedProvider] = await Promise.all([
          page.waitForURL(`${op.issuer}/session/end**`).then(
            () => 'at the provider',
            (error: unknown) => `stopped: ${String(error).split('\n')[0] ?? ''}`,
          ),
          page.locator('.site-header').getByRole('button', { name: 'Sign out' }).click(),
        ]);
        await shot(page, '06-provider-sign-out');
        expect(problems).toStrictEqual([]);
        expect(reachedProvider).toBe('at the provider');
        expect(await siteCookies(context)).toStrictEqual({});
        await Promise.all([page.waitForURL(`${base}/`), page.getByRole('button', { name: 'Yes, sign me out' }).click()]);
        await shot(page, '07-signed-out-home');
        expect(await heading(page)).toBe('Acme docs');
        expect(await page.locator('.site-header .account').count()).toBe(0);

        // 7. The handbook asks for sign-in again.
        const again = await page.goto(base + HANDBOOK_PATH);
        expect(again?.status()).toBe(401);
        await shot(page, '08-asked-again');
        expect(await page.getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href')).toBe(SIGN_IN_HREF);
        expect(problems).toStrictEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it('bob (sales: signed in without internal:read) gets the 403 page naming him', { timeout: FLOW_TIMEOUT_MS }, async () => {
    const { context, page, problems } = await openContext();
    try {
      expect((await page.goto(base + HANDBOOK_PATH))?.status()).toBe(401);
      const answered = page.waitForResponse((response) => response.url() === base + HANDBOOK_PATH);
      await signInFrom401(page, 'bob', '10');
      const refusal = await answered;
      expect([refusal.status(), refusal.headers()['cache-control'], refusal.headers().vary]).toStrictEqual([
        403,
        'private, no-store',
        'Accept, Cookie',
      ]);
      expect(page.url()).toBe(base + HANDBOOK_PATH);
      await shot(page, '11-bob-403');
      expect(await heading(page)).toBe('Your account cannot read this page');
      expect(((await page.locator('main .signed-in-as').textContent()) ?? '').trim()).toBe(
        `Signed in as ${TEST_ACCOUNTS.bob?.name ?? ''}, whose account cannot read internal pages.`,
      );
      expect(((await page.locator('.site-header .account-name').textContent()) ?? '').trim()).toBe(
        `Signed in as ${TEST_ACCOUNTS.bob?.name ?? ''}`,
      );
      expect(Object.keys(await siteCookies(context))).toStrictEqual(['sitegate_session']);
      // Signed in, he reads public pages, and no internal page is in his nav tree.
      expect((await page.goto(`${base}/guides/install`))?.status()).toBe(200);
      expect((await navLinks(page)).filter((href) => href?.startsWith('/internal'))).toStrictEqual([]);
      await page.goto(base + HANDBOOK_PATH);
      expect(await seriousViolations(page)).toStrictEqual([]);
      expect(problems).toStrictEqual([]);
    } finally {
      await context.close();
    }
  });

  it('carol (no grant) gets the no-access page and no session', { timeout: FLOW_TIMEOUT_MS }, async () => {
    const { context, page, problems } = await openContext();
    try {
      expect((await page.goto(base + HANDBOOK_PATH))?.status()).toBe(401);
      const answered = page.waitForResponse((response) => response.url().startsWith(`${base}/_sitegate/callback?`));
      await signInFrom401(page, 'carol', '20');
      const refusal = await answered;
      expect([refusal.status(), refusal.headers()['cache-control']]).toStrictEqual([403, 'no-store']);
      await shot(page, '21-carol-no-access');
      expect(await heading(page)).toBe('Your account has no access to this site');
      expect(await mainText(page)).toContain(
        `You signed in as ${TEST_ACCOUNTS.carol?.name ?? ''} (${TEST_ACCOUNTS.carol?.email ?? ''}), but your account has no access to this site.`,
      );
      expect(await siteCookies(context)).toStrictEqual({});
      expect(await page.locator('.site-header .account').count()).toBe(0);
      expect(await seriousViolations(page)).toStrictEqual([]);
      // Without a session, the handbook is still the 401 page.
      expect((await page.goto(base + HANDBOOK_PATH))?.status()).toBe(401);
      expect(problems).toStrictEqual([]);
    } finally {
      await context.close();
    }
  });
});
