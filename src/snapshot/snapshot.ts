/**
 * The immutable snapshot every request reads: the site, its search index, and every body (pages
 * as HTML and markdown, folder listings, discovery documents) with its ETag. Discovery documents
 * are built with the snapshot; pages, listings and the full-text llms files on first request, then
 * kept in a bounded cache (lazy-map.ts), so start-up and memory stay small on 100k-page sites.
 * A content change builds a new snapshot; requests in flight keep the one they started with.
 */
import path from 'node:path';
import type { Config } from '../config/config.js';
import { protectedPathsOf } from '../config/protected-paths.js';
import type { RateLimitConfig } from '../auth/rate-limits.js';
import type { Body } from '../body.js';
import type { SourceFile } from '../content/load.js';
import type { ConventionsOptions } from '../content/conventions/index.js';
import type { Conventions } from '../content/conventions/types.js';
import { buildSite, withAssets, type Site } from '../content/site.js';
import { AGENT_PAGE_MAX_CHARS } from '../content/page.js';
import type { AssetFile } from '../content/assets.js';
import type { ContentProblem } from '../content/problems.js';
import type { SearchIndex } from '../search/search-index.js';
import { SiteSearchBuilder, searchVersionOf } from '../search/site-search.js';
import type { SiteChrome } from '../layout/document.js';
import type { PageBodies } from './bodies.js';
import { assetBodies, notFoundBody } from './chrome-bodies.js';
import { discoveryBodiesOf, type DiscoveryBodies } from './discovery-bodies.js';
import { createBodyCache } from './lazy-map.js';
import { listingBodiesOf } from './listing-bodies.js';
import { pageBodiesOf } from './page-bodies.js';
import { buildInParallel, type BuiltContent } from './parallel-build.js';
import { buildIncrementally } from './incremental-build.js';
import { runSteps, type BuildSteps } from '../build-steps.js';
import type { ReadCache } from './read-cache.js';
import { siteViewOf } from './site-view.js';
import { listSiteFiles } from './site-listing.js';
import { readerViewOf, type ReaderView } from './reader-view.js';
import { readGitDates, type GitDates } from './git-dates.js';
import type { Branding } from '../layout/branding.js';
import type { Log } from '../log.js';

/** Everything a request can be answered from. */
export interface Snapshot {
  readonly site: Site;
  readonly search: SearchIndex;
  readonly chrome: SiteChrome;
  /** The root folder's navigation tree (site-view.ts), for pages drawn per request: search results, errors. */
  readonly rootSidebar: string;
  /**
   * Page bodies by page key, rendered on first use (with their parts, for a page served in parts);
   * `undefined` for a page whose source is gone.
   */
  readonly pages: ReadonlyMap<string, PageBodies>;
  /** Generated listings of folders that hold public pages but have no index page, by folder key. */
  readonly listings: ReadonlyMap<string, PageBodies>;
  /** The page limit in characters the bodies are cut at (`pageMaxChars`, default {@link AGENT_PAGE_MAX_CHARS}; 0: off). */
  readonly pageMaxChars: number;
  readonly discovery: DiscoveryBodies;
  readonly assets: ReadonlyMap<string, Body>;
  /** The HTML 404 page. */
  readonly notFoundHtml: Body;
  /**
   * What a signed-in reader or a client with internal:read sees (reader-view.ts, issue 29): made
   * lazily, on the first request that needs it.
   */
  readonly reader: ReaderView;
  /**
   * Settles when the pages' "last updated" times from git are known (git-dates.ts, bounded in
   * time; at once without a repository): a server waits for it before it answers, so that every
   * page shows the same kind of time. Never rejects.
   */
  readonly datesReady: Promise<void>;
  /** When the snapshot was built (ms since the epoch). */
  readonly builtAtMs: number;
  /** Worker threads that read the content (parallel-build.ts), 0 when it was read on the main thread. */
  readonly buildWorkers: number;
  /** Content files read by the build: all of them, but for a build from a read cache (read-cache.ts), those that changed. */
  readonly filesRead: number;
  /**
   * Makes what the first requests would otherwise make (the llms index files: llms-bodies.ts), in
   * steps (build-steps.ts); `serve` runs it between requests once the snapshot is in service, so
   * neither the start nor a `--watch` rebuild waits for it.
   */
  warm(): BuildSteps<void>;
}

/** Options for {@link buildSnapshot}. */
export interface SnapshotOptions {
  /** Public base URL without trailing slash. */
  baseUrl: string;
  /** Site name when there is no public root index page. */
  fallbackName: string;
  /** The generator's conventions (content/conventions/); default: a plain folder's. */
  conventions?: Conventions | undefined;
  /** The configured site name (`site.title`): wins over the root page's title and the fallback. */
  siteTitle?: string | null | undefined;
  /** Branding settings: logo, favicon, accent colour, theme, edit URL (default none). */
  branding?: Branding | undefined;
  /** Last commit times of the content files (git-dates.ts); pages show their file times without. */
  gitDates?: GitDates | undefined;
  /** Content-Signal line of robots.txt (default: DEFAULT_CONTENT_SIGNAL, discovery/robots.ts). */
  contentSignal?: string;
  /** Size bound of llms index files (default 50,000: LLMS_MAX_CHARS). */
  llmsMaxChars?: number;
  /** Whether `/llms.txt` names the API (portal, OpenAPI, search, MCP); false for a static export (cli/export.ts; default true). */
  llmsApi?: boolean;
  /** URLs per sitemap file (default: the protocol's 50,000). */
  sitemapMaxUrls?: number;
  /** The rate limits the developer portal documents (config `rateLimits`). */
  rateLimits?: RateLimitConfig;
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
  /**
   * Absolute paths content may never read nor serve, wherever they are: the data folder, the secret
   * file, the config file (config/protected-paths.ts `protectedPathsOf`; content/readable.ts).
   */
  protectedPaths?: readonly string[];
  /** Whether big sites may be read on worker threads (default true; false for comparisons in tests). */
  parallel?: boolean;
  /**
   * What reading each file produced in earlier builds (read-cache.ts), for `serve --watch`: only
   * the files that changed, and the pages that read them, are read again; the cache is updated.
   * Without it, every file is read.
   */
  readCache?: ReadCache | undefined;
  /** Called every thousand pages while reading, for a progress line. */
  onProgress?: (phase: 'read', done: number, total: number) => void;
  /**
   * Called each time a page's bodies are rendered (its key: `/a/b`), before they are cached; tests
   * count the calls to show that a page is rendered once, not on every request.
   */
  onPageRender?: (key: string) => void;
  /** Where pages tell their refused includes when first rendered (snapshot/page-bodies.ts); none when omitted. */
  log?: Log | undefined;
  /** `serve --watch`: pages load the live-reload script and it is served (answers/live-reload.ts); default false. */
  liveReload?: boolean | undefined;
}

/** The snapshot options a configuration gives (serve, hot reload and the tests build alike). */
export function snapshotOptionsOf(config: Config): Omit<SnapshotOptions, 'fallbackName' | 'conventions'> & ConventionsOptions {
  return {
    baseUrl: config.baseUrl,
    contentSignal: config.contentSignal,
    rateLimits: config.rateLimits,
    pageMaxChars: config.pageMaxChars,
    siteTitle: config.siteTitle,
    branding: config.branding,
    conventions: config.conventions,
    nav: config.nav,
    redirects: config.redirects,
    versions: config.versions,
    staticDirs: config.staticDirs,
    protectedPaths: protectedPathsOf(config),
    liveReload: config.watch,
  };
}

/** Default bound of the rendered-body cache: every page of a 2,000-page site, the hot pages of a big one. */
export const DEFAULT_BODY_CACHE_BYTES = 64 * 1024 * 1024;

/** Snapshots built by this process, for {@link buildIdOf}. */
let builds = 0;

/**
 * The id of a snapshot build, which watch-mode pages carry (layout/document.ts `liveReload`): its
 * time in base 36 and the process's build count, so that a rebuild, and a restarted server, never
 * repeat an id.
 */
function buildIdOf(builtAtMs: number): string {
  builds += 1;
  return `${builtAtMs.toString(36)}-${builds}`;
}

/** Builds a snapshot from the content files. Pure apart from reading them and the clock passed in. */
export function buildSnapshot(files: readonly SourceFile[], options: SnapshotOptions): Snapshot {
  return runSteps(buildSnapshotInSteps(files, options));
}

/**
 * {@link buildSnapshot} in steps (build-steps.ts): with a read cache, the incremental build yields
 * between reading, putting pages together, the search index and the bodies; from scratch, one step.
 */
export function* buildSnapshotInSteps(files: readonly SourceFile[], options: SnapshotOptions): BuildSteps<Snapshot> {
  const onProgress =
    options.onProgress === undefined ? undefined : (done: number, total: number) => options.onProgress?.('read', done, total);
  const { fallbackName, conventions } = options;
  if (options.readCache !== undefined) {
    const built = yield* buildIncrementally(files, fallbackName, conventions, options.readCache, options.parallel !== false, onProgress);
    yield;
    return snapshotOf(built, options);
  }
  const parallel = options.parallel === false ? undefined : buildInParallel(files, fallbackName, onProgress, conventions);
  return snapshotOf(
    { ...(parallel ?? { ...buildContent(files, fallbackName, conventions, onProgress), workers: 0 }), filesRead: files.length },
    options,
  );
}

/**
 * The site and its search index, built on this thread: the index counts each page's search text,
 * the plain body the pipeline made (content/page-text.ts), so text an include brings in is found.
 */
function buildContent(
  files: readonly SourceFile[],
  fallbackName: string,
  conventions: Conventions | undefined,
  onProgress?: (done: number, total: number) => void,
): Omit<BuiltContent, 'workers'> {
  const indexer = new SiteSearchBuilder(conventions?.locales[0]?.lang);
  const site = buildSite(files, {
    fallbackName,
    conventions,
    onProgress,
    onPage: ({ page, body }) =>
      indexer.add(
        { path: page.url, title: page.title, description: page.description },
        page.kind === 'internal',
        body,
        page.lang,
        searchVersionOf(page, conventions?.versions),
      ),
  });
  return { site, search: indexer.finish() };
}

/**
 * The snapshot of a built site: the view its bodies are drawn in, then pages and listings (made on
 * demand), discovery documents, assets and the 404 page, all sharing one bounded body cache.
 */
function snapshotOf(built: BuiltContent & { filesRead: number }, options: SnapshotOptions): Snapshot {
  const builtAtMs = (options.now ?? Date.now)();
  const view = siteViewOf(withAssets(built.site, options.assets ?? []), options.baseUrl, {
    siteTitle: options.siteTitle,
    branding: options.branding,
    declaredEditUrl: options.conventions?.site.editUrl,
    gitDates: options.gitDates,
    liveReload: options.liveReload === true ? { build: buildIdOf(builtAtMs) } : undefined,
  });
  const cache = createBodyCache(options.bodyCacheBytes ?? DEFAULT_BODY_CACHE_BYTES);
  const reader = readerViewOf(view, cache, {
    pageMaxChars: options.pageMaxChars,
    onPageRender: options.onPageRender,
    log: options.log,
    conventions: options.conventions,
    llmsMaxChars: options.llmsMaxChars,
  });
  const discovery = discoveryBodiesOf(view, built.search, cache, { ...options, llmsMemo: options.readCache?.llmsFiles });
  return {
    site: view.site,
    search: built.search,
    chrome: view.chrome,
    rootSidebar: view.rootSidebar,
    pages: pageBodiesOf(view, cache, { ...options, internalPages: reader.internalPages }),
    listings: listingBodiesOf(view, cache, options.pageMaxChars),
    pageMaxChars: options.pageMaxChars ?? AGENT_PAGE_MAX_CHARS,
    discovery,
    assets: assetBodies(options.branding?.accentColor ?? null, options.liveReload === true),
    notFoundHtml: notFoundBody(view, options.conventions?.site.notFound),
    reader,
    datesReady: options.gitDates?.ready ?? Promise.resolve(),
    builtAtMs,
    buildWorkers: built.workers,
    filesRead: built.filesRead,
    warm: () => discovery.warm(),
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
 * Reads the content folder, recognises its generator's conventions (or applies the named ones)
 * and builds a snapshot.
 * @throws {ContentDirError} when the folder cannot be read
 */
export function loadSnapshot(contentDir: string, options: LoadSnapshotOptions): LoadedSnapshot {
  return runSteps(loadSnapshotInSteps(contentDir, options));
}

/** The options of {@link loadSnapshot}: the snapshot's, and the settings that shape the conventions. */
export type LoadSnapshotOptions = Omit<SnapshotOptions, 'fallbackName' | 'conventions'> & { fallbackName?: string } & ConventionsOptions;

/**
 * {@link loadSnapshot} in steps (build-steps.ts): listing the folder (with a read cache, the last
 * listing patched for the reported paths when that can tell: site-listing.ts), then
 * {@link buildSnapshotInSteps}.
 */
export function* loadSnapshotInSteps(contentDir: string, options: LoadSnapshotOptions): BuildSteps<LoadedSnapshot> {
  const loaded = yield* listSiteFiles(contentDir, options, options.readCache);
  if (options.readCache !== undefined) yield;
  // One `git log` per build, read while the pages wait to be requested (git-dates.ts).
  const gitDates = options.gitDates ?? readGitDates(contentDir);
  if (options.readCache !== undefined) yield;
  const snapshot = yield* buildSnapshotInSteps(loaded.files, {
    ...options,
    gitDates,
    conventions: loaded.conventions,
    assets: loaded.assets,
    fallbackName: options.fallbackName ?? siteNameFromPath(contentDir),
  });
  return { snapshot, problems: [...loaded.problems, ...snapshot.site.problems], skipped: loaded.skipped };
}
