/**
 * Issue 33, done-when 2: the checked-in MkDocs build (test/fixtures/html-builds/mkdocs) works as
 * built while sitegate serves it (`serve --html`), in Debian's chromium through playwright-core:
 * its jQuery and theme script run (base.js sets the page's scroll padding), its own keyboard
 * navigation (`n`, next page, from base.js) leads to the guide, whose relative image loads; and
 * the same URL asked with `Accept: text/markdown` answers the guide's markdown. Requests to other
 * origins (the theme's highlight.js on cdnjs) are refused, so the test needs no network. The
 * guide's screenshot is test-artifacts/ui/html-build-mkdocs-guide.png.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, UI_ARTIFACTS_DIR } from './browser-support.js';
import { freePort } from './free-port.js';
import { buildTestApp, FIXTURES_DIR, type TestApp } from './helpers.js';

const MKDOCS = path.join(FIXTURES_DIR, 'html-builds/mkdocs');

let t: TestApp;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await buildTestApp(path.join(MKDOCS, 'source/docs'), { baseUrl: origin, settings: { html: path.join(MKDOCS, 'build') } });
  await t.app.listen({ port, host: '127.0.0.1' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
  await t.app.close();
});

describe('the MkDocs build served by sitegate, in chromium', () => {
  it("runs the site's own script and navigation, and the same URL answers markdown", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const offsite: string[] = [];
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(origin)) return route.continue();
      offsite.push(url);
      return route.abort();
    });
    try {
      const home = await page.goto(`${origin}/`);
      expect(home?.status()).toBe(200);
      await page.waitForLoadState('load');
      // base.js's applyTopPadding ran on document ready, through jQuery: the theme's script works.
      await page.waitForFunction(() => document.documentElement.style.scrollPaddingTop !== '');
      expect(await page.evaluate(() => typeof (window as unknown as { jQuery?: unknown }).jQuery)).toBe('function');
      // The theme's keyboard shortcut `n` follows the nav's rel="next" link (base.js).
      await page.keyboard.press('n');
      await page.waitForURL(`${origin}/guide/`);
      expect(await page.locator('h1').first().textContent()).toBe('Install guide');
      const logo = page.locator('img[alt="Kestrel logo"]');
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
      // The guide as the generator built it, for a person to look at (test-artifacts/ui).
      await page.screenshot({ path: path.join(UI_ARTIFACTS_DIR, 'html-build-mkdocs-guide.png'), fullPage: true });
      const markdown = await page.evaluate(async () => {
        const res = await fetch(location.href, { headers: { accept: 'text/markdown' } });
        return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
      });
      expect([markdown.status, markdown.type]).toEqual([200, 'text/markdown; charset=utf-8']);
      expect(markdown.text.startsWith('# Install guide\n')).toBe(true);
      // Only the theme's highlight.js, on another origin and refused here, is missing.
      expect(offsite.every((url) => url.startsWith('https://cdnjs.cloudflare.com/'))).toBe(true);
      expect(errors.every((message) => message.includes('hljs is not defined'))).toBe(true);
    } finally {
      await context.close();
    }
  });
});
