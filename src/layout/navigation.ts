/** Sidebar and breadcrumb HTML for pages and folders. */
import { escapeHtml } from '../escape.js';
import type { Site } from '../content/site.js';
import { isFolder, navLabel, type Folder } from '../content/folders.js';
import { parentFolderKey } from '../content/paths.js';

/** A folder's pages are listed in the sidebar only up to this many; past it, a link to the folder. */
export const SIDEBAR_MAX_PAGES = 60;

/**
 * The sidebar of every page in `folderKey`: the site's top-level sections and pages, then the
 * entries of the current folder, each in nav order under its nav label (content/folders.ts; the
 * site's folders hold public pages only). Built once per folder and shared by its pages.
 */
export function renderSidebar(site: Site, folderKey: string, basePath: string): string {
  const root = site.folders.get('/');
  const top = (root?.items ?? []).map((item) => link(basePath + item.url, navLabel(item)));
  let html = `<h2 class="sidebar-title">Sections</h2>\n<ul>\n${top.map((item) => `<li>${item}</li>`).join('\n')}\n</ul>`;
  const folder = site.folders.get(folderKey);
  if (folder !== undefined && folder.key !== '/') html += `\n${renderFolderList(folder, basePath)}`;
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

/** Breadcrumb from the root to the folder holding `key` (the current page is not a link). */
export function renderBreadcrumb(site: Site, key: string, basePath: string): string {
  if (key === '/') return '';
  const crumbs: string[] = [];
  let folderKey = parentFolderKey(key);
  for (;;) {
    const folder = site.folders.get(folderKey);
    if (folder !== undefined) crumbs.unshift(link(basePath + folder.url, folder.key === '/' ? site.name : folder.title));
    if (folderKey === '/') break;
    folderKey = parentFolderKey(folderKey);
  }
  return `<nav class="breadcrumb" aria-label="Breadcrumb"><ol>${crumbs.map((crumb) => `<li>${crumb}</li>`).join('')}</ol></nav>\n`;
}

function link(href: string, text: string): string {
  return `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
}
