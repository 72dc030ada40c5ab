/**
 * For the dialect tests of feature rows that a page alone cannot show (URLs, SUMMARY.md, book.toml):
 * a site written to a temporary folder (test-support.ts `writeSite`) and read by the real loader
 * (snapshot/snapshot.ts `loadSnapshot`), and a page of it as agents and people get it.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { resolvePath } from '../../snapshot/lookup.js';
import { loadSnapshot, type Snapshot } from '../../snapshot/snapshot.js';
import { renderPageContent } from '../page-content.js';
import { writeSite } from './test-support.js';

/** The public base URL the loaded sites are read with (as test/helpers.ts `TEST_BASE_URL`). */
export const SITE_BASE_URL = 'http://sitegate.test';

/** A loaded site: its snapshot, each page's URL by file, and a page's markdown and body HTML. */
export interface LoadedSite {
  readonly snapshot: Snapshot;
  /** Each page's URL (`/a/b/`), by its file relative to the content folder (`a/b.md`). */
  readonly urls: Readonly<Record<string, string>>;
  /**
   * The page at `url` as content/page-content.ts renders it: the markdown agents get (links made
   * absolute from {@link SITE_BASE_URL}, frontmatter kept; the listener adds only its llms.txt line)
   * and the body HTML (no layout; code unhighlighted, as test-support.ts `dialect`).
   * @throws {Error} when no page has that URL
   */
  served(url: string): { markdown: string; html: string };
  /**
   * Where a request for `requestPath` (percent-encoded, as received) is sent with a 308
   * (snapshot/lookup.ts `resolvePath`: another spelling, an alias, a redirect); `undefined` when it
   * is not redirected (a page, an asset, or nothing).
   */
  hop(requestPath: string): string | undefined;
  /** Removes the site's folder. */
  remove(): void;
}

/**
 * Writes `files` (`/`-separated paths to their text, generator config at the top) to a temporary
 * folder and loads its `contentFolder` (`content` for Hugo, `src` for mdBook) on the main thread.
 */
export function loadSite(files: Readonly<Record<string, string>>, contentFolder: string): LoadedSite {
  const site = writeSite(files);
  const { snapshot } = loadSnapshot(path.join(site, contentFolder), { baseUrl: SITE_BASE_URL, parallel: false });
  const pages = [...snapshot.site.pages.values()];
  return {
    snapshot,
    urls: Object.fromEntries(pages.map((page) => [page.file, page.url])),
    served: (url) => {
      const page = snapshot.site.pages.get(url);
      if (page === undefined) throw new Error(`no page at ${url}`);
      const content = renderPageContent(snapshot.site, page, SITE_BASE_URL, { highlight: null });
      return { markdown: content.markdown, html: content.bodyHtml };
    },
    hop: (requestPath) => {
      const resolution = resolvePath(snapshot, requestPath);
      return resolution.kind === 'redirect' ? resolution.location : undefined;
    },
    remove: () => rmSync(site, { recursive: true, force: true }),
  };
}
