/**
 * Issue 28, done-when 3: no script from content runs in a real browser (Debian's chromium through
 * playwright-core), and no page navigates a reader away. Pages carrying every script vector
 * (test/script-fixtures.ts: `<script>` mid-line and at a line start in `.md`, in `.mdx` JSX, an
 * `onerror` image, a `javascript:` link that is clicked, a meta refresh to another origin,
 * `<base>`, `<object>`, an `<iframe srcdoc>`, SVG `onload` and `<script>`, a `<script src>` of an
 * upload) are opened, and so is an SVG upload with script: each vector would set
 * `window.__pwned`, set a `pwned-…` title or open a dialog. After a wait, none did, the URL is the
 * page's own, and the site's own script ran (the CSP allows /_sitegate/). The CSP header is asserted
 * exactly; screenshots go to test-artifacts/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_INIT_CSP_SOURCE } from '../src/layout/client/theme-init.js';
import { launchBrowser } from './browser-support.js';
import { freePort } from './free-port.js';
import { buildTestApp, REPO_DIR, removeDir, type TestApp } from './helpers.js';
import { writeScriptSite } from './script-fixtures.js';

const ARTIFACTS_DIR = path.join(REPO_DIR, 'test-artifacts');
/** How long a page is left to run what it carries (a meta refresh of 0 s, an image's onerror) before it is judged. */
const SETTLE_MS = 1500;

let dir: string;
let t: TestApp;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  dir = writeScriptSite();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await buildTestApp(dir, origin);
  await t.app.listen({ port, host: '127.0.0.1' });
  browser = await launchBrowser();
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
});

afterAll(async () => {
  await browser.close();
  await t.app.close();
  removeDir(dir);
});

/** What a page did that content must never make it do. */
interface Observed {
  dialogs: string[];
  console: string[];
  navigations: string[];
}

/** Opens `pagePath` in a fresh context, recording dialogs (dismissed), console lines and main-frame navigations. */
async function open(pagePath: string): Promise<{ page: Page; observed: Observed; status: number | undefined; csp: string | undefined }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const observed: Observed = { dialogs: [], console: [], navigations: [] };
  page.on('dialog', (dialog) => {
    observed.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => observed.console.push(message.text()));
  page.on('pageerror', (error) => observed.console.push(`uncaught: ${error.message}`));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) observed.navigations.push(frame.url());
  });
  const response = await page.goto(origin + pagePath, { waitUntil: 'load' });
  await page.waitForTimeout(SETTLE_MS);
  return { page, observed, status: response?.status(), csp: (await response?.allHeaders())?.['content-security-policy'] };
}

/** Browser code as strings: this project's TypeScript has no DOM types (it is server code). */
const PWNED = 'typeof window.__pwned === "undefined" ? null : String(window.__pwned)';

describe('pages carrying every script vector', () => {
  it.each([
    ['the markdown page', '/vectors', 'Vectors', 'script-vectors-md'],
    ['the MDX page', '/jsx', 'JSX vectors', 'script-vectors-mdx'],
  ])('%s runs none of them and stays where it is', async (_name, pagePath, heading, shot) => {
    const { page, observed, status, csp } = await open(pagePath);
    try {
      expect(status).toBe(200);
      expect(csp).toBe(
        `default-src 'none'; script-src ${origin}/_sitegate/ ${THEME_INIT_CSP_SOURCE}; style-src 'self'; img-src 'self' https: data:; object-src 'none'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
      );
      // Judged once after loading (a meta refresh, an onerror, a script would have acted by now),
      // and again after every link of the article is clicked (the javascript: one among them)
      // and every paragraph hovered.
      const judge = async (): Promise<void> => {
        expect(page.url()).toBe(origin + pagePath);
        expect(observed.navigations).toStrictEqual([origin + pagePath]);
        expect(await page.evaluate<string | null>(PWNED)).toBeNull();
        // The site is named after its home page's title.
        expect(await page.title()).toBe(`${heading} · Home`);
        expect(observed.dialogs).toStrictEqual([]);
        expect(observed.console.filter((line) => line.includes('pwned'))).toStrictEqual([]);
      };
      await judge();
      for (const link of await page.locator('article a:visible').all()) await link.click({ noWaitAfter: true });
      for (const paragraph of await page.locator('article p:visible').all()) await paragraph.hover();
      await page.waitForTimeout(SETTLE_MS);
      await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${shot}.png`), fullPage: true });
      await judge();
      expect(await page.locator('article h1').textContent()).toBe(heading);
      // The site's own script ran: the CSP lets /_sitegate/site.js in (the theme toggle it wires up works).
      const before = await page.evaluate<string | null>('document.documentElement.getAttribute("data-theme")');
      await page.locator('.theme-toggle').click();
      expect(await page.evaluate<string | null>('document.documentElement.getAttribute("data-theme")')).not.toBe(before);
    } finally {
      await page.context().close();
    }
  });

  it('an SVG upload with script, opened directly, runs none of it', async () => {
    const { page, observed, status, csp } = await open('/.gitbook/assets/evil.svg');
    try {
      expect(status).toBe(200);
      expect(csp).toBe("default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
      await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'script-vectors-svg.png') });
      expect(await page.evaluate<string | null>(PWNED)).toBeNull();
      expect(await page.title()).not.toMatch(/pwned/);
      expect(observed.dialogs).toStrictEqual([]);
      expect(page.url()).toBe(`${origin}/.gitbook/assets/evil.svg`);
    } finally {
      await page.context().close();
    }
  });

  it('the upload a page would load as script is not served', async () => {
    const response = await fetch(`${origin}/.gitbook/assets/x.js`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('pwned');
  });
});
