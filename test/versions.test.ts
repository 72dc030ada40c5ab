/**
 * Versions (issue 34, done-when 4) on a versioned Docusaurus site (test/fixtures/generator-projects/
 * docusaurus-versioned: versions.json `["2.x", "1.x"]`, so 2.x is the last version at /docs/, the
 * docs folder the unreleased "Next" at /docs/next/, 1.x at /docs/1.x/;
 * docusaurus.io/docs/versioning). Each version is a site of its own: its URLs, its nav from its own
 * sidebars, its llms.txt listed from the root one, canonical links and the sitemap naming the
 * current version's page, search and MCP scoped to the current version unless `version` asks for
 * another, and an internal page of an old version staying internal.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR, buildTestApp, issueKey, type TestApp } from './helpers.js';
import { apiErrorBody } from './auth-fixtures.js';
import { HtmlValidate } from 'html-validate';
import { versionsLine } from '../src/cli/output.js';
import { buildLlmsFiles } from '../src/discovery/llms.js';

const B = 'http://sitegate.test';
const SITE = path.join(FIXTURES_DIR, 'generator-projects/docusaurus-versioned');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(SITE);
});
afterAll(async () => {
  await t.app.close();
});

/** The hrefs of a page's sidebar, in order. */
const sidebarLinks = (html: string): string[] =>
  [...(/<nav class="sidebar"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '').matchAll(/href="([^"]*)"/g)].map((match) => match[1] as string);

/** The version switcher of a page (layout/versions.ts), as served. */
const switcherOf = (html: string): string => /<details class="version-switcher">[\s\S]*?<\/details>/.exec(html)?.[0] ?? '';

describe('a versioned Docusaurus site', () => {
  it('serves each version under the route base: the last version at /docs/, Next at /docs/next/, 1.x at /docs/1.x/', async () => {
    const site = t.loaded.snapshot.site;
    expect(site.versions.map((version) => [version.name, version.label, version.rootKey, version.current, version.banner])).toStrictEqual([
      ['current', 'Next', '/docs/next/', false, 'unreleased'],
      ['2.x', '2.x', '/docs/', true, 'none'],
      ['1.x', '1.x', '/docs/1.x/', false, 'unmaintained'],
    ]);
    expect([...site.pages.values()].map((page) => [page.url, page.version, page.file]).sort()).toStrictEqual([
      ['/docs/1.x/guides/install', '1.x', 'versioned_docs/version-1.x/guides/install.md'],
      ['/docs/1.x/internal/roadmap', '1.x', 'versioned_docs/version-1.x/internal/roadmap.md'],
      ['/docs/1.x/intro', '1.x', 'versioned_docs/version-1.x/intro.md'],
      ['/docs/1.x/legacy', '1.x', 'versioned_docs/version-1.x/legacy.md'],
      ['/docs/guides/install', '2.x', 'versioned_docs/version-2.x/guides/install.md'],
      ['/docs/intro', '2.x', 'versioned_docs/version-2.x/intro.md'],
      ['/docs/next/guides/install', 'current', 'docs/guides/install.md'],
      ['/docs/next/guides/upgrade', 'current', 'docs/guides/upgrade.md'],
      ['/docs/next/intro', 'current', 'docs/intro.md'],
    ]);
    for (const url of ['/docs/intro', '/docs/next/intro', '/docs/1.x/intro', '/docs/1.x/legacy'])
      expect((await t.app.inject({ url })).statusCode, url).toBe(200);
    // The folders the files are read from are no URLs.
    for (const url of ['/versioned_docs/version-1.x/intro', '/docs/2.x/intro'])
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
  });

  it('names the versions in the line serve prints at start', () => {
    expect(versionsLine(t.loaded.snapshot.site.versions)).toBe('versions: Next /docs/next/, 2.x /docs/ (current), 1.x /docs/1.x/');
    expect(versionsLine([])).toBeUndefined();
  });

  it('gives each version the nav of its own sidebars, never a section of another version', async () => {
    const site = t.loaded.snapshot.site;
    expect(site.versions.map((version) => version.navPages.map((page) => page.url))).toStrictEqual([
      ['/docs/next/intro', '/docs/next/guides/install', '/docs/next/guides/upgrade'],
      ['/docs/intro', '/docs/guides/install'],
      ['/docs/1.x/legacy', '/docs/1.x/intro', '/docs/1.x/guides/install'],
    ]);
    expect(site.folders.get('/docs/')?.items.map((item) => item.url)).toStrictEqual(['/docs/intro', '/docs/guides/']);
    expect(site.folders.get('/docs/1.x/guides/')?.label).toBe('Setup');
    expect(sidebarLinks((await t.app.inject({ url: '/docs/intro' })).body)).toStrictEqual(['/docs/intro', '/docs/guides/install']);
    expect(sidebarLinks((await t.app.inject({ url: '/docs/1.x/intro' })).body)).toStrictEqual([
      '/docs/1.x/legacy',
      '/docs/1.x/intro',
      '/docs/1.x/guides/install',
    ]);
    expect(sidebarLinks((await t.app.inject({ url: '/docs/next/intro' })).body)).toStrictEqual([
      '/docs/next/intro',
      '/docs/next/guides/install',
      '/docs/next/guides/upgrade',
    ]);
  });

  it('leads from the home page to the current version only: old versions are reached through the switcher', async () => {
    expect(t.loaded.snapshot.site.folders.get('/')?.items.map((item) => item.url)).toStrictEqual(['/docs/']);
    const home = (await t.app.inject({ url: '/' })).body;
    expect(/<ul class="listing">[\s\S]*?<\/ul>/.exec(home)?.[0]).toBe('<ul class="listing">\n<li><a href="/docs/">Docs/</a></li>\n</ul>');
    expect(home).not.toContain('version-switcher');
  });

  it('links an old version page to the current version page as canonical, in HTML and in the markdown Link header', async () => {
    const canonical = (html: string): string | undefined => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
    expect(canonical((await t.app.inject({ url: '/docs/1.x/intro' })).body)).toBe(`${B}/docs/intro`);
    expect(canonical((await t.app.inject({ url: '/docs/next/guides/install' })).body)).toBe(`${B}/docs/guides/install`);
    expect(canonical((await t.app.inject({ url: '/docs/intro' })).body)).toBe(`${B}/docs/intro`);
    // No page at the same path in the current version: the page is its own canonical.
    expect(canonical((await t.app.inject({ url: '/docs/1.x/legacy' })).body)).toBe(`${B}/docs/1.x/legacy`);
    expect(canonical((await t.app.inject({ url: '/docs/next/guides/upgrade' })).body)).toBe(`${B}/docs/next/guides/upgrade`);
    const markdown = await t.app.inject({ url: '/docs/1.x/intro.md' });
    expect(markdown.headers.link).toBe(
      `<${B}/docs/intro>; rel="canonical", <${B}/llms.txt>; rel="llms-txt"; type="text/plain", ` +
        `<${B}/.well-known/api-catalog>; rel="api-catalog"; type="application/linkset+json", <${B}/mcp>; rel="service"; title="MCP server"`,
    );
  });

  it('shows a version switcher going to the same page in each version, else to its root, and the banner of old versions', async () => {
    const old = (await t.app.inject({ url: '/docs/1.x/guides/install' })).body;
    expect(switcherOf(old)).toBe(
      [
        '<details class="version-switcher">',
        '<summary><span class="version-word">Version: </span><span class="version-current">1.x</span></summary>',
        '<ul>',
        '<li><a href="/docs/next/guides/install">Next</a></li>',
        '<li><a href="/docs/guides/install">2.x (latest)</a></li>',
        '<li><a href="/docs/1.x/guides/install" aria-current="true">1.x</a></li>',
        '</ul>',
        '</details>',
      ].join('\n'),
    );
    expect(/<div class="version-banner"[\s\S]*?<\/div>/.exec(old)?.[0]).toBe(
      '<div class="version-banner" role="note">\n' +
        '<p>This is documentation for Versioned Docs <b>1.x</b>, which is no longer actively maintained.</p>\n' +
        '<p>For up-to-date documentation, see the <a href="/docs/guides/install">latest version</a> (2.x).</p>\n</div>',
    );
    const legacy = (await t.app.inject({ url: '/docs/1.x/legacy' })).body;
    expect(switcherOf(legacy)).toContain('<li><a href="/docs/next/">Next</a></li>\n<li><a href="/docs/">2.x (latest)</a></li>');
    const next = (await t.app.inject({ url: '/docs/next/guides/upgrade' })).body;
    expect(/<div class="version-banner"[\s\S]*?<\/div>/.exec(next)?.[0]).toBe(
      '<div class="version-banner" role="note">\n' +
        '<p>This is unreleased documentation for Versioned Docs <b>Next</b> version.</p>\n' +
        '<p>For up-to-date documentation, see the <a href="/docs/">latest version</a> (2.x).</p>\n</div>',
    );
    const current = (await t.app.inject({ url: '/docs/intro' })).body;
    expect(current).not.toContain('version-banner');
    expect(switcherOf(current)).toContain('<li><a href="/docs/intro" aria-current="true">2.x (latest)</a></li>');
  });

  it('shows the switcher and banner on a version root without an index page, which lists its pages', async () => {
    const res = await t.app.inject({ url: '/docs/next/' });
    expect(res.statusCode).toBe(200);
    expect(switcherOf(res.body)).toContain(
      '<li><a href="/docs/next/" aria-current="true">Next</a></li>\n<li><a href="/docs/">2.x (latest)</a></li>\n<li><a href="/docs/1.x/">1.x</a></li>',
    );
    expect(res.body).toContain('<p>This is unreleased documentation for Versioned Docs <b>Next</b> version.</p>');
    expect([...res.body.matchAll(/<li><a href="([^"]*)">[^<]*<\/a>( — [^<]*)?<\/li>/g)].map((match) => match[1])).toContain(
      '/docs/next/intro',
    );
  });

  it('writes valid HTML for pages and listings of every version (html-validate, recommended rules as test/html-validate.test.ts)', async () => {
    const validator = new HtmlValidate({
      extends: ['html-validate:recommended'],
      rules: { 'valid-id': ['error', { relaxed: true }], 'void-style': 'off', 'long-title': 'off', 'attribute-boolean-style': 'off' },
    });
    for (const url of ['/docs/intro', '/docs/1.x/guides/install', '/docs/next/guides/upgrade', '/docs/next/', '/docs/1.x/guides/']) {
      const report = await validator.validateString((await t.app.inject({ url })).body);
      expect(
        report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message}`)),
        url,
      ).toStrictEqual([]);
    }
  });

  it('has an llms.txt per version, listed from the root llms.txt, which lists the current version', async () => {
    const root = await t.app.inject({ url: '/llms.txt' });
    expect(root.body).toContain(
      'This index lists the 2 public pages of http://sitegate.test.' +
        " Every link points at the page's markdown; the same URL without `.md` serves HTML, and any page URL answers `Accept: text/markdown` with markdown.\n\n" +
        `## Docs\n\n- [Introduction](${B}/docs/intro.md): Teapot 2 pours tea when asked.\n` +
        `- [Install](${B}/docs/guides/install.md): Run npm install teapot@2 to get the kettle.\n\n` +
        `## Versions\n\n- [Next](${B}/docs/next/llms.txt): llms index of the 3 pages of an unreleased version\n` +
        `- [2.x](${B}/docs/llms.txt): llms index of the 2 pages of the current version\n` +
        `- [1.x](${B}/docs/1.x/llms.txt): llms index of the 3 pages of an older version\n\n## API`,
    );
    const old = await t.app.inject({ url: '/docs/1.x/llms.txt' });
    expect(old.statusCode).toBe(200);
    expect(old.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(old.body).toContain(
      '# Versioned Docs\n\n> Documentation of Versioned Docs.\n\nThis index lists the 3 public pages of version 1.x of http://sitegate.test.',
    );
    expect(old.body).toContain(
      `## Versioned Docs\n\n- [Legacy kettles](${B}/docs/1.x/legacy.md): The copper kettle is gone in 2.\n` +
        `- [Introduction](${B}/docs/1.x/intro.md): Teapot 1 pours tea slowly.\n\n` +
        `## Setup\n\n- [Install](${B}/docs/1.x/guides/install.md): Run npm install teapot@1 to get the kettle.\n\n## API`,
    );
    expect(old.body).not.toContain('roadmap');
    const next = (await t.app.inject({ url: '/docs/next/llms.txt' })).body;
    expect(next).toContain('This index lists the 3 public pages of version Next (`current`) of http://sitegate.test.');
    const full = (await t.app.inject({ url: '/llms-full.txt' })).body;
    expect([...full.matchAll(/^Source: (.*)$/gm)].map((match) => match[1])).toStrictEqual([`${B}/docs/intro`, `${B}/docs/guides/install`]);
  });

  it("splits a large version's llms.txt into section files under its own root, as a language's", () => {
    const files = buildLlmsFiles(t.loaded.snapshot.site, { baseUrl: B, maxChars: 900 });
    expect([...files.keys()].filter((key) => key.startsWith('/docs/1.x/')).sort()).toStrictEqual([
      '/docs/1.x/guides/llms.txt',
      '/docs/1.x/llms-root.txt',
      '/docs/1.x/llms.txt',
    ]);
    expect(files.get('/docs/1.x/llms.txt')).toContain(
      `## Setup\n\n- [Setup pages](${B}/docs/1.x/guides/llms.txt): llms index of pages 1–1 of 1 in Setup`,
    );
    expect(files.get('/docs/1.x/guides/llms.txt')).toContain(
      `- [Install](${B}/docs/1.x/guides/install.md): Run npm install teapot@1 to get the kettle.`,
    );
  });

  it('lists canonical URLs only in the sitemap: an old page the current version has is left out', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    const url = (loc: string): string => `<url><loc>${B}${loc}</loc><lastmod>2026-01-02T00:00:00Z</lastmod></url>`;
    expect(res.body).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        url('/docs/1.x/legacy'),
        url('/docs/guides/install'),
        url('/docs/intro'),
        url('/docs/next/guides/upgrade'),
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('keeps an internal page of an old version internal: 401 without a credential, in no listing, readable with internal:read', async () => {
    const anonymous = await t.app.inject({ url: '/docs/1.x/internal/roadmap.md' });
    expect(anonymous.statusCode).toBe(401);
    expect(
      JSON.parse((await t.app.inject({ url: '/docs/1.x/internal/roadmap', headers: { accept: 'application/json' } })).body),
    ).toStrictEqual(apiErrorBody('credential_required'));
    // The internal zone of the version folder answers alike for a page that does not exist.
    expect((await t.app.inject({ url: '/docs/1.x/internal/nothing' })).statusCode).toBe(401);
    for (const url of [
      '/sitemap.xml',
      '/docs/1.x/llms.txt',
      '/llms.txt',
      '/api/search.json?version=1.x',
      '/api/search.json?q=secret&version=1.x',
    ])
      expect((await t.app.inject({ url })).body, url).not.toMatch(/roadmap|secret kettle/i);
    const { apiKey } = await issueKey(t.context, ['search:read', 'content:read', 'internal:read']);
    const withKey = await t.app.inject({ url: '/docs/1.x/internal/roadmap.md', headers: { 'x-api-key': apiKey } });
    expect(withKey.statusCode).toBe(200);
    expect(withKey.body).toContain('The secret kettle ships in 4.');
    const found = await t.app.inject({ url: '/api/search.json?q=secret&version=1.x', headers: { 'x-api-key': apiKey } });
    expect((JSON.parse(found.body) as { path: string }[]).map((hit) => hit.path)).toStrictEqual(['/docs/1.x/internal/roadmap']);
  });
});

describe('search and MCP scoped to a version', () => {
  const paths = async (query: string): Promise<{ status: number; paths: string[] }> => {
    const res = await t.app.inject({ url: `/api/search.json?${query}` });
    return { status: res.statusCode, paths: (JSON.parse(res.body) as { path: string }[]).map((doc) => doc.path) };
  };

  it('searches the current version by default, another when version names it', async () => {
    expect(await paths('q=kettle')).toStrictEqual({ status: 200, paths: ['/docs/guides/install'] });
    expect(await paths('q=kettle&version=2.x')).toStrictEqual({ status: 200, paths: ['/docs/guides/install'] });
    expect(await paths('q=kettle&version=1.x')).toStrictEqual({ status: 200, paths: ['/docs/1.x/legacy', '/docs/1.x/guides/install'] });
    expect(await paths('q=kettle&version=current')).toStrictEqual({ status: 200, paths: ['/docs/next/guides/install'] });
    expect(await paths('q=spout')).toStrictEqual({ status: 200, paths: [] });
    expect(await paths('q=spout&version=current')).toStrictEqual({ status: 200, paths: ['/docs/next/guides/upgrade'] });
  });

  it('lists one version with version alone; the whole index without parameters lists every public page', async () => {
    expect(await paths('version=1.x')).toStrictEqual({
      status: 200,
      paths: ['/docs/1.x/guides/install', '/docs/1.x/intro', '/docs/1.x/legacy'],
    });
    expect(await paths('version=2.x')).toStrictEqual({ status: 200, paths: ['/docs/guides/install', '/docs/intro'] });
    expect((await paths('')).paths).toHaveLength(8);
  });

  it('the header search of an old version page asks for its version, and the /search page answers in it', async () => {
    const old = (await t.app.inject({ url: '/docs/1.x/intro' })).body;
    expect(old).toContain(
      '<button class="search-submit" type="submit">Search</button>\n<input type="hidden" name="version" value="1.x">\n',
    );
    expect((await t.app.inject({ url: '/docs/intro' })).body).not.toContain('name="version"');
    const page = (await t.app.inject({ url: '/search?q=kettle&version=1.x' })).body;
    const hits = /<ol class="search-hits"[\s\S]*?<\/ol>/.exec(page)?.[0] ?? '';
    expect([...hits.matchAll(/<a href="([^"]*)"/g)].map((match) => match[1])).toStrictEqual([
      '/docs/1.x/legacy',
      '/docs/1.x/guides/install',
    ]);
  });

  it('answers an unknown version with 400 invalid_query naming the versions there are', async () => {
    const res = await t.app.inject({ url: '/api/search.json?q=kettle&version=9.x' });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toStrictEqual(
      apiErrorBody('invalid_query', { message: 'Unknown version "9.x": this site\'s versions are current, 2.x, 1.x.' }),
    );
    const empty = await t.app.inject({ url: '/api/search.json?version=' });
    expect(JSON.parse(empty.body)).toStrictEqual(
      apiErrorBody('invalid_query', { message: 'Invalid parameter: version must NOT have fewer than 1 characters.' }),
    );
  });

  it('documents the version parameter in the OpenAPI description the server serves', async () => {
    const openapi = JSON.parse((await t.app.inject({ url: '/openapi.json' })).body) as {
      paths: Record<string, { get?: { parameters?: { name: string; in: string; required?: boolean; schema: { type: string } }[] } }>;
    };
    const version = openapi.paths['/api/search.json']?.get?.parameters?.find((parameter) => parameter.name === 'version');
    expect(version).toMatchObject({
      name: 'version',
      in: 'query',
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: 100 },
    });
  });

  /** An MCP `search` call: its HTTP status and, for a 200, the ids of its results. */
  const mcpSearch = async (args: Record<string, unknown>): Promise<{ status: number; ids: string[] | undefined; body: string }> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-protocol-version': '2025-06-18' },
      payload: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search', arguments: args } },
    });
    if (res.statusCode !== 200) return { status: res.statusCode, ids: undefined, body: res.body };
    const data = /^data: (.*)$/m.exec(res.body)?.[1] ?? res.body;
    const text = (JSON.parse(data) as { result: { content: { text: string }[] } }).result.content[0]?.text ?? '';
    return { status: 200, ids: (JSON.parse(text) as { results: { id: string }[] }).results.map((result) => result.id), body: res.body };
  };

  it('MCP search answers from the current version unless version names another; an unknown one is 400', async () => {
    expect((await mcpSearch({ query: 'kettle' })).ids).toStrictEqual(['/docs/guides/install']);
    expect((await mcpSearch({ query: 'kettle', version: '1.x' })).ids).toStrictEqual(['/docs/1.x/legacy', '/docs/1.x/guides/install']);
    expect((await mcpSearch({ query: 'kettle', version: 'current' })).ids).toStrictEqual(['/docs/next/guides/install']);
    const unknown = await mcpSearch({ query: 'kettle', version: '9.x' });
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.body)).toStrictEqual(
      apiErrorBody('invalid_query', { message: 'Unknown version "9.x": this site\'s versions are current, 2.x, 1.x.' }),
    );
  });
});
