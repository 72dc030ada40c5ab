/** HTML and markdown for pages, generated folder listings and error pages. */
import { escapeHtml, escapeLinkText } from '../escape.js';
import type { Page } from '../content/page.js';
import type { PageContent } from '../content/page-content.js';
import type { PagePart } from '../content/page-parts.js';
import { renderPartsBottom, renderPartsTop } from './parts.js';
import { isFolder } from '../content/folders.js';
import type { Folder, Site } from '../content/site.js';
import { renderDocument, type SiteChrome } from './document.js';
import { partMarkdownUrlOf, partUrlOf } from '../content/paths.js';
import { partMarkdown } from '../content/part-markdown.js';
import { languageOfKey, type Alternate } from '../content/languages.js';
import { versionSurroundings, type VersionSurroundings } from './versions.js';
import { renderPageActions, renderPageMeta } from './page-extras.js';
import { renderToc, tocEntries } from './toc.js';

/** What a page shows around its text, made by the snapshot (page-bodies.ts). */
export interface PageSurroundings {
  /** The sidebar, current page marked (nav-tree.ts). */
  sidebarHtml: string;
  /** The breadcrumb (navigation.ts `renderBreadcrumb`), shown above the title. */
  breadcrumbHtml: string;
  /** Cards to the previous and next page in nav order (navigation.ts `renderPageNav`), at the bottom. */
  pageNavHtml?: string | undefined;
  /** Where the page's source is edited (content/edit-url.ts), when known. */
  editUrl?: string | undefined;
  /** Last update (ms since the epoch): git history, else the file time; default the file time. */
  updatedMs?: number | undefined;
  /** Text direction and `hreflang` alternates (content/languages.ts). */
  language?: { direction?: 'ltr' | 'rtl' | undefined; alternates: readonly Alternate[] } | undefined;
  /** The header's account block (layout/document.ts `accountHtml`); none for anonymous bodies. */
  accountHtml?: string | undefined;
  /** The version switcher and banner (layout/versions.ts); none on an unversioned page. */
  version?: VersionSurroundings | undefined;
  /** The canonical URL path when it is not the page's own: an old version's page names the current version's. */
  canonicalPath?: string | undefined;
}

/**
 * Renders a content page as a full HTML document: the whole page, or one part of a long page
 * (`part`, one of `content.parts`) with the parts' navigation and `<link rel="prev|next">`.
 * Main holds the breadcrumb, the article (the author's content only), the page actions, the
 * on-page table of contents (toc.ts) and the page footer (meta line, previous and next page).
 * The language's alternates are shown on the whole page and part 1 only: a translation's parts need not match.
 */
export function renderPageHtml(chrome: SiteChrome, page: Page, content: PageContent, around: PageSurroundings, part?: PagePart): string {
  const { basePath } = chrome;
  const { parts } = content;
  const startsWithH1 = part?.startsWithH1 ?? content.startsWithH1;
  const title = part === undefined || part.n === 1 ? page.title : `${page.title} (part ${part.n} of ${parts.length})`;
  const heading = startsWithH1 && (part === undefined || part.n === 1) ? '' : `<h1>${escapeHtml(title)}</h1>\n`;
  const markdownUrl = part?.markdownUrl ?? page.markdownUrl;
  const url = part?.url ?? page.url;
  const bodyHtml = part?.bodyHtml ?? content.bodyHtml;
  const top = part === undefined ? '' : renderPartsTop(basePath, parts, part);
  const bottom = part === undefined ? '' : renderPartsBottom(basePath, parts, part);
  const mainHtml = `${around.version?.bannerHtml ?? ''}<article class="content">
${top}${heading}${bodyHtml}${bottom}</article>
${renderPageActions(basePath + markdownUrl, chrome.baseUrl + url)}${renderToc(tocEntries(bodyHtml))}<footer class="page-footer">
${renderPageMeta(around.editUrl, around.updatedMs ?? page.lastModifiedMs)}${around.pageNavHtml ?? ''}</footer>`;
  return renderDocument(chrome, {
    title,
    description: page.description,
    path: part === undefined ? (around.canonicalPath ?? url) : url,
    markdownPath: markdownUrl,
    previousPath: part === undefined ? undefined : parts[part.n - 2]?.url,
    nextPath: part === undefined ? undefined : parts[part.n]?.url,
    sidebarHtml: around.sidebarHtml,
    breadcrumbHtml: around.breadcrumbHtml,
    mainHtml,
    lang: page.lang,
    direction: around.language?.direction,
    alternates: part === undefined || part.n === 1 ? (around.language?.alternates ?? []) : [],
    accountHtml: around.accountHtml,
    versionSwitcherHtml: around.version?.switcherHtml,
    searchVersion: around.version?.searchVersion,
  });
}

/** One entry of a generated folder listing. */
interface ListingEntry {
  url: string;
  title: string;
  description: string;
}

/** Entries of a folder with no index page (folders hold public pages only), in nav order (content/folders.ts). */
function listingEntries(folder: Folder): ListingEntry[] {
  return folder.items.map((item) => (isFolder(item) ? { url: item.url, title: `${item.label}/`, description: '' } : item));
}

/** Share of the page limit a listing part's entries are packed to: room for the parts' navigation lines. */
const LISTING_FILL = 0.8;

/** A part of a generated folder listing longer than the page limit: served like a part of a long page. */
export interface ListingPart extends PagePart {
  /** The entries this part lists, in listing order. */
  readonly entries: readonly ListingEntry[];
}

/**
 * The markdown of a generated folder listing (folders without `index.md`/`README.md`), and its
 * parts when it is at or over the page limit (README "Long pages": a folder of thousands of pages
 * is listed over several parts, `/a/index;part=2`, each with the same navigation lines as a long
 * page's parts).
 * @param pageMaxChars the page limit in characters; 0 lists every folder whole
 * @returns `parts` empty when the listing is served whole
 */
export function renderFolderMarkdown(
  site: Site,
  folder: Folder,
  baseUrl: string,
  pageMaxChars = 0,
): { markdown: string; parts: ListingPart[] } {
  const title = folder.key === '/' ? site.name : folder.title;
  const entries = listingEntries(folder);
  const lines = entries.map((entry) => {
    const description = entry.description === '' ? '' : `: ${entry.description}`;
    return `- [${escapeLinkText(entry.title)}](${baseUrl}${entry.url})${description}`;
  });
  const markdown = `# ${title}\n\n${lines.join('\n')}\n`;
  if (pageMaxChars === 0 || markdown.length < pageMaxChars) return { markdown, parts: [] };
  const budget = Math.floor(pageMaxChars * LISTING_FILL);
  const groups: number[][] = [[]];
  let used = 0;
  lines.forEach((line, i) => {
    const current = groups[groups.length - 1] as number[];
    if (current.length > 0 && used + line.length + 1 > budget) {
      groups.push([i]);
      used = line.length + 1;
    } else {
      current.push(i);
      used += line.length + 1;
    }
  });
  const links = groups.map((group, g) => {
    const first = entries[group[0] as number] as ListingEntry;
    const last = entries[group[group.length - 1] as number] as ListingEntry;
    const n = g + 1;
    return {
      n,
      url: partUrlOf(folder.url, n),
      markdownUrl: partMarkdownUrlOf(folder.url, `${folder.url}index.md`, n),
      headings: first === last ? [first.title] : [`${first.title} to ${last.title}`],
    };
  });
  const partLinks = links.map((link) => ({ markdownUrl: baseUrl + link.markdownUrl, headings: link.headings }));
  const parts = groups.map((group, g): ListingPart => {
    const link = links[g] as (typeof links)[number];
    const body = group.map((i) => lines[i] as string).join('\n');
    const content = g === 0 ? `# ${title}\n\n${body}` : body;
    return {
      ...link,
      entries: group.map((i) => entries[i] as ListingEntry),
      markdown: partMarkdown(content, title, partLinks, link.n, baseUrl),
      bodyHtml: '',
      startsWithH1: false,
    };
  });
  return { markdown, parts };
}

/**
 * A generated folder listing as a full HTML document: the whole listing, or one part of a listing
 * served in parts (`part`, one of `parts`), with the parts' navigation.
 */
export function renderFolderHtml(
  chrome: SiteChrome,
  site: Site,
  folder: Folder,
  sidebarHtml: string,
  breadcrumbHtml: string,
  part?: ListingPart,
  parts: readonly ListingPart[] = [],
  accountHtml?: string,
): string {
  const name = folder.key === '/' ? site.name : folder.title;
  const title = part === undefined || part.n === 1 ? name : `${name} (part ${part.n} of ${parts.length})`;
  const items = (part?.entries ?? listingEntries(folder)).map((entry) => {
    const description = entry.description === '' ? '' : ` — ${escapeHtml(entry.description)}`;
    return `<li><a href="${chrome.basePath}${entry.url}">${escapeHtml(entry.title)}</a>${description}</li>`;
  });
  const top = part === undefined ? '' : renderPartsTop(chrome.basePath, parts, part);
  const bottom = part === undefined ? '' : renderPartsBottom(chrome.basePath, parts, part);
  const version = versionSurroundings(site, folder.key, chrome.basePath);
  return renderDocument(chrome, {
    title,
    description: `Pages in ${name}`,
    path: part?.url ?? folder.url,
    markdownPath: part?.markdownUrl ?? `${folder.url}index.md`,
    previousPath: part === undefined ? undefined : parts[part.n - 2]?.url,
    nextPath: part === undefined ? undefined : parts[part.n]?.url,
    sidebarHtml,
    breadcrumbHtml,
    mainHtml: `${version.bannerHtml}<article class="content">\n${top}<h1>${escapeHtml(title)}</h1>\n<ul class="listing">\n${items.join('\n')}\n</ul>\n${bottom}</article>`,
    lang: languageOfKey(site.languages, folder.key).lang,
    direction: languageOfKey(site.languages, folder.key).direction,
    accountHtml,
    versionSwitcherHtml: version.switcherHtml,
    searchVersion: version.searchVersion,
  });
}

/** What an error page may show beyond its message (issue 29: sign-in). */
export interface ErrorPageExtras {
  /** The header's account block (layout/account.ts), for a signed-in person. */
  accountHtml?: string | undefined;
  /** HTML after the message (already escaped): the "Sign in" link, or who is signed in and "Sign out". */
  actionsHtml?: string | undefined;
}

/** An error page (404, 401…) as a full HTML document, marked `noindex`. */
export function renderErrorHtml(
  chrome: SiteChrome,
  status: number,
  title: string,
  message: string,
  sidebarHtml: string,
  extras: ErrorPageExtras = {},
): string {
  return renderDocument(chrome, {
    accountHtml: extras.accountHtml,
    title,
    description: message,
    sidebarHtml,
    breadcrumbHtml: '',
    robots: 'noindex',
    mainHtml: `<article class="content error-page">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${extras.actionsHtml ?? ''}<p class="status">HTTP ${status}</p>
<p><a href="${chrome.basePath}/">Home</a> · <a href="${chrome.basePath}/sitemap.xml">Sitemap</a> · <a href="${chrome.basePath}/llms.txt">llms.txt</a></p>
</article>`,
  });
}
