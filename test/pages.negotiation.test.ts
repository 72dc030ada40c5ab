/**
 * Pages over HTTP against the bundled example site (DESIGN.md "Pages and paths"): HTML or markdown
 * from one URL by RFC 9110 negotiation, the `.md` suffix, canonical redirects, real 404s, the
 * internal zone, conditional requests, content codings and HEAD. Exact status, headers and bodies.
 * The markdown is portable (src/content/portable-markdown.ts): the source with absolute links and a
 * pointer to llms.txt, written out by hand in ./example-markdown.ts.
 */
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { etagOf } from '../src/body.js';
import { buildTestApp, EXAMPLE_SITE, removeDir, writeContent, type TestApp } from './helpers.js';
import { CREDENTIAL_REQUIRED_CHALLENGE } from './auth-fixtures.js';
import { configurationMarkdown, guidesMarkdown, homeMarkdown } from './example-markdown.js';
import { errorBody, headersOf, HTML_SECURITY, HTML_TYPE, JSON_TYPE, lengthOf, MARKDOWN_TYPE, PUBLIC_CORS, without } from './http-expect.js';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp(EXAMPLE_SITE);
});
afterEach(async () => {
  await t.app.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The `Link` values every page adds to point agents at the site's indexes. */
const AGENT_LINKS =
  '<http://sitegate.test/llms.txt>; rel="llms-txt"; type="text/plain", <http://sitegate.test/.well-known/api-catalog>; rel="api-catalog"; type="application/linkset+json", <http://sitegate.test/mcp>; rel="service"; title="MCP server"';

/** Headers every markdown page response carries besides its Link, ETag and length. */
const MARKDOWN_AGENT_HEADERS = {
  'content-signal': 'search=yes, ai-input=yes, ai-train=no',
  'x-robots-tag': 'noindex',
};

const CONFIGURATION_HEAD = `<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Configuration · Acme Widgets</title>
<meta name="description" content="Every option a widget accepts, with its default and meaning.">
<link rel="canonical" href="http://sitegate.test/guides/configuration">
<link rel="alternate" type="text/markdown" href="http://sitegate.test/guides/configuration.md" title="Markdown">
<script>(function(){var d=document.documentElement;d.classList.add('js');try{var t=localStorage.getItem('sitegate-theme');if(t==='light'||t==='dark'||t==='auto')d.setAttribute('data-theme',t)}catch(e){}})();</script>
<link rel="alternate" type="application/atom+xml" href="http://sitegate.test/feed.xml" title="Acme Widgets">
<link rel="icon" href="/_sitegate/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/_sitegate/site.css">
<script src="/_sitegate/site.js" defer></script>
</head>`;

const CONFIGURATION_ARTICLE = `<article class="content">
<h1>Configuration</h1>
<h2 id="options">Options</h2>
<table tabindex="0">
<thead>
<tr>
<th scope="col">Option</th>
<th scope="col">Default</th>
<th scope="col">Meaning</th>
</tr>
</thead>
<tbody>
<tr>
<td><code>name</code></td>
<td>none</td>
<td>Name shown in logs</td>
</tr>
<tr>
<td><code>timeoutMs</code></td>
<td><code>5000</code></td>
<td>How long a widget waits for a reply, in milliseconds</td>
</tr>
<tr>
<td><code>retries</code></td>
<td><code>3</code></td>
<td>How often a failed call is retried</td>
</tr>
</tbody>
</table>
<div class="markdown-alert markdown-alert-warning"><p class="markdown-alert-title">Warning</p>
<p>Setting <code>retries</code> above 10 makes outages last longer, not shorter.</p>
</div>
<p>See <a href="/guides/getting-started">getting started</a> for a complete example.</p>
</article>`;

/** The start of the layout: main first, opening with the breadcrumb and the page itself (only the header precedes it). */
const CONFIGURATION_MAIN_START = `<div class="layout">
<main id="main">
<nav class="breadcrumb" aria-label="Breadcrumb"><ol><li><a href="/">Acme Widgets</a></li><li><a href="/guides/">Guides</a></li></ol></nav>
<article class="content">`;

/** The end of main: after the article, the page actions and the page footer (last update, previous and next page). */
const CONFIGURATION_MAIN_END = `</article>
<div class="page-actions" role="group" aria-label="Page actions">
<button type="button" class="copy-page needs-js" data-markdown="/guides/configuration.md">Copy page</button>
<a href="/guides/configuration.md" type="text/markdown">View as Markdown</a>
<a href="https://chatgpt.com/?hints=search&amp;q=Read%20http%3A%2F%2Fsitegate.test%2Fguides%2Fconfiguration%20so%20I%20can%20ask%20questions%20about%20it." rel="noopener" target="_blank">Open in ChatGPT</a>
<a href="https://claude.ai/new?q=Read%20http%3A%2F%2Fsitegate.test%2Fguides%2Fconfiguration%20so%20I%20can%20ask%20questions%20about%20it." rel="noopener" target="_blank">Open in Claude</a>
</div>
<footer class="page-footer">
<p class="page-meta"><span class="last-updated">Last updated <time datetime="`;

/** The end of the document: the sidebar after main, the nav tree with this page's section open and the page marked. */
const CONFIGURATION_SIDEBAR = `</main>
<nav class="sidebar" id="site-nav" aria-label="Site">
<h2 class="sidebar-title">Navigation</h2>
<ul>
<li><a href="/">Acme Widgets</a></li>
<li><details open><summary>Guides</summary>
<ul>
<li><a href="/guides/">Guides</a></li>
<li><a href="/guides/getting-started">Getting started</a></li>
<li><a href="/guides/configuration" aria-current="page">Configuration</a></li>
<li><a href="/guides/troubleshooting">Troubleshooting</a></li>
</ul></details></li>
<li><details><summary>Legal</summary>
<ul>
<li><a href="/legal/terms">Terms of use</a></li>
</ul></details></li>
<li><details><summary>Posts</summary>
<ul>
<li><a href="/posts/2026-11-01-launch">Acme Widgets 1.0 is out</a></li>
</ul></details></li>
</ul>
</nav>
</div>
<footer class="site-footer">
<p class="footer-links"><a href="/guides/configuration.md" type="text/markdown">This page as Markdown</a> <a href="/llms.txt">llms.txt</a> <a href="/developers">Developers</a> <a href="/openapi.json">OpenAPI</a> <a href="/sitemap.xml">Sitemap</a></p>
</footer>
</body>
</html>
`;

/** The exact headers of the HTML of /guides/configuration, uncompressed. */
function configurationHtmlHeaders(body: Buffer): Record<string, string> {
  return {
    ...HTML_SECURITY,
    ...PUBLIC_CORS,
    vary: 'Accept, Accept-Encoding',
    link: `<http://sitegate.test/guides/configuration.md>; rel="alternate"; type="text/markdown", ${AGENT_LINKS}`,
    etag: etagOf(body),
    'cache-control': 'public, max-age=300',
    'content-type': HTML_TYPE,
    'content-length': String(body.length),
  };
}

/** The exact headers of the markdown of /guides/configuration. */
function configurationMarkdownHeaders(negotiated: boolean): Record<string, string> {
  const markdown = Buffer.from(configurationMarkdown());
  return {
    'x-content-type-options': 'nosniff',
    ...PUBLIC_CORS,
    link: `<http://sitegate.test/guides/configuration>; rel="canonical", ${AGENT_LINKS}`,
    // gpt-tokenizer's count of the served markdown (the source alone is 133).
    'x-markdown-tokens': '161',
    ...MARKDOWN_AGENT_HEADERS,
    ...(negotiated ? { vary: 'Accept' } : {}),
    etag: etagOf(markdown),
    'cache-control': 'public, max-age=300',
    'content-type': MARKDOWN_TYPE,
    'content-length': String(markdown.length),
  };
}

const NOT_ACCEPTABLE = errorBody('not_acceptable', 'This page is available as text/html or text/markdown.');
const NOT_FOUND = errorBody('not_found', 'No page at this address.');
const JSON_ERROR_HEADERS = {
  vary: 'Accept',
  ...PUBLIC_CORS,
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-type': JSON_TYPE,
};

describe('HTML', () => {
  it('is the default: head with canonical, markdown alternate and description; the rendered body', async () => {
    const res = await get('/guides/configuration');
    expect(res.statusCode).toBe(200);
    expect(headersOf(res)).toStrictEqual(configurationHtmlHeaders(res.rawPayload));
    expect(res.body.startsWith('<!DOCTYPE html>\n<html lang="en" data-theme="auto">\n')).toBe(true);
    expect(res.body).toContain(CONFIGURATION_HEAD);
    expect(res.body.slice(res.body.indexOf('<article'), res.body.indexOf('</article>') + '</article>'.length)).toBe(CONFIGURATION_ARTICLE);
  });

  it('puts main before the sidebar: breadcrumb, article, page actions, page footer; no agent hint', async () => {
    const res = await get('/guides/configuration');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(CONFIGURATION_MAIN_START);
    expect(res.body).toContain(CONFIGURATION_MAIN_END);
    expect(res.body.slice(res.body.indexOf('</main>'))).toBe(CONFIGURATION_SIDEBAR);
    expect(res.body.split('<main').length).toBe(2);
  });

  it.each([['*/*'], ['text/*'], ['text/html'], ['text/markdown;q=0, text/html'], ['text/markdown;q=0, */*'], ['']])(
    'answers Accept %j with HTML',
    async (accept) => {
      const res = await get('/guides/configuration', { accept });
      expect(res.statusCode).toBe(200);
      expect(headersOf(res)).toStrictEqual(configurationHtmlHeaders(res.rawPayload));
      expect(res.body).toContain(CONFIGURATION_HEAD);
    },
  );

  it('answers a browser with HTML', async () => {
    const res = await get('/guides/configuration', { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' });
    expect(res.headers['content-type']).toBe(HTML_TYPE);
  });

  it('serves a folder page at the folder URL, with its markdown alternate at index.md', async () => {
    const res = await get('/guides/');
    expect(res.statusCode).toBe(200);
    expect(res.headers.link).toBe(`<http://sitegate.test/guides/index.md>; rel="alternate"; type="text/markdown", ${AGENT_LINKS}`);
    expect(res.body).toContain('<link rel="canonical" href="http://sitegate.test/guides/">');
    expect(res.body).toContain('<link rel="alternate" type="text/markdown" href="http://sitegate.test/guides/index.md" title="Markdown">');
    expect(res.body).toContain(
      '<meta name="description" content="Step-by-step guides for installing, configuring and running Acme Widgets.">',
    );
  });

  it('has one inline script, allowed by its hash, and no inline style, so the CSP needs no unsafe-inline', async () => {
    const res = await get('/guides/configuration');
    expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
    const inline = [...res.body.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64');
    expect(res.headers['content-security-policy']).toContain(`script-src http://sitegate.test/_sitegate/ 'sha256-${hash}';`);
    expect(res.body).not.toMatch(/<style[\s>]/);
    expect(res.body).not.toMatch(/\sstyle="/);
    expect(res.body).not.toMatch(/\son[a-z]+="/);
  });
});

describe('markdown', () => {
  it('answers Accept: text/markdown with the portable markdown: absolute links and the llms.txt pointer', async () => {
    const res = await get('/guides/configuration', { accept: 'text/markdown' });
    expect(res.statusCode).toBe(200);
    expect(headersOf(res)).toStrictEqual(configurationMarkdownHeaders(true));
    expect(res.body).toBe(configurationMarkdown());
  });

  it.each([['text/html;q=0.5, text/markdown'], ['text/markdown, text/html'], ['TEXT/MARKDOWN'], ['text/markdown;q=0.9, */*;q=0.8']])(
    'answers Accept %j with markdown',
    async (accept) => {
      const res = await get('/guides/configuration', { accept });
      expect(res.statusCode).toBe(200);
      expect(headersOf(res)).toStrictEqual(configurationMarkdownHeaders(true));
    },
  );

  it('serves the .md suffix as markdown only, without Vary', async () => {
    const res = await get('/guides/configuration.md');
    expect(res.statusCode).toBe(200);
    expect(headersOf(res)).toStrictEqual(configurationMarkdownHeaders(false));
    expect(res.body).toBe(configurationMarkdown());
  });

  it('serves the .md suffix to a browser, whose */* accepts markdown', async () => {
    const res = await get('/guides/configuration.md', { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(MARKDOWN_TYPE);
  });

  it('redirects /guides/README.md to the canonical /guides/index.md with 308', async () => {
    const res = await get('/guides/README.md?x=1');
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('/guides/index.md?x=1');
  });

  it.each([['/guides/index.md']])('serves the folder page at %s', async (url) => {
    const res = await get(url);
    const markdown = Buffer.from(guidesMarkdown());
    expect(res.statusCode).toBe(200);
    expect(headersOf(res)).toStrictEqual({
      'x-content-type-options': 'nosniff',
      ...PUBLIC_CORS,
      link: `<http://sitegate.test/guides/>; rel="canonical", ${AGENT_LINKS}`,
      'x-markdown-tokens': '121',
      ...MARKDOWN_AGENT_HEADERS,
      etag: etagOf(markdown),
      'cache-control': 'public, max-age=300',
      'content-type': MARKDOWN_TYPE,
      'content-length': String(markdown.length),
    });
    expect(res.body).toBe(markdown.toString('utf8'));
  });

  it('serves the home page at /index.md', async () => {
    const res = await get('/index.md');
    expect(res.statusCode).toBe(200);
    expect(res.headers.link).toBe(`<http://sitegate.test/>; rel="canonical", ${AGENT_LINKS}`);
    expect(res.body).toBe(homeMarkdown());
  });

  it('gives HTML and markdown different ETags, so caches keep them apart', async () => {
    const html = await get('/guides/configuration');
    const markdown = await get('/guides/configuration', { accept: 'text/markdown' });
    expect(html.headers.etag).not.toBe(markdown.headers.etag);
  });
});

describe('406 Not Acceptable', () => {
  it.each([['text/markdown;q=0'], ['application/json'], ['image/png'], ['text/html;q=0, text/markdown;q=0, application/json']])(
    'answers Accept %j on a page with the error object',
    async (accept) => {
      const res = await get('/guides/configuration', { accept });
      expect(res.statusCode).toBe(406);
      expect(headersOf(res)).toStrictEqual({ ...JSON_ERROR_HEADERS, 'content-length': lengthOf(res) });
      expect(res.json()).toStrictEqual(NOT_ACCEPTABLE);
    },
  );

  it('answers a markdown-only URL asked for HTML only, as an HTML error page', async () => {
    const res = await get('/guides/configuration.md', { accept: 'text/html' });
    expect(res.statusCode).toBe(406);
    expect(headersOf(res)).toStrictEqual({
      vary: 'Accept',
      ...HTML_SECURITY,
      ...PUBLIC_CORS,
      'cache-control': 'no-store',
      'content-type': HTML_TYPE,
      'content-length': lengthOf(res),
    });
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(res.body).toContain('<h1>This page is available as text/markdown.</h1>');
    expect(res.body).toContain('<p class="status">HTTP 406</p>');
  });

  it('answers a markdown-only URL asked for JSON with the error object', async () => {
    const res = await get('/guides/configuration.md', { accept: 'application/json' });
    expect(res.statusCode).toBe(406);
    expect(res.json()).toStrictEqual(errorBody('not_acceptable', 'This page is available as text/markdown.'));
  });
});

describe('redirects to the canonical URL', () => {
  it.each([
    ['/guides', '/guides/'],
    ['/guides?tab=1&x=%20', '/guides/?tab=1&x=%20'],
    ['/guides/configuration/', '/guides/configuration'],
    ['/guides/configuration/?a=1&b=2', '/guides/configuration?a=1&b=2'],
    ['/posts', '/posts/'],
  ])('%s → 308 %s', async (url, location) => {
    const res = await get(url);
    expect(res.statusCode).toBe(308);
    expect(headersOf(res)).toStrictEqual({ ...PUBLIC_CORS, location, 'content-length': '0' });
    expect(res.body).toBe('');
  });

  it('redirects whatever the Accept header', async () => {
    const res = await get('/guides', { accept: 'text/markdown' });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('/guides/');
  });

  it.each([
    ['/guides/%63onfiguration', '/guides/configuration'],
    ['/guides/configur%61tion.md?a=1', '/guides/configuration.md?a=1'],
    ['/guides/README.md', '/guides/index.md'],
    ['/guides/%52EADME.md', '/guides/index.md'],
    ['/README.md?x=%20', '/index.md?x=%20'],
  ])('%s, another spelling of a page, → 308 %s', async (url, location) => {
    const res = await get(url, { accept: 'text/markdown' });
    expect(res.statusCode).toBe(308);
    expect(headersOf(res)).toStrictEqual({ ...PUBLIC_CORS, location, 'content-length': '0' });
    expect(res.body).toBe('');
  });
});

describe('one canonical URL for names that need percent-encoding', () => {
  // Only RFC 3986 unreserved characters stay literal in a page URL: `+` is %2B, `~` stays `~`.
  let dir: string;
  let odd: TestApp;
  // Shared: both tests only GET pages.
  beforeAll(async () => {
    dir = writeContent({ 'common/c++.md': '# c++\n\nThe C++ compiler.\n', 'common/~.md': '# ~\n\nThe home folder.\n' });
    odd = await buildTestApp(dir);
  });
  afterAll(async () => {
    await odd.app.close();
    removeDir(dir);
  });

  it.each([
    ['/common/c++', '/common/c%2B%2B'],
    ['/common/c%2b%2b', '/common/c%2B%2B'],
    ['/common/c+%2B?q=a+b&r=%7E', '/common/c%2B%2B?q=a+b&r=%7E'],
    ['/common/c++.md', '/common/c%2B%2B.md'],
    ['/common/%7E', '/common/~'],
    ['/common/%7e.md?x=1', '/common/~.md?x=1'],
  ])('%s → 308 %s, keeping the query string', async (url, location) => {
    const res = await odd.app.inject({ url });
    expect(res.statusCode).toBe(308);
    expect(headersOf(res)).toStrictEqual({ ...PUBLIC_CORS, location, 'content-length': '0' });
    expect(res.body).toBe('');
  });

  it.each([
    ['/common/c%2B%2B', HTML_TYPE],
    ['/common/c%2B%2B.md', MARKDOWN_TYPE],
    ['/common/~', HTML_TYPE],
    ['/common/~.md', MARKDOWN_TYPE],
  ])('%s, the canonical URL, answers 200 %s', async (url, type) => {
    const res = await odd.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
  });
});

describe('404 in the negotiated form, never 200', () => {
  it('sends the HTML 404 page by default', async () => {
    const res = await get('/nope');
    expect(res.statusCode).toBe(404);
    expect(headersOf(res)).toStrictEqual({
      vary: 'Accept',
      ...HTML_SECURITY,
      ...PUBLIC_CORS,
      'cache-control': 'no-store',
      'content-type': HTML_TYPE,
      'content-length': lengthOf(res),
    });
    expect(res.body).toContain('<title>Page not found · Acme Widgets</title>');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(res.body).toContain(
      '<h1>Page not found</h1>\n<p>There is no page at this address. It may have moved or been renamed: search for it with the box above, or start from the home page or the sections of this site.</p>\n<p class="status">HTTP 404</p>',
    );
    expect(res.body).not.toContain('rel="canonical"');
  });

  it('sends markdown to Accept: text/markdown', async () => {
    const res = await get('/nope', { accept: 'text/markdown' });
    expect(res.statusCode).toBe(404);
    expect(headersOf(res)).toStrictEqual({
      vary: 'Accept',
      ...PUBLIC_CORS,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-type': MARKDOWN_TYPE,
      'content-length': lengthOf(res),
    });
    expect(res.body).toBe(
      '# No page at this address.\n\nHTTP 404 `not_found`. Every public page is listed at http://sitegate.test/llms.txt.\n',
    );
  });

  it.each([['application/json'], ['image/png']])('sends the error object to Accept %j', async (accept) => {
    const res = await get('/nope', { accept });
    expect(res.statusCode).toBe(404);
    expect(headersOf(res)).toStrictEqual({ ...JSON_ERROR_HEADERS, 'content-length': lengthOf(res) });
    expect(res.json()).toStrictEqual(NOT_FOUND);
  });

  it.each([
    ['/nope.md'],
    ['/guides/nope/'],
    ['/guides/configuration.md/'],
    ['/GUIDES/configuration'],
    ['/guides/readme.md'],
    ['/%2e%2e/etc/passwd'],
    ['/guides/..%2Fconfiguration'],
    ['/guides/draft-roadmap'],
    ['/guides/draft-roadmap.md'],
    ['/sitemap-1.xml'],
  ])('%s is 404', async (url) => {
    const res = await get(url, { accept: 'application/json' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toStrictEqual(NOT_FOUND);
  });

  it('never serves a draft, in any form', async () => {
    for (const accept of ['text/html', 'text/markdown']) {
      const res = await get('/guides/draft-roadmap', { accept });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Drafts are never served.');
    }
  });
});

describe('internal zone without a credential', () => {
  const CREDENTIAL_REQUIRED = errorBody('credential_required', 'This resource needs a credential and none was sent.');

  it.each([['/internal/runbook'], ['/internal/nope'], ['/internal/runbook.md'], ['/internal/'], ['/internal'], ['/Internal/runbook']])(
    '%s is 401 credential_required',
    async (url) => {
      const res = await get(url, { accept: 'application/json' });
      expect(res.statusCode).toBe(401);
      expect(headersOf(res)).toStrictEqual({
        vary: 'Accept',
        ...PUBLIC_CORS,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'content-type': JSON_TYPE,
        'www-authenticate': CREDENTIAL_REQUIRED_CHALLENGE,
        'content-length': lengthOf(res),
      });
      expect(res.json()).toStrictEqual(CREDENTIAL_REQUIRED);
    },
  );

  it.each([['application/json'], ['text/markdown'], ['text/html']])(
    'answers an existing and a missing internal page alike (Accept %j): no existence oracle',
    async (accept) => {
      const existing = await get('/internal/runbook', { accept });
      const missing = await get('/internal/nope', { accept });
      expect(existing.statusCode).toBe(401);
      expect(missing.statusCode).toBe(401);
      // No form names the requested path, so the two answers are the same bytes.
      expect(headersOf(missing)).toStrictEqual(headersOf(existing));
      expect(missing.body).toBe(existing.body);
      expect(existing.body).not.toContain('On-call runbook');
      expect(existing.body).not.toContain('Page the on-call engineer');
    },
  );
});

describe('conditional requests', () => {
  it.each([
    ['the ETag', (etag: string) => etag],
    ['the weak ETag', (etag: string) => `W/${etag}`],
    ['a list holding the ETag', (etag: string) => `"stale", ${etag}`],
    ['*', () => '*'],
  ])('answer If-None-Match with %s by 304 and no body', async (_what, header) => {
    const first = await get('/guides/configuration');
    const etag = first.headers.etag as string;
    const res = await get('/guides/configuration', { 'if-none-match': header(etag) });
    expect(res.statusCode).toBe(304);
    expect(headersOf(res)).toStrictEqual(without(configurationHtmlHeaders(first.rawPayload), 'content-type', 'content-length'));
    expect(res.body).toBe('');
  });

  it('validate the markdown representation with its own ETag only', async () => {
    const html = await get('/guides/configuration');
    const markdown = await get('/guides/configuration', { accept: 'text/markdown' });
    const hit = await get('/guides/configuration', { accept: 'text/markdown', 'if-none-match': markdown.headers.etag as string });
    expect(hit.statusCode).toBe(304);
    const miss = await get('/guides/configuration', { accept: 'text/markdown', 'if-none-match': html.headers.etag as string });
    expect(miss.statusCode).toBe(200);
    expect(miss.body).toBe(configurationMarkdown());
  });

  it('send the body when the ETag is stale', async () => {
    const res = await get('/guides/configuration', { 'if-none-match': '"stale"' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(CONFIGURATION_HEAD);
  });

  it('accept the ETag of a compressed variant', async () => {
    const gzip = await get('/guides/configuration', { 'accept-encoding': 'gzip' });
    const res = await get('/guides/configuration', { 'accept-encoding': 'br', 'if-none-match': gzip.headers.etag as string });
    expect(res.statusCode).toBe(304);
    expect(res.headers.etag).toBe(`${etagOf((await get('/guides/configuration')).rawPayload).slice(0, -1)}-br"`);
  });
});

describe('content codings', () => {
  it.each([
    ['gzip', 'gzip', gunzipSync],
    ['br', 'br', brotliDecompressSync],
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['br;q=0, gzip', 'gzip', gunzipSync],
  ] as const)('Accept-Encoding %j gets %s, which decompresses to the same bytes', async (acceptEncoding, coding, decompress) => {
    const plain = await get('/guides/configuration');
    const res = await get('/guides/configuration', { 'accept-encoding': acceptEncoding });
    expect(res.statusCode).toBe(200);
    expect(headersOf(res)).toStrictEqual({
      ...configurationHtmlHeaders(plain.rawPayload),
      etag: `${etagOf(plain.rawPayload).slice(0, -1)}-${coding}"`,
      'content-encoding': coding,
      'content-length': lengthOf(res),
    });
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(decompress(res.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it.each([['br;q=0, gzip;q=0'], ['identity'], ['deflate']])('Accept-Encoding %j gets identity', async (acceptEncoding) => {
    const res = await get('/guides/configuration', { 'accept-encoding': acceptEncoding });
    expect(headersOf(res)).toStrictEqual(configurationHtmlHeaders(res.rawPayload));
    expect(res.body).toContain(CONFIGURATION_HEAD);
  });

  it('leaves a markdown body under 1 KiB uncompressed, without Vary: Accept-Encoding', async () => {
    const res = await get('/guides/configuration', { accept: 'text/markdown', 'accept-encoding': 'gzip, br' });
    expect(headersOf(res)).toStrictEqual(configurationMarkdownHeaders(true));
  });
});

describe('HEAD', () => {
  it.each([
    ['/guides/configuration', {}],
    ['/guides/configuration', { accept: 'text/markdown' }],
    ['/guides/configuration', { 'accept-encoding': 'br' }],
    ['/guides/configuration.md', {}],
    ['/guides', {}],
    ['/nope', {}],
    ['/nope', { accept: 'application/json' }],
    ['/internal/runbook', {}],
    ['/guides/configuration', { accept: 'application/json' }],
  ])('%s %j: the headers of GET, no body', async (url, headers: Record<string, string>) => {
    const getRes = await get(url, headers);
    const headRes = await t.app.inject({ method: 'HEAD', url, headers });
    expect(headRes.statusCode).toBe(getRes.statusCode);
    expect(headersOf(headRes)).toStrictEqual(headersOf(getRes));
    expect(headRes.body).toBe('');
  });
});
