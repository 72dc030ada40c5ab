/**
 * Step of the snapshot build: the discovery documents (llms files, sitemap, OpenAPI, developer
 * portal, robots.txt, health, search index JSON, RFC 9728 / 9727 metadata) as bodies. The RFC 8414
 * metadata depends on the configuration only, not the site: answers/discovery.ts makes it once.
 */
import type { RateLimitConfig } from '../auth/rate-limits.js';
import { makeBody, type Body } from '../body.js';
import { buildOpenApi } from '../discovery/openapi.js';
import { buildPortalHtml } from '../discovery/portal.js';
import { buildPortalMarkdown } from '../discovery/portal-markdown.js';
import { buildRobotsTxt, DEFAULT_CONTENT_SIGNAL } from '../discovery/robots.js';
import { buildSitemaps, isSitemapPartPath, type Sitemaps } from '../discovery/sitemap.js';
import { buildFeeds } from '../discovery/feeds.js';
import { alternatesOf } from '../content/languages.js';
import { canonicalPageOf } from '../content/versions.js';
import { buildApiCatalog, buildProtectedResourceMetadata } from '../discovery/well-known.js';
import type { SearchIndex } from '../search/search-index.js';
import { CONTENT_TYPES, jsonBody } from './bodies.js';
import { PACKAGE_VERSION } from '../version.js';
import { LazyMap, type BodyCache } from './lazy-map.js';
import { llmsBodiesOf, type LlmsBodies, type LlmsMemo } from './llms-bodies.js';
import type { SiteView } from './site-view.js';

/** The discovery documents of a snapshot. */
export interface DiscoveryBodies extends LlmsBodies {
  readonly openapi: Body;
  /** `/llms-full.txt`: the whole text, or the index of its parts. */
  readonly llmsFullTxt: Body;
  readonly sitemap: Body;
  /** `/sitemap-N.xml` bodies when the sitemap is an index. */
  readonly sitemapParts: ReadonlyMap<string, Body>;
  readonly robotsTxt: Body;
  readonly portal: Body;
  /** `/developers.md` and `/developers` negotiated to markdown: the portal as markdown. */
  readonly portalMarkdown: Body;
  readonly health: Body;
  /** The whole public search index as JSON. */
  readonly publicIndex: Body;
  /** The whole index with internal pages, for `internal:read`. */
  readonly fullIndex: Body;
  /** RFC 9728 protected resource metadata. */
  readonly protectedResource: Body;
  /** RFC 9727 api-catalog linkset. */
  readonly apiCatalog: Body;
  /** `/feed.xml` (Atom) and `/rss.xml` (RSS 2.0), made on first request; undefined when the site has no dated pages. */
  readonly feeds: { atom: Body; rss: Body } | undefined;
}

/** Options of {@link discoveryBodiesOf}. */
export interface DiscoveryOptions {
  /** Content-Signal line of robots.txt (default: {@link DEFAULT_CONTENT_SIGNAL}). */
  contentSignal?: string | undefined;
  /** Size bound of llms index files (default 50,000: LLMS_MAX_CHARS). */
  llmsMaxChars?: number | undefined;
  /** Whether `/llms.txt` names the API (portal, OpenAPI, search, MCP); false for a static export (default true). */
  llmsApi?: boolean | undefined;
  /** The last build's llms index files, whose bodies are kept where a file is unchanged (llms-bodies.ts). */
  llmsMemo?: LlmsMemo | undefined;
  /** URLs per sitemap file (default: the protocol's 50,000). */
  sitemapMaxUrls?: number | undefined;
  /** The rate limits the portal documents (default: DEFAULT_RATE_LIMITS, auth/rate-limits.ts). */
  rateLimits?: RateLimitConfig | undefined;
}

/**
 * The discovery documents of `view`'s site. Small ones are made now; the llms index files by
 * `warm` or the first request (llms-bodies.ts); the full-text llms files, sitemap parts and the
 * search index JSON (some 15 MB at 100k pages) on first request, kept in `cache`.
 */
export function discoveryBodiesOf(view: SiteView, search: SearchIndex, cache: BodyCache, options: DiscoveryOptions): DiscoveryBodies {
  const { site, baseUrl } = view;
  // Made on first request: its dates are the pages' "Last updated", known once git's log is read.
  let sitemaps: Sitemaps | undefined;
  const sitemapsOf = (): Sitemaps =>
    (sitemaps ??= buildSitemaps(
      // Canonical URLs only: an old version's page that names the current one's is left out (content/versions.ts).
      site.versions.length === 0 ? site.publicPages : site.publicPages.filter((page) => canonicalPageOf(site, page) === page),
      baseUrl,
      options.sitemapMaxUrls,
      (page) => alternatesOf(site, page.key),
      (page) => view.updatedMsOf(page),
    ));
  let sitemapBody: Body | undefined;
  const llms = llmsBodiesOf(view, cache, options.llmsMaxChars, options.llmsApi, options.llmsMemo);
  const cachedJson = (key: string, value: () => unknown): Body => {
    let body = cache.get(key) as Body | undefined;
    if (body === undefined) cache.set(key, (body = jsonBody(value())));
    return body;
  };
  // Made on first request, and kept: the portal draws the root nav tree, some 10-20 ms a build at 100k pages.
  let openapi: Body | undefined;
  let portal: Body | undefined;
  let portalMarkdown: Body | undefined;
  return {
    get openapi() {
      return (openapi ??= jsonBody(buildOpenApi({ baseUrl, siteName: site.name })));
    },
    get llmsTxt() {
      return llms.llmsTxt;
    },
    get llmsFullTxt() {
      return llms.llmsFiles.get('/llms-full.txt') ?? makeBody('', CONTENT_TYPES.text);
    },
    llmsFiles: llms.llmsFiles,
    warm: () => llms.warm(),
    get sitemap() {
      return (sitemapBody ??= makeBody(sitemapsOf().root, CONTENT_TYPES.xml));
    },
    sitemapParts: new LazyMap<Body>(
      {
        keys: () => sitemapsOf().parts.keys(),
        // Every request's path is looked up here first: the sitemaps (a pass over every page) are made for their own paths alone.
        has: (path) => isSitemapPartPath(path) && sitemapsOf().parts.has(path),
        make: (path) => {
          const xml = sitemapsOf().parts.get(path);
          return xml === undefined ? undefined : makeBody(xml(), CONTENT_TYPES.xml);
        },
      },
      cache,
      'sitemap:',
    ),
    robotsTxt: makeBody(buildRobotsTxt(baseUrl, options.contentSignal ?? DEFAULT_CONTENT_SIGNAL), CONTENT_TYPES.text),
    get portal() {
      return (portal ??= makeBody(buildPortalHtml(view.chrome, view.rootSidebar, { rateLimits: options.rateLimits }), CONTENT_TYPES.html));
    },
    get portalMarkdown() {
      return (portalMarkdown ??= makeBody(buildPortalMarkdown(view.chrome, { rateLimits: options.rateLimits }), CONTENT_TYPES.markdown));
    },
    health: jsonBody({ ok: true, name: 'sitegate', docs: `${baseUrl}/developers`, version: PACKAGE_VERSION }),
    get publicIndex() {
      return cachedJson('index:public', () => search.publicDocuments);
    },
    get fullIndex() {
      return cachedJson('index:all', () => search.allDocuments);
    },
    protectedResource: jsonBody(buildProtectedResourceMetadata(baseUrl, site.name)),
    apiCatalog: makeBody(JSON.stringify(buildApiCatalog(baseUrl)), CONTENT_TYPES.linkset),
    get feeds() {
      if (view.feedEntries.length === 0) return undefined;
      const atom = cache.get('feed:atom') as Body | undefined;
      const rss = cache.get('feed:rss') as Body | undefined;
      if (atom !== undefined && rss !== undefined) return { atom, rss };
      const xml = buildFeeds({ name: site.name, baseUrl, lang: site.languages[0]?.lang ?? 'en' }, view.feedEntries);
      const feeds = { atom: makeBody(xml.atom, CONTENT_TYPES.atom), rss: makeBody(xml.rss, CONTENT_TYPES.rss) };
      cache.set('feed:atom', feeds.atom);
      cache.set('feed:rss', feeds.rss);
      return feeds;
    },
  };
}
