/**
 * The page shell in a real browser (issue 15, "reading experience"): Debian's chromium driven by
 * playwright-core against a listening server over a site, at phone (390×844) and desktop (1280×800)
 * widths. For one page of each site: the nav tree marks the current page and opens its section, the
 * on-page table of contents lists exactly the page's H2/H3 headings, the previous/next cards are the
 * page's neighbours in the nav tree, the menu drawer opens and closes with the keyboard, the theme
 * toggle switches `data-theme` and keeps it across a reload, the TOC follows scrolling, "Copy page"
 * puts the page's markdown on the clipboard, nothing scrolls sideways at 320 px, and axe-core finds no
 * violation of any impact (light, and dark on desktop). Screenshots go to test-artifacts/ui/.
 *
 * Used by test/browser.shell.system.test.ts (the example site, docs-small) and
 * test/browser.shell.corpora.test.ts (the real Docusaurus and MkDocs corpora).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.js';
import { freePort } from './free-port.js';
import { axeViolations, launchBrowser, UI_ARTIFACTS_DIR, VIEWPORTS } from './browser-support.js';

const ARTIFACTS_DIR = UI_ARTIFACTS_DIR;

/** A site under test: its content folder and a page in a section, with at least two H2/H3 headings. */
export interface ShellSite {
  /** Name in the test titles and screenshot files. */
  name: string;
  dir: string;
  /** URL path of the page. */
  page: string;
}

/** The page's facts the tests compare, read in the browser. */
interface Facts {
  current: string[];
  closedAncestors: number;
  headings: string[];
  toc: { text: string; href: string }[];
  treeOrder: string[];
  previous: string | null;
  next: string | null;
}

const READ_FACTS = `(() => {
  const nav = document.getElementById('site-nav');
  const current = [...nav.querySelectorAll('a[aria-current="page"]')];
  let closedAncestors = 0;
  for (let node = current[0]?.parentElement; node && node !== nav; node = node.parentElement) if (node.tagName === 'DETAILS' && !node.open) closedAncestors++;
  const text = (element) => { const copy = element.cloneNode(true); copy.querySelectorAll('.heading-anchor').forEach((a) => a.remove()); return copy.textContent.replace(/\\s+/g, ' ').trim(); };
  return {
    current: current.map((a) => a.getAttribute('href')),
    closedAncestors,
    headings: [...document.querySelectorAll('article.content :is(h2, h3)')].map(text),
    toc: [...document.querySelectorAll('.toc nav a')].map((a) => ({ text: text(a), href: a.getAttribute('href') })),
    treeOrder: [...nav.querySelectorAll('a:not(.nav-more):not(.nav-folder-link)')].map((a) => a.getAttribute('href')),
    previous: document.querySelector('.page-nav a[rel="prev"]')?.getAttribute('href') ?? null,
    next: document.querySelector('.page-nav a[rel="next"]')?.getAttribute('href') ?? null,
  };
})()`;

/**
 * Declares the shell tests of `sites`: one chromium for them all (launched in `beforeAll`), one
 * listening server per site, one test per site and viewport.
 */
export function describeShellInBrowser(sites: readonly ShellSite[]): void {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
  });

  afterAll(async () => {
    await browser.close();
  });

  describe.each(sites)('the shell of $name', ({ name, dir, page: pagePath }) => {
    let t: TestApp;
    let origin: string;

    beforeAll(async () => {
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      t = await buildTestApp(dir, origin);
      // As `serve` does: pages show their git times only once the one `git log` has ended.
      await t.loaded.snapshot.datesReady;
      await t.app.listen({ port, host: '127.0.0.1' });
    });

    afterAll(async () => {
      await t.app.close();
    });

    it.each(Object.entries(VIEWPORTS))(
      'at %s width: nav tree, TOC, previous/next, theme, no sideways scroll, axe clean',
      async (size, viewport) => {
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        try {
          const response = await page.goto(origin + pagePath, { waitUntil: 'networkidle' });
          expect(response?.status()).toBe(200);
          await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-${size}.png`), fullPage: false });

          const facts = await page.evaluate<Facts>(READ_FACTS);
          // The nav tree marks this page once, every folder around it open.
          expect(facts.current).toStrictEqual([pagePath]);
          expect(facts.closedAncestors).toBe(0);
          // The table of contents lists exactly the page's H2/H3 headings, linked by their ids.
          expect(facts.headings.length).toBeGreaterThanOrEqual(2);
          expect(facts.toc.map((entry) => entry.text)).toStrictEqual(facts.headings);
          const ids = await page.evaluate<string[]>(`[...document.querySelectorAll('article.content :is(h2, h3)')].map((h) => '#' + h.id)`);
          expect(facts.toc.map((entry) => decodeURIComponent(entry.href))).toStrictEqual(ids);
          // Previous and next are the page's neighbours in the nav tree's order.
          const at = facts.treeOrder.indexOf(pagePath);
          expect(at).toBeGreaterThan(0);
          expect(facts.previous).toBe(facts.treeOrder[at - 1]);
          expect(facts.next).toBe(facts.treeOrder[at + 1] ?? null);

          const currentLink = page.locator('#site-nav a[aria-current="page"]');
          const menu = page.locator('.menu-button');
          if (size === 'desktop') {
            expect(await menu.isVisible()).toBe(false);
            expect(await currentLink.isVisible()).toBe(true);
            expect(await page.locator('.toc nav').isVisible()).toBe(true);
            // Scrolled to the last heading, the table of contents highlights it (or, when the page is
            // too short to bring it to the top, a heading the reader sees).
            const last = ids[ids.length - 1] ?? '';
            await page.evaluate(`document.getElementById(${JSON.stringify(last.slice(1))}).scrollIntoView()`);
            // One highlighted entry (a locator waits for exactly one; the page's CSP refuses waitForFunction's eval).
            await page.locator('.toc a.active').waitFor();
            const active = await page.evaluate<string>(`decodeURIComponent(document.querySelector('.toc a.active').getAttribute('href'))`);
            const scrolledToBottom = await page.evaluate<boolean>('scrollY + innerHeight >= document.documentElement.scrollHeight - 2');
            if (!scrolledToBottom) expect(active).toBe(last);
            else expect(ids).toContain(active);
            // Copy page puts the page's markdown on the clipboard.
            await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
            const markdown = await (await fetch(`${origin}${pagePath}.md`)).text();
            await page.locator('.copy-page').click();
            await page.locator('.copy-page', { hasText: 'Copied' }).waitFor();
            expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(markdown);
          } else {
            // The drawer: Enter on the menu button opens it and moves focus in; Escape closes it and
            // gives focus back.
            expect(await currentLink.isVisible()).toBe(false);
            await menu.focus();
            expect(await menu.getAttribute('aria-expanded')).toBe('false');
            await page.keyboard.press('Enter');
            await currentLink.waitFor({ state: 'visible' });
            expect(await menu.getAttribute('aria-expanded')).toBe('true');
            expect(await menu.getAttribute('aria-controls')).toBe('site-nav');
            expect(await page.evaluate<boolean>(`document.getElementById('site-nav').contains(document.activeElement)`)).toBe(true);
            await page.waitForTimeout(250); // the drawer's slide-in, for the screenshot only
            await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-${size}-drawer.png`) });
            await page.keyboard.press('Escape');
            await currentLink.waitFor({ state: 'hidden' });
            expect(await menu.getAttribute('aria-expanded')).toBe('false');
            expect(await page.evaluate<string>(`document.activeElement.className`)).toBe('menu-button');
            // Enter again opens, the button closes it again.
            await page.keyboard.press('Enter');
            await currentLink.waitFor({ state: 'visible' });
            await menu.click();
            await currentLink.waitFor({ state: 'hidden' });
            expect(await menu.getAttribute('aria-expanded')).toBe('false');
          }

          expect(await axeViolations(page)).toStrictEqual([]);

          // Theme: auto → light → dark, kept across a reload, axe-clean in dark too.
          const theme = (): Promise<string | null> => page.evaluate<string | null>(`document.documentElement.getAttribute('data-theme')`);
          expect(await theme()).toBe('auto');
          await page.locator('.theme-toggle').click();
          expect(await theme()).toBe('light');
          await page.locator('.theme-toggle').click();
          expect(await theme()).toBe('dark');
          await page.reload({ waitUntil: 'networkidle' });
          expect(await theme()).toBe('dark');
          expect(await page.locator('.theme-toggle').getAttribute('aria-label')).toBe('Colour theme: dark (switch to auto)');
          await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-${size}-dark.png`) });
          expect(await axeViolations(page)).toStrictEqual([]);

          // Nothing scrolls sideways on the narrowest phones.
          await page.setViewportSize({ width: 320, height: 640 });
          const widths = await page.evaluate<{ scroll: number; inner: number }>(
            '({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth })',
          );
          expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
          expect(errors).toStrictEqual([]);
        } finally {
          await context.close();
        }
      },
    );
  });
}
