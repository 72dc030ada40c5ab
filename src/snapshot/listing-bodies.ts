/**
 * Step of the snapshot build: the generated listings of folders that hold public pages but have no
 * index page, rendered on first request and cached.
 */
import { AGENT_PAGE_MAX_CHARS } from '../content/page.js';
import { renderBreadcrumb } from '../layout/navigation.js';
import { renderFolderHtml, renderFolderMarkdown } from '../layout/pages.js';
import { partBodies, partedBodies, wholeBodies, type PageBodies } from './bodies.js';
import { LazyMap, type BodyCache } from './lazy-map.js';
import type { SiteView } from './site-view.js';

/** How a reader's listings differ from the anonymous ones (reader-view.ts). */
export interface ListingReaderOptions {
  /** The sidebar of a folder, by folder key. */
  sidebarOf: (folderKey: string) => string;
  /** The header's account block or its marker (layout/account.ts). */
  accountHtml: string;
  /** Prefix of the cache keys, instead of `listing:`. */
  namespace: string;
}

/**
 * Listing bodies by folder key (`/a/`), made on first `get` and kept in `cache` under
 * `listing:<key>`. A listing over `pageMaxChars` (default 50,000: AGENT_PAGE_MAX_CHARS) is served
 * in parts, as a long page is. A reader's view (reader-view.ts) passes `reader`: its own sidebar,
 * the header's account marker and another cache prefix.
 */
export function listingBodiesOf(
  view: SiteView,
  cache: BodyCache,
  pageMaxChars: number | undefined,
  reader?: ListingReaderOptions,
): LazyMap<PageBodies> {
  const { site, chrome, baseUrl, basePath } = view;
  const isListing = (key: string): boolean => {
    const folder = site.folders.get(key);
    // A folder whose index page is internal has that page at its URL, not a listing.
    return folder !== undefined && folder.index === undefined && !site.pages.has(key);
  };
  return new LazyMap<PageBodies>(
    {
      keys: () => [...site.folders.keys()].filter(isListing),
      has: isListing,
      make: (key) => {
        const folder = site.folders.get(key);
        if (folder === undefined) return undefined;
        const sidebar = (reader?.sidebarOf ?? view.sidebarOf)(folder.key);
        const account = reader?.accountHtml;
        const breadcrumb = renderBreadcrumb(site, folder.key, basePath);
        const { markdown, parts } = renderFolderMarkdown(site, folder, baseUrl, pageMaxChars ?? AGENT_PAGE_MAX_CHARS);
        if (parts.length === 0)
          return wholeBodies(renderFolderHtml(chrome, site, folder, sidebar, breadcrumb, undefined, [], account), markdown);
        return partedBodies(
          parts.map((part) => partBodies(part, renderFolderHtml(chrome, site, folder, sidebar, breadcrumb, part, parts, account))),
        );
      },
    },
    cache,
    reader?.namespace ?? 'listing:',
  );
}
