/**
 * The person's side of an agent's authorization (issue 30, done-when 1): chromium (playwright-core,
 * test/browser-support.ts) opens the authorization URL the MCP SDK hands to
 * `redirectToAuthorization`, signs in at the OpenID Provider's login page (oidc-provider's
 * development interactions, as test/browser.signin.system.test.ts does), continues past its consent, reads
 * sitegate's consent page and presses Allow (or Deny), and ends on the agent's loopback redirect URI.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { UI_ARTIFACTS_DIR, VIEWPORTS } from './browser-support.js';
import type { CallbackServer } from './oauth-agent-support.js';

/** Bound of each page step (a page load of sitegate or the provider on a busy two-core machine). */
const STEP_TIMEOUT_MS = 30_000;
/** Most pages of one walk (login, provider consent, sitegate consent, twice over for a second sign-in). */
const MAX_STEPS = 8;

/** What {@link authorizeInBrowser} saw. */
export interface BrowserAuthorization {
  /** The query of the authorization response at the redirect URI (`code`, `state`, `iss` or `error`). */
  response: URLSearchParams;
  /** The text of sitegate's consent page's `<main>` (whitespace collapsed), or undefined when consent was remembered. */
  consentText: string | undefined;
  /** The pages met, in order: `login`, `provider-consent`, `consent`. */
  pages: string[];
}

/** Options of {@link authorizeInBrowser}. */
export interface BrowserAuthorizationOptions {
  /** The OpenID Provider account that signs in (test/oidc-provider.ts TEST_ACCOUNTS). */
  account: string;
  /** The button pressed on sitegate's consent page (default `Allow`). */
  decision?: 'Allow' | 'Deny';
  /** Name of the consent page's screenshot under test-artifacts/ui (`oauth-e2e-NAME.png`), if wanted. */
  screenshot?: string;
}

/**
 * Walks an authorization request in a fresh browser context (its own cookies, desktop size):
 * navigates to `authorizationUrl`, then answers whichever page comes — the provider's login form
 * (login = account, any password), its consent ("Continue"), sitegate's consent page (the
 * decision's button) — until the browser reaches `callback`'s redirect URI.
 * @throws {Error} when a page is none of these, or after {@link MAX_STEPS} pages
 */
export async function authorizeInBrowser(
  browser: Browser,
  authorizationUrl: URL,
  callback: CallbackServer,
  options: BrowserAuthorizationOptions,
): Promise<BrowserAuthorization> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    const arrived = callback.next();
    const pages: string[] = [];
    let consentText: string | undefined;
    await page.goto(authorizationUrl.toString());
    for (let step = 0; step < MAX_STEPS; step++) {
      const login = page.locator('input[name="login"]');
      const providerConsent = page.getByRole('button', { name: 'Continue' });
      const decision = page.getByRole('button', { name: options.decision ?? 'Allow', exact: true });
      const done = page.getByRole('heading', { name: 'Authorization received' });
      await login
        .or(providerConsent)
        .or(decision)
        .or(done)
        .first()
        .waitFor({ state: 'visible' })
        .catch(async (error: unknown) => {
          const text = (await mainText(page)).slice(0, 600);
          throw new Error(`authorizeInBrowser: an unexpected page after ${pages.join(', ') || 'the start'}: ${page.url()}: ${text}`, {
            cause: error,
          });
        });
      if (await done.isVisible()) return { response: await arrived, consentText, pages };
      if (await login.isVisible()) {
        pages.push('login');
        await login.fill(options.account);
        await page.locator('input[name="password"]').fill('any password');
        await Promise.all([page.waitForEvent('framenavigated'), page.getByRole('button', { name: 'Sign-in' }).click()]);
      } else if (await providerConsent.isVisible()) {
        pages.push('provider-consent');
        await Promise.all([page.waitForEvent('framenavigated'), providerConsent.click()]);
      } else {
        pages.push('consent');
        consentText = await mainText(page);
        if (options.screenshot !== undefined) await screenshot(page, options.screenshot);
        await Promise.all([page.waitForEvent('framenavigated'), decision.click()]);
      }
    }
    throw new Error(
      `authorizeInBrowser: no redirect to ${callback.redirectUri} after ${MAX_STEPS} pages (${pages.join(', ')}); at ${page.url()}`,
    );
  } finally {
    await context.close();
  }
}

/** The text of the page's `<main>` (or body), whitespace collapsed. */
async function mainText(page: Page): Promise<string> {
  const main = page.locator('main');
  const text = (await main.count()) > 0 ? await main.first().textContent() : await page.locator('body').textContent();
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** Saves a full-page screenshot as test-artifacts/ui/oauth-e2e-NAME.png. */
async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(UI_ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(UI_ARTIFACTS_DIR, `oauth-e2e-${name}.png`), fullPage: true });
}
