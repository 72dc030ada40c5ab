/**
 * The immutable snapshot every request reads: the site, its search index, and every precomputed
 * body (pages as HTML and markdown, folder listings, discovery documents) with its ETag.
 * A content change builds a new snapshot; requests in flight keep the one they started with.
 */
import path from 'node:path';
import { makeBody, type Body } from '../body.js';
import { loadContent, type SourceFile } from '../content/load.js';
import { buildSite, type Site } from '../content/site.js';
import { basePathOf } from '../content/paths.js';
import { withLlmsDirective } from '../content/portable-markdown.js';
import type { ContentProblem } from '../content/problems.js';
import { buildSearchIndex, type SearchIndex } from '../search/search-index.js';
import { buildLlmsFiles } from '../discovery/llms.js';
import { buildSitemaps } from '../discovery/sitemap.js';
import { buildRobotsTxt, DEFAULT_CONTENT_SIGNAL } from '../discovery/robots.js';
import { countTokens } from 'gpt-tokenizer';
import { buildOpenApi } from '../discovery/openapi.js';
import { buildPortalHtml } from '../discovery/portal.js';
import { buildApiCatalog, buildAuthorizationServerMetadata, buildProtectedResourceMetadata } from '../discovery/well-known.js';
import type { SiteChrome } from '../layout/document.js';
import { renderBreadcrumb, renderSidebar } from '../layout/navigation.js';
import { renderErrorHtml, renderFolderHtml, renderFolderMarkdown, renderPageHtml } from '../layout/pages.js';
import { FAVICON_SVG, SITE_CSS, SITE_JS } from '../layout/assets.js';

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
  svg: 'image/svg+xml',
  // RFC 9264 §6.2: the JSON linkset media type, with the profile RFC 9727 §5.1 registers.
  linkset: 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
} as const;

/** The two representations of a page or folder listing. */
export interface PageBodies {
  html: Body;
  markdown: Body;
  /** Token count of the markdown (OpenAI o200k tokenizer), computed on first use and kept. */
  markdownTokens(): number;
}

/** Bodies of a page; the token count is computed lazily, as tokenizing costs ~3 MB/s. */
function pageBodies(html: string, markdown: string): PageBodies {
  let tokens: number | undefined;
  return {
    html: makeBody(html, CONTENT_TYPES.html),
    markdown: makeBody(markdown, CONTENT_TYPES.markdown),
    markdownTokens: () => (tokens ??= countTokens(markdown)),
  };
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
    /** Every llms file by URL path, including `/llms.txt`, section files and llms-full parts. */
    readonly llmsFiles: ReadonlyMap<string, Body>;
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
    /** RFC 8414 authorization server metadata. */
    readonly authorizationServer: Body;
    /** RFC 9728 protected resource metadata. */
    readonly protectedResource: Body;
    /** RFC 9727 api-catalog linkset. */
    readonly apiCatalog: Body;
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
  /** Content-Signal line of robots.txt (default: {@link DEFAULT_CONTENT_SIGNAL}). */
  contentSignal?: string;
  /** Size bound of llms index files (default 50,000: LLMS_MAX_CHARS). */
  llmsMaxChars?: number;
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
  const basePath = basePathOf(options.baseUrl);
  const onRender =
    options.onProgress === undefined ? undefined : (done: number, total: number) => options.onProgress?.('render', done, total);
  const site = buildSite(files, { baseUrl: options.baseUrl, fallbackName: options.fallbackName, onProgress: onRender });
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
    pages.set(page.key, pageBodies(html, withLlmsDirective(page.markdown, options.baseUrl)));
  }
  const listings = new Map<string, PageBodies>();
  for (const folder of site.folders.values()) {
    if (folder.index !== undefined || !folder.hasPublic) continue;
    const html = renderFolderHtml(chrome, site, folder, sidebarOf(folder.key), renderBreadcrumb(site, folder.key, basePath));
    const markdown = renderFolderMarkdown(site, folder, options.baseUrl);
    listings.set(folder.key, pageBodies(html, markdown));
  }

  const search = buildSearchIndex([...site.pages.values()]);
  const sitemaps = buildSitemaps(site.publicPages, options.baseUrl, options.sitemapMaxUrls);
  const rootSidebar = sidebarOf('/');
  const llmsBodies = new Map(
    [...buildLlmsFiles(site, { baseUrl: options.baseUrl, maxChars: options.llmsMaxChars })].map(([path, text]) => [
      path,
      makeBody(text, CONTENT_TYPES.text),
    ]),
  );
  const json = (value: unknown): Body => makeBody(JSON.stringify(value), CONTENT_TYPES.json);
  return {
    site,
    search,
    chrome,
    pages,
    listings,
    discovery: {
      openapi: json(buildOpenApi({ baseUrl: options.baseUrl, siteName: site.name })),
      llmsTxt: llmsBodies.get('/llms.txt') ?? makeBody('', CONTENT_TYPES.text),
      llmsFullTxt: llmsBodies.get('/llms-full.txt') ?? makeBody('', CONTENT_TYPES.text),
      llmsFiles: llmsBodies,
      sitemap: makeBody(sitemaps.root, CONTENT_TYPES.xml),
      sitemapParts: new Map([...sitemaps.parts].map(([part, xml]) => [part, makeBody(xml, CONTENT_TYPES.xml)])),
      robotsTxt: makeBody(buildRobotsTxt(options.baseUrl, options.contentSignal ?? DEFAULT_CONTENT_SIGNAL), CONTENT_TYPES.text),
      portal: makeBody(buildPortalHtml(chrome, rootSidebar), CONTENT_TYPES.html),
      health: json({ ok: true, name: 'sitegate', docs: `${options.baseUrl}/developers` }),
      publicIndex: json(search.publicDocuments),
      fullIndex: json(search.allDocuments),
      authorizationServer: json(buildAuthorizationServerMetadata(options.baseUrl)),
      protectedResource: json(buildProtectedResourceMetadata(options.baseUrl, site.name)),
      apiCatalog: makeBody(JSON.stringify(buildApiCatalog(options.baseUrl)), CONTENT_TYPES.linkset),
    },
    assets: new Map([
      ['/_sitegate/site.css', makeBody(SITE_CSS, CONTENT_TYPES.css)],
      ['/_sitegate/site.js', makeBody(SITE_JS, CONTENT_TYPES.js)],
      ['/_sitegate/favicon.svg', makeBody(FAVICON_SVG, CONTENT_TYPES.svg)],
    ]),
    notFoundHtml: makeBody(
      renderErrorHtml(
        chrome,
        404,
        'Page not found',
        'There is no page at this address. It may have moved or been renamed: search for it with the box above, or start from the home page or the sections of this site.',
        rootSidebar,
      ),
      CONTENT_TYPES.html,
    ),
    builtAtMs: (options.now ?? Date.now)(),
  };
}

/** Folder names too generic to name a site: `docs-large/content` is better called `docs-large`. */
const GENERIC_FOLDER_NAMES = new Set(['content', 'contents', 'docs', 'doc', 'pages', 'site', 'src', 'public', 'www', 'markdown']);

/** A site name from the content folder's path, skipping generic names such as `content`. */
export function siteNameFromPath(contentDir: string): string {
  const resolved = path.resolve(contentDir);
  const name = path.basename(resolved);
  const parent = path.basename(path.dirname(resolved));
  return GENERIC_FOLDER_NAMES.has(name.toLowerCase()) && parent !== '' ? parent : name;
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
    fallbackName: options.fallbackName ?? siteNameFromPath(contentDir),
  });
  return { snapshot, problems: [...loaded.problems, ...snapshot.site.problems] };
}
