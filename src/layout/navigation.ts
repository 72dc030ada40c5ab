/** Sidebar and breadcrumb HTML for pages and folders. */
import { escapeHtml } from '../escape.js';
import type { Site } from '../content/site.js';
import { isFolder, navLabel, type Folder } from '../content/folders.js';
import { parentFolderKey } from '../content/paths.js';
import { languageOfKey } from '../content/languages.js';
import type { Page } from '../content/page.js';

/** A folder's pages are listed in the sidebar only up to this many; past it, a link to the folder. */
export const SIDEBAR_MAX_PAGES = 60;

/**
 * The sidebar of every page in `folderKey`: the top-level sections and pages of its language's tree
 * (content/languages.ts: `/de/…` shows the German tree), then the entries of the current folder, each in nav order under its nav label (content/folders.ts; the
 * site's folders hold public pages only). Built once per folder and shared by its pages.
 */
export function renderSidebar(site: Site, folderKey: string, basePath: string): string {
  const rootKey = languageOfKey(site.languages, folderKey).rootKey;
  const root = site.folders.get(rootKey);
  const top = (root?.items ?? []).map((item) => link(basePath + item.url, navLabel(item)));
  let html = `<h2 class="sidebar-title">Sections</h2>\n<ul>\n${top.map((item) => `<li>${item}</li>`).join('\n')}\n</ul>`;
  const folder = site.folders.get(folderKey);
  if (folder !== undefined && folder.key !== rootKey) html += `\n${renderFolderList(folder, basePath)}`;
  return html;
}

function renderFolderList(folder: Folder, basePath: string): string {
  const heading = `<h2 class="sidebar-title"><a href="${basePath}${folder.url}">${escapeHtml(folder.label)}</a></h2>`;
  if (folder.items.length > SIDEBAR_MAX_PAGES) {
    return `${heading}\n<p><a href="${basePath}${folder.url}">All ${folder.items.length} entries</a></p>`;
  }
  const items = folder.items.map((item) => link(basePath + item.url, isFolder(item) ? `${item.label}/` : navLabel(item)));
  return `${heading}\n<ul>\n${items.map((item) => `<li>${item}</li>`).join('\n')}\n</ul>`;
}

/** Each site's pages' places in their language's nav order, made on first use. */
const NAV_INDEX = new WeakMap<Site, Map<string, { order: readonly Page[]; at: number }>>();

/**
 * Links to the previous and next page of the nav order of the page's language (content/folders.ts,
 * as the sidebar and llms.txt list them), as the generators' page footers show them; `''` for a page outside it
 * (an internal page: its neighbours would show nothing private, but it has no place in the public order).
 */
export function renderPageNav(site: Site, key: string, basePath: string): string {
  let index = NAV_INDEX.get(site);
  if (index === undefined) {
    index = new Map();
    for (const { navPages } of site.languages) navPages.forEach((page, at) => index?.set(page.key, { order: navPages, at }));
    NAV_INDEX.set(site, index);
  }
  const place = index.get(key);
  if (place === undefined) return '';
  const previous = place.order[place.at - 1];
  const next = place.order[place.at + 1];
  if (previous === undefined && next === undefined) return '';
  const links = [
    previous === undefined ? '' : `<a rel="prev" href="${escapeHtml(basePath + previous.url)}">← ${escapeHtml(navLabel(previous))}</a>`,
    next === undefined ? '' : `<a rel="next" href="${escapeHtml(basePath + next.url)}">${escapeHtml(navLabel(next))} →</a>`,
  ];
  return `<nav class="page-nav" aria-label="Previous and next page">${links.filter((link) => link !== '').join(' · ')}</nav>\n`;
}

/** Breadcrumb from the root of the page's language tree to the folder holding `key` (the current page is not a link). */
export function renderBreadcrumb(site: Site, key: string, basePath: string): string {
  if (key === '/') return '';
  const crumbs: string[] = [];
  const rootKey = languageOfKey(site.languages, key).rootKey;
  if (key === rootKey) return '';
  let folderKey = parentFolderKey(key);
  for (;;) {
    const folder = site.folders.get(folderKey);
    if (folder !== undefined) crumbs.unshift(link(basePath + folder.url, folder.key === '/' ? site.name : folder.title));
    if (folderKey === rootKey || folderKey === '/') break;
    folderKey = parentFolderKey(folderKey);
  }
  return `<nav class="breadcrumb" aria-label="Breadcrumb"><ol>${crumbs.map((crumb) => `<li>${crumb}</li>`).join('')}</ol></nav>\n`;
}

function link(href: string, text: string): string {
  return `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
}
