/**
 * Issue 33, done-when 1, for the checked-in MkDocs and Hugo builds (test/fixtures/html-builds/,
 * made with the generators' own CLIs: see each README): `serve --html` answers every built file
 * byte for byte (status, body, Content-Type, ETag, Range 206), every built page URL answers
 * `Accept: text/markdown` and its `.md` URL with exactly what sitegate serves for the source
 * without `--html`, internal pages and their files answer as sitegate's internal pages do (401
 * anonymously, 403 without internal:read, 200 with it), a build whose search index holds internal
 * text is refused at start, `check --html` lists what differs, and `inject` adds the head links only
 * when asked.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etagOf, MIN_COMPRESS_BYTES } from '../src/body.js';
import { assetEtag } from '../src/answers/assets.js';
import { loadConfig } from '../src/config/config.js';
import { htmlProblems } from '../src/cli/check-html.js';
import { buildTestApp, FIXTURES_DIR, issueKey, removeDir, TEST_BASE_URL, type TestApp } from './helpers.js';

const BUILDS = path.join(FIXTURES_DIR, 'html-builds');

/** Each generator's fixture: its content folder, build folder, pages by built URL and source markdown URL, and internal files. */
const GENERATORS = {
  mkdocs: {
    content: path.join(BUILDS, 'mkdocs/source/docs'),
    build: path.join(BUILDS, 'mkdocs/build'),
    pages: [
      ['/', '/index.md'],
      ['/guide/', '/guide.md'],
    ],
    internal: ['/internal/secret/', '/internal/secret/index.html', '/internal/plan.png'],
    internalPage: { built: '/internal/secret/', source: '/internal/secret' },
    replaced: ['sitemap.xml', 'sitemap.xml.gz'],
    sitemapGuide: '/guide',
  },
  hugo: {
    content: path.join(BUILDS, 'hugo/source/content'),
    build: path.join(BUILDS, 'hugo/build'),
    pages: [
      ['/', '/index.md'],
      ['/guide/', '/guide/index.md'],
    ],
    internal: ['/internal/', '/internal/index.html', '/internal/roadmap/', '/internal/roadmap/index.html', '/internal/roadmap/chart.png'],
    internalPage: { built: '/internal/roadmap/', source: '/internal/roadmap/' },
    replaced: ['sitemap.xml'],
    sitemapGuide: '/guide/',
  },
} as const;

/** Every file of a folder, `/`-separated relative paths. */
function filesOf(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/vnd.microsoft.icon',
  '.svg': 'image/svg+xml',
  '.otf': 'font/otf',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.eot': 'application/vnd.ms-fontobject',
  '.xml': 'application/xml',
  '.gz': 'application/gzip',
};

/** Whether the file is held in memory as text (strong ETag of its bytes) rather than read from disk (size-mtime ETag). */
function isText(rel: string): boolean {
  return /\.(html|css|js)$/.test(rel);
}

describe.each(Object.entries(GENERATORS))('serve --html, %s build', (_name, gen) => {
  let t: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(gen.content, { settings: { html: gen.build } });
    plain = await buildTestApp(gen.content);
  });
  afterAll(async () => {
    await t.app.close();
    await plain.app.close();
  });

  const internal = new Set<string>(gen.internal);
  const served = filesOf(gen.build).filter((rel) => !(gen.replaced as readonly string[]).includes(rel) && !internal.has(`/${rel}`));

  it('answers every public built file byte for byte, with its type, strong ETag and a byte range', async () => {
    expect(served.length).toBeGreaterThan(3);
    for (const rel of served) {
      const bytes = readFileSync(path.join(gen.build, rel));
      const type = TYPES[path.extname(rel)];
      const etag = isText(rel) ? etagOf(bytes) : assetEtag(statSync(path.join(gen.build, rel)));
      const res = await t.app.inject({ url: `/${rel}` });
      expect([rel, res.statusCode, res.headers['content-type'], res.headers.etag]).toEqual([rel, 200, type, etag]);
      expect(res.rawPayload.equals(bytes), rel).toBe(true);
      const range = await t.app.inject({ url: `/${rel}`, headers: { range: 'bytes=1-8' } });
      expect([rel, range.statusCode, range.headers['content-range'], range.headers.etag]).toEqual([
        rel,
        206,
        `bytes 1-8/${bytes.length}`,
        etag,
      ]);
      expect(range.rawPayload.equals(bytes.subarray(1, 9)), rel).toBe(true);
      const again = await t.app.inject({ url: `/${rel}`, headers: { 'if-none-match': etag } });
      expect([rel, again.statusCode]).toEqual([rel, 304]);
    }
  });

  it("answers a built page with sitegate's caching, coding and agent links, and its folder URL without the slash with a 308", async () => {
    const bytes = readFileSync(path.join(gen.build, 'guide/index.html'));
    const res = await t.app.inject({ url: '/guide/', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    const markdownUrl = gen.pages[1][1];
    // Pages under body.ts's MIN_COMPRESS_BYTES (Hugo's) go out as they are.
    const coded = bytes.length >= MIN_COMPRESS_BYTES;
    expect(res.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      ...(coded ? { 'content-encoding': 'br' } : {}),
      'cache-control': 'public, max-age=300',
      vary: coded ? 'Accept, Accept-Encoding' : 'Accept',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      'access-control-allow-origin': '*',
      etag: coded ? `${etagOf(bytes).slice(0, -1)}-br"` : etagOf(bytes),
      link: `<${TEST_BASE_URL}${markdownUrl}>; rel="alternate"; type="text/markdown", <${TEST_BASE_URL}/llms.txt>; rel="llms-txt"; type="text/plain", <${TEST_BASE_URL}/.well-known/api-catalog>; rel="api-catalog"; type="application/linkset+json", <${TEST_BASE_URL}/mcp>; rel="service"; title="MCP server"`,
    });
    expect(res.headers['content-security-policy']).toBeUndefined();
    const redirect = await t.app.inject({ url: '/guide?x=1' });
    expect([redirect.statusCode, redirect.headers.location]).toEqual([308, '/guide/?x=1']);
  });

  it('answers every built page URL and its .md URL with the markdown sitegate serves for the source', async () => {
    for (const [built, markdownUrl] of gen.pages) {
      const today = await plain.app.inject({ url: markdownUrl });
      expect([markdownUrl, today.statusCode]).toEqual([markdownUrl, 200]);
      const negotiated = await t.app.inject({ url: built, headers: { accept: 'text/markdown' } });
      expect([built, negotiated.statusCode, negotiated.headers['content-type'], negotiated.headers.vary]).toEqual([
        built,
        200,
        'text/markdown; charset=utf-8',
        'Accept',
      ]);
      expect(negotiated.body).toBe(today.body);
      const suffixed = await t.app.inject({ url: markdownUrl });
      expect(suffixed.body).toBe(today.body);
      expect(suffixed.headers['content-type']).toBe('text/markdown; charset=utf-8');
    }
    const folderMd = await t.app.inject({ url: '/guide/index.md' });
    expect([folderMd.statusCode, folderMd.body]).toEqual([200, (await plain.app.inject({ url: gen.pages[1][1] })).body]);
  });

  it("answers the generator's own 404 page for an unknown path asked as HTML, sitegate's 404 for markdown", async () => {
    const res = await t.app.inject({ url: '/no-such-page/', headers: { accept: 'text/html' } });
    expect([res.statusCode, res.headers['content-type'], res.headers['cache-control']]).toEqual([
      404,
      'text/html; charset=utf-8',
      'no-cache',
    ]);
    expect(res.rawPayload.equals(readFileSync(path.join(gen.build, '404.html')))).toBe(true);
    const markdown = await t.app.inject({ url: '/no-such-page/', headers: { accept: 'text/markdown' } });
    const today = await plain.app.inject({ url: '/no-such-page/', headers: { accept: 'text/markdown' } });
    expect([markdown.statusCode, markdown.body]).toEqual([404, today.body]);
  });

  it("serves sitegate's sitemap where the build has its own", async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/xml']);
    expect(res.body).toContain(`<loc>${TEST_BASE_URL}${gen.sitemapGuide}</loc>`);
    expect(res.rawPayload.equals(readFileSync(path.join(gen.build, 'sitemap.xml')))).toBe(false);
    expect(res.body).not.toContain('internal');
  });

  it('answers internal pages and their files as sitegate answers its internal pages: 401, 403, then 200 with internal:read', async () => {
    const { built, source } = gen.internalPage;
    const today = await plain.app.inject({ url: source, headers: { accept: 'text/html' } });
    expect(today.statusCode).toBe(401);
    const contentOnly = await issueKey(t.context, ['content:read']);
    const staff = await issueKey(t.context, ['content:read', 'internal:read']);
    for (const url of gen.internal) {
      const anonymous = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect([url, anonymous.statusCode, anonymous.headers['www-authenticate'], anonymous.headers['content-type']]).toEqual([
        url,
        401,
        today.headers['www-authenticate'],
        today.headers['content-type'],
      ]);
      expect(anonymous.body).toBe(today.body);
      const refused = await t.app.inject({ url, headers: { accept: 'text/html', 'x-api-key': contentOnly.apiKey } });
      expect([url, refused.statusCode]).toEqual([url, 403]);
      const res = await t.app.inject({ url, headers: { 'x-api-key': staff.apiKey } });
      expect([url, res.statusCode, res.headers['cache-control']]).toEqual([url, 200, 'private, no-store']);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    const page = await t.app.inject({ url: built, headers: { 'x-api-key': staff.apiKey } });
    expect(page.rawPayload.equals(readFileSync(path.join(gen.build, built.slice(1), 'index.html')))).toBe(true);
    const markdown = await t.app.inject({ url: built, headers: { accept: 'text/markdown', 'x-api-key': staff.apiKey } });
    const sourceMarkdown = await plain.app.inject({ url: source, headers: { accept: 'text/markdown', 'x-api-key': staff.apiKey } });
    expect(sourceMarkdown.statusCode).toBe(401); // the plain app's store holds no such key
    const plainStaff = await issueKey(plain.context, ['content:read', 'internal:read']);
    const expected = await plain.app.inject({ url: source, headers: { accept: 'text/markdown', 'x-api-key': plainStaff.apiKey } });
    expect([markdown.statusCode, markdown.body]).toEqual([200, expected.body]);
    const anonymousMarkdown = await t.app.inject({ url: built, headers: { accept: 'text/markdown' } });
    expect(anonymousMarkdown.statusCode).toBe(401);
  });
});

describe('serve --html refuses a build that would leak', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sitegate-html-'));
    cpSync(GENERATORS.mkdocs.build, dir, { recursive: true });
    // MkDocs' own search index of the same site, written with its search plugin on (fixture README).
    cpSync(path.join(BUILDS, 'mkdocs/leaky-search-index'), dir, { recursive: true });
  });
  afterAll(() => removeDir(dir));

  it("names the file and the internal page when the build's search index holds internal text", async () => {
    await expect(buildTestApp(GENERATORS.mkdocs.content, { settings: { html: dir } })).rejects.toThrow(
      '--html: search/search_index.json holds the title of internal page internal/secret.md (/internal/secret), and every visitor could fetch it: remove the file from the build, turn off the generator feature that writes it, or make the page public',
    );
  });

  it('lists the leak as an error of check --html', () => {
    const config = loadConfig({ contentDir: GENERATORS.mkdocs.content, html: dir, baseUrl: TEST_BASE_URL }, {});
    const problems = htmlProblems(config);
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([
      {
        severity: 'error',
        file: 'html:search/search_index.json',
        message:
          '--html: search/search_index.json holds the title of internal page internal/secret.md (/internal/secret), and every visitor could fetch it: remove the file from the build, turn off the generator feature that writes it, or make the page public',
      },
    ]);
  });
});

describe('check --html', () => {
  it('lists the files sitegate replaces and the built pages with no source', () => {
    const hugo = loadConfig({ contentDir: GENERATORS.hugo.content, html: GENERATORS.hugo.build, baseUrl: TEST_BASE_URL }, {});
    expect(htmlProblems(hugo)).toEqual([
      { severity: 'warning', file: 'html:internal/index.html', message: 'built page with no source: /internal/' },
      { severity: 'warning', file: 'html:sitemap.xml', message: "replaced by sitegate's /sitemap.xml: the build's file is not served" },
    ]);
    const mkdocs = loadConfig({ contentDir: GENERATORS.mkdocs.content, html: GENERATORS.mkdocs.build, baseUrl: TEST_BASE_URL }, {});
    expect(htmlProblems(mkdocs)).toEqual([
      { severity: 'warning', file: 'html:sitemap.xml', message: "replaced by sitegate's /sitemap.xml: the build's file is not served" },
      { severity: 'warning', file: 'html:sitemap.xml.gz', message: "replaced by sitegate's /sitemap.xml: the build's file is not served" },
    ]);
  });

  it('lists sources with no built page and pages built at another URL', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-html-'));
    try {
      cpSync(GENERATORS.mkdocs.build, dir, { recursive: true });
      // The guide built where an old spelling of its URL would put it, and not where its source says.
      cpSync(path.join(dir, 'guide'), path.join(dir, 'setup'), { recursive: true });
      removeDir(path.join(dir, 'guide'));
      const config = loadConfig({ contentDir: GENERATORS.mkdocs.content, html: dir, baseUrl: TEST_BASE_URL }, {});
      const found = htmlProblems(config).filter((problem) => !problem.message.startsWith('replaced'));
      expect(found).toEqual([
        { severity: 'warning', file: 'html:setup/index.html', message: 'built page with no source: /setup/' },
        { severity: 'warning', file: 'guide.md', message: 'no built page: /guide is not in the --html build' },
      ]);
    } finally {
      removeDir(dir);
    }
  });
});

describe('inject', () => {
  const gen = GENERATORS.mkdocs;
  it('leaves the bytes as built unless head-links is asked for, then adds the two links before </head> and nothing else', async () => {
    const bytes = readFileSync(path.join(gen.build, 'guide/index.html'));
    const injected = await buildTestApp(gen.content, { settings: { html: gen.build, inject: ['head-links'] } });
    try {
      const res = await injected.app.inject({ url: '/guide/' });
      const at = bytes.indexOf('</head>');
      const links = `<link rel="alternate" type="text/markdown" href="${TEST_BASE_URL}/guide.md" title="Markdown"><link rel="llms-txt" type="text/plain" href="${TEST_BASE_URL}/llms.txt">`;
      expect(res.body).toBe(`${bytes.subarray(0, at).toString()}${links}${bytes.subarray(at).toString()}`);
      const script = await injected.app.inject({ url: '/js/base.js' });
      expect(script.rawPayload.equals(readFileSync(path.join(gen.build, 'js/base.js')))).toBe(true);
    } finally {
      await injected.app.close();
    }
  });
});
