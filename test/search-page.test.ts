/**
 * The `/search?q=` results page (answers/search-page.ts) and the search hits' `section` and
 * `excerpt` fields of `/api/search.json` (snapshot/search-hits.ts), on the example site: exact
 * bodies, states (no query, no result, paging), the same access rules as searchSite.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, EXAMPLE_SITE, issueKey, type TestApp } from './helpers.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.app.close();
  t = undefined;
});

async function app(): Promise<TestApp> {
  t = await buildTestApp(EXAMPLE_SITE);
  return t;
}

/** The `<article>` of an HTML page. */
function article(html: string): string {
  return html.slice(html.indexOf('<article'), html.indexOf('</article>') + '</article>'.length);
}

const GETTING_STARTED_HIT = {
  path: '/guides/getting-started',
  title: 'Getting started',
  description: 'Install Acme Widgets and run your first widget in five minutes.',
  section: 'Guides',
  excerpt: {
    text: "Install npm install acme-widgets Run your first widget import { Widget } from 'acme-widgets'; const widget = new Widget({ name: 'hello' }); await…",
    highlights: [
      [0, 7],
      [12, 19],
    ],
  },
};

describe('/api/search.json hits', () => {
  it('carry the section and the excerpt with the matched words, as additions to path, title and description', async () => {
    const { app: server } = await app();
    const res = await server.inject({ url: '/api/search.json?q=install&limit=2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toStrictEqual([
      GETTING_STARTED_HIT,
      { path: '/guides/', title: 'Guides', description: 'Step-by-step guides for installing, configuring and running Acme Widgets.' },
    ]);
  });

  it('leave the whole index without a query as it was: path, title and description only', async () => {
    const { app: server } = await app();
    const index = (await server.inject({ url: '/api/search.json' })).json<Record<string, unknown>[]>();
    expect(index.every((doc) => Object.keys(doc).join() === 'path,title,description')).toBe(true);
  });
});

describe('GET /search', () => {
  it('lists the hits with title, section and the excerpt marked, and the count', async () => {
    const { app: server } = await app();
    const res = await server.inject({ url: '/search?q=install' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers['content-security-policy']).toContain('script-src http://sitegate.test/_sitegate/ ');
    expect(res.body).toContain('<link rel="canonical" href="http://sitegate.test/search">');
    expect(res.body).not.toContain('name="robots"');
    expect(res.body).toContain('<title>Search: install · Acme Widgets</title>');
    expect(article(res.body)).toBe(`<article class="content search-page">
<h1>Search: install</h1>
<form class="search-page-form" action="/search" method="get">
<label for="search-page-input">Search the site</label>
<input id="search-page-input" name="q" type="search" value="install" maxlength="256">
<button type="submit">Search</button>
</form>
<p class="search-status" role="status">2 pages match <strong>install</strong>.</p>
<ol class="search-hits" start="1">
<li class="search-hit">
<h2><a href="/guides/getting-started">Getting started</a></h2>
<p class="search-hit-section">Guides</p>
<p class="search-hit-excerpt"><mark>Install</mark> npm <mark>install</mark> acme-widgets Run your first widget import { Widget } from &#39;acme-widgets&#39;; const widget = new Widget({ name: &#39;hello&#39; }); await…</p>
</li>
<li class="search-hit">
<h2><a href="/guides/">Guides</a></h2>
<p class="search-hit-excerpt">Step-by-step guides for installing, configuring and running Acme Widgets.</p>
</li>
</ol>
</article>`);
  });

  it('pages through the results with previous and next links that keep the query and language', async () => {
    const { app: server } = await app();
    const first = await server.inject({ url: '/search?q=widgets&limit=1&lang=en' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatch(/<p class="search-status" role="status">\d+ pages match <strong>widgets<\/strong> \(1–1 shown\)\.<\/p>/);
    expect(first.body).toContain(
      '<nav class="search-paging" aria-label="Result pages"><a rel="next" href="/search?q=widgets&amp;offset=1&amp;lang=en">More results</a></nav>',
    );
    const second = await server.inject({ url: '/search?q=widgets&limit=1&offset=1&lang=en' });
    expect(second.body).toContain('<a rel="prev" href="/search?q=widgets&amp;lang=en">Previous results</a>');
    expect(second.body).toContain('<ol class="search-hits" start="2">');
  });

  it('shows the empty form without a query, and says so when nothing matches', async () => {
    const { app: server } = await app();
    const none = await server.inject({ url: '/search' });
    expect(none.statusCode).toBe(200);
    expect(article(none.body)).toContain('<h1>Search</h1>');
    expect(article(none.body)).toContain('<p class="search-status">Type words to search for in the box above.</p>');
    const empty = await server.inject({ url: '/search?q=zzzqqq%3Cb%3E' });
    expect(empty.statusCode).toBe(200);
    expect(article(empty.body)).toContain(
      '<p class="search-status" role="status">No pages match <strong>zzzqqq&lt;b&gt;</strong>. Try fewer or other words.</p>',
    );
  });

  it('refuses bad parameters with a 400 page, as searchSite refuses them with the error object', async () => {
    const { app: server } = await app();
    const page = await server.inject({ url: '/search?q=x&limit=0', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const api = await server.inject({ url: '/api/search.json?q=x&limit=0' });
    expect(api.statusCode).toBe(400);
    expect(api.json<{ code: string; message: string }>().message).toBe('Invalid parameter: limit must be >= 1.');
    expect(page.body).toContain('Invalid parameter: limit must be &gt;= 1.');
  });

  it('shows internal pages only to a credential with internal:read, not for shared caches, and refuses one without search:read', async () => {
    const { app: server, context } = await app();
    const anonymous = await server.inject({ url: '/search?q=runbook' });
    expect(anonymous.body).not.toContain('/internal/runbook');
    expect(article(anonymous.body)).toContain('No pages match');
    const insider = await issueKey(context, ['search:read', 'internal:read']);
    const inside = await server.inject({ url: '/search?q=runbook', headers: { 'x-api-key': insider.apiKey } });
    expect(inside.statusCode).toBe(200);
    expect(inside.headers['cache-control']).toBe('private, no-store');
    expect(inside.body).toContain('<h2><a href="/internal/runbook">On-call runbook</a></h2>');
    const reader = await issueKey(context, ['content:read']);
    const refused = await server.inject({ url: '/search?q=runbook', headers: { 'x-api-key': reader.apiKey, accept: 'text/html' } });
    expect(refused.statusCode).toBe(403);
    const api = await server.inject({ url: '/api/search.json?q=runbook', headers: { 'x-api-key': reader.apiKey } });
    expect(api.statusCode).toBe(403);
  });

  it('is where the header search form submits, with or without script', async () => {
    const { app: server } = await app();
    const home = await server.inject({ url: '/' });
    expect(home.body).toContain('<form class="search" role="search" action="/search" method="get">');
  });
});
