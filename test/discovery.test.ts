/**
 * The discovery resources (SPEC.md §4, DESIGN.md "Discovery beyond SPEC.md") and public search
 * against the example site: exact bodies and headers, the llms.txt format (llmstxt.org), the
 * sitemap and sitemap index (sitemaps.org 0.9), and search ranking, prefix and typo tolerance, paging.
 */
import { cpSync, mkdtempSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { etagOf } from '../src/body.js';
import { sourceFile, type SourceFile } from '../src/content/load.js';
import { buildSite } from '../src/content/site.js';
import { buildSitemaps, isSitemapPartPath } from '../src/discovery/sitemap.js';
import { ERROR_CODES } from '../src/errors.js';
import { buildSnapshot } from '../src/snapshot/snapshot.js';
import { buildTestApp, EXAMPLE_SITE, removeDir, TEST_BASE_URL, writeContent, type TestApp } from './helpers.js';
import { headersOf, HTML_SECURITY, HTML_TYPE, JSON_TYPE, PUBLIC_CORS } from './http-expect.js';
import { PACKAGE_JSON } from './package-json.js';

const opened: TestApp[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) await t.app.close();
  for (const dir of folders.splice(0)) removeDir(dir);
});

async function app(contentDir = EXAMPLE_SITE, baseUrl = TEST_BASE_URL): Promise<TestApp> {
  const t = await buildTestApp(contentDir, baseUrl);
  opened.push(t);
  return t;
}

async function get(url: string, t?: TestApp) {
  return (t ?? (await app())).app.inject({ method: 'GET', url });
}

/** Precomputed text bodies: ETag of the bytes, 5-minute public cache. */
function textHeaders(type: string, body: Buffer, compressible: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    ...PUBLIC_CORS,
    etag: etagOf(body),
    'cache-control': 'public, max-age=300',
    ...(compressible ? { vary: 'Accept-Encoding' } : {}),
    'content-type': type,
    'content-length': String(body.length),
  };
}

const TEXT_TYPE = 'text/plain; charset=utf-8';

/** The example site's public pages in path order, as the search index lists them. */
const PUBLIC_INDEX = [
  { path: '/', title: 'Acme Widgets', description: 'Documentation of Acme Widgets, the example site bundled with sitegate.' },
  { path: '/guides/', title: 'Guides', description: 'Step-by-step guides for installing, configuring and running Acme Widgets.' },
  { path: '/guides/configuration', title: 'Configuration', description: 'Every option a widget accepts, with its default and meaning.' },
  {
    path: '/guides/getting-started',
    title: 'Getting started',
    description: 'Install Acme Widgets and run your first widget in five minutes.',
  },
  {
    path: '/guides/troubleshooting',
    title: 'Troubleshooting',
    description: 'What to do when a widget does not start or stops answering.',
  },
  { path: '/legal/terms', title: 'Terms of use', description: 'The terms under which the Acme Widgets documentation may be used.' },
  {
    path: '/posts/2026-11-01-launch',
    title: 'Acme Widgets 1.0 is out',
    description: 'The first stable release of Acme Widgets, with retries and timeouts.',
  },
];

const LLMS_TXT = `# Acme Widgets

> Documentation of Acme Widgets, the example site bundled with sitegate.

This index lists the 7 public pages of http://sitegate.test. Every link points at the page's markdown; the same URL without \`.md\` serves HTML, and any page URL answers \`Accept: text/markdown\` with markdown.

## Acme Widgets

- [Acme Widgets](http://sitegate.test/index.md): Documentation of Acme Widgets, the example site bundled with sitegate.

## Guides

- [Guides](http://sitegate.test/guides/index.md): Step-by-step guides for installing, configuring and running Acme Widgets.
- [Getting started](http://sitegate.test/guides/getting-started.md): Install Acme Widgets and run your first widget in five minutes.
- [Configuration](http://sitegate.test/guides/configuration.md): Every option a widget accepts, with its default and meaning.
- [Troubleshooting](http://sitegate.test/guides/troubleshooting.md): What to do when a widget does not start or stops answering.

## Legal

- [Terms of use](http://sitegate.test/legal/terms.md): The terms under which the Acme Widgets documentation may be used.

## Posts

- [Acme Widgets 1.0 is out](http://sitegate.test/posts/2026-11-01-launch.md): The first stable release of Acme Widgets, with retries and timeouts.

## API

- [Developer portal](http://sitegate.test/developers.md): how to get credentials from the operator, scopes, error codes and curl examples
- [OpenAPI description](http://sitegate.test/developers.md#endpoints): the OpenAPI 3.1 description of the API is at http://sitegate.test/openapi.json
- [Search](http://sitegate.test/developers.md#search): http://sitegate.test/api/search.json lists every public page (path, title, description); add ?q=words to search
- [MCP server](http://sitegate.test/developers.md#mcp): Model Context Protocol at http://sitegate.test/mcp over Streamable HTTP with the tools search and fetch
- [Sitemap](http://sitegate.test/developers.md#resources): the XML sitemap of every public page is at http://sitegate.test/sitemap.xml
- [Full text](http://sitegate.test/llms-full.txt): every public page as markdown in one file
`;

/** Every public page's markdown with absolute links (no frontmatter, no llms.txt pointer), in URL order. */
const LLMS_FULL_TXT = `# Acme Widgets

> Every public page of http://sitegate.test as markdown. Index: http://sitegate.test/llms.txt

---

Source: http://sitegate.test/

# Acme Widgets

Welcome to the Acme Widgets documentation. This is the example site that \`npm start\` serves:
every page you see here is a markdown file in \`examples/site/\`.

- Start with the [getting started guide](http://sitegate.test/guides/getting-started).
- Configure your widget with the [configuration reference](http://sitegate.test/guides/configuration).
- Read the latest news in the [blog](http://sitegate.test/posts/2026-11-01-launch).
- The [terms of use](http://sitegate.test/legal/terms) apply to everything here.

Agents can read every page as markdown: send \`Accept: text/markdown\`, or add \`.md\` to the URL.

---

Source: http://sitegate.test/guides/

# Guides

These guides take you from nothing to a running widget.

1. [Getting started](http://sitegate.test/guides/getting-started)
2. [Configuration](http://sitegate.test/guides/configuration)
3. [Troubleshooting](http://sitegate.test/guides/troubleshooting)

Back to the [home page](http://sitegate.test/).

---

Source: http://sitegate.test/guides/getting-started

# Getting started

## Install

\`\`\`bash
npm install acme-widgets
\`\`\`

## Run your first widget

\`\`\`js
import { Widget } from 'acme-widgets';

const widget = new Widget({ name: 'hello' });
await widget.start();
\`\`\`

Next, tune it with the [configuration reference](http://sitegate.test/guides/configuration#options), or see
[troubleshooting](http://sitegate.test/guides/troubleshooting) when something goes wrong.

---

Source: http://sitegate.test/guides/configuration

# Configuration

## Options

| Option | Default | Meaning |
| --- | --- | --- |
| \`name\` | none | Name shown in logs |
| \`timeoutMs\` | \`5000\` | How long a widget waits for a reply, in milliseconds |
| \`retries\` | \`3\` | How often a failed call is retried |

> [!WARNING]
> Setting \`retries\` above 10 makes outages last longer, not shorter.

See [getting started](http://sitegate.test/guides/getting-started) for a complete example.

---

Source: http://sitegate.test/guides/troubleshooting

# Troubleshooting

> What to do when a widget does not start or stops answering.

## The widget does not start

Check that the port is free and that \`timeoutMs\` is a positive number
(see the [configuration reference](http://sitegate.test/guides/configuration)).

## The widget stops answering

Restart it and read its log. If it keeps happening, ask support with the log attached.

---

Source: http://sitegate.test/legal/terms

# Terms of use

You may read, quote and link to these pages. Code samples are under the MIT licence.

---

Source: http://sitegate.test/posts/2026-11-01-launch

# Acme Widgets 1.0 is out

After a year of betas, Acme Widgets 1.0 is here. It adds retries and timeouts
([configuration](http://sitegate.test/guides/configuration)) and a faster start.
`;

describe('/llms.txt', () => {
  it('is the exact index of the public pages', async () => {
    const res = await get('/llms.txt');
    expect(res.statusCode).toBe(200);
    expect(headersOf(res)).toStrictEqual(textHeaders(TEXT_TYPE, res.rawPayload, true));
    expect(res.body).toBe(LLMS_TXT);
  });

  it('follows llmstxt.org: H1, blockquote, details, H2 sections of link lists; no H3, no BOM, LF only', async () => {
    const res = await get('/llms.txt');
    const lines = res.body.split('\n');
    expect(res.rawPayload[0]).toBe('#'.charCodeAt(0));
    expect(res.body).not.toContain('\r');
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines[1]).toBe('');
    expect(lines[2]).toMatch(/^> \S/);
    expect(lines[3]).toBe('');
    expect(lines[4]).toMatch(/^[^#>\-\s]/);
    expect(res.body).not.toMatch(/^###/m);
    const sections = lines.filter((line) => line.startsWith('## '));
    expect(sections.at(-1)).toBe('## API');
    for (const line of lines.slice(5)) {
      if (line === '' || line.startsWith('## ')) continue;
      expect(line).toMatch(/^- \[[^\]]+\]\(http:\/\/sitegate\.test\/\S*\)(: \S.*)?$/);
    }
  });

  it('links every page as markdown, and every link answers with that markdown', async () => {
    const t = await app();
    const { body } = await get('/llms.txt', t);
    const pageSections = body.slice(0, body.indexOf('\n## API\n'));
    const urls = [...pageSections.matchAll(/^- \[[^\]]+\]\((\S+)\)/gm)].map((match) => match[1]!);
    expect(urls).toHaveLength(PUBLIC_INDEX.length);
    for (const url of urls) {
      expect(url).toMatch(/\.md$/);
      const res = await t.app.inject({ url: url.slice(TEST_BASE_URL.length) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    }
  });

  it('lists the API as the portal and its sections, naming the machine-readable resources in the descriptions', async () => {
    const t = await app();
    const { body } = await get('/llms.txt', t);
    const api = body.slice(body.indexOf('\n## API\n'));
    const links = [...api.matchAll(/^- \[[^\]]+\]\((\S+)\): (.*)$/gm)].map((match) => ({ url: match[1]!, description: match[2]! }));
    expect(links.map((link) => link.url)).toStrictEqual([
      'http://sitegate.test/developers.md',
      'http://sitegate.test/developers.md#endpoints',
      'http://sitegate.test/developers.md#search',
      'http://sitegate.test/developers.md#mcp',
      'http://sitegate.test/developers.md#resources',
      'http://sitegate.test/llms-full.txt',
    ]);
    expect(
      links.map((link) => /http:\/\/sitegate\.test(\/(?:openapi\.json|api\/search\.json|mcp|sitemap\.xml))\b/.exec(link.description)?.[1]),
    ).toStrictEqual([undefined, '/openapi.json', '/api/search.json', '/mcp', '/sitemap.xml', undefined]);
    // Every link is markdown an agent can read (issue 30): the twin has an anchor for each fragment.
    const portal = await get('/developers.md', t);
    expect(portal.statusCode).toBe(200);
    expect(portal.headers['content-type']).toBe('text/markdown; charset=utf-8');
    for (const fragment of ['endpoints', 'search', 'mcp', 'resources']) expect(portal.body, fragment).toContain(`<a id="${fragment}"></a>`);
  });

  it('leaves out internal pages and drafts', async () => {
    const { body } = await get('/llms.txt');
    expect(body).not.toContain('/internal');
    expect(body).not.toContain('runbook');
    expect(body).not.toContain('draft-roadmap');
  });
});

describe('folders without an index page', () => {
  it('are titled after their name, capitalised, with dashes and underscores as spaces', async () => {
    const dir = writeContent({
      'index.md': '# Home\n\nThe home page.\n',
      'release-notes/v1.md': '# Version 1\n\nThe first release.\n',
      'my_tools/lint.md': '# Lint\n\nThe linter.\n',
    });
    folders.push(dir);
    const t = await app(dir);
    const listing = await t.app.inject({ url: '/release-notes/', headers: { accept: 'text/markdown' } });
    expect(listing.statusCode).toBe(200);
    expect(listing.body).toBe('# Release notes\n\n- [Version 1](http://sitegate.test/release-notes/v1): The first release.\n');
    const tools = await t.app.inject({ url: '/my_tools/', headers: { accept: 'text/markdown' } });
    expect(tools.body).toBe('# My tools\n\n- [Lint](http://sitegate.test/my_tools/lint): The linter.\n');
    const { body } = await get('/llms.txt', t);
    expect(body.split('\n').filter((line) => line.startsWith('## '))).toStrictEqual([
      '## Home',
      '## My tools',
      '## Release notes',
      '## API',
    ]);
  });
});

describe('/llms-full.txt', () => {
  it('holds the body of every public page, under its source URL', async () => {
    const res = await get('/llms-full.txt');
    expect(res.statusCode).toBe(200);
    expect(headersOf(res)).toStrictEqual(textHeaders(TEXT_TYPE, res.rawPayload, true));
    // Each page as agents get it (links absolute), a title heading added where the body has none.
    expect(res.body).toBe(LLMS_FULL_TXT);
  });

  it('leaves out internal pages and drafts', async () => {
    const { body } = await get('/llms-full.txt');
    expect(body).not.toContain('Page the on-call engineer');
    expect(body).not.toContain('/internal');
    expect(body).not.toContain('Drafts are never served.');
  });
});

describe('/sitemap.xml', () => {
  /** The example site copied with every file's mtime set, so lastmod is known. */
  function exampleSiteAt(when: Date): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-example-'));
    folders.push(dir);
    cpSync(EXAMPLE_SITE, dir, { recursive: true });
    const touch = (folder: string): void => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) touch(full);
        else utimesSync(full, when, when);
      }
    };
    touch(dir);
    return dir;
  }

  it('is the exact urlset of the public pages, with lastmod from frontmatter or mtime', async () => {
    const t = await app(exampleSiteAt(new Date('2026-01-02T03:04:05.678Z')));
    const res = await get('/sitemap.xml', t);
    expect(res.statusCode).toBe(200);
    expect(headersOf(res)).toStrictEqual(textHeaders('application/xml', res.rawPayload, false));
    expect(res.body).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>http://sitegate.test/</loc><lastmod>2026-01-02T03:04:05Z</lastmod></url>
<url><loc>http://sitegate.test/guides/</loc><lastmod>2026-01-02T03:04:05Z</lastmod></url>
<url><loc>http://sitegate.test/guides/configuration</loc><lastmod>2026-01-02T03:04:05Z</lastmod></url>
<url><loc>http://sitegate.test/guides/getting-started</loc><lastmod>2026-01-02T03:04:05Z</lastmod></url>
<url><loc>http://sitegate.test/guides/troubleshooting</loc><lastmod>2026-01-02T03:04:05Z</lastmod></url>
<url><loc>http://sitegate.test/legal/terms</loc><lastmod>2026-01-02T03:04:05Z</lastmod></url>
<url><loc>http://sitegate.test/posts/2026-11-01-launch</loc><lastmod>2026-11-01T00:00:00Z</lastmod></url>
</urlset>
`);
  });

  it('lists every page of the search index and nothing else', async () => {
    const { body } = await get('/sitemap.xml');
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toStrictEqual(PUBLIC_INDEX.map((doc) => `http://sitegate.test${doc.path}`));
    expect(statSync(path.join(EXAMPLE_SITE, 'internal/runbook.md')).isFile()).toBe(true);
    expect(body).not.toContain('internal');
    expect(body).not.toContain('draft');
  });
});

describe('sitemap index past the URL limit', () => {
  const at = (iso: string): number => new Date(iso).getTime();
  const FILES: SourceFile[] = [
    sourceFile('a.md', '# A\n', at('2026-01-01T00:00:00Z')),
    sourceFile('b.md', '# B\n', at('2026-01-03T00:00:00Z')),
    sourceFile('c++.md', '# C++\n', at('2026-01-02T00:00:00Z')),
    sourceFile('d.md', '# D\n', at('2026-02-01T00:00:00Z')),
    sourceFile('internal/e.md', '# E\n', at('2026-12-01T00:00:00Z')),
    sourceFile('e & f.md', '# E & F\n', at('2026-01-05T00:00:00Z')),
  ];
  const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

  it('splits the urlset into files of maxUrls and indexes them with their latest lastmod', () => {
    const site = buildSite(FILES, { fallbackName: 'test' });
    const sitemaps = buildSitemaps(site.publicPages, 'https://docs.example.com', 2);
    // Every path a part may have is told by its shape, before any sitemap is made (snapshot/discovery-bodies.ts).
    expect([...sitemaps.parts.keys()].every(isSitemapPartPath)).toBe(true);
    expect(['/sitemap.xml', '/sitemap-0.xml', '/sitemap-01.xml', '/a/sitemap-1.xml', '/sitemap-1.xml.md'].some(isSitemapPartPath)).toBe(
      false,
    );
    expect(sitemaps.root).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="${NS}">
<sitemap><loc>https://docs.example.com/sitemap-1.xml</loc><lastmod>2026-01-03T00:00:00Z</lastmod></sitemap>
<sitemap><loc>https://docs.example.com/sitemap-2.xml</loc><lastmod>2026-02-01T00:00:00Z</lastmod></sitemap>
<sitemap><loc>https://docs.example.com/sitemap-3.xml</loc><lastmod>2026-01-05T00:00:00Z</lastmod></sitemap>
</sitemapindex>
`);
    expect([...sitemaps.parts].map(([path, xml]) => [path, xml()])).toStrictEqual([
      [
        '/sitemap-1.xml',
        `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="${NS}">
<url><loc>https://docs.example.com/a</loc><lastmod>2026-01-01T00:00:00Z</lastmod></url>
<url><loc>https://docs.example.com/b</loc><lastmod>2026-01-03T00:00:00Z</lastmod></url>
</urlset>
`,
      ],
      [
        '/sitemap-2.xml',
        `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="${NS}">
<url><loc>https://docs.example.com/c%2B%2B</loc><lastmod>2026-01-02T00:00:00Z</lastmod></url>
<url><loc>https://docs.example.com/d</loc><lastmod>2026-02-01T00:00:00Z</lastmod></url>
</urlset>
`,
      ],
      [
        '/sitemap-3.xml',
        `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="${NS}">
<url><loc>https://docs.example.com/e%20%26%20f</loc><lastmod>2026-01-05T00:00:00Z</lastmod></url>
</urlset>
`,
      ],
    ]);
  });

  it('stays a plain urlset at exactly maxUrls', () => {
    const site = buildSite(FILES.slice(0, 2), { fallbackName: 'test' });
    const sitemaps = buildSitemaps(site.publicPages, 'https://docs.example.com', 2);
    expect(sitemaps.root).toContain('<urlset');
    expect(sitemaps.parts.size).toBe(0);
  });

  it('serves the index and each part over HTTP', async () => {
    const t = await app();
    t.context.swapSnapshot(buildSnapshot(FILES, { baseUrl: TEST_BASE_URL, fallbackName: 'test', sitemapMaxUrls: 2 }));
    const index = await get('/sitemap.xml', t);
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<sitemap><loc>http://sitegate.test/sitemap-3.xml</loc>');
    for (const part of ['/sitemap-1.xml', '/sitemap-2.xml', '/sitemap-3.xml']) {
      const res = await get(part, t);
      expect(res.statusCode).toBe(200);
      expect(headersOf(res)).toStrictEqual(textHeaders('application/xml', res.rawPayload, false));
      expect(res.body).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset /);
    }
    expect((await t.app.inject({ url: '/sitemap-4.xml', headers: { accept: 'application/json' } })).statusCode).toBe(404);
  });
});

describe('/robots.txt', () => {
  it('allows everything and names the sitemap and the content signal', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(headersOf(res)).toStrictEqual(textHeaders(TEXT_TYPE, res.rawPayload, false));
    expect(res.body).toBe(
      'User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\n\nSitemap: http://sitegate.test/sitemap.xml\n',
    );
  });
});

describe('/api/v1/health', () => {
  it('is the exact health object, never cached', async () => {
    const res = await get('/api/v1/health');
    expect(res.statusCode).toBe(200);
    expect(headersOf(res)).toStrictEqual({
      'x-content-type-options': 'nosniff',
      ...PUBLIC_CORS,
      'cache-control': 'no-store',
      etag: etagOf(res.rawPayload),
      'content-type': JSON_TYPE,
      'content-length': String(res.rawPayload.length),
    });
    // `version` is the package's release (an addition to SPEC.md's object), not the API's info.version.
    expect(res.body).toBe(`{"ok":true,"name":"sitegate","docs":"http://sitegate.test/developers","version":"${PACKAGE_JSON.version}"}`);
  });
});

describe('/openapi.json', () => {
  it('describes the eight operations of SPEC.md with their ids', async () => {
    const res = await get('/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(headersOf(res)).toStrictEqual(textHeaders(JSON_TYPE, res.rawPayload, true));
    const doc = res.json<{
      openapi: string;
      info: { version: string };
      paths: Record<string, Record<string, { operationId: string }>>;
    }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    const operations = Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, op]) => `${method.toUpperCase()} ${url} ${op.operationId}`),
    );
    // DESIGN.md adds operations (well-known documents, token introspection…); SPEC.md's eight must all be there.
    expect(operations).toStrictEqual(
      expect.arrayContaining([
        'GET /openapi.json getOpenApi',
        'GET /llms.txt getLlmsTxt',
        'GET /developers getDevelopersPortal',
        'GET /sitemap.xml getSitemap',
        'GET /api/search.json searchSite',
        'GET /api/v1/health getHealth',
        'GET /api/v1/whoami getWhoami',
        'POST /api/v1/oauth/token createOAuthToken',
      ]) as string[],
    );
  });
});

describe('/api/search.json', () => {
  const search = async (query: string, t?: TestApp) => {
    const res = await get(`/api/search.json?${query}`, t);
    expect(res.statusCode).toBe(200);
    expect(headersOf(res)).toStrictEqual({
      'x-content-type-options': 'nosniff',
      ...PUBLIC_CORS,
      'cache-control': 'public, max-age=60',
      'content-type': JSON_TYPE,
      'content-length': String(res.rawPayload.length),
    });
    return res.json<{ path: string; title: string; description: string }[]>();
  };

  it('without a query is the whole public index, sorted by path, from precomputed bytes', async () => {
    const t = await app();
    const res = await get('/api/search.json', t);
    expect(res.statusCode).toBe(200);
    expect(headersOf(res)).toStrictEqual(textHeaders(JSON_TYPE, res.rawPayload, false));
    expect(res.json()).toStrictEqual(PUBLIC_INDEX);
    const paths = t.context
      .snapshot()
      .site.publicPages.map((page) => page.url)
      .sort();
    expect(PUBLIC_INDEX.map((doc) => doc.path)).toStrictEqual(paths);
    const again = await t.app.inject({ url: '/api/search.json', headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('ranks the page whose title matches first', async () => {
    const results = await search('q=configuration');
    expect(results[0]).toStrictEqual({ ...PUBLIC_INDEX[2], section: 'Guides' });
  });

  it('matches prefixes', async () => {
    expect((await search('q=configur'))[0]?.path).toBe('/guides/configuration');
    expect((await search('q=troublesh'))[0]?.path).toBe('/guides/troubleshooting');
  });

  it('tolerates a typo', async () => {
    expect((await search('q=configuratoin'))[0]?.path).toBe('/guides/configuration');
  });

  it('never returns internal pages', async () => {
    expect(await search('q=runbook')).toStrictEqual([]);
    expect(await search('q=outages')).toStrictEqual([
      {
        ...PUBLIC_INDEX[2],
        section: 'Guides',
        excerpt: {
          text: '…Setting retries above 10 makes outages last longer, not shorter. See getting started for a complete example.',
          highlights: [[32, 39]],
        },
      },
    ]);
  });

  it('returns an empty array when nothing matches', async () => {
    expect(await search('q=zebra')).toStrictEqual([]);
  });

  it('pages through results with limit and offset', async () => {
    const t = await app();
    const all = await search('q=widget', t);
    expect(all.length).toBeGreaterThan(4);
    expect(await search('q=widget&limit=2', t)).toStrictEqual(all.slice(0, 2));
    expect(await search('q=widget&limit=2&offset=1', t)).toStrictEqual(all.slice(1, 3));
    expect(await search(`q=widget&offset=${all.length}`, t)).toStrictEqual([]);
  });

  it('pages through the whole index with limit and offset', async () => {
    const t = await app();
    expect(await search('limit=2&offset=1', t)).toStrictEqual(PUBLIC_INDEX.slice(1, 3));
    expect(await search('offset=6', t)).toStrictEqual(PUBLIC_INDEX.slice(6));
  });

  it('returns 20 results by default when q is given, and the whole index without q', async () => {
    const files: Record<string, string> = {};
    for (let i = 10; i < 35; i++) files[`p${i}.md`] = `# Widget ${i}\n\nA widget page.\n`;
    const dir = writeContent(files);
    folders.push(dir);
    const t = await app(dir);
    expect(await search('q=widget', t)).toHaveLength(20);
    expect(await search('q=widget&limit=100', t)).toHaveLength(25);
    expect((await get('/api/search.json', t)).json()).toHaveLength(25);
  });
});

describe('/developers', () => {
  it('is an HTML page with the security headers', async () => {
    const res = await get('/developers');
    expect(res.statusCode).toBe(200);
    // It negotiates with its markdown twin (issue 30): Vary: Accept and a Link to the twin.
    expect(headersOf(res)).toStrictEqual({
      ...textHeaders(HTML_TYPE, res.rawPayload, true),
      ...HTML_SECURITY,
      vary: 'Accept, Accept-Encoding',
      link: '<http://sitegate.test/developers.md>; rel="alternate"; type="text/markdown"',
    });
  });

  it('gives curl commands with the real base URL', async () => {
    const t = await app(EXAMPLE_SITE, 'https://docs.example.com/acme');
    const { body } = await get('/developers', t);
    for (const command of [
      '<pre tabindex="0"><code>curl -H &#39;Accept: text/markdown&#39; https://docs.example.com/acme/</code></pre>',
      '<pre tabindex="0"><code>curl &#39;https://docs.example.com/acme/api/search.json?q=install&amp;limit=5&#39;</code></pre>',
      '<pre tabindex="0"><code>curl -H &#39;X-API-Key: &lt;API_KEY&gt;&#39; https://docs.example.com/acme/api/v1/whoami</code></pre>',
      '<pre tabindex="0"><code>curl -X POST https://docs.example.com/acme/api/v1/oauth/token \\\n',
      'curl -H &#39;Authorization: Bearer &lt;ACCESS_TOKEN&gt;&#39; https://docs.example.com/acme/api/v1/whoami</code></pre>',
    ]) {
      expect(body).toContain(command);
    }
    expect(body).not.toContain('sitegate.test');
    expect(body).not.toContain('127.0.0.1');
  });

  it('has the scopes table of SPEC.md', async () => {
    const { body } = await get('/developers');
    expect(body).toContain(`<h3 id="scopes">Scopes</h3>
<table tabindex="0">
<thead><tr><th>Scope</th><th>Grants</th></tr></thead>
<tbody>
<tr><td><code>search:read</code></td><td>read the public site search index</td></tr>
<tr><td><code>content:read</code></td><td>read public pages, posts and legal documents</td></tr>
<tr><td><code>internal:read</code></td><td>read internal documentation (restricted)</td></tr>
</tbody>
</table>`);
  });

  it('has an entry for exactly the error codes of the table, where error docs links point', async () => {
    const { body } = await get('/developers');
    const anchors = [...body.matchAll(/ id="error-([a-z_]+)"/g)].map((match) => match[1]);
    expect(anchors).toStrictEqual(ERROR_CODES);
  });
});
