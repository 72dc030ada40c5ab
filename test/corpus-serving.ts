/**
 * A corpus served end to end (see its SOURCE.md): every page listed by the sitemap, the llms files
 * and the search index answers as HTML and as portable markdown (its source file with every link
 * destination absolute and one line pointing at llms.txt, src/content/portable-markdown.ts), the
 * three listings agree, odd file names round-trip through percent-encoded URLs, the sitemap is valid
 * against the sitemaps.org XSD, and `sitegate check` reports exactly the problems SOURCE.md documents.
 *
 * The llms files at scale (src/discovery/llms.ts): a site whose /llms.txt would pass 50,000
 * characters gets one llms file per top folder (split into `llms-2.txt`… when needed), linked from a
 * root that lists sections; the page links are the union over all of them. A small site stays one file.
 *
 * Used by test/docs-small.test.ts (the fixture in the repository, `npm test`) and
 * test/docs-large.corpora.test.ts (the shared corpora, `npm run test:corpora`). One app per corpus (docs-large
 * takes seconds to build); every request is a read.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectableApp } from './app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainMarkdown } from '../src/content/dialects/index.js';
import { LLMS_FULL_MAX_CHARS, LLMS_MAX_CHARS } from '../src/discovery/llms.js';
import { buildTestApp, REPO_DIR, SITEMAP_XSD } from './helpers.js';
import {
  crawlLlms,
  getDocument,
  htmlPathOf,
  markdownFiles,
  pathOf,
  portabilityProblems,
  reassembled,
  sitemapLocs,
  sorted,
  sourceFileOf,
  TEXT,
  type LlmsCrawl,
} from './corpus-checks.js';

const HTML = 'text/html; charset=utf-8';
const MARKDOWN = 'text/markdown; charset=utf-8';
const CLI = path.join(REPO_DIR, 'bin/sitegate.js');

/** A page whose file name makes its URL worth checking by hand. */
export interface RoundTrip {
  /** Source file, relative to the content folder. */
  file: string;
  /** Canonical HTML URL path, percent-encoded. */
  url: string;
  /** URL path of the markdown representation. */
  markdownUrl: string;
}

/** A corpus served end to end, with what its SOURCE.md says it holds. */
export interface Corpus {
  name: string;
  dir: string;
  /** Public pages: every `.md` file (neither corpus has drafts, dotfiles or internal pages). */
  publicPages: number;
  /**
   * Parts after the first of the pages served in parts (over the 50,000-character page limit),
   * reached by following each part's "Next page" link from the page's own markdown.
   */
  laterParts: number;
  /** Whether /llms.txt is split into section files (the whole list would pass 50,000 characters). */
  llmsSplit: boolean;
  roundTrips: readonly RoundTrip[];
  /** Exact stdout and exit code of `sitegate check`. */
  check: { stdout: string; exitCode: number };
}

/**
 * Declares the suite of one corpus: one app built in `beforeAll` over `corpus.dir`, then a test per
 * check (listings agree, llms files well formed and bounded, every page as HTML and as portable
 * markdown, the round trips, the sitemap XSD, `sitegate check`).
 */
export function describeServedCorpus(corpus: Corpus): void {
  describe(corpus.name, () => {
    let app: InjectableApp;
    /** Source bytes by relative path. */
    const sources = new Map<string, Buffer>();
    let sitemapXml: string;
    let sitemapPaths: string[];
    /** The llms index files and their links. */
    let llms: LlmsCrawl;
    /** Markdown URL paths linked from the llms files (the union over all of them). */
    let llmsPaths: string[];
    let searchPaths: string[];

    // Shared, as building a whole corpus is costly: every test only reads what the app serves.
    beforeAll(async () => {
      // What agents get is the source with its generator syntax made plain (content/dialects): `:::info` boxes
      // become GitHub alerts; a file without such syntax is its own plain markdown, byte for byte.
      for (const file of markdownFiles(corpus.dir)) {
        const text = readFileSync(path.join(corpus.dir, file), 'utf8');
        sources.set(
          file,
          Buffer.from(plainMarkdown(text, { relPath: file, internal: false, files: undefined, lookup: () => undefined }).text),
        );
      }
      app = (await buildTestApp(corpus.dir)).app;
      sitemapXml = await getDocument(app, '/sitemap.xml', 'application/xml');
      sitemapPaths = sitemapLocs(sitemapXml).map(pathOf);
      llms = await crawlLlms(app);
      llmsPaths = llms.pagePaths;
      const index = JSON.parse(await getDocument(app, '/api/search.json', 'application/json; charset=utf-8')) as { path: string }[];
      searchPaths = index.map((document) => document.path);
    });

    afterAll(async () => {
      await app.close();
    });

    it('sitemap, the llms files and the search index list exactly the same public pages, each once (parts are not listed)', () => {
      expect(sources.size).toBe(corpus.publicPages);
      const llmsHtmlPaths = llmsPaths.map(htmlPathOf);
      for (const list of [sitemapPaths, llmsHtmlPaths, searchPaths]) {
        expect(list).toHaveLength(corpus.publicPages);
        expect(new Set(list).size).toBe(corpus.publicPages);
        expect(list.filter((url) => url.includes(';part='))).toStrictEqual([]);
      }
      expect(sorted(llmsHtmlPaths)).toEqual(sorted(sitemapPaths));
      expect(sorted(searchPaths)).toEqual(sorted(sitemapPaths));
    });

    it(`every llms index file is at most ${LLMS_MAX_CHARS.toLocaleString('en')} characters, and each is linked once`, () => {
      const paths = [...llms.files.keys()];
      if (corpus.llmsSplit) {
        // The root lists sections; each top folder has one file or more.
        expect(paths.length).toBeGreaterThan(1);
        expect(llms.files.get('/llms.txt')).toContain('one llms file per section');
      } else {
        expect(paths).toEqual(['/llms.txt']);
      }
      const sizes = paths.map((file) => ({ file, chars: llms.files.get(file)?.length ?? 0 }));
      expect(sizes.filter(({ chars }) => chars > LLMS_MAX_CHARS)).toEqual([]);
      expect(sorted(llms.indexLinks)).toEqual(sorted(paths.filter((file) => file !== '/llms.txt')));
    });

    it('every llms index file follows llmstxt.org: H1, blockquote, H2 sections of links, no H3', () => {
      for (const [file, text] of llms.files) {
        const lines = text.split('\n');
        expect(lines[0], file).toMatch(/^# \S/);
        expect(lines[1], file).toBe('');
        expect(lines[2], file).toMatch(/^> \S/);
        expect(text, file).not.toMatch(/^###/m);
        expect(text.charCodeAt(0), file).not.toBe(0xfeff);
        for (const line of lines.filter((l) => l.startsWith('- ')))
          expect(line, file).toMatch(/^- \[.+\]\(http:\/\/sitegate\.test\/\S*\)(: \S.*)?$/);
      }
    });

    it('every other link of the llms files answers a GET with 200: the API section and the llms-full parts', async () => {
      const failures: string[] = [];
      for (const link of llms.otherPaths) {
        const [url = '', fragment] = link.split('#');
        const response = await app.inject({ url });
        if (response.statusCode !== 200) failures.push(`${link}: ${response.statusCode}`);
        if (fragment !== undefined && !response.body.includes(`id="${fragment}"`)) failures.push(`${link}: no element with that id`);
        if (/^\/llms-full(-\d+)?\.txt$/.test(url)) {
          if (response.headers['content-type'] !== TEXT) failures.push(`${link}: ${String(response.headers['content-type'])}`);
          if (response.body.length > LLMS_FULL_MAX_CHARS) failures.push(`${link}: ${response.body.length} characters`);
        }
      }
      expect(failures).toEqual([]);
      // The API section links the portal and its sections; the JSON and XML resources are named in the descriptions.
      expect(llms.otherPaths.filter((link) => !link.startsWith('/llms-full'))).toEqual([
        '/developers.md',
        '/developers.md#endpoints',
        '/developers.md#search',
        '/developers.md#mcp',
        '/developers.md#resources',
      ]);
      expect(llms.otherPaths.filter((link) => link.startsWith('/llms-full')).length).toBe(corpus.llmsSplit ? 2 : 1);
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

    it('every page link of the llms files answers its source file as portable markdown (a long page: its parts together)', async () => {
      const failures: string[] = [];
      const served: string[] = [];
      const later = { count: 0 };
      for (const url of llmsPaths) {
        const file = sourceFileOf(corpus.dir, url);
        served.push(file);
        const response = await app.inject({ url });
        if (response.statusCode !== 200 || response.headers['content-type'] !== MARKDOWN) {
          failures.push(`${url}: ${response.statusCode} ${String(response.headers['content-type'])}`);
        } else {
          const markdown = await reassembled(app, url, response.body, later);
          for (const problem of portabilityProblems(markdown, sources.get(file)?.toString('utf8') ?? ''))
            failures.push(`${url}: ${problem}`);
        }
      }
      expect(failures).toEqual([]);
      expect(later.count).toBe(corpus.laterParts);
      // Together with the comparison: every file is served, by the URL that decodes to its name.
      expect(sorted(served)).toEqual(sorted(sources.keys()));
    });

    it('every page answers its source file as portable markdown on its HTML URL with Accept: text/markdown', async () => {
      const failures: string[] = [];
      for (const markdownUrl of llmsPaths) {
        const url = htmlPathOf(markdownUrl);
        const file = sourceFileOf(corpus.dir, markdownUrl);
        const response = await app.inject({ url, headers: { accept: 'text/markdown' } });
        const vary = String(response.headers.vary).split(/\s*,\s*/);
        if (response.statusCode !== 200 || response.headers['content-type'] !== MARKDOWN || !vary.includes('Accept')) {
          failures.push(`${url}: ${response.statusCode} ${String(response.headers['content-type'])} vary=${String(response.headers.vary)}`);
        } else {
          const markdown = await reassembled(app, markdownUrl, response.body, { count: 0 });
          for (const problem of portabilityProblems(markdown, sources.get(file)?.toString('utf8') ?? ''))
            failures.push(`${url}: ${problem}`);
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

      const bodies: string[] = [];
      for (const request of [{ url, headers: { accept: 'text/markdown' } }, { url: markdownUrl }]) {
        const markdown = await app.inject(request);
        expect(markdown.statusCode, request.url).toBe(200);
        expect(markdown.headers['content-type'], request.url).toBe(MARKDOWN);
        const whole = await reassembled(app, markdownUrl, markdown.body, { count: 0 });
        expect(portabilityProblems(whole, source?.toString('utf8') ?? ''), request.url).toEqual([]);
        bodies.push(markdown.body);
      }
      // Both URLs answer the same representation.
      expect(bodies[1]).toBe(bodies[0]);

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
      // --verbose: every finding of a kind, not the first ten.
      const result = spawnSync(process.execPath, [CLI, 'check', corpus.dir, '--verbose'], { encoding: 'utf8' });
      expect(result.error).toBeUndefined();
      expect(result.stderr).toBe('');
      expect(result.stdout).toBe(corpus.check.stdout);
      expect(result.status).toBe(corpus.check.exitCode);
    });
  });
}
