/**
 * The two shared corpora (../shared/corpora, see their SOURCE.md) served end to end: every page
 * listed by the sitemap, the llms files and the search index answers as HTML and as portable
 * markdown (its source file with every link destination absolute and one line pointing at llms.txt,
 * src/content/portable-markdown.ts), the three listings agree, odd file names round-trip through
 * percent-encoded URLs, the sitemap is valid against the sitemaps.org XSD, and `sitegate check`
 * reports exactly the broken links SOURCE.md documents.
 *
 * The llms files at scale (src/discovery/llms.ts): a site whose /llms.txt would pass 50,000
 * characters gets one llms file per top folder (split into `llms-2.txt`… when needed), linked from a
 * root that lists sections; the page links are the union over all of them. docs-small stays one file.
 *
 * One app per corpus (docs-large takes seconds to build); every request is a read.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectableApp } from './app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainMarkdown } from '../src/content/dialects/index.js';
import { LLMS_FULL_MAX_CHARS, LLMS_MAX_CHARS } from '../src/discovery/llms.js';
import { buildTestApp, DOCS_LARGE, DOCS_SMALL, REPO_DIR, TEST_BASE_URL } from './helpers.js';

const HTML = 'text/html; charset=utf-8';
const MARKDOWN = 'text/markdown; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';
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

const CORPORA: readonly Corpus[] = [
  {
    name: 'docs-small',
    dir: DOCS_SMALL,
    publicPages: 201,
    // reference/api-docs.md in 8 parts, four more pages in 2.
    laterParts: 11,
    llmsSplit: false,
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
    // DEPRECATED.md is the one page without any title. Five files are over the 50,000 characters
    // past which agents truncate (`wc -m`: 50,930 to 274,580), so they are served in parts and
    // check says so (sizes as served: links absolute, the llms.txt pointer added). SOURCE.md: the
    // images (`/images/…`, and one under `/docs/…`) live outside this folder and 404 in this copy:
    // check names each page's link to a file that is not served. Lines count in the markdown after
    // the dialect steps: usage/gateway.md's image is on line 53 of the file, 44 once its three
    // `:::info` admonitions have become shorter GitHub alerts.
    check: {
      stdout: [
        'broken-link: 1 error',
        "  fix: Point the link at a page or file that exists (relative to the page's file), or name its target in check.knownMissing.",
        '  tutorials/getting-started-with-trust-manager/README.md:497: error: broken relative link: ./gatekeeper/',
        'no-page: 4 errors',
        '  fix: Correct the path or add the page; a moved page keeps its old URL with the redirects setting.',
        // The site's blog post, outside the docs folder the corpus copies: absolute links are checked too.
        '  tutorials/acme/nginx-ingress.md:6: error: no page at: /announcements/2025/11/26/ingress-nginx-eol-and-gateway-api',
        '  tutorials/venafi/venafi.md:6: error: no page at: /announcements/2025/11/26/ingress-nginx-eol-and-gateway-api',
        '  tutorials/zerossl/zerossl.md:6: error: no page at: /announcements/2025/11/26/ingress-nginx-eol-and-gateway-api',
        '  usage/ingress.md:6: error: no page at: /announcements/2025/11/26/ingress-nginx-eol-and-gateway-api',
        'no-static-file: 12 errors',
        '  fix: Add the file to the content or static folder, correct the link, or name it in check.knownMissing.',
        '  README.md:20: error: no static file at: /images/high-level-overview.svg',
        '  contributing/google-season-of-docs/2022/improve-navigation-and-structure.md:152: error: no static file at: /images/google-season-of-docs-2022-improve-navigation-and-structure.png',
        '  devops-tips/prometheus-metrics.md:180: error: no static file at: /docs/devops-tips/prometheus-metrics/prometheus-status-targets.png',
        '  policy/README.md:6: error: no static file at: /images/issuance-flow-policy.png',
        '  policy/approval/README.md:6: error: no static file at: /images/issuance-flow-policy.png',
        '  policy/defaulting.md:6: error: no static file at: /images/issuance-flow-policy.png',
        '  policy/issuing.md:6: error: no static file at: /images/issuance-flow-policy.png',
        '  troubleshooting/webhook.md:24: error: no static file at: /images/troubleshooting/webhook-pod-networking-diagram.png',
        '  tutorials/getting-started-with-cert-manager-on-google-kubernetes-engine-using-lets-encrypt-for-ingress-ssl/README.md:198: error: no static file at: /images/getting-started/screenshot_google-domains_get-a-new-domain.png',
        '  tutorials/getting-started-with-cert-manager-on-google-kubernetes-engine-using-lets-encrypt-for-ingress-ssl/README.md:202: error: no static file at: /images/getting-started/screenshot_google-domains_your-cart.png',
        '  tutorials/getting-started-with-cert-manager-on-google-kubernetes-engine-using-lets-encrypt-for-ingress-ssl/README.md:212: error: no static file at: /images/getting-started/screenshot_google-domains_resource-records.png',
        // Line 53 as written: three `:::info` admonitions come before it (the plain markdown has it at 44).
        '  usage/gateway.md:53: error: no static file at: /images/gateway-roles.png',
        'link-escapes: 2 errors',
        '  fix: Link to a page inside the content folder, or to the absolute URL of what lies outside it.',
        '  releases/release-notes/release-notes-1.14.md:226: error: link escapes the content folder: ../../../docs/reference/api-docs.md#cert-manager.io/v1.PKCS12Profile',
        '  tutorials/certificate-defaults/README.md:131: error: link escapes the content folder: ./../../../docs/installation/helm.md',
        'page-size: 5 warnings',
        '  fix: Split the page at its headings, or give it headings to be cut at; pageMaxChars sets the limit.',
        '  policy/approval/approver-policy/api-reference.md: warning: 59679 characters as markdown: over the page limit of 50000, so it is served in 2 parts',
        '  reference/api-docs.md: warning: 274697 characters as markdown: over the page limit of 50000, so it is served in 8 parts',
        '  releases/release-notes/release-notes-1.12.md: warning: 51475 characters as markdown: over the page limit of 50000, so it is served in 2 parts',
        '  releases/release-notes/release-notes-1.14.md: warning: 54280 characters as markdown: over the page limit of 50000, so it is served in 2 parts',
        '  troubleshooting/webhook.md: warning: 51015 characters as markdown: over the page limit of 50000, so it is served in 2 parts',
        'no-title: 1 warning',
        '  fix: Give the page an H1 or a frontmatter title.',
        '  tutorials/istio-csr/example/DEPRECATED.md: warning: no title (frontmatter title or H1); using "DEPRECATED"',
        '201 pages, 19 errors, 6 warnings',
        '',
      ].join('\n'),
      exitCode: 1,
    },
  },
  {
    name: 'docs-large',
    dir: DOCS_LARGE,
    publicPages: 7425,
    laterParts: 0,
    llmsSplit: true,
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

/** A `- [title](url)` line of an llms file, with the H2 section it is in. */
interface LlmsLink {
  /** The H2 heading above the link, without `## `. */
  section: string;
  url: string;
}

/** The `- [title](url)` links of an llms file, in order. */
function llmsLinks(text: string): LlmsLink[] {
  const links: LlmsLink[] = [];
  let section = '';
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) section = line.slice(3);
    const match = /^- \[(?:\\.|[^\\\]])*\]\(([^)\s]+)\)/.exec(line);
    if (match?.[1] !== undefined) links.push({ section, url: match[1] });
  }
  return links;
}

/** An llms index file: `/llms.txt` or a section file such as `/common/llms-2.txt` (not llms-full). */
const LLMS_INDEX_PATH = /^(\/[^/]+)?\/llms(-root)?(-\d+)?\.txt$/;

/** Every llms index file and every link in them, found by following llms links from /llms.txt. */
interface LlmsCrawl {
  /** Text of each index file by URL path, /llms.txt first. */
  files: Map<string, string>;
  /** URL paths of the links to index files, in order (duplicates kept). */
  indexLinks: string[];
  /** Markdown URL paths of the page links of all files, in order (duplicates kept). */
  pagePaths: string[];
  /** Every other link (API section, llms-full parts), as URL paths, each once. */
  otherPaths: string[];
}

/**
 * Reads /llms.txt and every llms index file it links, checking each is a 200 of text/plain. Page
 * links are the links outside the `## API` section that name markdown; links to index files are
 * followed; anything else must be in the `## API` section.
 */
async function crawlLlms(app: InjectableApp): Promise<LlmsCrawl> {
  const files = new Map<string, string>();
  const indexLinks: string[] = [];
  const pagePaths: string[] = [];
  const otherPaths = new Set<string>();
  const queue = ['/llms.txt'];
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    if (files.has(path)) continue;
    const text = await getDocument(app, path, TEXT);
    files.set(path, text);
    for (const link of llmsLinks(text)) {
      const linked = pathOf(link.url);
      if (LLMS_INDEX_PATH.test(linked)) {
        indexLinks.push(linked);
        queue.push(linked);
      } else if (link.section !== 'API' && linked.endsWith('.md')) pagePaths.push(linked);
      else if (link.section === 'API') otherPaths.add(linked);
      else throw new Error(`${path}: a link that is neither a page, an llms file nor an API link: ${link.url}`);
    }
  }
  return { files, indexLinks, pagePaths, otherPaths: [...otherPaths] };
}

/** The line the markdown of every page gets, pointing agents at the site's llms.txt. */
const LLMS_DIRECTIVE = `> For agents: the index of this site is ${TEST_BASE_URL}/llms.txt`;

/** A YAML frontmatter block at the start of a file. */
const FRONTMATTER = /^---[ \t]*\r?\n(?:[\s\S]*?\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** An inline link destination, `](dest`: up to white space or `)`, or in angle brackets. */
const INLINE_DESTINATION = /(\]\([ \t]*)(<[^>\n]*>|[^\s)]*)/g;

/**
 * The destination of a link reference definition (CommonMark §4.7), `[label]: dest`: only when
 * nothing but a title follows, so a footnote such as `[^1]: see below` is prose, not a link.
 */
const DEFINITION_DESTINATION = /^( {0,3}\[[^\]\n]+\]:[ \t]*)(<[^>\n]*>|\S+)(?=[ \t]*\r?$|[ \t]+["'(])/gm;

/** {@link DEFINITION_DESTINATION} for one line. */
const DEFINITION_LINE = new RegExp(DEFINITION_DESTINATION.source);
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const CODE_SPAN = /(`+)[^`]+?\1/g;

/** `src=` and `href=` values of raw HTML, which portable markdown makes absolute too. */
const HTML_DESTINATION = /(\s(?:src|href)\s*=\s*)(?:"[^"]*"|'[^']*'|[^\s"'>]+)/g;

/** The text with every link destination (raw HTML `src` and `href` too) replaced by one placeholder, code included. */
function linkSkeleton(markdown: string): string {
  return markdown
    .replace(DEFINITION_DESTINATION, '$1\u27e8link\u27e9')
    .replace(INLINE_DESTINATION, '$1\u27e8link\u27e9')
    .replace(HTML_DESTINATION, '$1\u27e8link\u27e9');
}

/** The link destinations outside fenced code and code spans, in order. */
function destinationsOutsideCode(markdown: string): string[] {
  const destinations: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const marker = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      continue;
    }
    if (marker !== undefined) {
      fence = marker;
      continue;
    }
    const prose = line.replace(CODE_SPAN, '');
    const definition = DEFINITION_LINE.exec(prose);
    if (definition !== null) destinations.push(definition[2] ?? '');
    else for (const match of prose.matchAll(INLINE_DESTINATION)) destinations.push(match[2] ?? '');
  }
  return destinations;
}

/** True for a destination that is a fragment or has a scheme (`https:`, `mailto:`…), in angle brackets or not. */
function isAbsoluteOrFragment(destination: string): boolean {
  return /^<?(#|[a-z][a-z0-9+.-]*:)/i.test(destination);
}

/**
 * What is wrong with `served` as the portable markdown of `source` (empty when nothing is): the
 * frontmatter byte for byte; the llms.txt pointer once, right after the frontmatter or a leading H1,
 * with one blank line; otherwise the same text but for link destinations; and every destination
 * outside code absolute or a fragment, the relative ones of the source now on the site's base URL.
 */
function portabilityProblems(served: string, source: string): string[] {
  const problems: string[] = [];
  const frontmatter = FRONTMATTER.exec(source)?.[0] ?? '';
  if ((FRONTMATTER.exec(served)?.[0] ?? '') !== frontmatter) problems.push('frontmatter differs');
  if (served.split('\n').filter((line) => line === LLMS_DIRECTIVE).length !== 1) return [...problems, 'not exactly one llms.txt pointer'];
  const at = served.indexOf(`${LLMS_DIRECTIVE}\n`);
  if (at === -1) return [...problems, 'the llms.txt pointer is the last line'];
  const before = served.slice(frontmatter.length, at);
  if (!/^(?:[ \t]*\n)*(?:# [^\n]*\n\n)?$/.test(before))
    problems.push('the llms.txt pointer is not right after the frontmatter or a leading H1');
  // After an H1 the pointer has a blank line before it (and one after it when the source had text
  // right under the H1); otherwise a blank line after it.
  const end = at + LLMS_DIRECTIVE.length + 1;
  let candidates: string[];
  if (/(^|\n)# [^\n]*\n\n$/.test(before)) {
    candidates = [served.slice(0, at - 1) + served.slice(end)];
    if (served.startsWith('\n', end)) candidates.push(served.slice(0, at - 1) + served.slice(end + 1));
  } else if (served.startsWith('\n', end)) candidates = [served.slice(0, at) + served.slice(end + 1)];
  else return [...problems, 'no blank line after the llms.txt pointer'];
  if (!candidates.some((withoutPointer) => linkSkeleton(withoutPointer) === linkSkeleton(source))) {
    problems.push('differs from the source beyond link destinations');
  }

  const sourceDestinations = destinationsOutsideCode(source.slice(frontmatter.length));
  const servedDestinations = destinationsOutsideCode(served.slice(frontmatter.length));
  for (const destination of servedDestinations) {
    if (!isAbsoluteOrFragment(destination)) problems.push(`relative link destination: ${destination}`);
  }
  if (servedDestinations.length !== sourceDestinations.length) return [...problems, 'not as many links as the source'];
  servedDestinations.forEach((destination, i) => {
    const original = sourceDestinations[i] ?? '';
    if (isAbsoluteOrFragment(original)) {
      if (destination !== original) problems.push(`${original} changed to ${destination}`);
    } else if (!destination.replace(/^</, '').startsWith(`${TEST_BASE_URL}/`)) {
      problems.push(`${original} became ${destination}, not a URL on the site`);
    }
  });
  return problems;
}

/** The part navigation line at the top of part 1 and the list of parts under it. */
const FIRST_PART_HEADER = /\n\n> This page is long, so it is served in \d+ parts\.[^\n]*(\n>[^\n]*)*/;
/** The line that closes every part, with the newline and blank line before it. */
const PART_FOOTER = /\n\n> End of part \d+ of \d+\.[^\n]*\n$/;
/** The H1, llms.txt pointer and navigation line that open every part after the first. */
const LATER_PART_HEADER = /^# [^\n]* \(part \d+ of \d+\)\n\n> For agents: [^\n]*\n\n> Part \d+ of \d+ of a long page\.[^\n]*\n\n/;
/** The link to the following part in a part's first navigation line (content/part-markdown.ts). */
const NEXT_PART_LINK = /^> (?:This page is long|Part \d+ of \d+ of a long page)[^\n]*\[Next page\]\(([^)\s]+)\)/m;

/**
 * The markdown of a whole page from its served markdown: itself for a page served whole; for a
 * page served in parts (its part 1 says so), the parts reached by following each part's "Next
 * page" link, joined without their navigation lines: what the page would be served as whole.
 * @param later counts the parts after the first that were fetched
 */
async function reassembled(app: InjectableApp, markdownUrl: string, first: string, later: { count: number }): Promise<string> {
  if (!FIRST_PART_HEADER.test(first)) return first;
  const contents = [first.replace(FIRST_PART_HEADER, '').replace(PART_FOOTER, '')];
  let next = NEXT_PART_LINK.exec(first)?.[1];
  expect(next, markdownUrl).toBeDefined();
  while (next !== undefined) {
    const url = new URL(next).pathname;
    expect(url, markdownUrl).toMatch(/;part=\d+\.md$/);
    const response = await app.inject({ url });
    expect(response.statusCode, url).toBe(200);
    expect(response.body, url).toMatch(LATER_PART_HEADER);
    expect(response.body, url).toMatch(PART_FOOTER);
    contents.push(response.body.replace(LATER_PART_HEADER, '').replace(PART_FOOTER, ''));
    later.count++;
    next = NEXT_PART_LINK.exec(response.body)?.[1];
  }
  return contents.join('\n');
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
async function getDocument(app: InjectableApp, url: string, type: string): Promise<string> {
  const response = await app.inject({ url });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type'], url).toBe(type);
  return response.body;
}

function sorted(values: Iterable<string>): string[] {
  return [...values].sort();
}

describe.each(CORPORA)('$name', (corpus) => {
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
        for (const problem of portabilityProblems(markdown, sources.get(file)?.toString('utf8') ?? '')) failures.push(`${url}: ${problem}`);
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
        for (const problem of portabilityProblems(markdown, sources.get(file)?.toString('utf8') ?? '')) failures.push(`${url}: ${problem}`);
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
