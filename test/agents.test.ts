/**
 * Agent hints (DESIGN.md "Discovery beyond SPEC.md"): the `Link` headers that point agents from
 * every HTML page at its markdown, llms.txt and the api-catalog; the headers of markdown responses
 * (`x-markdown-tokens`, `Content-Signal`, `X-Robots-Tag`); frontmatter `llms: false`; and the llms
 * files split at a small size bound.
 */
import { countTokens } from 'gpt-tokenizer';
import { afterEach, describe, expect, it } from 'vitest';
import { sourceFile, type SourceFile } from '../src/content/load.js';
import { buildSite } from '../src/content/site.js';
import { buildLlmsFiles, planFullText } from '../src/discovery/llms.js';
import { DEFAULT_CONTENT_SIGNAL } from '../src/discovery/robots.js';
import { buildTestApp, EXAMPLE_SITE, issueKey, removeDir, TEST_BASE_URL, writeContent, type TestApp } from './helpers.js';
import { HTML_TYPE, MARKDOWN_TYPE } from './http-expect.js';

const TEXT_TYPE = 'text/plain; charset=utf-8';
const LINKSET_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';
const CUSTOM_SIGNAL = 'search=yes, ai-input=no, ai-train=no';

const opened: TestApp[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) await t.app.close();
  for (const dir of folders.splice(0)) removeDir(dir);
});

async function app(contentDir = EXAMPLE_SITE, options: Parameters<typeof buildTestApp>[1] = {}): Promise<TestApp> {
  const t = await buildTestApp(contentDir, options);
  opened.push(t);
  return t;
}

function content(files: Record<string, string>): string {
  const dir = writeContent(files);
  folders.push(dir);
  return dir;
}

/** One link of an RFC 8288 `Link` header: the target and its parameters, quotes removed. */
interface WebLink {
  url: string;
  params: Record<string, string>;
}

/** Parses a `Link` header (RFC 8288 §3) of `<url>; name="value"` entries; no commas inside values. */
function parseLinks(header: unknown): WebLink[] {
  if (typeof header !== 'string') throw new Error(`no Link header: ${String(header)}`);
  return header.split(/,\s*(?=<)/).map((entry) => {
    const match = /^<([^>]*)>((?:\s*;\s*[a-z-]+="[^"]*")*)$/.exec(entry.trim());
    if (match === null) throw new Error(`malformed Link entry: ${entry}`);
    const params = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']));
    return { url: match[1] ?? '', params };
  });
}

/** The agent links every page sends (llms.txt, api-catalog, MCP), after its own first link. */
const AGENT_LINKS: WebLink[] = [
  { url: `${TEST_BASE_URL}/llms.txt`, params: { rel: 'llms-txt', type: 'text/plain' } },
  { url: `${TEST_BASE_URL}/.well-known/api-catalog`, params: { rel: 'api-catalog', type: 'application/linkset+json' } },
  { url: `${TEST_BASE_URL}/mcp`, params: { rel: 'service', title: 'MCP server' } },
];

/** The example site's public pages: HTML URL → markdown URL. */
const EXAMPLE_PAGES: readonly { url: string; markdownUrl: string }[] = [
  { url: '/', markdownUrl: '/index.md' },
  { url: '/guides/', markdownUrl: '/guides/index.md' },
  { url: '/guides/configuration', markdownUrl: '/guides/configuration.md' },
  { url: '/guides/getting-started', markdownUrl: '/guides/getting-started.md' },
  { url: '/guides/troubleshooting', markdownUrl: '/guides/troubleshooting.md' },
  { url: '/legal/terms', markdownUrl: '/legal/terms.md' },
  { url: '/posts/2026-11-01-launch', markdownUrl: '/posts/2026-11-01-launch.md' },
];

describe('HTML pages', () => {
  it.each(EXAMPLE_PAGES)('$url links its markdown alternate, llms.txt and the api-catalog', async ({ url, markdownUrl }) => {
    const t = await app();
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(HTML_TYPE);
    expect(parseLinks(res.headers.link)).toStrictEqual([
      { url: TEST_BASE_URL + markdownUrl, params: { rel: 'alternate', type: 'text/markdown' } },
      ...AGENT_LINKS,
    ]);
    expect(res.body).toContain(`<link rel="alternate" type="text/markdown" href="${TEST_BASE_URL}${markdownUrl}" title="Markdown">`);
    // The HTML is what search engines should index; the markdown hints are for agents only.
    expect(res.headers['x-robots-tag']).toBeUndefined();
    expect(res.headers['x-markdown-tokens']).toBeUndefined();
  });

  it('points at targets that answer: the markdown twin, llms.txt and the api-catalog', async () => {
    const t = await app();
    const page = await t.app.inject({ url: '/guides/getting-started' });
    const [alternate, llms, catalog] = parseLinks(page.headers.link);
    const negotiated = await t.app.inject({ url: '/guides/getting-started', headers: { accept: 'text/markdown' } });
    const expected: [WebLink | undefined, string, string | undefined][] = [
      [alternate, MARKDOWN_TYPE, negotiated.body],
      [llms, TEXT_TYPE, undefined],
      [catalog, LINKSET_TYPE, undefined],
    ];
    for (const [link, type, body] of expected) {
      const res = await t.app.inject({ url: (link?.url ?? '').slice(TEST_BASE_URL.length) });
      expect(res.statusCode, link?.url).toBe(200);
      expect(res.headers['content-type'], link?.url).toBe(type);
      if (body !== undefined) expect(res.body).toBe(body);
    }
  });
});

/** Checks the agent headers of one markdown response. */
function expectMarkdownHeaders(res: Awaited<ReturnType<TestApp['app']['inject']>>, contentSignal = DEFAULT_CONTENT_SIGNAL): void {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe(MARKDOWN_TYPE);
  const tokens = String(res.headers['x-markdown-tokens']);
  expect(tokens).toMatch(/^[1-9][0-9]*$/);
  expect(Number(tokens)).toBe(countTokens(res.body));
  expect(res.headers['content-signal']).toBe(contentSignal);
  expect(res.headers['x-robots-tag']).toBe('noindex');
}

describe('markdown responses', () => {
  it.each(EXAMPLE_PAGES)(
    '$markdownUrl and $url with Accept: text/markdown carry x-markdown-tokens, Content-Signal and X-Robots-Tag',
    async ({ url, markdownUrl }) => {
      const t = await app();
      for (const request of [{ url: markdownUrl }, { url, headers: { accept: 'text/markdown' } }]) {
        const res = await t.app.inject(request);
        expectMarkdownHeaders(res);
        expect(parseLinks(res.headers.link)).toStrictEqual([{ url: TEST_BASE_URL + url, params: { rel: 'canonical' } }, ...AGENT_LINKS]);
      }
    },
  );

  it('counts the tokens of a generated folder listing and of an internal page too', async () => {
    const dir = content({
      'index.md': '# Home\n\nThe home page.\n',
      'notes/one.md': '# One\n\nThe first note, with a few more words to count.\n',
      'notes/two.md': '# Two\n\nThe second note.\n',
      'internal/ops.md': '# Ops\n\nInternal operations notes.\n',
    });
    const t = await app(dir);
    expectMarkdownHeaders(await t.app.inject({ url: '/notes/', headers: { accept: 'text/markdown' } }));
    const { apiKey } = await issueKey(t.context, ['internal:read']);
    expectMarkdownHeaders(await t.app.inject({ url: '/internal/ops.md', headers: { 'x-api-key': apiKey } }));
  });

  it('carries a Content-Signal set in the settings, also in robots.txt', async () => {
    const t = await app(EXAMPLE_SITE, { settings: { contentSignal: CUSTOM_SIGNAL } });
    expectMarkdownHeaders(await t.app.inject({ url: '/guides/getting-started.md' }), CUSTOM_SIGNAL);
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body.split('\n').filter((line) => line.startsWith('Content-Signal:'))).toStrictEqual([
      `Content-Signal: ${CUSTOM_SIGNAL}`,
    ]);
  });

  it('has the default Content-Signal in robots.txt when none is set', async () => {
    const robots = await (await app()).app.inject({ url: '/robots.txt' });
    expect(robots.body.split('\n').filter((line) => line.startsWith('Content-Signal:'))).toStrictEqual([
      'Content-Signal: search=yes, ai-input=yes, ai-train=no',
    ]);
  });
});

describe('frontmatter llms: false', () => {
  const FILES = {
    'index.md': '# Home\n\nThe home page.\n',
    'guides/listed.md': '---\ntitle: Listed guide\n---\n\nThis guide is in llms.txt.\n',
    'guides/unlisted.md': '---\ntitle: Unlisted guide\nllms: false\n---\n\nThis guide opts out of the llms files.\n',
  };

  it('keeps a page out of llms.txt and llms-full.txt', async () => {
    const t = await app(content(FILES));
    const llms = await t.app.inject({ url: '/llms.txt' });
    const full = await t.app.inject({ url: '/llms-full.txt' });
    for (const res of [llms, full]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('/guides/listed');
      expect(res.body).not.toContain('/guides/unlisted');
      expect(res.body).not.toContain('Unlisted guide');
      expect(res.body).not.toContain('opts out');
    }
    expect(full.body).toContain('This guide is in llms.txt.');
  });

  it('keeps the page in the sitemap and the search index, and serves it', async () => {
    const t = await app(content(FILES));
    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.body).toContain(`<loc>${TEST_BASE_URL}/guides/unlisted</loc>`);
    const index = (await t.app.inject({ url: '/api/search.json' })).json<{ path: string }[]>();
    expect(index.map((doc) => doc.path)).toStrictEqual(['/', '/guides/listed', '/guides/unlisted']);
    const search = (await t.app.inject({ url: '/api/search.json?q=unlisted' })).json<{ path: string }[]>();
    expect(search.map((doc) => doc.path)).toContain('/guides/unlisted');
    const page = await t.app.inject({ url: '/guides/unlisted.md' });
    expect(page.statusCode).toBe(200);
    // The source with the llms.txt pointer after its frontmatter: the site has an index even if this page is not in it.
    expect(page.body).toBe(
      `---\ntitle: Unlisted guide\nllms: false\n---\n\n> For agents: the index of this site is ${TEST_BASE_URL}/llms.txt\n\nThis guide opts out of the llms files.\n`,
    );
  });
});

describe('llms files split at a small bound', () => {
  const MAX_CHARS = 2000;
  const BASE = 'https://docs.example.com';
  /** Index files: `/llms.txt` and the section files, not the llms-full text. */
  const isIndexFile = (path: string): boolean => /\/llms(-[a-z]+)?(-\d+)?\.txt$/.test(path) && !path.startsWith('/llms-full');

  /** ~100 pages in two folders, plus a home page and one more page at the root. */
  function generatedSite() {
    const files: SourceFile[] = [
      sourceFile('index.md', '# Example docs\n\nThe example documentation.\n', 0),
      sourceFile('about.md', '# About\n\nWho writes these docs.\n', 0),
    ];
    for (const folder of ['api', 'guides']) {
      for (let i = 1; i <= 50; i += 1) {
        const text = `# ${folder} page ${i}\n\nHow ${folder} item ${i} works.\n`;
        files.push(sourceFile(`${folder}/page-${String(i).padStart(2, '0')}.md`, text));
      }
    }
    return buildSite(files, { fallbackName: 'generated' });
  }

  /** The link URLs of an llms file's `- [title](url)` lines. */
  const linksOf = (text: string): string[] => [...text.matchAll(/^- \[(?:\\.|[^\\\]])*\]\(([^)\s]+)\)/gm)].map((m) => m[1] ?? '');

  it('keeps the root /llms.txt within the bound when the bound leaves room for one line per section file', () => {
    // The root is not split: it holds its header and API section (~1,300 characters) plus one line
    // per section file, so it fits any bound above that; at the real 50,000 that is ~440 section
    // files (docs-large needs 40). This bound leaves room for this site's 6 section files.
    const ROOT_MAX_CHARS = 2500;
    const files = buildLlmsFiles(generatedSite(), { baseUrl: BASE, maxChars: ROOT_MAX_CHARS });
    expect(files.get('/llms.txt')?.length).toBeLessThanOrEqual(ROOT_MAX_CHARS);
  });

  it('keeps every section file within the bound and lists every page exactly once', () => {
    const site = generatedSite();
    const files = buildLlmsFiles(site, { baseUrl: BASE, maxChars: MAX_CHARS });
    const indexFiles = [...files.keys()].filter(isIndexFile);
    expect(indexFiles.length).toBeGreaterThan(3);

    const oversized = indexFiles.filter((path) => path !== '/llms.txt' && (files.get(path) ?? '').length > MAX_CHARS);
    expect(oversized, 'section files over the bound').toStrictEqual([]);
    for (const path of indexFiles) expect(path, 'a clean URL path').toMatch(/^\/([a-z]+\/)?llms(-[a-z]+)?(-\d+)?\.txt$/);

    // The root links each section file once, and nothing else but the API links.
    const rootLinks = linksOf(files.get('/llms.txt') ?? '').filter((url) => isIndexFile(url.slice(BASE.length)));
    expect(rootLinks.map((url) => url.slice(BASE.length)).sort()).toStrictEqual(indexFiles.filter((path) => path !== '/llms.txt').sort());

    // The API section's link to the portal's markdown twin is no page.
    const pageLinks = indexFiles.flatMap((path) =>
      linksOf(files.get(path) ?? '').filter((url) => url.endsWith('.md') && url !== `${BASE}/developers.md`),
    );
    const expected = site.publicPages.map((page) => BASE + page.markdownUrl);
    expect(expected).toHaveLength(102);
    expect(pageLinks).toHaveLength(expected.length);
    expect([...pageLinks].sort()).toStrictEqual([...expected].sort());
  });

  it('puts each page in the file of its own section, and every file follows llmstxt.org', () => {
    const files = buildLlmsFiles(generatedSite(), { baseUrl: BASE, maxChars: MAX_CHARS });
    for (const [path, text] of files) {
      if (!isIndexFile(path)) continue;
      const lines = text.split('\n');
      expect(lines[0], path).toMatch(/^# \S/);
      expect(lines[2], path).toMatch(/^> \S/);
      expect(text, path).not.toMatch(/^###/m);
      if (path === '/llms.txt') continue;
      const folder = /^\/([a-z]+)\/llms/.exec(path)?.[1];
      for (const url of linksOf(text)) {
        // Root pages have no folder: /index.md, /about.md.
        expect(url, path).toMatch(
          folder === undefined ? new RegExp(`^${BASE}/[a-z]+\\.md$`) : new RegExp(`^${BASE}/${folder}/[^/]+\\.md$`),
        );
      }
    }
  });

  it('stays a single /llms.txt (and /llms-full.txt) at the default bound', () => {
    const site = generatedSite();
    expect([...buildLlmsFiles(site, { baseUrl: BASE }).keys()]).toStrictEqual(['/llms.txt']);
    expect(planFullText(site, { baseUrl: BASE }).paths).toStrictEqual(['/llms-full.txt']);
  });
});
