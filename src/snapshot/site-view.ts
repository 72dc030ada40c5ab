/**
 * What every body-building step of a snapshot reads: the site (named as configured), the chrome
 * its pages are drawn in (with the branding settings), the sidebar of a folder, and where a page
 * is edited and when it was last updated.
 */
import { LRUCache } from 'lru-cache';
import type { Site } from '../content/site.js';
import { isFolderPage, type Page } from '../content/page.js';
import { basePathOf, parentFolderKey } from '../content/paths.js';
import type { SiteChrome } from '../layout/document.js';
import { isListedInTree, markCurrentPage, renderNavTree } from '../layout/nav-tree.js';
import { DEFAULT_BRANDING, imageUrlOf, type Branding } from '../layout/branding.js';
import { editUrlOf } from '../content/edit-url.js';
import type { GitDates } from './git-dates.js';

/** Folders whose sidebar is kept (each at most ~40 KB, nav-tree.ts): the busy folders of a big site. */
const SIDEBAR_CACHE_FOLDERS = 256;
import { feedEntries, type FeedEntry } from '../discovery/feeds.js';

/** A built site as the snapshot's steps see it. */
export interface SiteView {
  readonly site: Site;
  readonly chrome: SiteChrome;
  /** Public base URL without trailing slash. */
  readonly baseUrl: string;
  /** Path part of `baseUrl` (`''` at the root, else `/docs`). */
  readonly basePath: string;
  /** The sidebar HTML of a folder (key `/a/`; `/` for the root), made once per folder and kept. */
  sidebarOf(folderKey: string): string;
  /** The sidebar of a page: its folder's, the page marked `aria-current="page"`. */
  pageSidebarOf(page: Page): string;
  /** The root folder's sidebar HTML, made once (the portal and the 404 page show it). */
  readonly rootSidebar: string;
  /** The "Edit this page" URL of a page, when an edit URL is configured or declared by the generator. */
  editUrlOf(page: Page): string | undefined;
  /**
   * When a page was last updated (ms since the epoch), the one date of a page that its HTML "Last
   * updated", the sitemap's `lastmod` and the feeds show: the frontmatter's declared last change
   * (`lastmod`, `updated`, `last_update.date`), else its last commit when the content folder is a
   * git repository, else its frontmatter `date`, else its file time.
   */
  updatedMsOf(page: Page): number;
  /** The pages the site's feeds list (discovery/feeds.ts), newest first; empty: no feeds. */
  readonly feedEntries: readonly FeedEntry[];
}

/** What the view adds to the built site beyond its name. */
export interface SiteViewOptions {
  /** The configured site name (`site.title`): wins over the root page's title and the fallback name. */
  siteTitle?: string | null | undefined;
  /** Branding settings (default none). */
  branding?: Branding | undefined;
  /** The generator's edit URL pattern (content/conventions/ `site.editUrl`); the `site.editUrl` setting wins. */
  declaredEditUrl?: string | undefined;
  /** Last commit times of the content folder's files, when it is in a git repository. */
  gitDates?: GitDates | undefined;
  /** The build pages name when they load the live-reload script (`serve --watch`; layout/document.ts `SiteChrome.liveReload`); none: no script. */
  liveReload?: { build: string } | undefined;
}

/** The view of `built`, served at `baseUrl`. */
export function siteViewOf(built: Site, baseUrl: string, options: SiteViewOptions = {}): SiteView {
  const { siteTitle, gitDates } = options;
  const branding = options.branding ?? DEFAULT_BRANDING;
  const site = siteTitle == null ? built : { ...built, name: siteTitle };
  const basePath = basePathOf(baseUrl);
  const sidebars = new LRUCache<string, string>({ max: SIDEBAR_CACHE_FOLDERS });
  const sidebarOf = (folderKey: string): string => {
    let html = sidebars.get(folderKey);
    if (html === undefined) {
      html = renderNavTree(site, folderKey, basePath);
      sidebars.set(folderKey, html);
    }
    return html;
  };
  const updatedMsOf = (page: Page): number =>
    (page.lastModifiedDeclared === true ? undefined : gitDates?.timeOf(page.file)) ?? page.lastModifiedMs;
  const entries = feedEntries(site.publicPages, updatedMsOf);
  const editPattern = branding.editUrl ?? options.declaredEditUrl;
  const urlOfFile = (relPath: string): string | undefined => site.urlOfFile(relPath);
  return {
    site,
    chrome: {
      name: site.name,
      baseUrl,
      basePath,
      lang: site.languages[0]?.lang,
      logoUrl: imageUrlOf(branding.logo, basePath, urlOfFile),
      faviconUrl: imageUrlOf(branding.favicon, basePath, urlOfFile),
      theme: branding.theme,
      hasFeed: entries.length > 0,
      liveReload: options.liveReload,
    },
    feedEntries: entries,
    baseUrl,
    basePath,
    sidebarOf,
    pageSidebarOf: (page) => {
      // A regular page at a pretty URL (Hugo's `/a/b/`) sits in its parent folder.
      const folderKey = isFolderPage(page) ? page.key : parentFolderKey(page.key);
      // A page past its folder's first entries gets a tree of its own that lists it (nav-tree.ts).
      const tree = isListedInTree(site, page) ? sidebarOf(folderKey) : renderNavTree(site, folderKey, basePath, page);
      return markCurrentPage(tree, basePath + page.url);
    },
    rootSidebar: sidebarOf('/'),
    editUrlOf: (page) => (editPattern === undefined ? undefined : editUrlOf(editPattern, page.file)),
    updatedMsOf,
  };
}
