/**
 * Code blocks and search in a real browser (test/browser-code-search-checks.ts) on the example site
 * and docs-small (the copy inside the repository), and the code palettes on the example site.
 * Starlight's docs are in test/browser.code-search.corpora.test.ts.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DOCS_SMALL, EXAMPLE_SITE } from './helpers.js';
import { axeViolations, VIEWPORTS } from './browser-support.js';
import { ARTIFACTS_DIR, describeCodeAndSearch, MISSING_IN_CORPORA, useBrowserSites, type SiteCase } from './browser-code-search-checks.js';

const SITES: SiteCase[] = [
  {
    name: 'example',
    contentDir: EXAMPLE_SITE,
    codeFile: 'guides/getting-started.md',
    query: 'widget',
    firstCode: 'npm install acme-widgets',
  },
  { name: 'docs-small', contentDir: DOCS_SMALL, codeFile: 'troubleshooting/webhook.md', query: 'certificate' },
];

const sites = useBrowserSites(SITES);

describe('code palettes', () => {
  /** The colour of the first keyword token, after `<html data-theme>` is set to `theme` (`auto`: the system's). */
  async function keywordColour(page: Page, theme: 'auto' | 'light' | 'dark'): Promise<string> {
    await page.evaluate(`document.documentElement.dataset.theme = '${theme}'`);
    return page
      .locator('pre > code .hljs-keyword')
      .first()
      .evaluate((element) => getComputedStyle(element as never).color);
  }

  it.each(['light', 'dark'] as const)('follow a %s system and <html data-theme>, and pass axe in both', async (scheme) => {
    const { origin, codePath } = sites.site('example');
    const context = await sites.browser().newContext({ viewport: VIEWPORTS.desktop, colorScheme: scheme });
    try {
      const page = await context.newPage();
      await page.goto(origin + codePath, { waitUntil: 'networkidle' });
      const light = 'rgb(207, 34, 46)';
      const dark = 'rgb(255, 123, 114)';
      expect(await keywordColour(page, 'auto')).toBe(scheme === 'dark' ? dark : light);
      expect(await axeViolations(page)).toStrictEqual([]);
      await page.screenshot({ path: path.join(ARTIFACTS_DIR, `example-code-${scheme}-system.png`) });
      expect(await keywordColour(page, 'dark')).toBe(dark);
      expect(await keywordColour(page, 'light')).toBe(light);
      await page.goto(`${origin}/search?q=widget`, { waitUntil: 'networkidle' });
      expect(await axeViolations(page)).toStrictEqual([]);
      await page.screenshot({ path: path.join(ARTIFACTS_DIR, `example-search-page-${scheme}-system.png`) });
    } finally {
      await context.close();
    }
  });
});

describe('the corpora', () => {
  it('really lack the files whose requests may fail', () => {
    for (const file of MISSING_IN_CORPORA) expect(existsSync(path.join(DOCS_SMALL, file))).toBe(false);
  });
});

for (const siteCase of SITES) describeCodeAndSearch(sites, siteCase);
