/** HTML and markdown for pages, generated folder listings and error pages. */
import { escapeHtml, escapeLinkText } from '../escape.js';
import type { Page } from '../content/page.js';
import type { PageContent } from '../content/page-content.js';
import type { PagePart } from '../content/page-parts.js';
import { renderPartsBottom, renderPartsTop } from './parts.js';
import type { Folder, Site } from '../content/site.js';
import { renderDocument, type SiteChrome } from './document.js';

/**
 * Renders a content page as a full HTML document: the whole page, or one part of a long page
 * (`part`, one of `content.parts`) with the parts' navigation and `<link rel="prev|next">`.
 */
export function renderPageHtml(
  chrome: SiteChrome,
  page: Page,
  content: PageContent,
  sidebarHtml: string,
  breadcrumbHtml: string,
  part?: PagePart,
): string {
  const { basePath } = chrome;
  const { parts } = content;
  const startsWithH1 = part?.startsWithH1 ?? content.startsWithH1;
  const title = part === undefined || part.n === 1 ? page.title : `${page.title} (part ${part.n} of ${parts.length})`;
  const heading = startsWithH1 && (part === undefined || part.n === 1) ? '' : `<h1>${escapeHtml(title)}</h1>\n`;
  const updated = new Date(page.lastModifiedMs).toISOString().slice(0, 10);
  const markdownUrl = part?.markdownUrl ?? page.markdownUrl;
  const top = part === undefined ? '' : renderPartsTop(basePath, parts, part);
  const bottom = part === undefined ? '' : renderPartsBottom(basePath, parts, part);
  const mainHtml = `<article class="content">
${top}${heading}${part?.bodyHtml ?? content.bodyHtml}${bottom}</article>
<footer class="page-footer">
<p>Updated <time datetime="${updated}">${updated}</time> · <a href="${basePath}${markdownUrl}" type="text/markdown">View as markdown</a></p>
</footer>`;
  return renderDocument(chrome, {
    title,
    description: page.description,
    path: part?.url ?? page.url,
    markdownPath: markdownUrl,
    previousPath: part === undefined ? undefined : parts[part.n - 2]?.url,
    nextPath: part === undefined ? undefined : parts[part.n]?.url,
    sidebarHtml,
    breadcrumbHtml,
    mainHtml,
  });
}

/** Entries of a folder with no index page (folders hold public pages only): subfolders, then pages. */
function listingEntries(folder: Folder): { url: string; title: string; description: string }[] {
  return [
    ...folder.folders.map((sub) => ({ url: sub.url, title: `${sub.title}/`, description: '' })),
    ...folder.pages,
  ];
}

/** The markdown of a generated folder listing (folders without `index.md`/`README.md`). */
export function renderFolderMarkdown(site: Site, folder: Folder, baseUrl: string): string {
  const title = folder.key === '/' ? site.name : folder.title;
  const lines = listingEntries(folder).map((entry) => {
    const description = entry.description === '' ? '' : `: ${entry.description}`;
    return `- [${escapeLinkText(entry.title)}](${baseUrl}${entry.url})${description}`;
  });
  return `# ${title}\n\n${lines.join('\n')}\n`;
}

/** A generated folder listing as a full HTML document. */
export function renderFolderHtml(chrome: SiteChrome, site: Site, folder: Folder, sidebarHtml: string, breadcrumbHtml: string): string {
  const title = folder.key === '/' ? site.name : folder.title;
  const items = listingEntries(folder).map((entry) => {
    const description = entry.description === '' ? '' : ` — ${escapeHtml(entry.description)}`;
    return `<li><a href="${chrome.basePath}${entry.url}">${escapeHtml(entry.title)}</a>${description}</li>`;
  });
  return renderDocument(chrome, {
    title,
    description: `Pages in ${title}`,
    path: folder.url,
    markdownPath: `${folder.url}index.md`,
    sidebarHtml,
    breadcrumbHtml,
    mainHtml: `<article class="content">\n<h1>${escapeHtml(title)}</h1>\n<ul class="listing">\n${items.join('\n')}\n</ul>\n</article>`,
  });
}

/** An error page (404, 401…) as a full HTML document, marked `noindex`. */
export function renderErrorHtml(chrome: SiteChrome, status: number, title: string, message: string, sidebarHtml: string): string {
  return renderDocument(chrome, {
    title,
    description: message,
    sidebarHtml,
    breadcrumbHtml: '',
    robots: 'noindex',
    mainHtml: `<article class="content error-page">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p class="status">HTTP ${status}</p>
<p><a href="${chrome.basePath}/">Home</a> · <a href="${chrome.basePath}/sitemap.xml">Sitemap</a> · <a href="${chrome.basePath}/llms.txt">llms.txt</a></p>
</article>`,
  });
}
