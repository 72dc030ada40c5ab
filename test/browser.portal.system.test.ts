/**
 * The developer portal in a real browser (Debian chromium via playwright-core) over docs-small, at
 * phone (390×844) and desktop (1280×800) widths: axe-core finds no violation of any impact; the
 * table of contents lists every section and its links jump to them; no error code breaks
 * mid-word (each `code` holding one has a single line box); nothing scrolls sideways, even at
 * 320 px; every command block has a copy button whose copy reads back the exact command; the
 * "Try it" forms call the real API: search shows a 200 with the server's hits, whoami a 401 with
 * the SPEC.md error object without a key and the principal with a real API key or access token.
 * With JavaScript off, the search form is a plain GET form and whoami says it needs JavaScript.
 * Screenshots go to test-artifacts/ui/portal-*.png.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_TABLE } from '../src/errors.js';
import { buildTestApp, DOCS_SMALL, issueKey, type TestApp } from './helpers.js';
import { freePort } from './free-port.js';
import { axeViolations, launchBrowser, UI_ARTIFACTS_DIR, VIEWPORTS } from './browser-support.js';

const ARTIFACTS_DIR = UI_ARTIFACTS_DIR;

/** The portal's sections (H2), in order, as the issue groups them. */
const SECTIONS = [
  'Getting started',
  'Authentication',
  'Connect an agent (MCP)',
  'Try it',
  'Endpoints',
  'Errors',
  'Rate limits',
  'Discovery resources',
];

let t: TestApp;
let origin: string;
let browser: Browser;
let apiKey: string;
let accessToken: string;

// Shared, as Chromium and a listening docs-small server are slow to start; every test opens its
// own browser context, and only reads (a handful of searches and whoami calls).
beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await buildTestApp(DOCS_SMALL, origin);
  await t.app.listen({ port, host: '127.0.0.1' });
  const key = await issueKey(t.context, ['search:read']);
  apiKey = key.apiKey;
  const token = await fetch(`${origin}/api/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: key.clientId, client_secret: key.clientSecret }),
  });
  expect(token.status).toBe(200);
  accessToken = ((await token.json()) as { access_token: string }).access_token;
  browser = await launchBrowser();
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
});

afterAll(async () => {
  await browser.close();
  await t.app.close();
});

/** Opens the portal in a fresh context; `errors` collects console errors and uncaught exceptions. */
async function openPortal(
  viewport: { width: number; height: number },
  options: { javaScript?: boolean; clipboard?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, javaScriptEnabled: options.javaScript ?? true });
  if (options.clipboard === true) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} @ ${message.location().url}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  const response = await page.goto(`${origin}/developers`, { waitUntil: 'networkidle' });
  expect(response?.status()).toBe(200);
  return { context, page, errors };
}

/** Evaluates a browser expression (a string: this project's TypeScript has no DOM types). */
function inPage<T>(page: Page, expression: string): Promise<T> {
  return page.evaluate<T>(expression);
}

/** `document.documentElement.scrollWidth` and `innerWidth`. */
function widths(page: Page): Promise<{ scroll: number; inner: number }> {
  return inPage(page, '({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth })');
}

/** Submits a try-it form and returns what it shows: the status line, the headers and the body. */
async function submitTry(
  page: Page,
  form: 'search' | 'whoami',
): Promise<{ status: string; headers: Record<string, string>; body: string }> {
  const answered = page.waitForResponse((response) =>
    response.url().startsWith(origin + (form === 'search' ? '/api/search.json' : '/api/v1/whoami')),
  );
  await page.locator(`form[data-try="${form}"] button[type="submit"]`).click();
  await answered;
  const output = page.locator(`#try-${form}-output`);
  await output.locator('.try-body code').filter({ hasText: /\S/ }).waitFor();
  return inPage(
    page,
    `(() => {
      const output = document.getElementById('try-${form}-output');
      const names = [...output.querySelectorAll('dt')].map((dt) => dt.textContent);
      const values = [...output.querySelectorAll('dd')].map((dd) => dd.textContent);
      return {
        status: output.querySelector('.try-status').textContent,
        headers: Object.fromEntries(names.map((name, i) => [name, values[i]])),
        body: output.querySelector('.try-body code').textContent,
      };
    })()`,
  );
}

describe.each(Object.entries(VIEWPORTS))('the portal at %s width', (viewportName, viewport) => {
  it('loads without console errors, passes axe with 0 violations and fits the width', async () => {
    const { context, page, errors } = await openPortal(viewport);
    try {
      await page.screenshot({ path: path.join(ARTIFACTS_DIR, `portal-${viewportName}.png`), fullPage: true });
      expect(errors).toStrictEqual([]);
      expect(await axeViolations(page)).toStrictEqual([]);
      const { scroll, inner } = await widths(page);
      expect(scroll, `scrollWidth ${scroll} > innerWidth ${inner}`).toBeLessThanOrEqual(inner);
    } finally {
      await context.close();
    }
  });

  it('lists every section in the table of contents, and its links jump to them', async () => {
    const { context, page } = await openPortal(viewport);
    try {
      // The text of each heading without the `#` link the site script adds (layout/client/shell.js.ts).
      const headings = await inPage<{ id: string; text: string; level: string }[]>(
        page,
        `[...document.querySelectorAll('.portal-body h2, .portal-body h3')].map((h) => { const copy = h.cloneNode(true); copy.querySelectorAll('.heading-anchor').forEach((a) => a.remove()); return { id: h.id, text: copy.textContent, level: h.tagName }; })`,
      );
      expect(headings.filter((h) => h.level === 'H2').map((h) => h.text)).toStrictEqual(SECTIONS);
      const links = await inPage<{ href: string | null; text: string }[]>(
        page,
        `[...document.querySelectorAll('.portal-toc a')].map((a) => ({ href: a.getAttribute('href'), text: a.textContent }))`,
      );
      expect(links).toStrictEqual(headings.map((h) => ({ href: `#${h.id}`, text: h.text })));

      // Phones: the contents start closed and open on demand; wide screens show them beside the text.
      const toc = page.locator('details.portal-toc');
      expect(await toc.getAttribute('open')).toBe(viewportName === 'phone' ? null : '');
      if (viewportName === 'phone') await toc.locator('summary').click();
      await page.screenshot({ path: path.join(ARTIFACTS_DIR, `portal-toc-${viewportName}.png`) });
      await toc.locator('a[href="#errors"]').click();
      await page.waitForFunction(`location.hash === '#errors'`);
      const top = await inPage<number>(page, `document.getElementById('errors').getBoundingClientRect().top`);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(viewport.height / 2);
      if (viewportName === 'desktop') {
        // Sticky: far down the page, the contents are still in view.
        const box = await toc.boundingBox();
        expect(box === null ? -1 : box.y).toBeGreaterThanOrEqual(0);
        expect(box === null ? Infinity : box.y).toBeLessThan(viewport.height);
      } else {
        expect(await toc.getAttribute('open')).toBe(null);
      }
    } finally {
      await context.close();
    }
  });

  it('never breaks an error code mid-word, and shows the token command whole', async () => {
    const { context, page } = await openPortal(viewport);
    try {
      const codes = await inPage<{ text: string; boxes: number }[]>(
        page,
        `[...document.querySelectorAll('.portal code')]
          .filter((code) => ${JSON.stringify(ERROR_CODES)}.includes(code.textContent))
          .map((code) => ({ text: code.textContent, boxes: code.getClientRects().length }))`,
      );
      // Each code's row of the error table, at least, plus the codes the endpoint tables name.
      expect(codes.length).toBeGreaterThan(ERROR_CODES.length);
      expect(codes.filter((code) => code.boxes !== 1)).toStrictEqual([]);

      const size = await inPage<{ scroll: number; client: number }>(
        page,
        `(() => {
          const pre = [...document.querySelectorAll('.portal pre')].find((one) => one.textContent.startsWith('curl -X POST ${origin}/api/v1/oauth/token \\\\'));
          return { scroll: pre.scrollWidth, client: pre.clientWidth };
        })()`,
      );
      expect(size.scroll).toBeLessThanOrEqual(size.client);
    } finally {
      await context.close();
    }
  });

  it('gives every command block a copy button that copies the exact command', async () => {
    const { context, page, errors } = await openPortal(viewport, { clipboard: true });
    try {
      const blocks = page.locator('.portal-body pre:not(.try-body)');
      const count = await blocks.count();
      // health, markdown, search, MCP configuration, X-API-Key, the token pair, HTTP Basic; then
      // Connect an agent (issue 30): Claude Code, Cursor and VS Code each twice (OAuth, then with a key).
      expect(count).toBe(13);
      expect(await page.locator('.portal-body .command > .copy-button').count()).toBe(count);
      const copied: string[] = [];
      for (let i = 0; i < count; i++) {
        const block = blocks.nth(i);
        const text = await inPage<string>(page, `document.querySelectorAll('.portal-body pre:not(.try-body)')[${i}].textContent`);
        const button = block.locator('xpath=following-sibling::button');
        await button.click();
        // The button says so for 2 s, then "Copy" again: checked right after each click, as on a
        // busy machine the 13 clicks take longer than that.
        await button.filter({ hasText: 'Copied' }).waitFor();
        expect(await inPage<string>(page, 'navigator.clipboard.readText()')).toBe(text);
        copied.push(text);
      }
      expect(copied[0]).toBe(`curl ${origin}/api/v1/health`);
      expect(copied).toContain(`curl -H 'X-API-Key: <API_KEY>' ${origin}/api/v1/whoami`);
      expect(copied.filter((text) => /^claude mcp add --transport http [a-z0-9_-]+ /.test(text))).toStrictEqual([
        expect.stringMatching(new RegExp(` ${origin}/mcp$`)),
        expect.stringMatching(new RegExp(` ${origin}/mcp --header "X-API-Key: <API_KEY>"$`)),
      ]);
      expect(errors).toStrictEqual([]);
    } finally {
      await context.close();
    }
  });

  it('runs the search form against the real API', async () => {
    const { context, page } = await openPortal(viewport);
    try {
      await page.locator('#try-q').fill('route53');
      const shown = await submitTry(page, 'search');
      const direct = await fetch(`${origin}/api/search.json?q=route53&limit=5`);
      const hits = (await direct.json()) as { path: string }[];
      expect(hits.length).toBeGreaterThan(0);
      expect(shown.status).toBe('200 OK — GET /api/search.json?q=route53&limit=5');
      expect(shown.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(shown.headers['cache-control']).toBe('public, max-age=60');
      expect(JSON.parse(shown.body)).toStrictEqual(hits);
      expect(shown.body).toBe(JSON.stringify(hits, null, 2));
      await page.locator('#try-search-output').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(ARTIFACTS_DIR, `portal-try-search-${viewportName}.png`) });
    } finally {
      await context.close();
    }
  });

  it('runs whoami: a 401 error object without a credential, the principal with a key or a token', async () => {
    const { context, page } = await openPortal(viewport);
    const sent: { url: string; headers: Record<string, string> }[] = [];
    page.on('request', (request) => sent.push({ url: request.url(), headers: request.headers() }));
    try {
      const none = await submitTry(page, 'whoami');
      expect(none.status).toBe('401 Unauthorized — GET /api/v1/whoami');
      expect(JSON.parse(none.body)).toStrictEqual({
        error: true,
        code: 'credential_required',
        message: ERROR_TABLE.credential_required.message,
        resolution: ERROR_TABLE.credential_required.resolution,
        status: 401,
        docs: `${origin}/developers#error-credential_required`,
      });
      expect(none.headers['www-authenticate']).toBe(
        `Bearer realm="sitegate", resource_metadata="${origin}/.well-known/oauth-protected-resource"`,
      );

      await page.locator('#try-credential').fill(apiKey);
      const withKey = await submitTry(page, 'whoami');
      expect(withKey.status).toBe('200 OK — GET /api/v1/whoami');
      expect(withKey.body).toBe(JSON.stringify({ authenticated: true, scheme: 'apiKey', scopes: ['search:read'] }, null, 2));
      await page.locator('#try-whoami-output').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(ARTIFACTS_DIR, `portal-try-whoami-${viewportName}.png`) });

      await page.locator('#try-scheme').selectOption('bearer');
      await page.locator('#try-credential').fill(accessToken);
      const withToken = await submitTry(page, 'whoami');
      expect(withToken.status).toBe('200 OK — GET /api/v1/whoami');
      expect(JSON.parse(withToken.body)).toStrictEqual({ authenticated: true, scheme: 'bearer', scopes: ['search:read'] });

      // The credential travelled in its header only: never in a URL, never shown on the page.
      const whoamiCalls = sent.filter((request) => request.url.includes('/api/v1/whoami'));
      expect(whoamiCalls.map((request) => [request.url, request.headers['x-api-key'], request.headers.authorization])).toStrictEqual([
        [`${origin}/api/v1/whoami`, undefined, undefined],
        [`${origin}/api/v1/whoami`, apiKey, undefined],
        [`${origin}/api/v1/whoami`, undefined, `Bearer ${accessToken}`],
      ]);
      expect(sent.filter((request) => request.url.includes(apiKey) || request.url.includes(accessToken))).toStrictEqual([]);
      expect(await page.locator('#try-whoami-output').innerText()).not.toContain(accessToken);
      expect(await page.locator('#try-credential').getAttribute('name')).toBe(null);
    } finally {
      await context.close();
    }
  });
});

describe('the portal at 320 px and without JavaScript', () => {
  it('does not scroll sideways at 320 px', async () => {
    const { context, page } = await openPortal({ width: 320, height: 640 });
    try {
      await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'portal-320.png'), fullPage: true });
      const { scroll, inner } = await widths(page);
      expect(scroll, `scrollWidth ${scroll} > innerWidth ${inner}`).toBeLessThanOrEqual(inner);
    } finally {
      await context.close();
    }
  });

  it('keeps search a plain GET form and says whoami needs JavaScript or curl', async () => {
    const { context, page } = await openPortal(VIEWPORTS.phone, { javaScript: false });
    try {
      expect(await page.locator('form[data-try="whoami"]').isVisible()).toBe(false);
      expect(await page.locator('#try-whoami').locator('xpath=following-sibling::noscript[1]/p').innerText()).toBe(
        'Trying whoami needs JavaScript (a credential goes in a request header). Without it, use the curl commands under Authentication.',
      );
      await page.locator('#try-q').fill('route53');
      const url = `${origin}/api/search.json?q=route53&limit=5`;
      const [response] = await Promise.all([
        page.waitForResponse((answer) => answer.url() === url),
        page.locator('form[data-try="search"] button').click(),
      ]);
      expect(response.status()).toBe(200);
      await page.waitForURL(url);
    } finally {
      await context.close();
    }
  });
});
