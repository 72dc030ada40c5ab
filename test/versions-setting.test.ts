/**
 * The `versions` setting (issue 34, done-when 4): a folder per version, as VitePress, MkDocs with
 * mike, Hugo and plain sites keep them. `v2/` is 2.x, `v3/` the current 3.x; pages outside both
 * (the home page) belong to no version. Each version is its own tree with its own llms.txt;
 * old pages name the current one as canonical; search and MCP answer from the current version
 * unless `version` names another; `v2/internal/` stays internal; a bad setting fails at start
 * naming its place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, removeDir, writeContent, type TestApp } from './helpers.js';
import { apiErrorBody } from './auth-fixtures.js';
import { loadConfig } from '../src/config/config.js';

const B = 'http://sitegate.test';
const DATE = 'lastmod: 2026-01-02\n';
const FILES = {
  'index.md': `---\ntitle: Teapot\n${DATE}---\nTeapots for every kitchen.\n`,
  'v2/index.md': `---\ntitle: Teapot 2\n${DATE}---\nThe second teapot.\n`,
  'v2/guide.md': `---\ntitle: Brewing guide\n${DATE}---\nBoil the kettle for two minutes.\n`,
  'v2/legacy.md': `---\ntitle: Legacy lids\n${DATE}---\nThe old lid rattles.\n`,
  'v2/internal/plan.md': `---\ntitle: Plan\n${DATE}---\nThe hidden kettle.\n`,
  'v3/index.md': `---\ntitle: Teapot 3\n${DATE}---\nThe third teapot.\n`,
  'v3/guide.md': `---\ntitle: Brewing guide\n${DATE}---\nBoil the kettle for one minute.\n`,
};
const VERSIONS = [
  { name: '2.x', dir: 'v2' },
  { name: '3.x', dir: 'v3', current: true },
];

let dir: string;
let t: TestApp;
beforeAll(async () => {
  dir = writeContent(FILES);
  t = await buildTestApp(dir, { settings: { versions: VERSIONS } });
});
afterAll(async () => {
  await t.app.close();
  removeDir(dir);
});

const sidebarLinks = (html: string): string[] =>
  [...(/<nav class="sidebar"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '').matchAll(/href="([^"]*)"/g)].map((match) => match[1] as string);
const canonical = (html: string): string | undefined => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];

describe('the versions setting', () => {
  it('makes each folder a version with its own tree, apart from the pages of no version', async () => {
    const site = t.loaded.snapshot.site;
    expect(
      site.versions.map((version) => [
        version.name,
        version.rootKey,
        version.current,
        version.banner,
        version.navPages.map((page) => page.url),
      ]),
    ).toStrictEqual([
      ['2.x', '/v2/', false, 'unmaintained', ['/v2/', '/v2/guide', '/v2/legacy']],
      ['3.x', '/v3/', true, 'none', ['/v3/', '/v3/guide']],
    ]);
    expect(site.languages[0]?.navPages.map((page) => page.url)).toStrictEqual(['/']);
    expect(sidebarLinks((await t.app.inject({ url: '/v2/guide' })).body)).toStrictEqual(['/v2/', '/v2/guide', '/v2/legacy']);
    expect(sidebarLinks((await t.app.inject({ url: '/v3/guide' })).body)).toStrictEqual(['/v3/', '/v3/guide']);
  });

  it('names the current version page as canonical and shows the switcher and banner on old pages', async () => {
    const old = (await t.app.inject({ url: '/v2/guide' })).body;
    expect(canonical(old)).toBe(`${B}/v3/guide`);
    expect(canonical((await t.app.inject({ url: '/v2/legacy' })).body)).toBe(`${B}/v2/legacy`);
    expect(/<details class="version-switcher">[\s\S]*?<\/details>/.exec(old)?.[0]).toBe(
      [
        '<details class="version-switcher">',
        '<summary><span class="version-word">Version: </span><span class="version-current">2.x</span></summary>',
        '<ul>',
        '<li><a href="/v2/guide" aria-current="true">2.x</a></li>',
        '<li><a href="/v3/guide">3.x (latest)</a></li>',
        '</ul>',
        '</details>',
      ].join('\n'),
    );
    expect(old).toContain('<p>This is documentation for Teapot <b>2.x</b>, which is no longer actively maintained.</p>');
    const home = (await t.app.inject({ url: '/' })).body;
    expect(home).not.toContain('version-switcher');
  });

  it('has an llms.txt per version listed from the root one, and a sitemap of canonical URLs', async () => {
    const root = (await t.app.inject({ url: '/llms.txt' })).body;
    expect(root).toContain(
      `## Teapot\n\n- [Teapot](${B}/index.md): Teapots for every kitchen.\n\n` +
        `## Teapot 3\n\n- [Teapot 3](${B}/v3/index.md): The third teapot.\n- [Brewing guide](${B}/v3/guide.md): Boil the kettle for one minute.\n\n` +
        `## Versions\n\n- [2.x](${B}/v2/llms.txt): llms index of the 3 pages of an older version\n` +
        `- [3.x](${B}/v3/llms.txt): llms index of the 2 pages of the current version\n\n## API`,
    );
    const old = (await t.app.inject({ url: '/v2/llms.txt' })).body;
    expect(old).toContain('This index lists the 3 public pages of version 2.x of http://sitegate.test.');
    expect(old).toContain(
      `## Teapot\n\n- [Teapot 2](${B}/v2/index.md): The second teapot.\n- [Brewing guide](${B}/v2/guide.md): Boil the kettle for two minutes.\n` +
        `- [Legacy lids](${B}/v2/legacy.md): The old lid rattles.\n\n## API`,
    );
    const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
    expect([...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1])).toStrictEqual([
      `${B}/`,
      `${B}/v2/legacy`,
      `${B}/v3/`,
      `${B}/v3/guide`,
    ]);
  });

  it('searches the current version and the pages of no version by default, another by version; unknown is 400', async () => {
    const paths = async (query: string): Promise<string[]> =>
      (JSON.parse((await t.app.inject({ url: `/api/search.json?${query}` })).body) as { path: string }[]).map((doc) => doc.path);
    expect(await paths('q=kettle')).toStrictEqual(['/v3/guide']);
    expect(await paths('q=teapot')).toStrictEqual(['/v3/', '/']);
    expect(await paths('q=kettle&version=2.x')).toStrictEqual(['/v2/guide']);
    expect(await paths('q=kettle&version=3.x')).toStrictEqual(['/v3/guide']);
    const unknown = await t.app.inject({ url: '/api/search.json?q=kettle&version=next' });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.parse(unknown.body)).toStrictEqual(
      apiErrorBody('invalid_query', { message: 'Unknown version "next": this site\'s versions are 2.x, 3.x.' }),
    );
  });

  it('MCP search takes version as search does', async () => {
    const call = async (args: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: {
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
          'mcp-protocol-version': '2025-06-18',
        },
        payload: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search', arguments: args } },
      });
    const ids = async (args: Record<string, unknown>): Promise<string[]> => {
      const res = await call(args);
      const data = /^data: (.*)$/m.exec(res.body)?.[1] ?? res.body;
      const text = (JSON.parse(data) as { result: { content: { text: string }[] } }).result.content[0]?.text ?? '';
      return (JSON.parse(text) as { results: { id: string }[] }).results.map((result) => result.id);
    };
    expect(await ids({ query: 'kettle' })).toStrictEqual(['/v3/guide']);
    expect(await ids({ query: 'kettle', version: '2.x' })).toStrictEqual(['/v2/guide']);
    const unknown = await call({ query: 'kettle', version: '1.x' });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.parse(unknown.body)).toStrictEqual(
      apiErrorBody('invalid_query', { message: 'Unknown version "1.x": this site\'s versions are 2.x, 3.x.' }),
    );
  });

  it('keeps the internal folder of an old version internal', async () => {
    expect((await t.app.inject({ url: '/v2/internal/plan' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/v2/internal/missing' })).statusCode).toBe(401);
    expect(t.loaded.snapshot.site.pages.get('/v2/internal/plan')?.kind).toBe('internal');
    for (const url of ['/v2/llms.txt', '/sitemap.xml', '/api/search.json?q=hidden&version=2.x'])
      expect((await t.app.inject({ url })).body, url).not.toMatch(/plan|hidden/i);
  });
});

describe('a bad versions setting fails at start, naming its place', () => {
  it.each([
    [[{ name: '2.x', dir: 'v2' }], 'sitegate.json: versions: must mark exactly one version "current": true (0 do)'],
    [
      [{ name: '2.x', dir: '../v2', current: true }],
      'sitegate.json: versions[0].dir: must be a folder relative to the content folder, without a leading or trailing slash, "." or ".." (v2, versions/2.x), got "../v2"',
    ],
    [
      [
        { name: '2.x', dir: 'v2', current: true },
        { name: '2.x', dir: 'v3' },
      ],
      'sitegate.json: versions[1].name: must be unique: "2.x" is named twice',
    ],
    [
      [{ name: '2.x', dir: 'v2', current: true, colour: 'red' }],
      'sitegate.json: versions[0]: unknown key "colour" (known: name, dir, current, label, banner)',
    ],
    [
      [{ name: '2.x', dir: 'v2', current: true, banner: 'old' }],
      'sitegate.json: versions[0].banner: must be one of none, unreleased, unmaintained, got "old"',
    ],
    [[], 'sitegate.json: versions: must be a non-empty list of versions like {"name": "2.x", "dir": "v2"}, got []'],
  ])('refuses %j', (versions, message) => {
    expect(() => loadConfig({}, {}, { versions } as never)).toThrow(message);
  });
});
