/**
 * Private stays private (DESIGN.md "Private content fails closed"): every everyday mistake that
 * published a private page on the old main — a root `internal.md`, `access` spelled another way,
 * frontmatter that does not parse, `draft: yes`, an internal folder index or root README, a symlink
 * into `internal/` — keeps the page out of every public answer. Each fixture carries a marker word
 * that appears only in its private page; the test collects every public answer (pages, listings,
 * llms files, sitemap, search, MCP, /developers, 404 pages, openapi.json) and looks for it.
 */
import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, issueKey, removeDir, writeContent, type TestApp } from './helpers.js';
import { errorBody } from './http-expect.js';
import { checkContent } from '../src/cli/check.js';

const MARKER = 'zebrafish';
const PUBLIC_PAGES = {
  'index.md': '---\ntitle: Acme Docs\ndescription: Public home.\n---\n# Acme Docs\n\nWelcome.\n',
  'guides/setup.md': '# Setup\n\nInstall the tool.\n',
  'guides/usage.md': '# Usage\n\nRun the tool.\n',
};

const apps: TestApp[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.app.close();
  for (const dir of dirs.splice(0)) removeDir(dir);
});

async function appOf(files: Record<string, string>, prepare?: (dir: string) => void): Promise<TestApp> {
  const dir = writeContent(files);
  dirs.push(dir);
  prepare?.(dir);
  const t = await buildTestApp(dir);
  apps.push(t);
  return t;
}

/** Every public answer of the site, as text: what an anonymous reader or agent can get. */
async function publicAnswers(t: TestApp): Promise<Map<string, string>> {
  const { snapshot } = t.loaded;
  const urls = new Set<string>([
    '/llms.txt',
    '/llms-full.txt',
    ...snapshot.discovery.llmsFiles.keys(),
    '/sitemap.xml',
    '/robots.txt',
    '/openapi.json',
    '/developers',
    '/api/search.json',
    `/api/search.json?q=${MARKER}`,
    '/api/search.json?q=plan',
    '/.well-known/oauth-protected-resource',
    '/no-such-page',
    '/no-such-page.md',
  ]);
  for (const page of snapshot.site.publicPages) urls.add(page.url).add(page.markdownUrl);
  for (const key of snapshot.listings.keys()) urls.add(snapshot.site.folders.get(key)?.url ?? key);
  const answers = new Map<string, string>();
  for (const url of urls) {
    for (const accept of ['text/html', 'text/markdown', 'application/json']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept } });
      answers.set(`${accept} ${url} ${response.statusCode}`, response.body);
    }
  }
  const mcp = await t.app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
    payload: {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    },
  });
  answers.set('mcp initialize', mcp.body);
  for (const query of [MARKER, 'plan', 'setup']) {
    const search = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-protocol-version': '2025-06-18' },
      payload: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search', arguments: { query } } },
    });
    answers.set(`mcp search ${query}`, search.body);
  }
  return answers;
}

/** The answers that mention the marker (must be none). */
async function leaks(t: TestApp): Promise<string[]> {
  const answers = await publicAnswers(t);
  // The MCP answers must be real answers, or the check proves nothing.
  expect(answers.get('mcp search setup')).toContain('/guides/setup');
  return [...answers].filter(([, body]) => body.toLowerCase().includes(MARKER)).map(([name]) => name);
}

const privatePage = (frontmatter: string): string => `---\n${frontmatter}\n---\n# Zebrafish plan\n\nThe zebrafish launch is secret.\n`;

describe('a root internal.md (issue case 1)', () => {
  it('answers 401 at /internal and /internal.md and is absent from every public answer', async () => {
    const t = await appOf({ ...PUBLIC_PAGES, 'internal.md': '# Zebrafish plan\n\nThe zebrafish launch is secret.\n' });
    for (const url of ['/internal', '/internal.md', '/Internal.md', '/internal;part=2', '/internal/']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      expect([url, response.statusCode, response.json()]).toStrictEqual([
        url,
        401,
        errorBody('credential_required', 'This resource needs a credential and none was sent.'),
      ]);
    }
    expect(t.loaded.snapshot.site.pages.get('/internal')?.kind).toBe('internal');
    expect(await leaks(t)).toStrictEqual([]);
  });
});

describe('access spelled any other way than public (issue case 2)', () => {
  it.each([
    ['access: Internal'],
    ['Access: internal'],
    ['access: [internal]'],
    ['access: "internal "'],
    ['access: private'],
    ['access:'],
    ['access: [public, internal]'],
    ['ACCESS: public\naccess: internal'],
  ])('%s makes the page internal', async (frontmatter) => {
    const t = await appOf({ ...PUBLIC_PAGES, 'roadmap.md': privatePage(frontmatter) });
    expect(t.loaded.snapshot.site.pages.get('/roadmap')?.kind).toBe('internal');
    const response = await t.app.inject({ method: 'GET', url: '/roadmap.md' });
    expect(response.statusCode).toBe(401);
    expect(await leaks(t)).toStrictEqual([]);
  });

  it.each([['access: public'], ['access: " Public "'], ['access: [public]']])('%s keeps the page public', async (frontmatter) => {
    const t = await appOf({ ...PUBLIC_PAGES, 'roadmap.md': privatePage(frontmatter) });
    expect(t.loaded.snapshot.site.pages.get('/roadmap')?.kind).toBe('page');
    expect((await t.app.inject({ method: 'GET', url: '/roadmap.md' })).statusCode).toBe(200);
  });

  it.each([
    ['a duplicate key', 'title: A\ntitle: B\naccess: internal', 'invalid YAML frontmatter at line 3, column 1: Map keys must be unique'],
    ['an unclosed quote', 'title: "Roadmap\naccess: internal', 'invalid YAML frontmatter at line 3, column 17: Missing closing "quote'],
    [
      'a colon in a plain title',
      'title: Roadmap: Q3\naccess: internal',
      'invalid YAML frontmatter at line 2, column 8: Nested mappings are not allowed in compact mappings',
    ],
    [
      'an unreadable draft flag',
      'draft: true\ntitle: Roadmap: Q3',
      'invalid YAML frontmatter at line 3, column 8: Nested mappings are not allowed in compact mappings',
    ],
  ])('frontmatter with %s that names access or draft holds the page back', async (_what, frontmatter, yamlError) => {
    const t = await appOf({ ...PUBLIC_PAGES, 'roadmap.md': privatePage(frontmatter) });
    expect(t.loaded.snapshot.site.pages.has('/roadmap')).toBe(false);
    expect(t.loaded.problems.filter((problem) => problem.heldBack === true)).toStrictEqual([
      {
        severity: 'error',
        file: 'roadmap.md',
        message: `${yamlError}; it names access or draft, so the page is held back`,
        heldBack: true,
      },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/roadmap.md' })).statusCode).toBe(404);
    expect(await leaks(t)).toStrictEqual([]);
  });

  it.each([['draft: true'], ['draft: yes'], ['draft: on'], ['draft: True'], ['Draft: Y'], ['published: false'], ['draft: maybe']])(
    '%s is not served',
    async (frontmatter) => {
      const t = await appOf({ ...PUBLIC_PAGES, 'roadmap.md': privatePage(frontmatter) });
      expect(t.loaded.snapshot.site.pages.has('/roadmap')).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: '/roadmap' })).statusCode).toBe(404);
      expect(await leaks(t)).toStrictEqual([]);
    },
  );

  it.each([
    ['+++\ndraft = true\n+++\n', 404],
    ['+++\naccess = "internal"\n+++\n', 401],
    ['+++\ntitle = "Roadmap\naccess = "internal"\n+++\n', 404],
  ])('Hugo TOML frontmatter %j fails closed too', async (frontmatter, status) => {
    const t = await appOf({ ...PUBLIC_PAGES, 'roadmap.md': `${frontmatter}# Zebrafish plan\n\nThe zebrafish launch is secret.\n` });
    expect((await t.app.inject({ method: 'GET', url: '/roadmap' })).statusCode).toBe(status);
    expect(await leaks(t)).toStrictEqual([]);
  });

  it.each([['draft: false'], ['draft: no'], ['draft: off'], ['published: true'], ['draft:']])('%s is served', async (frontmatter) => {
    const t = await appOf({ ...PUBLIC_PAGES, 'roadmap.md': privatePage(frontmatter) });
    expect((await t.app.inject({ method: 'GET', url: '/roadmap' })).statusCode).toBe(200);
  });

  it('check reports held-back pages and unreadable draft values as errors', () => {
    const dir = writeContent({
      ...PUBLIC_PAGES,
      'roadmap.md': privatePage('title: Roadmap: Q3\naccess: internal'),
      'maybe.md': privatePage('draft: maybe'),
    });
    dirs.push(dir);
    const { problems } = checkContent(dir);
    expect(problems.filter((problem) => problem.severity === 'error')).toStrictEqual([
      {
        severity: 'error',
        file: 'maybe.md',
        message: 'frontmatter draft: "maybe" is not a boolean; the page is held back',
        heldBack: true,
      },
      {
        severity: 'error',
        file: 'roadmap.md',
        message:
          'invalid YAML frontmatter at line 2, column 8: Nested mappings are not allowed in compact mappings; it names access or draft, so the page is held back',
        heldBack: true,
      },
    ]);
  });
});

describe('internal index pages name nothing public (issue case 3)', () => {
  it("an internal folder index page's title and description stay out of navigation, breadcrumbs, listings and llms.txt", async () => {
    const t = await appOf({
      ...PUBLIC_PAGES,
      'guides/README.md': '---\ntitle: Zebrafish guides\ndescription: Zebrafish team only.\naccess: internal\n---\nSecret.\n',
    });
    expect(t.loaded.snapshot.site.folders.get('/guides/')?.title).toBe('Guides');
    const setup = await t.app.inject({ method: 'GET', url: '/guides/setup' });
    expect(setup.statusCode).toBe(200);
    expect(setup.body).toContain('<a href="/guides/">Guides</a>');
    expect((await t.app.inject({ method: 'GET', url: '/guides/' })).statusCode).toBe(401);
    expect(await leaks(t)).toStrictEqual([]);
  });

  it("an internal root README's title never becomes the site name", async () => {
    const t = await appOf({
      'README.md': '---\ntitle: Zebrafish Corp internal\naccess: internal\n---\nSecret.\n',
      'guides/setup.md': '# Setup\n\nInstall the tool.\n',
    });
    const fallback = t.loaded.snapshot.site.name;
    expect(fallback).toMatch(/^sitegate-content-/);
    const llms = await t.app.inject({ method: 'GET', url: '/llms.txt' });
    expect(llms.body.split('\n')[0]).toBe(`# ${fallback}`);
    expect((await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{ info: { title: string } }>().info.title).toBe(
      `${fallback} — website discovery, search and scoped-access API`,
    );
    expect(await leaks(t)).toStrictEqual([]);
  });

  it('site.title names the site everywhere, over the root page title', async () => {
    const dir = writeContent(PUBLIC_PAGES);
    dirs.push(dir);
    const t = await buildTestApp(dir, { settings: { site: { title: 'Configured Name' } } });
    apps.push(t);
    expect((await t.app.inject({ method: 'GET', url: '/llms.txt' })).body.split('\n')[0]).toBe('# Configured Name');
    expect((await t.app.inject({ method: 'GET', url: '/guides/setup' })).body).toContain('<title>Setup · Configured Name</title>');
  });
});

describe('symlinks into internal/ (issue case 4)', () => {
  it('a folder or file linked into internal/ publishes nothing: a linked file is internal, a linked folder is listed at its real path only', async () => {
    const t = await appOf({ ...PUBLIC_PAGES, 'internal/plan.md': '# Zebrafish plan\n\nThe zebrafish launch is secret.\n' }, (dir) => {
      mkdirSync(path.join(dir, 'docs'));
      symlinkSync('../internal', path.join(dir, 'docs/a'));
      symlinkSync('internal/plan.md', path.join(dir, 'public-plan.md'));
    });
    const { pages } = t.loaded.snapshot.site;
    expect([pages.get('/docs/a/plan')?.kind, pages.get('/public-plan')?.kind, pages.get('/internal/plan')?.kind]).toStrictEqual([
      undefined,
      'internal',
      'internal',
    ]);
    for (const [url, status] of [
      ['/docs/a/plan', 404],
      ['/docs/a/plan.md', 404],
      ['/public-plan', 401],
      ['/public-plan.md', 401],
      ['/internal/plan', 401],
    ] as const)
      expect([url, (await t.app.inject({ method: 'GET', url })).statusCode]).toStrictEqual([url, status]);
    expect(await leaks(t)).toStrictEqual([]);
  });
});

describe('access is decided before anything renders (issue case 6)', () => {
  it('an anonymous request for an internal page never renders it and answers as a missing one does', async () => {
    const t = await appOf({ ...PUBLIC_PAGES, 'internal/big.md': `# Big\n\n${'Zebrafish words. '.repeat(70_000)}\n` });
    const get = vi.spyOn(t.loaded.snapshot.pages, 'get');
    const present = await t.app.inject({ method: 'GET', url: '/internal/big', headers: { accept: 'text/markdown' } });
    const missing = await t.app.inject({ method: 'GET', url: '/internal/none', headers: { accept: 'text/markdown' } });
    const presentPart = await t.app.inject({ method: 'GET', url: '/internal/big;part=2.md', headers: { accept: 'text/markdown' } });
    expect(get).not.toHaveBeenCalled();
    expect([present.statusCode, missing.statusCode, presentPart.statusCode]).toStrictEqual([401, 401, 401]);
    expect(present.body).toBe(missing.body);
    expect(presentPart.body).toBe(missing.body);
    const strip = (headers: Record<string, unknown>): Record<string, unknown> => ({
      ...headers,
      'x-request-id': undefined,
      date: undefined,
    });
    expect(strip(present.headers)).toStrictEqual(strip(missing.headers));
    // With internal:read the page is rendered, and in parts.
    const { apiKey } = await issueKey(t.context, ['internal:read', 'content:read']);
    const authorized = await t.app.inject({ method: 'GET', url: '/internal/big;part=2.md', headers: { 'x-api-key': apiKey } });
    expect(authorized.statusCode).toBe(200);
    expect(get).toHaveBeenCalled();
  });
});

describe('folder listings obey the page limit (issue case 10)', () => {
  it('a listing over the limit is served in parts, every entry in exactly one part', async () => {
    const files: Record<string, string> = { 'index.md': '# Home\n' };
    for (let i = 0; i < 600; i++)
      files[`common/page-${String(i).padStart(3, '0')}.md`] = `# Page ${i}\n\n${'A description of this page. '.repeat(6)}\n`;
    const dir = writeContent(files);
    dirs.push(dir);
    const t = await buildTestApp(dir, { settings: { pageMaxChars: 20_000 } });
    apps.push(t);
    const seen: string[] = [];
    let url: string | undefined = '/common/index.md';
    let count = 0;
    while (url !== undefined) {
      const response: { statusCode: number; body: string } = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body.length).toBeLessThan(20_000);
      seen.push(...[...response.body.matchAll(/\[Page (\d+)\]/g)].map((match) => match[1] as string));
      url = /\[Next page\]\(http:\/\/sitegate\.test([^)]+)\)/.exec(response.body.split('\n').slice(0, 6).join('\n'))?.[1];
      count++;
    }
    expect(count).toBeGreaterThan(2);
    expect(seen).toStrictEqual(Array.from({ length: 600 }, (_, i) => String(i)).sort());
    const html = await t.app.inject({ method: 'GET', url: '/common/index;part=2' });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain(`Part 2 of ${count} of a long page.`);
  });
});

describe('the internal zone answers alike whether or not a page exists', () => {
  it.each(['/internal', '/internal.md', '/INTERNAL.md', '/internal;part=2', '/internal;part=2.md', '/internal/', '/internal/x'])(
    '%s answers 401 on a site without any internal page',
    async (url) => {
      const t = await appOf(PUBLIC_PAGES);
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      expect([response.statusCode, response.json()]).toStrictEqual([
        401,
        errorBody('credential_required', 'This resource needs a credential and none was sent.'),
      ]);
    },
  );
});

describe('search statistics per audience (issue case 7)', () => {
  it('two sites differing only in internal pages give byte-identical public search answers', async () => {
    const publicPages: Record<string, string> = { ...PUBLIC_PAGES };
    for (let i = 0; i < 12; i++)
      publicPages[`notes/note-${i}.md`] =
        `# Note ${i} on ${i % 2 === 0 ? 'deploys' : 'widgets'}\n\n${'The deploy pipeline builds widgets. '.repeat(i + 1)}\n`;
    const internalPages: Record<string, string> = {};
    for (let i = 0; i < 12; i++)
      internalPages[`internal/deploy-${i}.md`] = `# Deploy ${i}\n\n${'deploy deploy rollback deployment widgetry '.repeat(20)}\n`;
    const plain = await appOf(publicPages);
    const withInternal = await appOf({ ...publicPages, ...internalPages, 'roadmap.md': privatePage('access: internal') });
    const queries = ['deploy', 'deploys widgets', 'widg', 'dpeloy', 'pipeline builds', 'rollback', 'zebrafish', 'note'];
    const answers = async (t: TestApp): Promise<string[]> => {
      const bodies: string[] = [];
      for (const q of queries)
        bodies.push((await t.app.inject({ method: 'GET', url: `/api/search.json?q=${encodeURIComponent(q)}&limit=100` })).body);
      return bodies;
    };
    const expected = await answers(plain);
    expect(expected[0]).toContain('/notes/note-0');
    expect(await answers(withInternal)).toStrictEqual(expected);
    // The internal pages are there for a caller who may see them: the test can fail.
    const { apiKey } = await issueKey(withInternal.context, ['search:read', 'internal:read']);
    const internal = await withInternal.app.inject({ method: 'GET', url: '/api/search.json?q=deploy', headers: { 'x-api-key': apiKey } });
    expect(internal.body).toContain('/internal/deploy-0');
  });
});
