/**
 * Code blocks and search in a real browser (Debian's chromium, playwright-core), at phone and desktop
 * widths: highlighted tokens, the copy button (the clipboard read back), `/` to the search box,
 * ArrowDown to the third result and Enter to open it, Enter with nothing highlighted to `/search?q=`,
 * and the `/search?q=` page with JavaScript off (also reached by submitting the header form); axe-core
 * finds no violation of any impact on the search page and on a code page. Screenshots go to
 * test-artifacts/ui/.
 *
 * Used by test/browser.code-search.system.test.ts (the example site, docs-small) and
 * test/browser.code-search.corpora.test.ts (Starlight's docs).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.js';
import { freePort } from './free-port.js';
import { axeViolations, launchBrowser, UI_ARTIFACTS_DIR, VIEWPORTS } from './browser-support.js';

/** Where the screenshots go. */
export const ARTIFACTS_DIR = UI_ARTIFACTS_DIR;

/** A site under test: its content, the file of a page with code, a query with at least three hits, the first block's text when known. */
export interface SiteCase {
  name: string;
  contentDir: string;
  codeFile: string;
  query: string;
  firstCode?: string;
}

/** Files that pages of the corpora show but the corpora do not hold (they lived outside the content folder upstream). */
export const MISSING_IN_CORPORA = new Set<string>(['/images/troubleshooting/webhook-pod-networking-diagram.png']);

/** A listening server over a site, with the URL path of its page with code. */
export interface Running {
  t: TestApp;
  origin: string;
  codePath: string;
}

/** The browser and servers of a test file, once its `beforeAll` has run. */
export interface BrowserSites {
  browser(): Browser;
  /** @throws {Error} when no site of that name was started */
  site(name: string): Running;
}

/**
 * Starts, in the caller's `beforeAll`, a listening server per site and one chromium, shared by the
 * file's tests as they are slow to start (every test only reads pages and searches); `afterAll`
 * closes them.
 */
export function useBrowserSites(cases: readonly SiteCase[]): BrowserSites {
  const running = new Map<string, Running>();
  let browser: Browser | undefined;
  beforeAll(async () => {
    for (const one of cases) {
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const t = await buildTestApp(one.contentDir, origin);
      await t.app.listen({ port, host: '127.0.0.1' });
      const page = [...t.loaded.snapshot.site.pages.values()].find((candidate) => candidate.file === one.codeFile);
      if (page === undefined) throw new Error(`${one.name}: no page for ${one.codeFile}`);
      running.set(one.name, { t, origin, codePath: page.url });
    }
    browser = await launchBrowser();
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    for (const { t } of running.values()) await t.app.close();
  });
  return {
    browser: () => {
      if (browser === undefined) throw new Error('chromium not started');
      return browser;
    },
    site: (name) => {
      const found = running.get(name);
      if (found === undefined) throw new Error(`site ${name} not started`);
      return found;
    },
  };
}

/** A fresh context that may use the clipboard, recording uncaught errors. */
async function open(
  browser: Browser,
  viewport: { width: number; height: number },
  origin: string,
  javaScriptEnabled = true,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, javaScriptEnabled });
  if (javaScriptEnabled) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // A failed request is reported by its URL (the console only says "Failed to load resource").
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.status() >= 400 && !MISSING_IN_CORPORA.has(url.pathname)) errors.push(`${url.pathname}: HTTP ${response.status()}`);
  });
  return { context, page, errors };
}

/** The search hits the JSON API gives for `query`, as the search box asks for them. */
async function apiHits(origin: string, query: string): Promise<{ path: string }[]> {
  const response = await fetch(`${origin}/api/search.json?limit=10&q=${encodeURIComponent(query)}&lang=en`);
  return (await response.json()) as { path: string }[];
}

/**
 * Declares the code and search tests of one site of `sites` (started by {@link useBrowserSites}):
 * per viewport, the code page, the search box, Enter to `/search?q=`, the page without script, axe.
 */
export function describeCodeAndSearch(sites: BrowserSites, siteCase: SiteCase): void {
  const { name } = siteCase;
  describe(name, () => {
    describe.each(Object.entries(VIEWPORTS))('at %s width', (viewportName, viewport) => {
      it('highlights code and copies a block to the clipboard; axe finds nothing on the page', async () => {
        const { origin, codePath } = sites.site(name);
        const { context, page, errors } = await open(sites.browser(), viewport, origin);
        try {
          expect((await page.goto(origin + codePath, { waitUntil: 'networkidle' }))?.status()).toBe(200);
          expect(await page.locator('pre > code [class^="hljs-"]').count()).toBeGreaterThan(0);
          const blocks = await page.locator('pre > code').count();
          expect(await page.locator('.code-frame > .copy-button').count()).toBe(blocks);

          const code = page.locator('pre > code').first();
          const text = ((await code.textContent()) ?? '').replace(/\n$/, '');
          if (siteCase.firstCode !== undefined) expect(text).toBe(siteCase.firstCode);
          expect(text.length).toBeGreaterThan(0);
          const button = page.locator('.copy-button').first();
          await button.scrollIntoViewIfNeeded();
          await button.click();
          await expect.poll(() => button.textContent()).toBe('Copied code');
          expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(text);
          expect(await page.locator('p[aria-live="polite"]', { hasText: 'Copied to the clipboard' }).count()).toBe(1);

          await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-code-${viewportName}.png`), fullPage: false });
          expect(await axeViolations(page)).toStrictEqual([]);
          expect(errors).toStrictEqual([]);
        } finally {
          await context.close();
        }
      });

      it('/ focuses the search box; ArrowDown reaches the third result and Enter opens it', async () => {
        const { origin, codePath } = sites.site(name);
        const expected = await apiHits(origin, siteCase.query);
        expect(expected.length).toBeGreaterThanOrEqual(3);
        const { context, page, errors } = await open(sites.browser(), viewport, origin);
        try {
          await page.goto(origin + codePath, { waitUntil: 'networkidle' });
          await page.keyboard.press('/');
          expect(await page.evaluate<string>('document.activeElement.id')).toBe('search-input');
          const input = page.locator('#search-input');
          expect(await input.getAttribute('role')).toBe('combobox');
          expect(await input.getAttribute('aria-controls')).toBe('search-results');
          const answered = page.waitForResponse((response) => response.url().startsWith(`${origin}/api/search.json?`));
          await page.keyboard.type(siteCase.query);
          expect((await answered).status()).toBe(200);
          const options = page.locator('#search-results [role=option]');
          await options.first().waitFor({ state: 'visible' });
          expect(await input.getAttribute('aria-expanded')).toBe('true');
          // The list shows each keystroke's answer in turn: the whole query's comes last (a prefix's may rank otherwise).
          await expect
            .poll(() => options.evaluateAll((all) => all.map((one) => (one as unknown as { dataset: { href: string } }).dataset.href)))
            .toStrictEqual(expected.map((hit) => hit.path));
          expect(await page.locator('#search-results .search-option-excerpt mark').count()).toBeGreaterThan(0);

          for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
          expect(await input.getAttribute('aria-activedescendant')).toBe('search-option-2');
          expect(await options.nth(2).getAttribute('aria-selected')).toBe('true');
          expect(await page.locator('#search-results [aria-selected=true]').count()).toBe(1);
          await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-search-box-${viewportName}.png`) });
          await Promise.all([page.waitForURL(origin + (expected[2]?.path ?? '')), page.keyboard.press('Enter')]);
          expect(errors).toStrictEqual([]);
        } finally {
          await context.close();
        }
      });

      it('Enter with no result highlighted, even before results arrive, goes to /search?q=', async () => {
        const { origin } = sites.site(name);
        const { context, page } = await open(sites.browser(), viewport, origin);
        try {
          await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
          await page.locator('#search-input').fill(siteCase.query);
          await Promise.all([page.waitForURL(`${origin}/search?q=${siteCase.query}`), page.keyboard.press('Enter')]);
          expect(await page.locator('.search-hit').count()).toBeGreaterThanOrEqual(3);
        } finally {
          await context.close();
        }
      });

      it('the /search page works with JavaScript off: the header form lands there, hits show marked excerpts', async () => {
        const { origin } = sites.site(name);
        const { context, page } = await open(sites.browser(), viewport, origin, false);
        try {
          await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
          await page.locator('#search-input').fill(siteCase.query);
          await Promise.all([page.waitForURL(`${origin}/search?q=${siteCase.query}`), page.locator('#search-input').press('Enter')]);
          const hits = page.locator('.search-hit');
          expect(await hits.count()).toBeGreaterThanOrEqual(3);
          expect(await page.locator('.search-hit-excerpt mark').count()).toBeGreaterThan(0);
          expect(await page.locator('.search-status').textContent()).toMatch(new RegExp(`^\\d+ pages? match ${siteCase.query}`));
          expect(await page.locator('.copy-button').count()).toBe(0);
          await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-search-page-${viewportName}.png`), fullPage: false });
        } finally {
          await context.close();
        }
      });

      it('axe finds no violation of any impact on the /search page', async () => {
        const { origin } = sites.site(name);
        // With script on (axe runs as script); the page is the same HTML the JavaScript-off visitor gets.
        const { context, page, errors } = await open(sites.browser(), viewport, origin);
        try {
          expect((await page.goto(`${origin}/search?q=${siteCase.query}`, { waitUntil: 'networkidle' }))?.status()).toBe(200);
          expect(await axeViolations(page)).toStrictEqual([]);
          expect(errors).toStrictEqual([]);
        } finally {
          await context.close();
        }
      });
    });
  });
}
