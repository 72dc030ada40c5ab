/**
 * The immutable snapshot every request reads: the site, its search index, and every body (pages
 * as HTML and markdown, folder listings, discovery documents) with its ETag. Discovery documents
 * are built with the snapshot; pages, listings and the full-text llms files on first request, then
 * kept in a bounded cache (lazy-map.ts), so start-up and memory stay small on 100k-page sites.
 * A content change builds a new snapshot; requests in flight keep the one they started with.
 */
import path from 'node:path';
import type { Config } from '../config/config.js';
import { makeBody, type Body } from '../body.js';
import { loadContent, type SourceFile } from '../content/load.js';
import { buildSite, withAssets, type Site } from '../content/site.js';
import { staticFoldersOf, type AssetFile } from '../content/assets.js';
import { basePathOf } from '../content/paths.js';
import { AGENT_PAGE_MAX_CHARS } from '../content/page.js';
import { withLlmsDirective } from '../content/portable-markdown.js';
import { renderPageContent, renderPageMarkdown } from '../content/page-content.js';
import type { PagePart } from '../content/page-parts.js';
import type { ContentProblem } from '../content/problems.js';
import type { SearchIndex } from '../search/search-index.js';
import { SearchIndexBuilder } from '../search/index-builder.js';
import { buildLlmsFiles, planFullText, renderFullTextPart } from '../discovery/llms.js';
import { createBodyCache, LazyMap } from './lazy-map.js';
import { buildInParallel, type BuiltContent } from './parallel-build.js';
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

/** The two representations of a page, a part of a page, or a folder listing. */
export interface Representations {
  html: Body;
  markdown: Body;
  /** Token count of the markdown (OpenAI o200k tokenizer), computed on first use and kept. */
  markdownTokens(): number;
}

/** The bodies of one part of a page served in parts (README "Long pages"), and where it is. */
export interface PartBodies extends Representations {
  /** 1-based part number. */
  n: number;
  /** Canonical URL path of the part's HTML (the page URL for part 1; content/paths.ts `partUrlOf`). */
  url: string;
  /** URL path of the part's markdown (the page's `markdownUrl` for part 1). */
  markdownUrl: string;
  /** Plain text of the headings the part holds (content/page-parts.ts). */
  headings: readonly string[];
}

/**
 * The bodies of a page or folder listing. A page served in parts answers at its own URL with part
 * 1, so `html` and `markdown` are then part 1's (the same objects as `parts[0]`'s).
 */
export interface PageBodies extends Representations {
  /** Every part, in order, when the page is served in parts; `undefined` when it is served whole. */
  parts: readonly PartBodies[] | undefined;
}

/**
 * Bodies of a page; the token count is computed lazily, as tokenizing costs ~3 MB/s, from the
 * markdown's bytes: holding the string for it would keep the text twice while the page is cached,
 * and the body cache counts only the bytes.
 */
function representations(html: string, markdown: string): Representations {
  let tokens: number | undefined;
  const markdownBody = makeBody(markdown, CONTENT_TYPES.markdown);
  return {
    html: makeBody(html, CONTENT_TYPES.html),
    markdown: markdownBody,
    markdownTokens: () => (tokens ??= countTokens(markdownBody.bytes.toString('utf8'))),
  };
}

function pageBodies(html: string, markdown: string): PageBodies {
  return { ...representations(html, markdown), parts: undefined };
}

/** The bodies of a page or listing served in `parts` (at least one): its own URL answers with part 1. */
function partedBodies(parts: PartBodies[]): PageBodies {
  const first = parts[0] as PartBodies;
  return { html: first.html, markdown: first.markdown, markdownTokens: () => first.markdownTokens(), parts };
}

/** Everything a request can be answered from. */
export interface Snapshot {
  readonly site: Site;
  readonly search: SearchIndex;
  readonly chrome: SiteChrome;
  /**
   * Page bodies by page key, rendered on first use (with their parts, for a page served in parts);
   * `undefined` for a page whose source is gone.
   */
  readonly pages: ReadonlyMap<string, PageBodies>;
  /** Generated listings of folders that hold public pages but have no index page, by folder key. */
  readonly listings: ReadonlyMap<string, PageBodies>;
  readonly discovery: {
    readonly openapi: Body;
    readonly llmsTxt: Body;
    /** `/llms-full.txt`: the whole text, or the index of its parts. */
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
  /** Worker threads that read the content (parallel-build.ts), 0 when it was read on the main thread. */
  readonly buildWorkers: number;
}

/** Options for {@link buildSnapshot}. */
export interface SnapshotOptions {
  /** Public base URL without trailing slash. */
  baseUrl: string;
  /** Site name when there is no public root index page. */
  fallbackName: string;
  /** The configured site name (`site.title`): wins over the root page's title and the fallback. */
  siteTitle?: string | null | undefined;
  /** Content-Signal line of robots.txt (default: {@link DEFAULT_CONTENT_SIGNAL}). */
  contentSignal?: string;
  /** Size bound of llms index files (default 50,000: LLMS_MAX_CHARS). */
  llmsMaxChars?: number;
  /** URLs per sitemap file (default: the protocol's 50,000). */
  sitemapMaxUrls?: number;
  /** Page limit in characters; longer pages are served in parts (default 50,000; 0 = off). */
  pageMaxChars?: number | undefined;
  /** Clock, for tests. */
  now?: () => number;
  /** Bound of the cache of rendered pages, listings and full-text files, in bytes (default 64 MiB). */
  bodyCacheBytes?: number;
  /** Static files to serve beside the pages (content/load.ts lists them); none when omitted. */
  assets?: readonly AssetFile[];
  /** The static folders to list (config `staticDirs`; null or omitted: content/assets.ts `staticFoldersOf` finds them). */
  staticDirs?: readonly string[] | null;
  /** Whether big sites may be read on worker threads (default true; false for comparisons in tests). */
  parallel?: boolean;
  /** Called every thousand pages while reading, for a progress line. */
  onProgress?: (phase: 'read', done: number, total: number) => void;
  /**
   * Called each time a page's bodies are rendered (its key: `/a/b`), before they are cached; tests
   * count the calls to show that a page is rendered once, not on every request.
   */
  onPageRender?: (key: string) => void;
}

/** The snapshot options a configuration gives (serve, hot reload and the tests build alike). */
export function snapshotOptionsOf(config: Config): Omit<SnapshotOptions, 'fallbackName'> {
  return {
    baseUrl: config.baseUrl,
    contentSignal: config.contentSignal,
    pageMaxChars: config.pageMaxChars,
    siteTitle: config.siteTitle,
    staticDirs: config.staticDirs,
  };
}

/** Default bound of the rendered-body cache: every page of a 2,000-page site, the hot pages of a big one. */
export const DEFAULT_BODY_CACHE_BYTES = 64 * 1024 * 1024;

/** Builds a snapshot from the content files. Pure apart from reading them and the clock passed in. */
export function buildSnapshot(files: readonly SourceFile[], options: SnapshotOptions): Snapshot {
  const onProgress =
    options.onProgress === undefined ? undefined : (done: number, total: number) => options.onProgress?.('read', done, total);
  const parallel = options.parallel === false ? undefined : buildInParallel(files, options.fallbackName, onProgress);
  return snapshotOf(parallel ?? { ...buildContent(files, options.fallbackName, onProgress), workers: 0 }, options);
}

/** The site and its search index, built on this thread. */
function buildContent(
  files: readonly SourceFile[],
  fallbackName: string,
  onProgress?: (done: number, total: number) => void,
): Omit<BuiltContent, 'workers'> {
  const indexer = new SearchIndexBuilder();
  const site = buildSite(files, {
    fallbackName,
    onProgress,
    onPage: ({ page, body }) =>
      indexer.add({ path: page.url, title: page.title, description: page.description }, page.kind === 'internal', body),
  });
  return { site, search: indexer.finish() };
}

/** The snapshot of a built site: discovery documents now, page bodies on demand. */
function snapshotOf(built: BuiltContent, options: SnapshotOptions): Snapshot {
  const { search, workers } = built;
  const titled = options.siteTitle == null ? built.site : { ...built.site, name: options.siteTitle };
  const site = withAssets(titled, options.assets ?? []);
  const { baseUrl } = options;
  const basePath = basePathOf(baseUrl);
  const chrome: SiteChrome = { name: site.name, baseUrl, basePath };
  const sidebarOf = (folderKey: string): string => renderSidebar(site, folderKey, basePath);
  const folderOf = (key: string): string => (key.endsWith('/') ? key : key.slice(0, key.lastIndexOf('/') + 1));
  const cache = createBodyCache(options.bodyCacheBytes ?? DEFAULT_BODY_CACHE_BYTES);

  const pages = new LazyMap<PageBodies>(
    {
      keys: () => site.pages.keys(),
      has: (key) => site.pages.has(key),
      make: (key) => {
        const page = site.pages.get(key);
        if (page === undefined) return undefined;
        options.onPageRender?.(key);
        let content;
        try {
          content = renderPageContent(site, page, baseUrl, { pageMaxChars: options.pageMaxChars });
        } catch {
          return undefined;
        }
        const render = (part?: PagePart): string =>
          renderPageHtml(chrome, page, content, sidebarOf(folderOf(key)), renderBreadcrumb(site, key, basePath), part);
        if (content.parts.length === 0) return pageBodies(render(), withLlmsDirective(content.markdown, baseUrl));
        // Parts are made with the page and cached with it: one entry, sized with all its parts.
        return partedBodies(
          content.parts.map((part): PartBodies => {
            const { n, url, markdownUrl, headings } = part;
            return { n, url, markdownUrl, headings, ...representations(render(part), part.markdown) };
          }),
        );
      },
    },
    cache,
    'page:',
  );
  const isListing = (key: string): boolean => {
    const folder = site.folders.get(key);
    // A folder whose index page is internal has that page at its URL, not a listing.
    return folder !== undefined && folder.index === undefined && !site.pages.has(key);
  };
  const listings = new LazyMap<PageBodies>(
    {
      keys: () => [...site.folders.keys()].filter(isListing),
      has: isListing,
      make: (key) => {
        const folder = site.folders.get(key);
        if (folder === undefined) return undefined;
        const sidebar = sidebarOf(folder.key);
        const breadcrumb = renderBreadcrumb(site, folder.key, basePath);
        const { markdown, parts } = renderFolderMarkdown(site, folder, baseUrl, options.pageMaxChars ?? AGENT_PAGE_MAX_CHARS);
        if (parts.length === 0) return pageBodies(renderFolderHtml(chrome, site, folder, sidebar, breadcrumb), markdown);
        // A listing over the page limit is served in parts, as a long page is.
        return partedBodies(
          parts.map((part) => ({
            n: part.n,
            url: part.url,
            markdownUrl: part.markdownUrl,
            headings: part.headings,
            ...representations(renderFolderHtml(chrome, site, folder, sidebar, breadcrumb, part, parts), part.markdown),
          })),
        );
      },
    },
    cache,
    'listing:',
  );

  const sitemaps = buildSitemaps(site.publicPages, baseUrl, options.sitemapMaxUrls);
  const rootSidebar = sidebarOf('/');
  const llmsOptions = { baseUrl, maxChars: options.llmsMaxChars };
  const indexFiles = new Map([...buildLlmsFiles(site, llmsOptions)].map(([path, text]) => [path, makeBody(text, CONTENT_TYPES.text)]));
  const fullPlan = planFullText(site, llmsOptions);
  const fullParts = new LazyMap<Body>(
    {
      keys: () => fullPlan.paths,
      has: (path) => fullPlan.paths.includes(path),
      make: (path) => {
        const text = renderFullTextPart(site, fullPlan, fullPlan.paths.indexOf(path), baseUrl, (page) => {
          try {
            return renderPageMarkdown(site, page, baseUrl);
          } catch {
            // The source vanished since the build: the page is left out, as its URL now answers 404.
            return undefined;
          }
        });
        return makeBody(text, CONTENT_TYPES.text);
      },
    },
    cache,
    'llms:',
  );
  const llmsFiles = new LazyMap<Body>(
    {
      keys: () => [...indexFiles.keys(), ...fullPlan.paths.filter((path) => !indexFiles.has(path))],
      has: (path) => indexFiles.has(path) || fullParts.has(path),
      make: (path) => indexFiles.get(path) ?? fullParts.get(path),
    },
    // Index files are held by `indexFiles`, full-text parts by the cache of `fullParts`.
    undefined,
  );
  const json = (value: unknown): Body => makeBody(JSON.stringify(value), CONTENT_TYPES.json);
  // The whole index is some 15 MB at 100k pages: made on first request and kept in the body cache.
  const cachedJson = (key: string, value: () => unknown): Body => {
    let body = cache.get(key) as Body | undefined;
    if (body === undefined) cache.set(key, (body = json(value())));
    return body;
  };
  return {
    site,
    search,
    chrome,
    pages,
    listings,
    discovery: {
      openapi: json(buildOpenApi({ baseUrl: options.baseUrl, siteName: site.name })),
      llmsTxt: indexFiles.get('/llms.txt') ?? makeBody('', CONTENT_TYPES.text),
      get llmsFullTxt() {
        return llmsFiles.get('/llms-full.txt') ?? makeBody('', CONTENT_TYPES.text);
      },
      llmsFiles,
      sitemap: makeBody(sitemaps.root, CONTENT_TYPES.xml),
      sitemapParts: new LazyMap<Body>(
        {
          keys: () => sitemaps.parts.keys(),
          has: (path) => sitemaps.parts.has(path),
          make: (path) => {
            const xml = sitemaps.parts.get(path);
            return xml === undefined ? undefined : makeBody(xml(), CONTENT_TYPES.xml);
          },
        },
        cache,
        'sitemap:',
      ),
      robotsTxt: makeBody(buildRobotsTxt(options.baseUrl, options.contentSignal ?? DEFAULT_CONTENT_SIGNAL), CONTENT_TYPES.text),
      portal: makeBody(buildPortalHtml(chrome, rootSidebar), CONTENT_TYPES.html),
      health: json({ ok: true, name: 'sitegate', docs: `${options.baseUrl}/developers` }),
      get publicIndex() {
        return cachedJson('index:public', () => search.publicDocuments);
      },
      get fullIndex() {
        return cachedJson('index:all', () => search.allDocuments);
      },
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
    buildWorkers: workers,
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
  /** Files neither page nor static file, by extension (content/load.ts `skipped`). */
  skipped: ReadonlyMap<string, number>;
}

/**
 * Reads the content folder and builds a snapshot.
 * @throws {ContentDirError} when the folder cannot be read
 */
export function loadSnapshot(
  contentDir: string,
  options: Omit<SnapshotOptions, 'fallbackName'> & { fallbackName?: string },
): LoadedSnapshot {
  const loaded = loadContent(contentDir, { staticDirs: staticFoldersOf(contentDir, options.staticDirs) });
  const snapshot = buildSnapshot(loaded.files, {
    ...options,
    assets: loaded.assets,
    fallbackName: options.fallbackName ?? siteNameFromPath(contentDir),
  });
  return { snapshot, problems: [...loaded.problems, ...snapshot.site.problems], skipped: loaded.skipped };
}
