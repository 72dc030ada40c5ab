/** Breadcrumbs and previous/next cards for pages and folders (the sidebar's tree is nav-tree.ts). */
import { escapeHtml } from '../escape.js';
import type { Site } from '../content/site.js';
import { navLabel } from '../content/folders.js';
import { parentFolderKey } from '../content/paths.js';
import { treeOfKey } from '../content/versions.js';
import type { Page } from '../content/page.js';

/** Each site's pages' places in their language's nav order, made on first use. */
const NAV_INDEX = new WeakMap<Site, Map<string, { order: readonly Page[]; at: number }>>();

/**
 * Cards linking the previous and next page of the nav order of the page's language (content/folders.ts,
 * as the sidebar and llms.txt list them), as the generators' page footers show them: "Previous"
 * or "Next" and the page's nav label; `''` for a page outside it
 * (an internal page: its neighbours would show nothing private, but it has no place in the public order).
 */
export function renderPageNav(site: Site, key: string, basePath: string): string {
  let index = NAV_INDEX.get(site);
  if (index === undefined) {
    index = new Map();
    for (const { navPages } of [...site.languages, ...site.versions])
      navPages.forEach((page, at) => index?.set(page.key, { order: navPages, at }));
    NAV_INDEX.set(site, index);
  }
  const place = index.get(key);
  if (place === undefined) return '';
  const previous = place.order[place.at - 1];
  const next = place.order[place.at + 1];
  if (previous === undefined && next === undefined) return '';
  const card = (page: Page, rel: 'prev' | 'next', label: string): string =>
    `<a class="page-nav-${rel}" rel="${rel}" href="${escapeHtml(basePath + page.url)}"><span class="page-nav-label">${label}</span> <span class="page-nav-title">${escapeHtml(navLabel(page))}</span></a>`;
  const links = [previous === undefined ? '' : card(previous, 'prev', 'Previous'), next === undefined ? '' : card(next, 'next', 'Next')];
  return `<nav class="page-nav" aria-label="Previous and next page">${links.join('')}</nav>\n`;
}

/** Breadcrumb from the root of the page's language tree to the folder holding `key` (the current page is not a link). */
export function renderBreadcrumb(site: Site, key: string, basePath: string): string {
  if (key === '/') return '';
  const crumbs: string[] = [];
  const rootKey = treeOfKey(site, key).rootKey;
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
