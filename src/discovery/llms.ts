/**
 * `/llms.txt` (llmstxt.org: H1, blockquote, details, H2 sections of link lists) and
 * `/llms-full.txt` (every public page's markdown, concatenated).
 */
import { escapeLinkText } from '../escape.js';
import { splitFrontmatter } from '../content/frontmatter.js';
import type { Page } from '../content/page.js';
import type { Site } from '../content/site.js';

/** Options for the llms builders. */
export interface LlmsOptions {
  /** Public base URL without trailing slash. */
  baseUrl: string;
}

/** The pages listed by the llms files: public, and not opted out with `llms: false`. */
export function llmsPages(site: Site): Page[] {
  return site.publicPages.filter((page) => page.inLlms);
}

/**
 * Groups pages into H2 sections by top folder: root pages first (under the site name), then each
 * top folder by its title. Within a section, pages keep URL order, so a folder's pages stay together.
 */
export function llmsSections(site: Site, pages: readonly Page[]): { title: string; pages: Page[] }[] {
  const bySection = new Map<string, Page[]>();
  for (const page of pages) {
    const list = bySection.get(page.section) ?? [];
    list.push(page);
    bySection.set(page.section, list);
  }
  const titleOf = (section: string): string => (section === '' ? site.name : (site.folders.get(`/${section}/`)?.title ?? section));
  return [...bySection.entries()]
    .map(([section, list]) => ({ title: titleOf(section), section, pages: list }))
    .sort((a, b) => (a.section === '' ? -1 : b.section === '' ? 1 : a.title.localeCompare(b.title, 'en')))
    .map(({ title, pages: list }) => ({ title, pages: list }));
}

/** Builds `/llms.txt`. No BOM, LF line endings, no H3. */
export function buildLlmsTxt(site: Site, options: LlmsOptions): string {
  const { baseUrl } = options;
  const pages = llmsPages(site);
  const root = site.folders.get('/')?.index;
  const summary = root?.description !== undefined && root.description !== '' ? root.description : `Documentation of ${site.name}.`;
  const lines: string[] = [
    `# ${site.name}`,
    '',
    `> ${summary}`,
    '',
    `This index lists the ${pages.length} public pages of ${baseUrl}. Every link points at the page's markdown; the same URL without \`.md\` serves HTML, and any page URL answers \`Accept: text/markdown\` with markdown. The whole site in one file: ${baseUrl}/llms-full.txt.`,
  ];
  for (const section of llmsSections(site, pages)) {
    lines.push('', `## ${section.title}`, '');
    for (const page of section.pages) lines.push(linkLine(baseUrl + page.markdownUrl, page.title, page.description));
  }
  lines.push(
    '',
    '## API',
    '',
    linkLine(`${baseUrl}/openapi.json`, 'OpenAPI description', 'OpenAPI 3.1 description of the search, health, whoami and token endpoints'),
    linkLine(
      `${baseUrl}/developers`,
      'Developer portal',
      'how to get credentials from the operator, scopes, error codes and curl examples',
    ),
    linkLine(
      `${baseUrl}/api/search.json`,
      'Search index',
      'JSON array of every public page (path, title, description); add ?q=words to search',
    ),
    linkLine(`${baseUrl}/sitemap.xml`, 'Sitemap', 'XML sitemap of every public page'),
  );
  return `${lines.join('\n')}\n`;
}

/** Builds `/llms-full.txt`: each public page's markdown body under an H1 of its title and its URL. */
export function buildLlmsFullTxt(site: Site, options: LlmsOptions): string {
  const parts = [`# ${site.name}\n\n> Every public page of ${options.baseUrl} as markdown. Index: ${options.baseUrl}/llms.txt\n`];
  for (const page of llmsPages(site)) {
    const body = splitFrontmatter(page.source).body.trim();
    const heading = page.startsWithH1 ? '' : `# ${page.title}\n\n`;
    parts.push(`---\n\nSource: ${options.baseUrl}${page.url}\n\n${heading}${body}\n`);
  }
  return parts.join('\n');
}

function linkLine(url: string, title: string, description: string): string {
  return `- [${escapeLinkText(title)}](${url})${description === '' ? '' : `: ${description}`}`;
}
