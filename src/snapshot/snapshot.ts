/**
 * The immutable snapshot every request reads: the site, its search index, and every precomputed
 * body (pages as HTML and markdown, folder listings, discovery documents) with its ETag.
 * A content change builds a new snapshot; requests in flight keep the one they started with.
 */
import path from 'node:path';
import { makeBody, type Body } from '../body.js';
import { loadContent, type SourceFile } from '../content/load.js';
import { buildSite, type Site } from '../content/site.js';
import type { ContentProblem } from '../content/problems.js';
import { buildSearchIndex, type SearchIndex } from '../search/search-index.js';
import { buildLlmsFullTxt, buildLlmsTxt } from '../discovery/llms.js';
import { buildSitemaps } from '../discovery/sitemap.js';
import { buildRobotsTxt } from '../discovery/robots.js';
import { buildOpenApi } from '../discovery/openapi.js';
import { buildPortalHtml } from '../discovery/portal.js';
import type { SiteChrome } from '../layout/document.js';
import { renderBreadcrumb, renderSidebar } from '../layout/navigation.js';
import { renderErrorHtml, renderFolderHtml, renderFolderMarkdown, renderPageHtml } from '../layout/pages.js';
import { SITE_CSS, SITE_JS } from '../layout/assets.js';

/** Content types of the representations sitegate serves. */
export const CONTENT_TYPES = {
  html: 'text/html; charset=utf-8',
  // RFC 7763 §2: text/markdown requires the charset parameter.
  markdown: 'text/markdown; charset=utf-8',
  json: 'application/json; charset=utf-8',
  text: 'text/plain; charset=utf-8',
  xml: 'application/xml',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
} as const;

/** The two representations of a page or folder listing. */
export interface PageBodies {
  html: Body;
  markdown: Body;
}

/** Everything a request can be answered from. */
export interface Snapshot {
  readonly site: Site;
  readonly search: SearchIndex;
  readonly chrome: SiteChrome;
  /** Page bodies by page key. */
  readonly pages: ReadonlyMap<string, PageBodies>;
  /** Generated listings of folders that hold public pages but have no index page, by folder key. */
  readonly listings: ReadonlyMap<string, PageBodies>;
  readonly discovery: {
    readonly openapi: Body;
    readonly llmsTxt: Body;
    readonly llmsFullTxt: Body;
    readonly sitemap: Body;
    /** `/sitemap-N.xml` bodies when the sitemap is an index. */
    readonly sitemapParts: ReadonlyMap<string, Body>;
    readonly robotsTxt: Body;
    readonly portal: Body;
    readonly health: Body;
    /** The whole public search index as JSON. */
    readonly publicIndex: Body;
    /** The whole index with internal pages, for `internal:read`. */
    readonly fullIndex: Body;
  };
  readonly assets: ReadonlyMap<string, Body>;
  /** The HTML 404 page. */
  readonly notFoundHtml: Body;
  /** When the snapshot was built (ms since the epoch). */
  readonly builtAtMs: number;
}

/** Options for {@link buildSnapshot}. */
export interface SnapshotOptions {
  /** Public base URL without trailing slash. */
  baseUrl: string;
  /** Site name when there is no root index page. */
  fallbackName: string;
  /** URLs per sitemap file (default: the protocol's 50,000). */
  sitemapMaxUrls?: number;
  /** Clock, for tests. */
  now?: () => number;
  /** Called every few hundred pages while rendering, for a progress line. */
  onProgress?: (phase: 'render' | 'layout', done: number, total: number) => void;
}

const PROGRESS_EVERY_PAGES = 250;

/** Builds a snapshot from loaded files. Pure apart from the clock passed in. */
export function buildSnapshot(files: readonly SourceFile[], options: SnapshotOptions): Snapshot {
  const basePath = new URL(options.baseUrl).pathname.replace(/\/$/, '');
  const onRender =
    options.onProgress === undefined ? undefined : (done: number, total: number) => options.onProgress?.('render', done, total);
  const site = buildSite(files, { basePath, fallbackName: options.fallbackName, onProgress: onRender });
  const chrome: SiteChrome = { name: site.name, baseUrl: options.baseUrl, basePath };

  const sidebars = new Map<string, string>();
  const sidebarOf = (folderKey: string): string => {
    let html = sidebars.get(folderKey);
    if (html === undefined) {
      html = renderSidebar(site, folderKey, basePath);
      sidebars.set(folderKey, html);
    }
    return html;
  };

  const pages = new Map<string, PageBodies>();
  for (const page of site.pages.values()) {
    if (options.onProgress !== undefined && pages.size % PROGRESS_EVERY_PAGES === 0)
      options.onProgress('layout', pages.size, site.pages.size);
    const folderKey = page.key.endsWith('/') ? page.key : page.key.slice(0, page.key.lastIndexOf('/') + 1);
    const html = renderPageHtml(chrome, page, sidebarOf(folderKey), renderBreadcrumb(site, page.key, basePath));
    pages.set(page.key, { html: makeBody(html, CONTENT_TYPES.html), markdown: makeBody(page.source, CONTENT_TYPES.markdown) });
  }
  const listings = new Map<string, PageBodies>();
  for (const folder of site.folders.values()) {
    if (folder.index !== undefined || !folder.hasPublic) continue;
    const html = renderFolderHtml(chrome, site, folder, sidebarOf(folder.key), renderBreadcrumb(site, folder.key, basePath));
    const markdown = renderFolderMarkdown(site, folder, options.baseUrl);
    listings.set(folder.key, { html: makeBody(html, CONTENT_TYPES.html), markdown: makeBody(markdown, CONTENT_TYPES.markdown) });
  }

  const search = buildSearchIndex([...site.pages.values()]);
  const sitemaps = buildSitemaps(site.publicPages, options.baseUrl, options.sitemapMaxUrls);
  const rootSidebar = sidebarOf('/');
  const json = (value: unknown): Body => makeBody(JSON.stringify(value), CONTENT_TYPES.json);
  return {
    site,
    search,
    chrome,
    pages,
    listings,
    discovery: {
      openapi: json(buildOpenApi({ baseUrl: options.baseUrl, siteName: site.name })),
      llmsTxt: makeBody(buildLlmsTxt(site, options), CONTENT_TYPES.text),
      llmsFullTxt: makeBody(buildLlmsFullTxt(site, options), CONTENT_TYPES.text),
      sitemap: makeBody(sitemaps.root, CONTENT_TYPES.xml),
      sitemapParts: new Map([...sitemaps.parts].map(([part, xml]) => [part, makeBody(xml, CONTENT_TYPES.xml)])),
      robotsTxt: makeBody(buildRobotsTxt(options.baseUrl), CONTENT_TYPES.text),
      portal: makeBody(buildPortalHtml(chrome, rootSidebar), CONTENT_TYPES.html),
      health: json({ ok: true, name: 'sitegate', docs: `${options.baseUrl}/developers` }),
      publicIndex: json(search.publicDocuments),
      fullIndex: json(search.allDocuments),
    },
    assets: new Map([
      ['/_sitegate/site.css', makeBody(SITE_CSS, CONTENT_TYPES.css)],
      ['/_sitegate/site.js', makeBody(SITE_JS, CONTENT_TYPES.js)],
    ]),
    notFoundHtml: makeBody(
      renderErrorHtml(chrome, 404, 'Page not found', 'There is no page at this address.', rootSidebar),
      CONTENT_TYPES.html,
    ),
    builtAtMs: (options.now ?? Date.now)(),
  };
}

/** A snapshot and the problems found building it. */
export interface LoadedSnapshot {
  snapshot: Snapshot;
  problems: ContentProblem[];
}

/**
 * Reads the content folder and builds a snapshot.
 * @throws {ContentDirError} when the folder cannot be read
 */
export function loadSnapshot(
  contentDir: string,
  options: Omit<SnapshotOptions, 'fallbackName'> & { fallbackName?: string },
): LoadedSnapshot {
  const loaded = loadContent(contentDir);
  const snapshot = buildSnapshot(loaded.files, {
    ...options,
    fallbackName: options.fallbackName ?? path.basename(path.resolve(contentDir)),
  });
  return { snapshot, problems: [...loaded.problems, ...snapshot.site.problems] };
}
