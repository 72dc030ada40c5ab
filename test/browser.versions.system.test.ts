/**
 * The version switcher in a real browser (Debian chromium via playwright-core) on the versioned
 * Docusaurus fixture (test/fixtures/generator-projects/docusaurus-versioned), at phone (390×844)
 * and desktop (1280×800) widths: from a page of 1.x, the switcher (a `<details>` list of links, no
 * script needed) goes to the same page in 2.x, the current version, whose switcher then marks 2.x;
 * the old page shows the unmaintained banner, and its live search finds 1.x pages. axe-core finds no violation on either page with the
 * switcher open. Screenshots go to test-artifacts/ui/versions-*.png.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR, buildTestApp, type TestApp } from './helpers.js';
import { freePort } from './free-port.js';
import { axeViolations, launchBrowser, UI_ARTIFACTS_DIR, VIEWPORTS } from './browser-support.js';

const SITE = path.join(FIXTURES_DIR, 'generator-projects/docusaurus-versioned');

let t: TestApp;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await buildTestApp(SITE, origin);
  await t.app.listen({ port, host: '127.0.0.1' });
  browser = await launchBrowser();
  mkdirSync(UI_ARTIFACTS_DIR, { recursive: true });
});
afterAll(async () => {
  await browser.close();
  await t.app.close();
});

describe.each(Object.entries(VIEWPORTS))('the version switcher at %s width', (name, viewport) => {
  it.each([
    ['with JavaScript', true],
    ['without JavaScript', false],
  ])('goes from a 1.x page to the same page in 2.x (%s)', async (_label, javaScriptEnabled) => {
    const context = await browser.newContext({ viewport, javaScriptEnabled });
    try {
      const page = await context.newPage();
      expect((await page.goto(`${origin}/docs/1.x/guides/install`))?.status()).toBe(200);
      await expect(page.locator('.version-banner').innerText()).resolves.toBe(
        'This is documentation for Versioned Docs 1.x, which is no longer actively maintained.\n\nFor up-to-date documentation, see the latest version (2.x).',
      );
      if (javaScriptEnabled) {
        // The live search of a 1.x page searches 1.x (its form's hidden version field).
        await page.locator('#search-input').fill('kettle');
        await page.locator('#search-results [role=option]').first().waitFor();
        const hrefs = await page
          .locator('#search-results [role=option]')
          .evaluateAll((options: { dataset: Record<string, string | undefined> }[]) => options.map((option) => option.dataset.href));
        expect(hrefs).toStrictEqual(['/docs/1.x/legacy', '/docs/1.x/guides/install']);
        await page.keyboard.press('Escape');
      }
      const switcher = page.locator('details.version-switcher');
      await expect(switcher.locator('summary').textContent()).resolves.toBe('Version: 1.x');
      await switcher.locator('summary').click();
      const latest = switcher.getByRole('link', { name: '2.x (latest)' });
      await expect(latest.isVisible()).resolves.toBe(true);
      if (javaScriptEnabled) {
        expect(await axeViolations(page)).toStrictEqual([]);
        await page.screenshot({ path: path.join(UI_ARTIFACTS_DIR, `versions-${name}-switcher-open.png`), fullPage: true });
      }
      await Promise.all([page.waitForURL(`${origin}/docs/guides/install`), latest.click()]);
      await expect(page.locator('h1').innerText()).resolves.toBe('Install');
      await expect(page.locator('article.content').innerText()).resolves.toContain('npm install teapot@2');
      await expect(page.locator('details.version-switcher summary').textContent()).resolves.toBe('Version: 2.x');
      await expect(page.locator('.version-banner').count()).resolves.toBe(0);
      await expect(page.locator('details.version-switcher a[aria-current="true"]').textContent()).resolves.toBe('2.x (latest)');
      if (javaScriptEnabled) {
        expect(await axeViolations(page)).toStrictEqual([]);
        await page.screenshot({ path: path.join(UI_ARTIFACTS_DIR, `versions-${name}-current.png`), fullPage: true });
      }
    } finally {
      await context.close();
    }
  });
});
