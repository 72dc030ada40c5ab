/**
 * The navigation tree of the sidebar: the language's folder tree (content/folders.ts order and
 * labels) as nested `<details>`/`<summary>` lists, so that it opens and closes without JavaScript
 * (WHATWG HTML §4.11.1), the folders on the way to the current page open.
 *
 * Size bound (docs-large has folders of 4,600 pages): a folder lists at most
 * {@link NAV_FOLDER_MAX_ITEMS} entries, then links to its listing page ("All N entries"); the
 * current branch (the root and every folder down to the current page's) is listed that way in
 * full; every other folder is listed collapsed only while the tree holds fewer than
 * {@link NAV_MAX_LINKS} links, past which it is one link to its listing page and its subfolders
 * are not descended into. So a tree holds at most `NAV_MAX_LINKS + depth × NAV_FOLDER_MAX_ITEMS`
 * links: under 9 KB of HTML on docs-large, and on docs-small under 8,000 characters once
 * converted to markdown, so that a page near the page limit stays under AFDocs' 50,000-character
 * page-size-html threshold with its navigation (test/scorecard.test.ts).
 */
import { escapeHtml } from '../escape.js';
import type { Site } from '../content/site.js';
import { isFolder, navLabel, type Folder } from '../content/folders.js';
import { parentFolderKey } from '../content/paths.js';
import { languageOfKey } from '../content/languages.js';
import { isFolderPage, type Page } from '../content/page.js';

/** Entries a folder lists before it links to its listing page instead. */
export const NAV_FOLDER_MAX_ITEMS = 60;
/** Links past which folders off the current branch are no longer expanded (each is then one link). */
export const NAV_MAX_LINKS = 60;

/** How a tree is being rendered: the current branch and the links used so far. */
interface TreeState {
  readonly basePath: string;
  /** Keys of the folders from the language root down to the current folder. */
  readonly branch: ReadonlySet<string>;
  /** A page listed in its folder even past the folder's first entries: the current page. */
  readonly pinned: Page | undefined;
  links: number;
}

/**
 * The sidebar of every page in `folderKey` (`/` or `/a/b/`): the nav tree of its language
 * (content/languages.ts: `/de/…` shows the German tree), with the folders from the root to
 * `folderKey` open. The same for every page of the folder; {@link markCurrentPage} marks the page.
 * @param basePath path of the public base URL (`''` or `/docs`), before every link
 * @param pinned a page of a folder on the branch listed even past the folder's first entries (the
 *   current page, when {@link isListedInTree} says the shared tree misses it)
 */
export function renderNavTree(site: Site, folderKey: string, basePath: string, pinned?: Page): string {
  const rootKey = languageOfKey(site.languages, folderKey).rootKey;
  const root = site.folders.get(rootKey);
  if (root === undefined) return '';
  const branch = new Set<string>();
  for (let key = folderKey; site.folders.has(key); key = parentFolderKey(key)) {
    branch.add(key);
    if (key === rootKey || key === '/') break;
  }
  const state: TreeState = { basePath, branch, pinned, links: 0 };
  return `<h2 class="sidebar-title">Navigation</h2>\n${renderItems(root, state)}`;
}

/** The `<ul>` of a folder's entries (after `first`), capped at {@link NAV_FOLDER_MAX_ITEMS} but for the way to the current page. */
function renderItems(folder: Folder, state: TreeState, first: string[] = []): string {
  const shown = folder.items.slice(0, NAV_FOLDER_MAX_ITEMS);
  // The way to the current page is listed whatever the cap: its folder and the pinned page.
  for (const item of folder.items.slice(NAV_FOLDER_MAX_ITEMS))
    if (item === state.pinned || (isFolder(item) && state.branch.has(item.key))) shown.push(item);
  const lines = [...first, ...shown.map((item) => `<li>${isFolder(item) ? renderFolder(item, state) : pageLink(item, state)}</li>`)];
  if (folder.items.length > shown.length) {
    state.links += 1;
    lines.push(`<li><a class="nav-more" href="${escapeHtml(state.basePath + folder.url)}">All ${folder.items.length} entries</a></li>`);
  }
  return `<ul>\n${lines.join('\n')}\n</ul>`;
}

/** A subfolder: open on the current branch, collapsed elsewhere, one link once the budget is spent. */
function renderFolder(folder: Folder, state: TreeState): string {
  const onBranch = state.branch.has(folder.key);
  if (!onBranch && state.links >= NAV_MAX_LINKS) {
    state.links += 1;
    return `<a class="nav-folder-link" href="${escapeHtml(state.basePath + folder.url)}">${escapeHtml(folder.label)}</a>`;
  }
  const overview = folder.index === undefined ? [] : [`<li>${pageLink(folder.index, state, 'Overview')}</li>`];
  const items = renderItems(folder, state, overview);
  return `<details${onBranch ? ' open' : ''}><summary>${escapeHtml(folder.label)}</summary>\n${items}</details>`;
}

function pageLink(page: Page, state: TreeState, label = navLabel(page)): string {
  state.links += 1;
  return `<a href="${escapeHtml(state.basePath + page.url)}">${escapeHtml(label)}</a>`;
}

/**
 * Marks the link to `pageUrl` (with base path, as in the tree) `aria-current="page"` in a tree from
 * {@link renderNavTree} (WAI-ARIA 1.2 `aria-current`); the tree unchanged when it does not list the
 * page (a page hidden from the nav, or past a folder's first entries).
 */
export function markCurrentPage(treeHtml: string, pageUrl: string): string {
  const anchor = `<a href="${escapeHtml(pageUrl)}">`;
  const at = treeHtml.indexOf(anchor);
  if (at === -1) return treeHtml;
  return `${treeHtml.slice(0, at)}<a href="${escapeHtml(pageUrl)}" aria-current="page">${treeHtml.slice(at + anchor.length)}`;
}

/** Whether the tree of `page`'s folder lists `page` (it is in the nav and among its folder's first entries). */
export function isListedInTree(site: Site, page: Page): boolean {
  // A folder's own page is its folder's "Overview", listed first.
  if (isFolderPage(page)) return true;
  const folder = site.folders.get(parentFolderKey(page.key));
  const at = folder?.items.indexOf(page) ?? -1;
  return at !== -1 && at < NAV_FOLDER_MAX_ITEMS;
}
