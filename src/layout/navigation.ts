/** Breadcrumbs and previous/next cards for pages and folders (the sidebar's tree is nav-tree.ts). */
import { escapeHtml } from '../escape.js';
import type { Site } from '../content/site.js';
import { navLabel } from '../content/folders.js';
import { parentFolderKey } from '../content/paths.js';
import { treeOfKey } from '../content/versions.js';
import type { Page } from '../content/page.js';

/**
 * Each site's pages' places in their nav orders, made once the site has drawn
 * {@link SCANS_BEFORE_INDEX} pages' cards: a map of 100,000 pages costs some 50-150 ms, which each
 * rebuild of `serve --watch` (a new site) would put on the first page drawn after it; a scan of the
 * orders for one page costs well under a millisecond.
 */
const NAV_INDEX = new WeakMap<Site, Map<string, NavPlace>>();
/** Pages' cards drawn by scanning the nav orders, per site, before {@link NAV_INDEX} is made. */
const SCANS = new WeakMap<Site, number>();
const SCANS_BEFORE_INDEX = 64;

/** A page's nav order and its position there. */
interface NavPlace {
  order: readonly Page[];
  at: number;
}

/** Where `key` is in the site's nav orders (its languages' and versions'); `undefined` outside them. */
function navPlaceOf(site: Site, key: string): NavPlace | undefined {
  let index = NAV_INDEX.get(site);
  if (index === undefined) {
    const scans = SCANS.get(site) ?? 0;
    if (scans < SCANS_BEFORE_INDEX) {
      SCANS.set(site, scans + 1);
      const page = site.pages.get(key);
      if (page === undefined) return undefined;
      // The place the map below would keep: the last order holding the page, its last position there.
      for (const { navPages } of [...site.languages, ...site.versions].reverse()) {
        const at = navPages.lastIndexOf(page);
        if (at !== -1) return { order: navPages, at };
      }
      return undefined;
    }
    index = new Map();
    for (const { navPages } of [...site.languages, ...site.versions])
      navPages.forEach((page, at) => index?.set(page.key, { order: navPages, at }));
    NAV_INDEX.set(site, index);
  }
  return index.get(key);
}

/**
 * Cards linking the previous and next page of the nav order of the page's language (content/folders.ts,
 * as the sidebar and llms.txt list them), as the generators' page footers show them: "Previous"
 * or "Next" and the page's nav label; `''` for a page outside it
 * (an internal page: its neighbours would show nothing private, but it has no place in the public order).
 */
export function renderPageNav(site: Site, key: string, basePath: string): string {
  const place = navPlaceOf(site, key);
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
