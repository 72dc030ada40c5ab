/**
 * The two shared corpora (../shared/corpora, see their SOURCE.md) served end to end: every page
 * listed by the sitemap, llms.txt and the search index answers as HTML and as the exact source
 * markdown, the three listings agree, odd file names round-trip through percent-encoded URLs, the
 * sitemap is valid against the sitemaps.org XSD, and `sitegate check` reports exactly the broken
 * links SOURCE.md documents.
 *
 * One app per corpus (docs-large takes seconds to build); every request is a read.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DOCS_LARGE, DOCS_SMALL, REPO_DIR, TEST_BASE_URL } from './helpers.js';

const HTML = 'text/html; charset=utf-8';
const MARKDOWN = 'text/markdown; charset=utf-8';
const SITEMAP_XSD = path.resolve(REPO_DIR, '../shared/schemas/sitemap.xsd');
const CLI = path.join(REPO_DIR, 'bin/sitegate.js');

/** A page whose file name makes its URL worth checking by hand. */
interface RoundTrip {
  /** Source file, relative to the content folder. */
  file: string;
  /** Canonical HTML URL path, percent-encoded. */
  url: string;
  /** URL path of the markdown representation. */
  markdownUrl: string;
}

interface Corpus {
  name: string;
  dir: string;
  /** Public pages: every `.md` file (neither corpus has drafts, dotfiles or internal pages). */
  publicPages: number;
  roundTrips: readonly RoundTrip[];
  /** Exact stdout and exit code of `sitegate check`. */
  check: { stdout: string; exitCode: number };
}

const CORPORA: readonly Corpus[] = [
  {
    name: 'docs-small',
    dir: DOCS_SMALL,
    publicPages: 201,
    roundTrips: [
      { file: 'README.md', url: '/', markdownUrl: '/index.md' },
      {
        file: 'contributing/google-season-of-docs/2022/README.md',
        url: '/contributing/google-season-of-docs/2022/',
        markdownUrl: '/contributing/google-season-of-docs/2022/index.md',
      },
      {
        file: 'releases/release-notes/release-notes-1.14.md',
        url: '/releases/release-notes/release-notes-1.14',
        markdownUrl: '/releases/release-notes/release-notes-1.14.md',
      },
    ],
    // SOURCE.md: exactly 3 relative links break (two climb out of the root, one names the
    // YAML-only ./gatekeeper/ folder). The 10 links to folders or extensionless names
    // (`approval`, `approver-policy`, `../installation/`, `../../installation`, `../../concepts`,
    // `../../configuration/acme`, `../../configuration/acme/http01#…`, `…/http01/#…`,
    // `../../../getting-started`) resolve to README.md pages and must not be reported.
    // DEPRECATED.md is the one page without any title.
    check: {
      stdout: [
        'releases/release-notes/release-notes-1.14.md: error: link escapes the content folder: ../../../docs/reference/api-docs.md#cert-manager.io/v1.PKCS12Profile',
        'tutorials/certificate-defaults/README.md: error: link escapes the content folder: ./../../../docs/installation/helm.md',
        'tutorials/getting-started-with-trust-manager/README.md: error: broken relative link: ./gatekeeper/',
        'tutorials/istio-csr/example/DEPRECATED.md: warning: no title (frontmatter title or H1); using "DEPRECATED"',
        '201 pages, 3 errors, 1 warning',
        '',
      ].join('\n'),
      exitCode: 1,
    },
  },
  {
    name: 'docs-large',
    dir: DOCS_LARGE,
    publicPages: 7425,
    // SOURCE.md "Quirks worth testing": shell, URL and glob metacharacters, and `..md`, whose
    // stem `.` would be a dot-segment, so its URL keeps the `.md`.
    roundTrips: [
      { file: 'common/..md', url: '/common/..md', markdownUrl: '/common/..md.md' },
      { file: 'common/%.md', url: '/common/%25', markdownUrl: '/common/%25.md' },
      { file: 'common/[.md', url: '/common/%5B', markdownUrl: '/common/%5B.md' },
      { file: 'common/c++.md', url: '/common/c%2B%2B', markdownUrl: '/common/c%2B%2B.md' },
      { file: 'common/~.md', url: '/common/~', markdownUrl: '/common/~.md' },
      { file: 'linux/mklost+found.md', url: '/linux/mklost%2Bfound', markdownUrl: '/linux/mklost%2Bfound.md' },
      { file: 'common/!.md', url: '/common/%21', markdownUrl: '/common/%21.md' },
    ],
    check: { stdout: '7425 pages, 0 errors, 0 warnings\n', exitCode: 0 },
  },
];

/** Every `.md` file below `dir` (dot-named ones included), `/`-separated, sorted. */
function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => name.split(path.sep).join('/'))
    .sort();
}

/** The path of an absolute URL on the test base URL; throws for any other origin. */
function pathOf(url: string): string {
  if (!url.startsWith(`${TEST_BASE_URL}/`)) throw new Error(`not on ${TEST_BASE_URL}: ${url}`);
  return url.slice(TEST_BASE_URL.length);
}

const XML_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

/** The `<loc>` values of a sitemap, XML entities decoded. */
function sitemapLocs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => (match[1] ?? '').replace(/&[a-z]+;/g, (e) => XML_ENTITIES[e] ?? e));
}

/** URLs of the `- [title](url)` lines of llms.txt above its final `## API` section. */
function llmsPageLinks(text: string): string[] {
  const lines = text.split('\n');
  const api = lines.lastIndexOf('## API');
  if (api === -1) throw new Error('llms.txt has no "## API" section');
  const links: string[] = [];
  for (const line of lines.slice(0, api)) {
    const match = /^- \[(?:\\.|[^\\\]])*\]\(([^)\s]+)\)/.exec(line);
    if (match?.[1] !== undefined) links.push(match[1]);
  }
  return links;
}

/** HTML URL path of a markdown URL path: `/a/index.md` → `/a/`, `/a/b.md` → `/a/b`. */
function htmlPathOf(markdownPath: string): string {
  return markdownPath.endsWith('/index.md') ? markdownPath.slice(0, -'index.md'.length) : markdownPath.slice(0, -'.md'.length);
}

/**
 * The source file a markdown URL path names, by decoding it: `/common/%25.md` → `common/%.md`.
 * A folder's `index.md` is its `README.md` when there is no real `index.md`, and a name of dots
 * keeps its `.md` in the page URL (`common/..md` → `/common/..md`, markdown at `/common/..md.md`).
 */
function sourceFileOf(dir: string, markdownPath: string): string {
  const rel = decodeURIComponent(markdownPath).slice(1);
  if (path.posix.basename(rel) === 'index.md' && !existsSync(path.join(dir, rel))) {
    return path.posix.join(path.posix.dirname(rel), 'README.md');
  }
  return /(^|\/)\.+\.md\.md$/.test(rel) ? rel.slice(0, -'.md'.length) : rel;
}

/** GETs a discovery document and checks it is a 200 of `type`. */
async function getDocument(app: FastifyInstance, url: string, type: string): Promise<string> {
  const response = await app.inject({ url });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type'], url).toBe(type);
  return response.body;
}

function sorted(values: Iterable<string>): string[] {
  return [...values].sort();
}

describe.each(CORPORA)('$name', (corpus) => {
  let app: FastifyInstance;
  /** Source bytes by relative path. */
  const sources = new Map<string, Buffer>();
  let sitemapXml: string;
  let sitemapPaths: string[];
  /** Markdown URL paths linked from llms.txt. */
  let llmsPaths: string[];
  let searchPaths: string[];

  beforeAll(async () => {
    for (const file of markdownFiles(corpus.dir)) sources.set(file, readFileSync(path.join(corpus.dir, file)));
    app = (await buildTestApp(corpus.dir)).app;
    sitemapXml = await getDocument(app, '/sitemap.xml', 'application/xml');
    sitemapPaths = sitemapLocs(sitemapXml).map(pathOf);
    llmsPaths = llmsPageLinks(await getDocument(app, '/llms.txt', 'text/plain; charset=utf-8')).map(pathOf);
    const index = JSON.parse(await getDocument(app, '/api/search.json', 'application/json; charset=utf-8')) as { path: string }[];
    searchPaths = index.map((document) => document.path);
  });

  afterAll(async () => {
    await app.close();
  });

  it('sitemap, llms.txt and the search index list exactly the same public pages, each once', () => {
    expect(sources.size).toBe(corpus.publicPages);
    const llmsHtmlPaths = llmsPaths.map(htmlPathOf);
    for (const list of [sitemapPaths, llmsHtmlPaths, searchPaths]) {
      expect(list).toHaveLength(corpus.publicPages);
      expect(new Set(list).size).toBe(corpus.publicPages);
    }
    expect(sorted(llmsHtmlPaths)).toEqual(sorted(sitemapPaths));
    expect(sorted(searchPaths)).toEqual(sorted(sitemapPaths));
  });

  it('every sitemap URL answers 200 HTML', async () => {
    const failures: string[] = [];
    for (const url of sitemapPaths) {
      const response = await app.inject({ url });
      if (response.statusCode !== 200 || response.headers['content-type'] !== HTML) {
        failures.push(`${url}: ${response.statusCode} ${String(response.headers['content-type'])}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('every page link of llms.txt answers its source file, byte for byte, as markdown', async () => {
    const failures: string[] = [];
    const served: string[] = [];
    for (const url of llmsPaths) {
      const file = sourceFileOf(corpus.dir, url);
      served.push(file);
      const response = await app.inject({ url });
      if (response.statusCode !== 200 || response.headers['content-type'] !== MARKDOWN) {
        failures.push(`${url}: ${response.statusCode} ${String(response.headers['content-type'])}`);
      } else if (!response.rawPayload.equals(sources.get(file) ?? Buffer.alloc(0))) {
        failures.push(`${url}: body differs from ${file}`);
      }
    }
    expect(failures).toEqual([]);
    // Together with the byte comparison: every file is served, by the URL that decodes to its name.
    expect(sorted(served)).toEqual(sorted(sources.keys()));
  });

  it('every page answers its source file as markdown on its HTML URL with Accept: text/markdown', async () => {
    const failures: string[] = [];
    for (const markdownUrl of llmsPaths) {
      const url = htmlPathOf(markdownUrl);
      const file = sourceFileOf(corpus.dir, markdownUrl);
      const response = await app.inject({ url, headers: { accept: 'text/markdown' } });
      const vary = String(response.headers.vary).split(/\s*,\s*/);
      if (response.statusCode !== 200 || response.headers['content-type'] !== MARKDOWN || !vary.includes('Accept')) {
        failures.push(`${url}: ${response.statusCode} ${String(response.headers['content-type'])} vary=${String(response.headers.vary)}`);
      } else if (!response.rawPayload.equals(sources.get(file) ?? Buffer.alloc(0))) {
        failures.push(`${url}: body differs from ${file}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it.each(corpus.roundTrips)('$file is served and listed at $url', async ({ file, url, markdownUrl }) => {
    const source = sources.get(file);
    expect(source, file).toBeDefined();

    const html = await app.inject({ url });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe(HTML);

    for (const request of [{ url, headers: { accept: 'text/markdown' } }, { url: markdownUrl }]) {
      const markdown = await app.inject(request);
      expect(markdown.statusCode, request.url).toBe(200);
      expect(markdown.headers['content-type'], request.url).toBe(MARKDOWN);
      expect(markdown.body, request.url).toBe(source?.toString('utf8'));
    }

    expect(sitemapPaths).toContain(url);
    expect(searchPaths).toContain(url);
    expect(llmsPaths).toContain(markdownUrl);
  });

  it('the sitemap validates against the sitemaps.org 0.9 XSD (xmllint)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-sitemap-'));
    try {
      const file = path.join(dir, 'sitemap.xml');
      writeFileSync(file, sitemapXml);
      // No skip when xmllint is missing: .ci/run installs it, and a silent skip would hide that.
      const result = spawnSync('xmllint', ['--noout', '--schema', SITEMAP_XSD, file], { encoding: 'utf8' });
      expect(result.error, 'xmllint must be on PATH (apt-get install libxml2-utils)').toBeUndefined();
      expect(result.stderr).toBe(`${file} validates\n`);
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sitegate check reports exactly the known content problems', () => {
    // The built CLI, as an operator runs it (the suite runs after `npm run build`).
    const result = spawnSync(process.execPath, [CLI, 'check', corpus.dir], { encoding: 'utf8' });
    expect(result.error).toBeUndefined();
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(corpus.check.stdout);
    expect(result.status).toBe(corpus.check.exitCode);
  });
});
