/**
 * What every body-building step of a snapshot reads: the site (named as configured), the chrome
 * its pages are drawn in, and the sidebar of a folder.
 */
import type { Site } from '../content/site.js';
import { basePathOf } from '../content/paths.js';
import type { SiteChrome } from '../layout/document.js';
import { renderSidebar } from '../layout/navigation.js';
import { feedEntries, type FeedEntry } from '../discovery/feeds.js';

/** A built site as the snapshot's steps see it. */
export interface SiteView {
  readonly site: Site;
  readonly chrome: SiteChrome;
  /** Public base URL without trailing slash. */
  readonly baseUrl: string;
  /** Path part of `baseUrl` (`''` at the root, else `/docs`). */
  readonly basePath: string;
  /** The sidebar HTML of a folder (key `/a/`; `/` for the root). */
  sidebarOf(folderKey: string): string;
  /** The root folder's sidebar HTML, made once (the portal and the 404 page show it). */
  readonly rootSidebar: string;
  /** The pages the site's feeds list (discovery/feeds.ts), newest first; empty: no feeds. */
  readonly feedEntries: readonly FeedEntry[];
}

/**
 * The view of `built`, named `siteTitle` when one is configured (it wins over the root page's
 * title and the fallback name).
 */
export function siteViewOf(built: Site, baseUrl: string, siteTitle: string | null | undefined): SiteView {
  const site = siteTitle == null ? built : { ...built, name: siteTitle };
  const basePath = basePathOf(baseUrl);
  const sidebarOf = (folderKey: string): string => renderSidebar(site, folderKey, basePath);
  const entries = feedEntries(site.publicPages);
  return {
    site,
    chrome: { name: site.name, baseUrl, basePath, lang: site.languages[0]?.lang, hasFeed: entries.length > 0 },
    feedEntries: entries,
    baseUrl,
    basePath,
    sidebarOf,
    rootSidebar: sidebarOf('/'),
  };
}

/** The folder key a page or folder key sits in: `/a/b` → `/a/`, `/a/` → `/a/`. */
export function folderOf(key: string): string {
  return key.endsWith('/') ? key : key.slice(0, key.lastIndexOf('/') + 1);
}
