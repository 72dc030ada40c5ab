/**
 * The site's feeds: `/feed.xml` (Atom 1.0, RFC 4287) and `/rss.xml` (RSS 2.0,
 * rssboard.org/rss-specification), written by the npm `feed` library. They list the posts
 * (`posts/`, `blog/`, or frontmatter `kind: post`) and the pages of any folder whose pages are all
 * dated (frontmatter `date` or a `YYYY-MM-DD-` file name, content/page.ts `publishedMs`), newest
 * first, at most {@link FEED_MAX_ENTRIES}, with absolute URLs. Built from public pages only.
 */
import { Feed } from 'feed';
import { isFolderPage, type Page } from '../content/page.js';
import { parentFolderKey } from '../content/paths.js';

/** Entries of a feed: the newest this many. */
export const FEED_MAX_ENTRIES = 50;

/** URL paths of the feeds (under the base path). */
export const FEED_PATHS = { atom: '/feed.xml', rss: '/rss.xml' } as const;

/** A feed entry: the page and the date it is listed under (ms since the epoch). */
export interface FeedEntry {
  page: Page;
  dateMs: number;
}

/**
 * The pages a feed lists, newest first (ties by URL), at most {@link FEED_MAX_ENTRIES}: public
 * posts, dated or else listed under their last change, and the pages of folders in which every
 * page but the folder's index is dated. Folder index pages (a blog's own listing) are not entries.
 * @param publicPages the site's public pages (never internal ones)
 * @param updatedMsOf when a page last changed, ms since the epoch: the date its HTML shows as "Last
 *   updated" (snapshot/site-view.ts); by default its `lastModifiedMs`
 */
export function feedEntries(
  publicPages: readonly Page[],
  updatedMsOf: (page: Page) => number = (page) => page.lastModifiedMs,
): FeedEntry[] {
  // Folders with a dated page and no undated one; the undated pages are looked at only when some page is dated:
  // a docs site of 100k pages and no dates would pay some 40 ms per build for nothing.
  const datedFolders = new Set<string>();
  for (const page of publicPages) if (page.publishedMs !== undefined && !isFolderPage(page)) datedFolders.add(parentFolderKey(page.key));
  if (datedFolders.size > 0)
    for (const page of publicPages)
      if (page.publishedMs === undefined && !isFolderPage(page)) datedFolders.delete(parentFolderKey(page.key));
  const entries: FeedEntry[] = [];
  for (const page of publicPages) {
    if (page.kind !== 'post' && page.publishedMs === undefined) continue;
    if (isFolderPage(page) || page.kind === 'internal') continue;
    const datedFolder = page.publishedMs !== undefined && datedFolders.has(parentFolderKey(page.key));
    if (page.kind !== 'post' && !datedFolder) continue;
    entries.push({ page, dateMs: page.publishedMs ?? updatedMsOf(page) });
  }
  entries.sort((a, b) => b.dateMs - a.dateMs || (a.page.url < b.page.url ? -1 : a.page.url > b.page.url ? 1 : 0));
  return entries.slice(0, FEED_MAX_ENTRIES);
}

/** What a feed says about the site. */
export interface FeedSite {
  name: string;
  /** Public base URL without trailing slash. */
  baseUrl: string;
  /** BCP 47 tag of the site's language (RSS `<language>`). */
  lang: string;
}

/**
 * The Atom and RSS documents of `entries` (from {@link feedEntries}). The feed's updated date is
 * the newest entry's, so that the documents change only when the content does.
 */
export function buildFeeds(site: FeedSite, entries: readonly FeedEntry[]): { atom: string; rss: string } {
  const feed = new Feed({
    title: site.name,
    description: `Posts and dated pages of ${site.name}`,
    id: `${site.baseUrl}/`,
    link: `${site.baseUrl}/`,
    language: site.lang,
    copyright: site.name,
    // RFC 4287 §4.1.1: a feed whose entries name no author must name one itself.
    author: { name: site.name },
    generator: 'sitegate',
    updated: new Date(entries[0]?.dateMs ?? 0),
    feedLinks: { atom: site.baseUrl + FEED_PATHS.atom, rss: site.baseUrl + FEED_PATHS.rss },
  });
  for (const { page, dateMs } of entries) {
    const url = site.baseUrl + page.url;
    feed.addItem({ title: page.title, id: url, link: url, description: page.description, date: new Date(dateMs) });
  }
  return { atom: feed.atom1(), rss: feed.rss2() };
}
