/**
 * The navigation tree of the sidebar: the language's folder tree (content/folders.ts order and
 * labels) as nested `<details>`/`<summary>` lists, so that it opens and closes without JavaScript
 * (WHATWG HTML §4.11.1), the folders on the way to the current page open. The language root's own
 * page comes first (unless SUMMARY.md places it: {@link listsPage}), and each folder's own page first in its folder, under its own nav label
 * (`sidebar_label`, `linkTitle`, its title: the content's words, in the page's language).
 *
 * No page disappears: the folders on the way to the current page list their entries — past
 * {@link NAV_FOLDER_MAX_ITEMS}, the rest in a collapsed `<details>` of their own (open when it holds
 * the current page), to {@link NAV_BRANCH_MAX_ITEMS}, then a link to the folder's listing page. Size bound (docs-large has folders of 4,600 pages): a folder off that way lists
 * its first {@link NAV_FOLDER_MAX_ITEMS} entries and then links to its listing page, and is listed
 * collapsed only while the tree holds fewer than {@link NAV_MAX_LINKS} links, past which it is one
 * link to its listing page and its subfolders are not descended into.
 */
import { escapeHtml } from '../escape.js';
import type { Site } from '../content/site.js';
import { isFolder, navLabel, type Folder } from '../content/folders.js';
import { parentFolderKey } from '../content/paths.js';
import { treeOfKey } from '../content/versions.js';
import { isFolderPage, type Page } from '../content/page.js';

/** Entries a folder lists before the rest is collapsed (on the current branch) or left to its listing page (elsewhere). */
export const NAV_FOLDER_MAX_ITEMS = 60;
/**
 * Entries a folder on the current branch lists in all, the first {@link NAV_FOLDER_MAX_ITEMS} open
 * and the rest collapsed; past them (docs-large has a folder of 4,600 pages, and every page of it
 * carries its sidebar) the folder links to its listing page, which lists every entry.
 */
export const NAV_BRANCH_MAX_ITEMS = 500;
/** Links past which folders off the current branch are no longer expanded (each is then one link). */
export const NAV_MAX_LINKS = 60;

/** How a tree is being rendered: the current branch and the links used so far. */
interface TreeState {
  readonly basePath: string;
  /** Keys of the folders from the language root down to the current folder. */
  readonly branch: ReadonlySet<string>;
  /** The current page when it is past its folder's first entries: the collapsed rest that holds it is open. */
  readonly pinned: Page | undefined;
  links: number;
}

/**
 * The sidebar of every page in `folderKey` (`/` or `/a/b/`): the nav tree of its language
 * (content/languages.ts: `/de/…` shows the German tree), with the folders from the root to
 * `folderKey` open. The same for every page of the folder; {@link markCurrentPage} marks the page.
 * @param basePath path of the public base URL (`''` or `/docs`), before every link
 * @param pinned the current page when {@link isListedInTree} says the shared tree shows it collapsed:
 *   the collapsed rest of its folder that holds it is open
 */
export function renderNavTree(site: Site, folderKey: string, basePath: string, pinned?: Page): string {
  const rootKey = treeOfKey(site, folderKey).rootKey;
  const root = site.folders.get(rootKey);
  if (root === undefined) return '';
  const branch = new Set<string>();
  for (let key = folderKey; site.folders.has(key); key = parentFolderKey(key)) {
    branch.add(key);
    if (key === rootKey || key === '/') break;
  }
  const state: TreeState = { basePath, branch, pinned, links: 0 };
  const first = root.index !== undefined && listsPage(root.items, root.index, root.key) ? [] : ownPage(root, state);
  return `<h2 class="sidebar-title">Navigation</h2>\n${renderItems(root, state, first)}`;
}

/**
 * Whether `items` list `page`, themselves or as the own page of a folder among them, looking into
 * the nav-only folders that share the root's key `rootKey` (SUMMARY.md parts and groups,
 * content/summary-nav.ts). A book's root page is often a SUMMARY chapter (mdBook's
 * `[Introduction](README.md)`, GitBook's `README.md`): then it is listed where SUMMARY puts it, not
 * a second time first. A URL folder has a key of its own and never holds the root's page, so a
 * site without SUMMARY.md is read to its top items only.
 */
function listsPage(items: readonly (Page | Folder)[], page: Page, rootKey: string): boolean {
  return items.some(
    (item) => item === page || (isFolder(item) && (item.index === page || (item.key === rootKey && listsPage(item.items, page, rootKey)))),
  );
}

/** A folder's own page as its first entry, under its own nav label; none when it has none. */
function ownPage(folder: Folder, state: TreeState): string[] {
  return folder.index === undefined ? [] : [`<li>${pageLink(folder.index, state)}</li>`];
}

/**
 * The `<ul>` of a folder's entries (after `first`): its first {@link NAV_FOLDER_MAX_ITEMS}, then on
 * the current branch the rest collapsed, elsewhere a link to the folder's listing page.
 */
function renderItems(folder: Folder, state: TreeState, first: string[]): string {
  const entry = (item: Page | Folder): string => `<li>${isFolder(item) ? renderFolder(item, state) : pageLink(item, state)}</li>`;
  const lines = [...first, ...folder.items.slice(0, NAV_FOLDER_MAX_ITEMS).map(entry)];
  let rest = folder.items.slice(NAV_FOLDER_MAX_ITEMS);
  if (rest.length > 0 && state.branch.has(folder.key)) {
    // The way to the current page is listed whatever the bound: its folder and the pinned page.
    const onWay = (item: Page | Folder): boolean => item === state.pinned || (isFolder(item) && state.branch.has(item.key));
    const shown = rest.filter((item, i) => i < NAV_BRANCH_MAX_ITEMS - NAV_FOLDER_MAX_ITEMS || onWay(item));
    const open = shown.some(onWay);
    lines.push(
      `<li><details class="nav-rest"${open ? ' open' : ''}><summary>+${shown.length}</summary>\n<ul>\n${shown.map(entry).join('\n')}\n</ul></details></li>`,
    );
    const listed = new Set(shown);
    rest = rest.filter((item) => !listed.has(item));
  }
  if (rest.length > 0) {
    state.links += 1;
    lines.push(`<li><a class="nav-more" href="${escapeHtml(state.basePath + folder.url)}">+${rest.length}</a></li>`);
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
  const items = renderItems(folder, state, ownPage(folder, state));
  return `<details${onBranch ? ' open' : ''}><summary>${escapeHtml(folder.label)}</summary>\n${items}</details>`;
}

function pageLink(page: Page, state: TreeState): string {
  state.links += 1;
  return `<a href="${escapeHtml(state.basePath + page.url)}">${escapeHtml(navLabel(page))}</a>`;
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

/**
 * Whether the shared tree of `page`'s folder shows `page` as it should be shown: a folder's own page
 * and the pages among their folder's first entries; a page past them needs a tree of its own in
 * which the collapsed rest that holds it is open.
 */
export function isListedInTree(site: Site, page: Page): boolean {
  if (isFolderPage(page)) return true;
  const folder = site.folders.get(parentFolderKey(page.key));
  const at = folder?.items.indexOf(page) ?? -1;
  return at !== -1 && at < NAV_FOLDER_MAX_ITEMS;
}
