/**
 * Languages (issue 14): a site with a default tree and `de/`, `fr/` folders named by BCP 47 tags.
 * Each language is its own nav tree; pages link their translations (`<link hreflang>`, `Link`
 * headers, sitemap `xhtml:link`, validated against the sitemaps.org XSD); `<html lang>` per page;
 * one llms.txt per language; search and MCP answer in the requested language. Nothing of an
 * internal page shows through another language's alternates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, removeDir, writeContent, type TestApp } from './helpers.js';
import { validateSitemap } from './languages-support.js';
import { JSON_TYPE } from './http-expect.js';

const B = 'http://sitegate.test';
const DATE = 'lastmod: 2026-01-02\n';
const FILES = {
  'index.md': `---\ntitle: Home\n${DATE}---\nWelcome to the garden.\n`,
  'guide.md': `---\ntitle: Planting guide\n${DATE}---\nPlant the roses in spring.\n`,
  'private.md': `---\ntitle: Private plans\naccess: internal\n${DATE}---\nSecret roses.\n`,
  'de/index.md': `---\ntitle: Startseite\n${DATE}---\nWillkommen im Garten.\n`,
  'de/guide.md': `---\ntitle: Pflanzanleitung\n${DATE}---\nPflanze die Rosen im Frühling.\n`,
  'de/private.md': `---\ntitle: Öffentliche Pläne\n${DATE}---\nRosen für alle.\n`,
  'fr/guide.md': `---\ntitle: Guide de plantation\n${DATE}---\nPlantez les roses au printemps.\n`,
};

let dir: string;
let t: TestApp;
beforeAll(async () => {
  dir = writeContent(FILES);
  t = await buildTestApp(dir);
});
afterAll(async () => {
  await t.app.close();
  removeDir(dir);
});

const GUIDE_ALTERNATES = [
  `<link rel="alternate" hreflang="en" href="${B}/guide">`,
  `<link rel="alternate" hreflang="de" href="${B}/de/guide">`,
  `<link rel="alternate" hreflang="fr" href="${B}/fr/guide">`,
  `<link rel="alternate" hreflang="x-default" href="${B}/guide">`,
];
const GUIDE_LINKS =
  `<${B}/guide>; rel="alternate"; hreflang="en", <${B}/de/guide>; rel="alternate"; hreflang="de", ` +
  `<${B}/fr/guide>; rel="alternate"; hreflang="fr", <${B}/guide>; rel="alternate"; hreflang="x-default", `;
const AGENT_LINKS = `<${B}/llms.txt>; rel="llms-txt"; type="text/plain", <${B}/.well-known/api-catalog>; rel="api-catalog"; type="application/linkset+json", <${B}/mcp>; rel="service"; title="MCP server"`;

const headLines = (html: string): string[] => html.split('\n').filter((line) => /^<html|hreflang/.test(line));

describe('a default tree with de/ and fr/ folders', () => {
  it('recognises the folders as languages: each its own tree, none a section of the default one', () => {
    const site = t.loaded.snapshot.site;
    expect(site.languages.map((language) => [language.lang, language.rootKey, language.navPages.map((page) => page.url)])).toStrictEqual([
      ['en', '/', ['/', '/guide']],
      ['de', '/de/', ['/de/', '/de/private', '/de/guide']],
      ['fr', '/fr/', ['/fr/guide']],
    ]);
    expect(site.folders.get('/')?.items.map((item) => item.url)).toStrictEqual(['/guide']);
    expect(site.folders.get('/de/')?.items.map((item) => item.url)).toStrictEqual(['/de/private', '/de/guide']);
  });

  it('pages carry <html lang> and link every translation, x-default the default language', async () => {
    for (const [url, lang] of [
      ['/guide', 'en'],
      ['/de/guide', 'de'],
      ['/fr/guide', 'fr'],
    ] as const) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(headLines(res.body)).toStrictEqual([`<html lang="${lang}" data-theme="auto">`, ...GUIDE_ALTERNATES]);
      expect(res.headers.link).toBe(`<${B}${url}.md>; rel="alternate"; type="text/markdown", ${GUIDE_LINKS}${AGENT_LINKS}`);
    }
    const markdown = await t.app.inject({ url: '/de/guide.md' });
    expect(markdown.headers.link).toBe(`<${B}/de/guide>; rel="canonical", ${GUIDE_LINKS}${AGENT_LINKS}`);
  });

  it('an internal page shows in no alternate: its public translation links nothing, and it links nothing', async () => {
    const translation = await t.app.inject({ url: '/de/private' });
    expect(headLines(translation.body)).toStrictEqual(['<html lang="de" data-theme="auto">']);
    expect(translation.headers.link).toBe(`<${B}/de/private.md>; rel="alternate"; type="text/markdown", ${AGENT_LINKS}`);
    expect(translation.body).not.toMatch(/"(http:\/\/sitegate\.test)?\/private"|Private plans/);
    const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
    expect(sitemap).not.toMatch(/sitegate\.test\/private/);
  });

  it('the sitemap lists each page with its alternates, and validates against the sitemaps.org and xhtml:link XSDs', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    const link = (lang: string, url: string): string => `<xhtml:link rel="alternate" hreflang="${lang}" href="${B}${url}"/>`;
    const guide = [link('en', '/guide'), link('de', '/de/guide'), link('fr', '/fr/guide'), link('x-default', '/guide')].join('');
    const home = [link('en', '/'), link('de', '/de/'), link('x-default', '/')].join('');
    const url = (loc: string, links = ''): string => `<url><loc>${B}${loc}</loc><lastmod>2026-01-02T00:00:00Z</lastmod>${links}</url>`;
    expect(res.body).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
        url('/', home),
        url('/de/', home),
        url('/de/guide', guide),
        url('/de/private'),
        url('/fr/guide', guide),
        url('/guide', guide),
        '</urlset>',
        '',
      ].join('\n'),
    );
    const result = validateSitemap(res.body);
    expect(result.error, 'xmllint must be on PATH (apt-get install libxml2-utils)').toBeUndefined();
    expect(result.stderr).toBe(`${result.file} validates\n`);
    expect(result.status).toBe(0);
  });

  it('llms.txt lists the default language and links one llms.txt per language, each listing its own', async () => {
    const root = (await t.app.inject({ url: '/llms.txt' })).body;
    expect(root).toContain(
      `## Home\n\n- [Home](${B}/index.md): Welcome to the garden.\n- [Planting guide](${B}/guide.md): Plant the roses in spring.\n\n` +
        `## Languages\n\n- [de](${B}/de/llms.txt): llms index of the 3 pages in de\n- [fr](${B}/fr/llms.txt): llms index of the 1 pages in fr\n\n## API`,
    );
    const german = await t.app.inject({ url: '/de/llms.txt' });
    expect(german.statusCode).toBe(200);
    expect(german.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(german.body).toContain(
      '# Home\n\n> Willkommen im Garten.\n\nThis index lists the 3 public pages in de (`de`) of http://sitegate.test.',
    );
    expect(german.body).toContain(
      `## Home\n\n- [Startseite](${B}/de/index.md): Willkommen im Garten.\n- [Öffentliche Pläne](${B}/de/private.md): Rosen für alle.\n` +
        `- [Pflanzanleitung](${B}/de/guide.md): Pflanze die Rosen im Frühling.\n\n## API`,
    );
    const full = (await t.app.inject({ url: '/llms-full.txt' })).body;
    expect([...full.matchAll(/^Source: (.*)$/gm)].map((match) => match[1])).toStrictEqual([`${B}/`, `${B}/guide`]);
  });
});

describe('search in the requested language', () => {
  const search = async (query: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ url: `/api/search.json?${query}`, headers });
    return { status: res.statusCode, headers: res.headers, paths: (JSON.parse(res.body) as { path: string }[]).map((doc) => doc.path) };
  };

  it('answers in the default language without lang or Accept-Language', async () => {
    const res = await search('q=roses');
    expect(res.paths).toStrictEqual(['/guide']);
    expect(res.headers['content-language']).toBe('en');
    expect(res.headers.vary).toBe('Accept-Language');
  });

  it('answers in the best language of Accept-Language (q-values), with German stems', async () => {
    const res = await search('q=rosen', { 'accept-language': 'fr;q=0.5, de-DE;q=0.9, en;q=0.1' });
    expect(res.status).toBe(200);
    expect(res.paths).toStrictEqual(['/de/private', '/de/guide']);
    expect(res.headers['content-language']).toBe('de');
    expect(res.headers['content-type']).toBe(JSON_TYPE);
    expect(res.headers.vary).toBe('Accept-Language');
    expect((await search('q=roses', { 'accept-language': 'fr' })).paths).toStrictEqual(['/fr/guide']);
    expect((await search('q=roses', { 'accept-language': 'ja, de;q=0' })).paths).toStrictEqual(['/guide']);
  });

  it('lang wins over Accept-Language; an unknown one answers in the default language', async () => {
    const german = await search('q=rose&lang=de', { 'accept-language': 'fr' });
    expect(german.paths).toStrictEqual(['/de/private', '/de/guide']);
    expect(german.headers['content-language']).toBe('de');
    expect(german.headers.vary).toBeUndefined();
    expect((await search('q=roses&lang=pt-BR', { 'accept-language': 'fr' })).paths).toStrictEqual(['/guide']);
    expect((await search('lang=fr')).paths).toStrictEqual(['/fr/guide']);
  });

  it('the whole index still lists every language; a bad lang is 400 invalid_query', async () => {
    expect((await search('')).paths).toStrictEqual(['/', '/de/', '/de/guide', '/de/private', '/fr/guide', '/guide']);
    const bad = await t.app.inject({ url: '/api/search.json?q=x&lang=de_DE' });
    expect(bad.statusCode).toBe(400);
    expect((JSON.parse(bad.body) as { message: string }).message).toBe(
      'Invalid parameter: lang must match pattern "^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$".',
    );
  });
});

describe('MCP search in the requested language', () => {
  /** The ids of an MCP `search` call's results (the tool's JSON text, as agent hosts read it). */
  const mcpSearch = async (args: Record<string, unknown>, headers: Record<string, string> = {}): Promise<string[]> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'mcp-protocol-version': '2025-06-18',
        ...headers,
      },
      payload: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search', arguments: args } },
    });
    expect(res.statusCode).toBe(200);
    const data = /^data: (.*)$/m.exec(res.body)?.[1] ?? res.body;
    const text = (JSON.parse(data) as { result: { content: { text: string }[] } }).result.content[0]?.text ?? '';
    return (JSON.parse(text) as { results: { id: string }[] }).results.map((result) => result.id);
  };

  it('answers in lang, else in the Accept-Language of the request, else the default language', async () => {
    expect(await mcpSearch({ query: 'roses' })).toStrictEqual(['/guide']);
    expect(await mcpSearch({ query: 'roses' }, { 'accept-language': 'fr-FR' })).toStrictEqual(['/fr/guide']);
    expect(await mcpSearch({ query: 'rosen', lang: 'de' }, { 'accept-language': 'fr-FR' })).toStrictEqual(['/de/private', '/de/guide']);
  });
});
