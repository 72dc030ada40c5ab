/**
 * The folder tree of a site in its navigation order: each folder's pages and subfolders sorted as
 * the generator declares (content/conventions/), labelled by category files, section pages or
 * index pages, and the public pages listed depth first in that order (for llms.txt and
 * llms-full.txt). Made of public pages only: an internal page never names a folder or shows in the
 * nav (content/access.ts).
 */
import { isFolderPage, type Page } from './page.js';
import { encodePath, parentFolderKey } from './paths.js';
import type { DeclaredFolder, FallbackOrder } from './conventions/types.js';
import { summaryNavItems } from './summary-nav.js';
import type { FolderMemo, KeptFolder } from './folder-memo.js';
import { runSteps, type BuildSteps } from '../build-steps.js';

/**
 * A folder of the site, for navigation and for generated listing pages. Folders are made of public
 * pages only: a folder that holds nothing public does not exist, and an internal index page never
 * names its folder (DESIGN.md "Private content fails closed").
 */
export interface Folder {
  /** Decoded folder path, `/` or `/a/b/`. */
  readonly key: string;
  /** Canonical URL path. */
  readonly url: string;
  /** The folder's public index page title, else its declared label, else its name (`release-notes` → `Release notes`). */
  readonly title: string;
  /** Its nav label: declared (category file, sidebar group, section page), else the index page's label, else `title`. */
  readonly label: string;
  /** The folder's own page (`index.md`/`README.md`), if any and public. */
  readonly index: Page | undefined;
  /** Pages directly in the folder (index excluded), in nav order. */
  readonly pages: readonly Page[];
  /** Direct subfolders, in nav order. */
  readonly folders: readonly Folder[];
  /** Pages (but those hidden from the nav) and subfolders in one nav order, as the generator shows them. */
  readonly items: readonly (Page | Folder)[];
}

/** Whether a nav item is a folder. */
export function isFolder(item: Page | Folder): item is Folder {
  return 'items' in item;
}

/** A page's nav label: declared or from its frontmatter (content/conventions/page-nav.ts), else its title. */
export function navLabel(item: Page | Folder): string {
  return isFolder(item) ? item.label : (item.nav?.label ?? item.title);
}

/** How the folder tree is ordered and labelled: the generator's declarations. */
export interface FolderRules {
  /** Declared folders by path without slashes (`a/b`). */
  folders: ReadonlyMap<string, DeclaredFolder>;
  fallbackOrder: FallbackOrder;
  /**
   * The nav is SUMMARY.md's tree (mdBook, GitBook: content/conventions/types.ts `Conventions.summaryNav`):
   * the root's items are its chapters, parts and groups (content/summary-nav.ts); the URL folders stay as they are.
   */
  summaryNav?: boolean | undefined;
  /**
   * The folders of the last build, reused where made of the same pages (content/folder-memo.ts);
   * without it, every folder is made.
   */
  memo?: FolderMemo | undefined;
}

/** A title for a folder without an index page: `release-notes` → `Release notes`. */
function folderTitle(name: string): string {
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words === '' ? name : words.charAt(0).toUpperCase() + words.slice(1);
}

/** English collation, made once: `localeCompare` with a locale builds a collator per call (100× slower). */
const TITLE_ORDER = new Intl.Collator('en');

/** An item with its sort keys computed once. */
interface Sorted {
  item: Page | Folder;
  position: number;
  weight: number;
  folder: boolean;
  label: string;
  /** File or folder name, for path order. */
  name: string;
  url: string;
}

function compare(order: FallbackOrder): (a: Sorted, b: Sorted) => number {
  return (a, b) => {
    if (a.position !== b.position) return a.position - b.position;
    if (a.weight !== b.weight) return a.weight - b.weight;
    if (order === 'title' && a.folder !== b.folder) return a.folder ? -1 : 1;
    const primary = order === 'path' ? TITLE_ORDER.compare(a.name, b.name) : TITLE_ORDER.compare(a.label, b.label);
    return primary || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0);
  };
}

/** Each fallback order's comparison, made once. */
const ORDERS: Record<FallbackOrder, (a: Sorted, b: Sorted) => number> = {
  path: compare('path'),
  title: compare('title'),
  hugo: compare('hugo'),
};

interface Members {
  index?: Page;
  pages: Page[];
  subfolders: Set<string>;
}

/**
 * Groups public pages into folders, creating every ancestor folder, and orders each folder by
 * `rules`: declared position first, then weight, then the generator's fallback order.
 * @param rootKey the folder the tree starts at: `/`, or a language's folder (`/de/`), which every page is in
 * @returns the folders by key (always holding `rootKey`) and the pages depth first in nav order, each
 *   folder's index page before its items, pages hidden from the nav after them
 */
export function buildFolders(pages: readonly Page[], rules: FolderRules, rootKey = '/'): FolderTree {
  return runSteps(buildFoldersInSteps(pages, rules, rootKey));
}

/** Pages grouped by folder in one step of {@link buildFoldersInSteps}: some 0.5 µs each. */
const GROUP_STEP_PAGES = 50_000;

/** What {@link buildFolders} makes. */
export interface FolderTree {
  folders: Map<string, Folder>;
  navPages: Page[];
}

/**
 * {@link buildFolders} in steps (build-steps.ts): the pages grouped by folder ({@link GROUP_STEP_PAGES}
 * a step), the folders made, then the nav order listed: at 100,000 pages, 10-30 ms a step once
 * the folders of the last build are reused (content/folder-memo.ts).
 */
export function* buildFoldersInSteps(pages: readonly Page[], rules: FolderRules, rootKey = '/'): BuildSteps<FolderTree> {
  const members = new Map<string, Members>();
  const ensure = (key: string): Members => {
    let entry = members.get(key);
    if (entry === undefined) {
      entry = { pages: [], subfolders: new Set() };
      members.set(key, entry);
      if (key !== rootKey && key !== '/') ensure(parentFolderKey(key)).subfolders.add(key);
    }
    return entry;
  };
  ensure(rootKey);
  for (const [done, page] of pages.entries()) {
    if (done > 0 && done % GROUP_STEP_PAGES === 0) yield;
    if (isFolderPage(page)) ensure(page.key).index = page;
    else ensure(parentFolderKey(page.key)).pages.push(page);
  }
  yield;
  const folders = new Map<string, Folder>();
  /** Each folder made or reused, for its parent's {@link makeFolder}. */
  const made = new Map<string, KeptFolder>();
  const build = (key: string): Folder => {
    const entry = members.get(key) as Members;
    const subfolders = [...entry.subfolders].map(build);
    const reused = rules.memo?.reuse(rootKey, key, entry.index, entry.pages, subfolders);
    const kept = reused ?? makeFolder(key, entry.index, entry.pages, subfolders, rules, (sub) => made.get(sub) as KeptFolder);
    if (reused === undefined) rules.memo?.keep(rootKey, key, kept);
    made.set(key, kept);
    folders.set(key, kept.folder);
    return kept.folder;
  };
  const built = build(rootKey);
  const root = withSummaryNav(built, pages, rules, rootKey);
  if (root !== built) folders.set(rootKey, root);
  yield;
  return { folders, navPages: navPagesOf(root, root !== built) };
}

/**
 * The folder `key` made of its public index page, pages (in URL order) and subfolders, ordered
 * by `rules` (declared position, weight, then the fallback order), with what it was made of.
 * @param keptOf a subfolder's {@link KeptFolder} by key, as made or reused at this build
 */
export function makeFolder(
  key: string,
  index: Page | undefined,
  pages: readonly Page[],
  subfolders: readonly Folder[],
  rules: FolderRules,
  keptOf: (key: string) => KeptFolder,
): KeptFolder {
  const name = key === '/' ? '' : (key.slice(0, -1).split('/').pop() ?? '');
  const declared = rules.folders.get(key.slice(1, -1));
  const title = index?.title ?? declared?.label ?? folderTitle(name);
  const sorted: Sorted[] = [
    ...subfolders.map((folder) => ({
      item: folder,
      position: keptOf(folder.key).firstPosition,
      weight: rules.folders.get(folder.key.slice(1, -1))?.weight ?? folder.index?.nav?.weight ?? Infinity,
      folder: true,
      label: folder.label,
      name: folder.key.slice(0, -1).split('/').pop() ?? '',
      url: folder.url,
    })),
    ...pages.map((page) => ({
      item: page,
      position: page.nav?.position ?? Infinity,
      weight: page.nav?.weight ?? Infinity,
      folder: false,
      label: page.nav?.label ?? page.title,
      name: page.file.split('/').pop() ?? '',
      url: page.url,
    })),
  ].sort(ORDERS[rules.fallbackOrder]);
  // Sorted, so the first item holds the folder's lowest position.
  const lowest = Math.min(declared?.position ?? Infinity, index?.nav?.position ?? Infinity, sorted[0]?.position ?? Infinity);
  const items = sorted.map((one) => one.item);
  const folder: Folder = {
    key,
    url: encodePath(key),
    title,
    label: declared?.label ?? index?.nav?.label ?? title,
    index,
    pages: items.filter((item): item is Page => !isFolder(item)),
    folders: items.filter(isFolder),
    items: items.filter((item) => isFolder(item) || item.nav?.hidden !== true),
  };
  let navCount = (index === undefined ? 0 : 1) + pages.length;
  for (const sub of subfolders) navCount += keptOf(sub.key).navCount;
  return { index, pages, subfolders, folder, firstPosition: lowest, navCount };
}

/** The tree's root with SUMMARY.md's nav as its items when the rules say so (`FolderRules.summaryNav`), else `built`. */
function withSummaryNav(built: Folder, pages: readonly Page[], rules: FolderRules, rootKey: string): Folder {
  return rules.summaryNav === true ? { ...built, items: summaryNavItems(pages, rootKey) } : built;
}

/**
 * The public pages under `root` depth first in nav order: each folder's index page before its
 * items, pages hidden from the nav after them ({@link KeptFolder.navCount} of them in all).
 * @param summary the root's items are SUMMARY.md's (content/summary-nav.ts), which may list a page twice
 * @param listed lists a folder's pages into `navPages` itself when it knows them (a folder of the
 *   last build: content/trees-patch.ts), returning true; else they are listed from the folder
 */
export function navPagesOf(root: Folder, summary: boolean, listed?: (folder: Folder, navPages: Page[]) => boolean): Page[] {
  const navPages: Page[] = [];
  // A SUMMARY chapter may be the root's own page too (GitBook's README.md with nested pages): listed
  // once. Folders alone list each page once (an index is none of its folder's pages).
  const once = summary ? new Set<Page>() : undefined;
  const add = (page: Page): void => {
    if (once?.has(page) === true) return;
    once?.add(page);
    navPages.push(page);
  };
  const visit = (folder: Folder): void => {
    if (listed?.(folder, navPages) === true) return;
    if (folder.index !== undefined) add(folder.index);
    for (const item of folder.items)
      if (isFolder(item)) visit(item);
      else add(item);
    for (const page of folder.pages) if (page.nav?.hidden === true) add(page);
  };
  visit(root);
  return navPages;
}
