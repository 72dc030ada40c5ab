/**
 * Issue 28, item 4 through the listener: no script from content. Pages carrying every script
 * vector answer without any of them (raw HTML in `.md`, JSX in `.mdx`: content/sanitize.ts); every
 * HTML answer carries the CSP whose scripts come only from sitegate's `/_sitegate/` folder under
 * the public base URL (base path included) and the theme-init hash; GitBook's upload folder serves
 * images and documents but never a script, page, stylesheet, XML, WebAssembly or extensionless
 * file; every static file carries the sandboxing CSP and nosniff; `check` lists what it does not
 * serve, by extension and path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContent, summaryLines } from '../src/cli/check.js';
import { THEME_INIT_CSP_SOURCE } from '../src/layout/client/theme-init.js';
import { buildTestApp, removeDir, type TestApp } from './helpers.js';
import { headersOf, PUBLIC_CORS } from './http-expect.js';
import { writeScriptSite } from './script-fixtures.js';

/** A base URL with a path, as behind a proxy that serves the site under /docs. */
const BASE_URL = 'https://docs.example.com/docs';
const CSP = `default-src 'none'; script-src https://docs.example.com/docs/_sitegate/ ${THEME_INIT_CSP_SOURCE}; style-src 'self'; img-src 'self' https: data:; object-src 'none'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;
const ASSET_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = writeScriptSite();
  t = await buildTestApp(dir, BASE_URL);
});

afterAll(async () => {
  await t.app.close();
  removeDir(dir);
});

/** The page body between `<article …>` and `</article>`. */
function article(html: string): string {
  const start = html.indexOf('<article');
  return html.slice(html.indexOf('>', start) + 1, html.indexOf('</article>'));
}

describe('HTML answers: the CSP allows scripts only from /_sitegate/ under the base URL', () => {
  it.each([
    ['a page', '/vectors', 200],
    ['the portal', '/developers', 200],
    ['the search page', '/search?q=vectors', 200],
    ['an HTML 404', '/no/such/page', 404],
  ])('%s (%s)', async (_name, url, status) => {
    const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-security-policy']).toBe(CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The site script is loaded from the folder the CSP names.
    expect(res.body).toContain('<script src="/docs/_sitegate/site.js" defer></script>');
  });

  it('gives a site at the root of its host the same policy with that origin', async () => {
    const root = await buildTestApp(dir, 'http://127.0.0.1:8080');
    try {
      const res = await root.app.inject({ url: '/' });
      expect(res.headers['content-security-policy']).toBe(
        CSP.replace('https://docs.example.com/docs/_sitegate/', 'http://127.0.0.1:8080/_sitegate/'),
      );
    } finally {
      await root.app.close();
    }
  });
});

describe('pages carry none of the script vectors', () => {
  it('a markdown page keeps its text, image and link text, and drops every script, handler, meta, base, object, iframe and SVG', async () => {
    const res = await t.app.inject({ url: '/vectors' });
    expect(res.statusCode).toBe(200);
    expect(article(res.body)).toBe(
      [
        '',
        '<h1 id="vectors">Vectors</h1>',
        '<p>Mid-line  script.</p>',
        '<p>An upload:  loaded.</p>',
        '<img src="x" alt="Broken on purpose">',
        '<p><a id="js-link">Click me</a></p>',
        '',
        '',
        '<p>Diagram</p>',
        '',
        '<p></p>',
        '<p></p>',
        '<img src="/docs/.gitbook/assets/evil.svg" alt="An SVG with script, as an image">',
        '<p>The end.</p>',
        '',
      ].join('\n'),
    );
  });

  it('an MDX page drops the JSX script elements, the javascript: link and the meta refresh', async () => {
    const res = await t.app.inject({ url: '/jsx' });
    expect(res.statusCode).toBe(200);
    // The MDX step writes the link as markdown, which markdown-it does not link (its validateLink refuses javascript:).
    expect(article(res.body)).toBe(
      [
        '',
        '<h1 id="jsx-vectors">JSX vectors</h1>',
        '',
        '<p>Inline  text.</p>',
        "<p>[JSX link](javascript:alert('pwned-mdx-link'))</p>",
        '<p></p>',
        '<p>The end.</p>',
        '',
      ].join('\n'),
    );
  });
});

describe("GitBook's upload folder serves images and documents only", () => {
  it.each([
    ['/.gitbook/assets/x.js'],
    ['/.gitbook/assets/x.mjs'],
    ['/.gitbook/assets/page.html'],
    ['/.gitbook/assets/page.htm'],
    ['/.gitbook/assets/page.xhtml'],
    ['/.gitbook/assets/feed.xml'],
    ['/.gitbook/assets/style.css'],
    ['/.gitbook/assets/module.wasm'],
    ['/.gitbook/assets/README'],
  ])('%s answers 404', async (url) => {
    const res = await t.app.inject({ url, headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).not.toContain('pwned');
    expect(res.body).not.toContain('alert(1)');
  });

  it('an image answers 200 with exactly the static file headers: its type, the sandboxing CSP and nosniff', async () => {
    const res = await t.app.inject({ url: '/.gitbook/assets/a.png' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toStrictEqual(Buffer.from('\x89PNG\r\n\x1a\nfake', 'utf8'));
    expect(headersOf(res)).toStrictEqual({
      ...PUBLIC_CORS,
      'content-security-policy': ASSET_CSP,
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=300',
      etag: res.headers.etag,
      'last-modified': res.headers['last-modified'],
      'accept-ranges': 'bytes',
      'content-type': 'image/png',
      'content-length': String(res.rawPayload.length),
      // The base URL is https (http/headers.ts transportHeaders).
      'strict-transport-security': 'max-age=31536000',
    });
  });

  it('an SVG answers 200 sandboxed, so that opened directly it runs no script', async () => {
    const res = await t.app.inject({ url: '/.gitbook/assets/evil.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toBe(ASSET_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("an OpenAPI upload (GitBook's {% openapi src %}) answers 200 as YAML, sandboxed", async () => {
    const res = await t.app.inject({ url: '/.gitbook/assets/spec.yaml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/yaml; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(ASSET_CSP);
    expect(res.body).toBe('openapi: 3.1.0\n');
  });
});

describe('check', () => {
  it('lists the files not served for their type, by extension, one path a line', () => {
    const result = checkContent(dir, undefined, {}, []);
    expect(result.problems).toStrictEqual([{ severity: 'error', file: 'vectors.md', line: 9, message: 'broken relative link: x' }]);
    expect(summaryLines(result)).toStrictEqual([
      'not served (neither page nor static file): 1 without extension, 1 .css, 1 .htm, 1 .html, 1 .js, 1 .mjs, 1 .wasm, 1 .xhtml, 1 .xml',
      '  (no extension): .gitbook/assets/README',
      '  .css: .gitbook/assets/style.css',
      '  .htm: .gitbook/assets/page.htm',
      '  .html: .gitbook/assets/page.html',
      '  .js: .gitbook/assets/x.js',
      '  .mjs: .gitbook/assets/x.mjs',
      '  .wasm: .gitbook/assets/module.wasm',
      '  .xhtml: .gitbook/assets/page.xhtml',
      '  .xml: .gitbook/assets/feed.xml',
      '3 pages, 3 static files, 1 error, 0 warnings',
    ]);
  });
});
