/**
 * Step 6 of the content pipeline, run when a page is first served rather than at build: render
 * the page text the build made (content/page-text.ts, held by the site: `Site.textOf`), as HTML
 * for the layout and as portable markdown for agents, and, when its markdown is over the page
 * limit, cut it into parts (page-parts.ts). No dialect runs here: the page text is already plain.
 * Whether a page is served in parts is known only here: the build never renders a page.
 */
import { splitFrontmatter } from './frontmatter.js';
import { basePathOf } from './paths.js';
import { portableMarkdown } from './portable-markdown.js';
import type { CodeHighlighter } from './code/highlight.js';
import { renderMarkdown, summarizeMarkdown, type RenderedMarkdown } from './render.js';
import { AGENT_PAGE_MAX_CHARS, type Page } from './page.js';
import { splitPage, type PagePart } from './page-parts.js';
import type { Site } from './site.js';
import { forAudience, keptLines } from './audience.js';
import { sourceLineMap } from './dialects/line-map.js';

/** What serving a page needs beyond its metadata. */
export interface PageContent {
  /** The source with every link absolute: what agents get (plus an llms.txt pointer when served). */
  markdown: string;
  /** Rendered body HTML (no layout). */
  bodyHtml: string;
  /** True when the body opens with its own H1 (the layout then adds no title heading). */
  startsWithH1: boolean;
  /** Relative links that did not resolve to a page. */
  unresolvedLinks: RenderedMarkdown['unresolvedLinks'];
  /**
   * The parts the page is served in, in order, when its markdown is over the page limit (README
   * "Long pages"); empty when it is served whole. `markdown` and `bodyHtml` stay the whole page's.
   */
  parts: PagePart[];
}

/** Options for {@link renderPageContent}. */
export interface PageContentOptions {
  /**
   * Page limit in characters of served markdown: pages at or over it are cut into parts
   * (page-parts.ts). Default {@link AGENT_PAGE_MAX_CHARS}; 0 serves every page whole.
   */
  pageMaxChars?: number | undefined;
  /** The code highlighter (render.ts `RenderOptions.highlight`); omitted: the site's. The bench compares others. */
  highlight?: CodeHighlighter | null | undefined;
}

/**
 * The line of the file as written that holds line `line` (0-based) of the page text: the file is
 * read again (reading, not parsing: no dialect runs) only when a link needs its line, and the two
 * texts are compared line by line (dialects/line-map.ts). A file gone since the build keeps the line.
 */
function writtenLineOf(site: Site, page: Page, plain: string): (line: number, href: string) => number {
  let map: ((line: number, href: string) => number) | undefined;
  return (line, href) => {
    if (map === undefined) {
      let written = plain;
      try {
        written = site.sources.get(page.key)?.read() ?? plain;
      } catch {
        // Gone since the build: the page text's own line is the best answer left.
      }
      map = written === plain ? (at) => at : sourceLineMap(written, plain);
    }
    return map(line, href);
  };
}

/**
 * A page's portable markdown alone, without rendering its HTML (for the full-text llms files).
 * @throws {Error} when the source file can no longer be read (past the held budget only)
 */
export function renderPageMarkdown(site: Site, page: Page, baseUrl: string): Pick<PageContent, 'markdown' | 'startsWithH1'> {
  const text = site.textOf(page);
  return {
    markdown: agentsMarkdownOf(site, page, text, baseUrl),
    startsWithH1: summarizeMarkdown(splitFrontmatter(text).body, { h1: false, paragraph: false }).startsWithH1,
  };
}

/**
 * The markdown agents get of a page (without the llms.txt pointer a served page adds): its page
 * text `text` (`Site.textOf`) for the agents' audience, every link absolute against `baseUrl`.
 * Renders no HTML; what {@link renderPageContent} serves as `markdown`, the same string.
 */
export function agentsMarkdownOf(site: Site, page: Page, text: string, baseUrl: string): string {
  return portableMarkdown(forAudience(text, 'agents'), {
    relPath: page.file,
    lookup: site.urlOfFile,
    baseUrl,
    documentUrl: baseUrl + page.markdownUrl,
  });
}

/**
 * Renders a page of the site from its page text, and cuts it into parts when it is long.
 * @param baseUrl public base URL without trailing slash
 * @throws {Error} when the source file can no longer be read (past the held budget only)
 */
export function renderPageContent(site: Site, page: Page, baseUrl: string, options: PageContentOptions = {}): PageContent {
  const plain = site.textOf(page);
  // The HTML leaves out what only agents get, the markdown what only people get (content/audience.ts).
  const text = forAudience(plain, 'humans');
  const basePath = basePathOf(baseUrl);
  const assetUrl = (key: string): string | undefined => site.assets.get(key)?.url;
  const { body } = splitFrontmatter(text);
  const rendered = renderMarkdown(body, { relPath: page.file, lookup: site.urlOfFile, basePath, assetUrl, highlight: options.highlight });
  // Lines of the body count from its start; the file's from above the frontmatter, with the
  // agents' blocks that the HTML leaves out, and as written before the dialect step (line-map.ts).
  const frontmatterLines = text.slice(0, text.length - body.length).split('\n').length - 1;
  const kept = keptLines(plain, 'humans');
  const writtenLine = writtenLineOf(site, page, plain);
  const fileLine = (line: number, href: string): number => writtenLine(kept?.[line - 1] ?? line - 1, href) + 1;
  const markdown = agentsMarkdownOf(site, page, plain, baseUrl);
  const split = { source: text, markdown, title: page.title, url: page.url, markdownUrl: page.markdownUrl, rendered };
  const parts = splitPage(
    { ...split, relPath: page.file, lookup: site.urlOfFile, assetUrl, baseUrl, basePath, highlight: options.highlight },
    options.pageMaxChars ?? AGENT_PAGE_MAX_CHARS,
  );
  return {
    markdown,
    bodyHtml: rendered.html,
    startsWithH1: rendered.startsWithH1,
    unresolvedLinks: rendered.unresolvedLinks.map((link) =>
      link.line === undefined ? link : { ...link, line: fileLine(link.line + frontmatterLines, link.href) },
    ),
    parts,
  };
}
