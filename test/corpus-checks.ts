/**
 * What the corpus suites (test/corpus-serving.ts) check a served corpus with: reading the sitemap
 * and the llms files, and comparing a page's served markdown with its source as portable markdown
 * (its source file with every link destination absolute and one line pointing at llms.txt,
 * src/content/portable-markdown.ts), long pages reassembled from their parts.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { InjectableApp } from './app.js';
import { TEST_BASE_URL } from './helpers.js';

/** Content type of the text discovery documents (llms files). */
export const TEXT = 'text/plain; charset=utf-8';

/** Every `.md` file below `dir` (dot-named ones included), `/`-separated, sorted. */
export function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => name.split(path.sep).join('/'))
    .sort();
}

/** The path of an absolute URL on the test base URL; throws for any other origin. */
export function pathOf(url: string): string {
  if (!url.startsWith(`${TEST_BASE_URL}/`)) throw new Error(`not on ${TEST_BASE_URL}: ${url}`);
  return url.slice(TEST_BASE_URL.length);
}

const XML_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

/** The `<loc>` values of a sitemap, XML entities decoded. */
export function sitemapLocs(xml: string): string[] {
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
export interface LlmsCrawl {
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
export async function crawlLlms(app: InjectableApp): Promise<LlmsCrawl> {
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
export function portabilityProblems(served: string, source: string): string[] {
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
export async function reassembled(app: InjectableApp, markdownUrl: string, first: string, later: { count: number }): Promise<string> {
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
export function htmlPathOf(markdownPath: string): string {
  return markdownPath.endsWith('/index.md') ? markdownPath.slice(0, -'index.md'.length) : markdownPath.slice(0, -'.md'.length);
}

/**
 * The source file a markdown URL path names, by decoding it: `/common/%25.md` → `common/%.md`.
 * A folder's `index.md` is its `README.md` when there is no real `index.md`, and a name of dots
 * keeps its `.md` in the page URL (`common/..md` → `/common/..md`, markdown at `/common/..md.md`).
 */
export function sourceFileOf(dir: string, markdownPath: string): string {
  const rel = decodeURIComponent(markdownPath).slice(1);
  if (path.posix.basename(rel) === 'index.md' && !existsSync(path.join(dir, rel))) {
    return path.posix.join(path.posix.dirname(rel), 'README.md');
  }
  return /(^|\/)\.+\.md\.md$/.test(rel) ? rel.slice(0, -'.md'.length) : rel;
}

/** GETs a discovery document and checks it is a 200 of `type`. */
export async function getDocument(app: InjectableApp, url: string, type: string): Promise<string> {
  const response = await app.inject({ url });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type'], url).toBe(type);
  return response.body;
}

export /** The values as a sorted array (to compare lists whose order does not matter). */
function sorted(values: Iterable<string>): string[] {
  return [...values].sort();
}
