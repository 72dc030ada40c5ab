/**
 * The llms files (llmstxt.org): `/llms.txt` (H1, blockquote, details, H2 sections of
 * `- [title](url): description` links to the pages' markdown, no H3) and `/llms-full.txt` (every
 * public page's markdown). Past {@link LLMS_MAX_CHARS} the root lists sections and each top folder
 * gets its own `/<folder>/llms.txt` (root pages `/llms-root.txt`; split into `llms-2.txt`… when one
 * file would still be too big). A multilingual site's `/llms.txt` lists its default language and
 * links one llms.txt per other language at that language's folder (`/de/llms.txt`); a versioned
 * site's lists the current docs version too and links one llms.txt per version at its root
 * (`/docs/1.x/llms.txt`, content/versions.ts), each split into section files the same way;
 * past {@link LLMS_FULL_MAX_CHARS} `/llms-full.txt` is split into parts linked from the root.
 * The index files are built on first request or by the snapshot's warm-up after a rebuild, in steps
 * (build-steps.ts); the full text only when asked for ({@link renderFullTextPart}), as it holds every page.
 */
import { escapeLinkText } from '../escape.js';
import { splitFrontmatter } from '../content/frontmatter.js';
import type { Page } from '../content/page.js';
import type { Site } from '../content/site.js';
import type { SiteLanguage } from '../content/languages.js';
import { currentVersion, type SiteVersion } from '../content/versions.js';
import { runSteps, type BuildSteps } from '../build-steps.js';

/** Upper bound of every llms index file, in characters (AFDocs passes under 50,000). */
export const LLMS_MAX_CHARS = 50_000;
/** Upper bound of each llms-full part, in characters. */
export const LLMS_FULL_MAX_CHARS = 4_000_000;
/** Room kept in each part for its heading and navigation lines. */
const HEADER_RESERVE_CHARS = 2_000;
/**
 * Parts are planned from source sizes, before any page is rendered; absolute links make the served
 * markdown longer than its source, so a part is filled to this share of its bound only.
 */
const FULL_PLAN_FILL = 0.75;

/**
 * Page lines made per step of {@link buildLlmsFilesInSteps} (build-steps.ts): some 2 ms, 10 on a
 * busy core (the runner runs short steps on together, build-steps.ts `SLICE_MS`).
 */
const LINES_PER_STEP = 1_000;

/** English collation of section titles, made once. */
const SECTION_ORDER = new Intl.Collator('en');

/** Options for the llms builders. */
export interface LlmsOptions {
  /** Public base URL without trailing slash. */
  baseUrl: string;
  /** Size bound of index files (tests use smaller values). */
  maxChars?: number;
  /** Size bound of llms-full parts. */
  fullMaxChars?: number;
  /**
   * Whether the index ends with the API section (portal, OpenAPI, search, MCP); default true.
   * False for a static export (docs/export.md), which serves none of them: the full text alone is linked.
   */
  api?: boolean | undefined;
}

/**
 * The pages listed by the llms files of a language (default: the site's default language, with
 * the current docs version's pages after its own: content/versions.ts), in nav order
 * (content/folders.ts): public, and not opted out with `llms: false`.
 */
export function llmsPages(site: Site, language: SiteLanguage | undefined = site.languages[0]): Page[] {
  const own = language?.navPages ?? site.navPages;
  const current = language === site.languages[0] ? currentVersion(site.versions) : undefined;
  return (current === undefined ? own : [...own, ...current.navPages]).filter((page) => page.inLlms);
}

/** One tree's llms index: a language's, or a docs version's (`/docs/1.x/llms.txt`). */
interface LlmsTree {
  /** Its root folder key (`/`, `/de/`, `/docs/1.x/`). */
  rootKey: string;
  pages: Page[];
  /** What the header says of the pages after "public pages" (` in Deutsch (\`de\`)`, ` of version 1.x`); `''` for the root. */
  which: string;
}

/** The tree of a language (the default one: the site's root index). */
function languageTree(site: Site, language: SiteLanguage | undefined): LlmsTree {
  const rootKey = language?.rootKey ?? '/';
  const which = rootKey === '/' ? '' : ` in ${language?.label ?? language?.lang} (\`${language?.lang}\`)`;
  return { rootKey, pages: llmsPages(site, language), which };
}

/** The tree of a docs version: its own pages, under its root. */
function versionTree(version: SiteVersion): LlmsTree {
  const which = ` of version ${version.label}${version.label === version.name ? '' : ` (\`${version.name}\`)`}`;
  return { rootKey: version.rootKey, pages: version.navPages.filter((page) => page.inLlms), which };
}

interface Section {
  /** Top folder name under the language's root, `''` for root pages. */
  section: string;
  /** The language's root folder key (`/`, `/de/`). */
  rootKey: string;
  title: string;
  /** URL path of the top folder, e.g. `/guides/`. */
  folderUrl: string;
  pages: Page[];
}

/** A page's top folder under `rootKey`: `/de/guides/a` under `/de/` → `guides`; `''` for a page at the root. */
function sectionUnder(rootKey: string, key: string): string {
  const rest = key.slice(rootKey.length);
  const slash = rest.indexOf('/');
  return slash === -1 ? '' : rest.slice(0, slash);
}

/**
 * Groups pages into H2 sections by top folder of their language's tree (rooted at `rootKey`): root
 * pages first (under the site name), then each top folder in nav order under its nav label. Within
 * a section, pages keep the order given (nav order, depth first, so a folder's pages stay together).
 */
export function llmsSections(site: Site, pages: readonly Page[], rootKey = '/'): Section[] {
  const bySection = new Map<string, Page[]>();
  for (const page of pages) {
    const section = sectionUnder(rootKey, page.key);
    const list = bySection.get(section) ?? [];
    list.push(page);
    bySection.set(section, list);
  }
  const navOrder = new Map((site.folders.get(rootKey)?.folders ?? []).map((folder, i) => [folder.key, i]));
  const rank = (section: string): number => (section === '' ? -1 : (navOrder.get(`${rootKey}${section}/`) ?? Infinity));
  return [...bySection.entries()]
    .map(([section, list]) => {
      const folder = site.folders.get(`${rootKey}${section}/`);
      return {
        section,
        rootKey,
        title: section === '' ? site.name : (folder?.label ?? section),
        folderUrl: folder?.url ?? `${rootKey}${section}/`,
        pages: list,
      };
    })
    .sort((a, b) => rank(a.section) - rank(b.section) || SECTION_ORDER.compare(a.title, b.title));
}

function linkLine(url: string, title: string, description: string): string {
  return `- [${escapeLinkText(title)}](${url})${description === '' ? '' : `: ${description}`}`;
}

/**
 * Each page's line as last made, by page: a page's fields never change (content/page.ts), and a
 * `serve --watch` rebuild keeps the pages of files not changed (snapshot/read-cache.ts), so their
 * lines are the same strings build after build. That lets a rebuild tell an unchanged section file
 * by comparing its lines' identities (snapshot/llms-bodies.ts), and spares 100,000 new strings per edit.
 */
const PAGE_LINES = new WeakMap<Page, { baseUrl: string; line: string }>();

function pageLine(baseUrl: string, page: Page): string {
  const made = PAGE_LINES.get(page);
  if (made !== undefined && made.baseUrl === baseUrl) return made.line;
  const line = linkLine(baseUrl + page.markdownUrl, page.title, page.description);
  PAGE_LINES.set(page, { baseUrl, line });
  return line;
}

/** Splits lines into chunks whose joined length stays under `maxChars`. */
function chunkLines(lines: readonly string[], maxChars: number): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const line of lines) {
    if (current.length > 0 && size + line.length + 1 > maxChars) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(line);
    size += line.length + 1;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** The H1, blockquote and details of an llms.txt; a tree other than the root one says which it is. */
function header(site: Site, baseUrl: string, tree: LlmsTree): string[] {
  const { rootKey, which } = tree;
  const pageCount = tree.pages.length;
  const root = site.folders.get(rootKey)?.index;
  const own = root !== undefined && root.description !== '' ? root.description : undefined;
  // The configured description is in the default language: a translation's own root page says it in its language.
  const summary = (rootKey === '/' ? (site.description ?? own) : (own ?? site.description)) ?? `Documentation of ${site.name}.`;
  return [
    `# ${site.name}`,
    '',
    `> ${summary}`,
    '',
    `This index lists the ${pageCount} public pages${which} of ${baseUrl}. Every link points at the page's markdown; the same URL without \`.md\` serves HTML, and any page URL answers \`Accept: text/markdown\` with markdown.`,
  ];
}

function apiSection(baseUrl: string, fullParts: readonly string[], api = true): string[] {
  const full =
    fullParts.length === 1
      ? [linkLine(`${baseUrl}/llms-full.txt`, 'Full text', 'every public page as markdown in one file')]
      : fullParts.map((path, i) => linkLine(baseUrl + path, `Full text, part ${i + 1} of ${fullParts.length}`, 'public pages as markdown'));
  // Agents fetch every link here as a documentation page, so the links go to the portal's
  // sections and the machine-readable resources (JSON, XML, a POST-only endpoint) are named in
  // the descriptions: a JSON body read as a page is all boilerplate to them. The portal's links
  // go to its markdown twin (issue 30; afdocs llms-txt-links-markdown).
  if (!api) return ['', '## Full text', '', ...full];
  const portal = `${baseUrl}/developers.md`;
  return [
    '',
    '## API',
    '',
    linkLine(portal, 'Developer portal', 'how to get credentials from the operator, scopes, error codes and curl examples'),
    linkLine(`${portal}#endpoints`, 'OpenAPI description', `the OpenAPI 3.1 description of the API is at ${baseUrl}/openapi.json`),
    linkLine(
      `${portal}#search`,
      'Search',
      `${baseUrl}/api/search.json lists every public page (path, title, description); add ?q=words to search`,
    ),
    linkLine(
      `${portal}#mcp`,
      'MCP server',
      `Model Context Protocol at ${baseUrl}/mcp over Streamable HTTP with the tools search and fetch`,
    ),
    linkLine(`${portal}#resources`, 'Sitemap', `the XML sitemap of every public page is at ${baseUrl}/sitemap.xml`),
    ...full,
  ];
}

/**
 * The path of part `n` (1-based) of a section's llms file. Root pages have no folder, and `/llms.txt`
 * is the site index, so theirs is `/llms-root.txt`.
 */
function sectionFilePath(section: Section, n: number): string {
  if (section.section === '') return n === 1 ? `${section.rootKey}llms-root.txt` : `${section.rootKey}llms-root-${n}.txt`;
  return `${section.folderUrl}${n === 1 ? 'llms.txt' : `llms-${n}.txt`}`;
}

/** The last segment of every llms file's path: index, section, root-page and full-text files and their parts. */
const LLMS_FILE_NAME = /\/llms(?:-root|-full)?(?:-[1-9]\d*)?\.txt$/;

/**
 * Whether `path` (a URL path) has the name of an llms file, so that a page's path can be told apart
 * without building the files. Every name {@link sectionFilePath} and {@link planFullText} give matches.
 */
export function isLlmsFileName(path: string): boolean {
  return LLMS_FILE_NAME.test(path);
}

/** The lines above the links of a section file listing pages `first`–`last`, as text ending in a newline. */
function sectionHeader(site: Site, section: Section, baseUrl: string, first: number, last: number, part: number, parts: number): string {
  const range = `pages ${first}–${last} of ${section.pages.length}`;
  const others = parts === 1 ? '' : ` Part ${part} of ${parts}.`;
  const quote = `> The ${range} in the ${section.title} section of ${baseUrl}.${others} Site index: ${baseUrl}${section.rootKey}llms.txt`;
  return `${[`# ${site.name}: ${section.title}`, '', quote, '', `## ${section.title}`, ''].join('\n')}\n`;
}

/**
 * An llms index file before its text is joined: `head`, then `lines` each ending in a newline.
 * A section file's lines are its pages' lines, the same strings while the pages are the same
 * objects (see {@link PAGE_LINES}), so a caller can tell an unchanged file without joining it.
 */
export interface LlmsFileParts {
  readonly head: string;
  readonly lines: readonly string[];
}

/** The text of an llms index file: its head, then its lines, each ending in a newline. */
export function llmsFileText(parts: LlmsFileParts): string {
  return parts.lines.length === 0 ? parts.head : `${parts.head}${parts.lines.join('\n')}\n`;
}

/**
 * Builds the llms index files of the site: `/llms.txt` for the default language, one more per
 * other language (`/de/llms.txt`, linked from `/llms.txt`), section files when one is large, and the
 * `/llms-full.txt` index when the full text is in parts (the parts themselves: {@link renderFullTextPart}).
 * @returns URL path (percent-encoded) → file text; always holds `/llms.txt`
 */
export function buildLlmsFiles(site: Site, options: LlmsOptions): Map<string, string> {
  const files = runSteps(buildLlmsFilesInSteps(site, options));
  return new Map([...files].map(([path, parts]) => [path, llmsFileText(parts)]));
}

/**
 * {@link buildLlmsFiles} in steps (build-steps.ts), one per section file of a large tree, one per
 * small tree, each file in parts ({@link LlmsFileParts}).
 */
export function* buildLlmsFilesInSteps(site: Site, options: LlmsOptions): BuildSteps<Map<string, LlmsFileParts>> {
  const files = new Map<string, LlmsFileParts>();
  const whole = (text: string): LlmsFileParts => ({ head: text, lines: [] });
  const fullPaths = planFullText(site, options).paths;
  if (fullPaths.length > 1) files.set('/llms-full.txt', whole(fullIndex(site, options.baseUrl, fullPaths)));
  const [main, ...others] = site.languages;
  const translated = others.filter((language) => llmsPages(site, language).length > 0);
  const languageLines = translated.map((language) => {
    const count = llmsPages(site, language).length;
    return linkLine(
      `${options.baseUrl}${language.rootKey}llms.txt`,
      language.label ?? language.lang,
      `llms index of the ${count} pages in ${language.lang}`,
    );
  });
  const versions = site.versions.map(versionTree).filter((tree) => tree.pages.length > 0);
  const versionLines = site.versions.flatMap((version) => {
    const count = versions.find((tree) => tree.rootKey === version.rootKey)?.pages.length ?? 0;
    if (count === 0) return [];
    const status = version.current ? 'the current version' : version.banner === 'unreleased' ? 'an unreleased version' : 'an older version';
    return [linkLine(`${options.baseUrl}${version.rootKey}llms.txt`, version.label, `llms index of the ${count} pages of ${status}`)];
  });
  const mainSections = [
    ...(languageLines.length === 0 ? [] : ['', '## Languages', '', ...languageLines]),
    ...(versionLines.length === 0 ? [] : ['', '## Versions', '', ...versionLines]),
  ];
  yield;
  yield* addTreeFiles(files, site, options, fullPaths, languageTree(site, main), mainSections);
  for (const language of translated) yield* addTreeFiles(files, site, options, fullPaths, languageTree(site, language), []);
  // After the root's: a version's index wins over a root section file at its folder (`/docs/llms.txt`).
  for (const tree of versions) yield* addTreeFiles(files, site, options, fullPaths, tree, []);
  return files;
}

/** Adds the llms index files of one tree (`<root>llms.txt` and its section files) to `files`, a step per section file (each at most {@link LLMS_MAX_CHARS}). */
function* addTreeFiles(
  files: Map<string, LlmsFileParts>,
  site: Site,
  options: LlmsOptions,
  fullPaths: readonly string[],
  tree: LlmsTree,
  languageSection: readonly string[],
): BuildSteps<void> {
  const { baseUrl } = options;
  const maxChars = options.maxChars ?? LLMS_MAX_CHARS;
  const { rootKey, pages } = tree;
  const sections = llmsSections(site, pages, rootKey);
  // Each page's line, LINES_PER_STEP a step: 100,000 of them took some 150 ms.
  const sectionLines: string[][] = [];
  let made = 0;
  for (const section of sections) {
    const lines: string[] = [];
    for (const page of section.pages) {
      lines.push(pageLine(baseUrl, page));
      if (++made % LINES_PER_STEP === 0) yield;
    }
    sectionLines.push(lines);
  }
  const tail = [...languageSection, ...apiSection(baseUrl, fullPaths, options.api)];
  const head = header(site, baseUrl, tree);
  const lengthOf = (lines: readonly string[]): number => lines.reduce((sum, line) => sum + line.length + 1, 0);
  // Its length first: a large tree's flat text (megabytes at 100k pages) is never made.
  // Each section adds '', its heading, '' and its lines, each with its newline.
  const flatChars =
    lengthOf(head) +
    lengthOf(tail) +
    sections.reduce((sum, section, i) => sum + `## ${section.title}`.length + 3 + lengthOf(sectionLines[i] as string[]), 0);
  if (flatChars <= maxChars) {
    const flat = [...head];
    sections.forEach((section, i) => flat.push('', `## ${section.title}`, '', ...(sectionLines[i] as string[])));
    flat.push(...tail);
    files.set(`${rootKey}llms.txt`, { head: '', lines: flat });
    return;
  }
  yield;

  const root = [
    ...header(site, baseUrl, tree),
    '',
    'The site is large, so its pages are listed in one llms file per section, linked below.',
  ];
  for (const [s, section] of sections.entries()) {
    // The header's longest form (every number at its most digits) bounds the room left for links,
    // so each file stays within maxChars whatever the bound (a fixed reserve left none at 2,000).
    const n = section.pages.length;
    const chunks = chunkLines(sectionLines[s] as string[], maxChars - sectionHeader(site, section, baseUrl, n, n, n, n).length);
    root.push('', `## ${section.title}`, '');
    let first = 1;
    for (const [i, lines] of chunks.entries()) {
      const path = sectionFilePath(section, i + 1);
      const last = first + lines.length - 1;
      const range = `pages ${first}–${last} of ${section.pages.length}`;
      const title = chunks.length === 1 ? `${section.title} pages` : `${section.title} pages, part ${i + 1} of ${chunks.length}`;
      root.push(linkLine(baseUrl + path, title, `llms index of ${range} in ${section.title}`));
      files.set(path, { head: sectionHeader(site, section, baseUrl, first, last, i + 1, chunks.length), lines });
      first = last + 1;
      yield;
    }
  }
  root.push(...tail);
  files.set(`${rootKey}llms.txt`, { head: '', lines: root });
}

/** The parts of the full text: each part's URL path and pages. A single part is `/llms-full.txt` itself. */
export interface FullTextPlan {
  paths: string[];
  parts: Page[][];
}

/** What the full text needs of a rendered page. */
export interface FullTextPage {
  /** The page's portable markdown, frontmatter included. */
  markdown: string;
  startsWithH1: boolean;
}

/** The text of a page in the full text before rendering: its source size plus the lines around it. */
function estimatedChars(page: Page, baseUrl: string): number {
  return page.sourceChars + baseUrl.length + page.url.length + page.title.length + 32;
}

/** Plans the parts of `/llms-full.txt` from page sizes, without rendering a page. */
export function planFullText(site: Site, options: LlmsOptions): FullTextPlan {
  const budget = ((options.fullMaxChars ?? LLMS_FULL_MAX_CHARS) - HEADER_RESERVE_CHARS) * FULL_PLAN_FILL;
  const parts: Page[][] = [[]];
  let size = 0;
  for (const page of llmsPages(site)) {
    const chars = estimatedChars(page, options.baseUrl);
    let current = parts[parts.length - 1] as Page[];
    if (current.length > 0 && size + chars > budget) {
      current = [];
      parts.push(current);
      size = 0;
    }
    current.push(page);
    size += chars;
  }
  const paths = parts.length === 1 ? ['/llms-full.txt'] : parts.map((_, i) => `/llms-full-${i + 1}.txt`);
  return { paths, parts };
}

function pageFullText(page: Page, content: FullTextPage, baseUrl: string): string {
  const body = splitFrontmatter(content.markdown).body.trim();
  const heading = content.startsWithH1 ? '' : `# ${page.title}\n\n`;
  return `---\n\nSource: ${baseUrl}${page.url}\n\n${heading}${body}\n`;
}

/**
 * The text of part `index` (0-based) of the full text.
 * @param contentOf renders a page; called once per page of the part; a page it cannot render is left out
 */
export function renderFullTextPart(
  site: Site,
  plan: FullTextPlan,
  index: number,
  baseUrl: string,
  contentOf: (page: Page) => FullTextPage | undefined,
): string {
  const count = plan.parts.length;
  const part = count === 1 ? '' : `, part ${index + 1} of ${count}`;
  const intro = `# ${site.name}\n\n> Every public page of ${baseUrl} as markdown${part}. Index: ${baseUrl}/llms.txt\n`;
  const texts: string[] = [];
  for (const page of plan.parts[index] ?? []) {
    const content = contentOf(page);
    if (content !== undefined) texts.push(pageFullText(page, content, baseUrl));
  }
  return [intro, ...texts].join('\n');
}

function fullIndex(site: Site, baseUrl: string, parts: readonly string[]): string {
  return `${[
    `# ${site.name}`,
    '',
    `> Every public page of ${baseUrl} as markdown, in ${parts.length} parts. Index: ${baseUrl}/llms.txt`,
    '',
    '## Parts',
    '',
    ...parts.map((path, i) => linkLine(baseUrl + path, `Part ${i + 1} of ${parts.length}`, 'public pages as markdown')),
  ].join('\n')}\n`;
}
