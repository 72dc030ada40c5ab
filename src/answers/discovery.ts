/**
 * The discovery resources of SPEC.md §4 and DESIGN.md "Discovery beyond SPEC.md": each a
 * precomputed body of the snapshot, public (CORS for any origin), with header objects made once.
 */
import type { Body } from '../body.js';
import { ApiError } from '../errors.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import { bodyAnswer, type HeaderFields, type RouteAnswer } from './answer.js';
import { htmlSecurityHeaders, markdownAlternateLink, PUBLIC_CORS_HEADERS } from './headers.js';
import { negotiateMediaType } from './negotiation.js';
import { buildMcpProtectedResourceMetadata } from '../discovery/well-known.js';
import { buildAuthorizationServerMetadata, buildOpenIdConfiguration } from '../discovery/authorization-server.js';
import type { AgentAuthSettings } from '../oauth/settings.js';
import { jsonBody } from '../snapshot/bodies.js';

/** How a discovery resource is served. */
export interface DiscoveryResource {
  body: (snapshot: Snapshot) => Body;
  /** Headers beyond the common ones, for a base URL (the portal's HTML security headers). */
  headers?: (baseUrl: string) => HeaderFields;
  /** Link relation of the resource itself, sent as `Link: <url>; rel=…` (RFC 9727 §3: HEAD on the catalog). */
  link?: string;
}

/** The discovery resources by operation id, or by path for those without one. */
export const DISCOVERY: Readonly<Record<string, DiscoveryResource>> = {
  getOpenApi: { body: (s) => s.discovery.openapi },
  getLlmsTxt: { body: (s) => s.discovery.llmsTxt },
  getDevelopersPortal: { body: (s) => s.discovery.portal, headers: htmlSecurityHeaders },
  getSitemap: { body: (s) => s.discovery.sitemap },
  getProtectedResourceMetadata: { body: (s) => s.discovery.protectedResource },
  getApiCatalog: { body: (s) => s.discovery.apiCatalog, link: 'api-catalog' },
  '/llms-full.txt': { body: (s) => s.discovery.llmsFullTxt },
  '/robots.txt': { body: (s) => s.discovery.robotsTxt },
  '/feed.xml': { body: (s) => feedBody(s, 'atom') },
  '/rss.xml': { body: (s) => feedBody(s, 'rss') },
};

/**
 * The RFC 9728 document of the MCP endpoint (discovery/well-known.ts
 * `buildMcpProtectedResourceMetadata`, resource `{baseUrl}/mcp`), made once per snapshot (the
 * site's name is the snapshot's) on its first request.
 * @param baseUrl public base URL without trailing slash
 */
export function mcpProtectedResource(baseUrl: string): DiscoveryResource {
  const bodies = new WeakMap<Snapshot, Body>();
  return {
    body(snapshot) {
      let body = bodies.get(snapshot);
      if (body === undefined) {
        body = jsonBody(buildMcpProtectedResourceMetadata(baseUrl, snapshot.site.name));
        bodies.set(snapshot, body);
      }
      return body;
    },
  };
}

/**
 * The authorization server's metadata (discovery/authorization-server.ts), by where it is served:
 * RFC 8414 at `/.well-known/oauth-authorization-server`, OpenID Connect Discovery at
 * `/.well-known/openid-configuration`. Made once from the configuration: neither depends on the site.
 * @param baseUrl public base URL without trailing slash; also the issuer
 * @param agents the agent settings (`config.auth.agents`)
 */
export function authorizationServerResources(
  baseUrl: string,
  agents: AgentAuthSettings,
): { authorizationServer: DiscoveryResource; openidConfiguration: DiscoveryResource } {
  const authorizationServer = jsonBody(buildAuthorizationServerMetadata(baseUrl, agents));
  const openidConfiguration = jsonBody(buildOpenIdConfiguration(baseUrl, agents));
  return { authorizationServer: { body: () => authorizationServer }, openidConfiguration: { body: () => openidConfiguration } };
}

/**
 * A feed of the snapshot (discovery/feeds.ts).
 * @throws {ApiError} `not_found` when the site has no posts or dated pages to list
 */
function feedBody(snapshot: Snapshot, kind: 'atom' | 'rss'): Body {
  const feeds = snapshot.discovery.feeds;
  if (feeds === undefined) throw new ApiError('not_found', { message: 'This site has no posts or dated pages, so no feed.' });
  return feeds[kind];
}

/**
 * The answer of a discovery resource at `path`: its body of the current snapshot with one header
 * object (nosniff, CORS, its own), made here once.
 * @param baseUrl public base URL, for the self `Link` and the portal's CSP
 */
export function discoveryAnswer(resource: DiscoveryResource, path: string, baseUrl: string): RouteAnswer {
  const headers: Record<string, string> = { 'x-content-type-options': 'nosniff', ...PUBLIC_CORS_HEADERS, ...resource.headers?.(baseUrl) };
  if (resource.link !== undefined) headers.link = `<${baseUrl}${path}>; rel="${resource.link}"`;
  return function serveDiscovery(_facts, snapshot) {
    return bodyAnswer(resource.body(snapshot), headers);
  };
}

/** Headers of `/llms.txt` for a reader with internal:read: no one else's (DESIGN.md "Who may read what"). */
const PRIVATE_LLMS_HEADERS: HeaderFields = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, no-store',
  vary: 'Cookie, Authorization',
};

/**
 * `GET /llms.txt` (SPEC.md §4: auth "none", no error listed), which never refuses: a principal
 * with internal:read, whatever its credential scheme, gets the index that lists internal pages too
 * (snapshot/reader-view.ts `internalLlmsTxt`, made on first such request; `private, no-store`,
 * `Vary: Cookie, Authorization`); a signed-in person without it the public index with those
 * private headers; anyone else, a missing, malformed, refused or rate-limited credential included,
 * gets the public bytes of {@link discoveryAnswer} (issue 29). The listener reads the credential
 * leniently for this route (http/route.ts `credential: 'lenient'`).
 * @param baseUrl public base URL without trailing slash
 */
export function llmsTxtAnswer(baseUrl: string): RouteAnswer {
  const publicAnswer = discoveryAnswer(DISCOVERY.getLlmsTxt as DiscoveryResource, '/llms.txt', baseUrl);
  return function serveLlmsTxt(facts, snapshot, principal) {
    if (principal?.scopes.includes('internal:read') === true) return bodyAnswer(snapshot.reader.internalLlmsTxt, PRIVATE_LLMS_HEADERS);
    // A person's answers are all private (DESIGN.md "Who may read what"), the public bytes too.
    if (principal?.person !== undefined) return bodyAnswer(snapshot.discovery.llmsTxt, PRIVATE_LLMS_HEADERS);
    return publicAnswer(facts, snapshot, undefined);
  };
}

/** Media types `/developers` offers, in preference order (HTML first, as pages do). */
const PORTAL_OFFERS = ['text/html', 'text/markdown'];

/** The path of the portal's markdown twin. */
export const PORTAL_MARKDOWN_PATH = '/developers.md';

/**
 * `GET /developers` (SPEC.md §4 getDevelopersPortal) with its markdown twin (issue 30): RFC 9110
 * §12.5.1 negotiation on `Accept` as for pages (answers/pages.ts), HTML by default and for
 * `text/html`, the portal as markdown for `text/markdown`; both vary on `Accept` and link to each
 * other (RFC 8288: the HTML to its `alternate` markdown, the markdown to its `canonical` page).
 * Header objects are made here once; the bodies (with their ETags) are the snapshot's.
 * @param baseUrl public base URL without trailing slash
 */
export function portalAnswer(baseUrl: string): RouteAnswer {
  const html: HeaderFields = {
    'x-content-type-options': 'nosniff',
    ...PUBLIC_CORS_HEADERS,
    ...htmlSecurityHeaders(baseUrl),
    vary: 'Accept',
    link: markdownAlternateLink(`${baseUrl}${PORTAL_MARKDOWN_PATH}`),
  };
  const markdown: HeaderFields = { ...portalMarkdownHeaders(baseUrl), vary: 'Accept' };
  return function servePortal(facts, snapshot) {
    // SPEC.md answers the portal as 200 text/html: a client that accepts neither type still gets the
    // HTML (RFC 9110 §12.5.1 lets a server disregard Accept), never a 406.
    const type = negotiateMediaType(facts.headers.accept, PORTAL_OFFERS);
    return type === 'text/markdown' ? bodyAnswer(snapshot.discovery.portalMarkdown, markdown) : bodyAnswer(snapshot.discovery.portal, html);
  };
}

/** Headers of the portal's markdown: public, its canonical HTML page linked (RFC 8288, RFC 6596). */
function portalMarkdownHeaders(baseUrl: string): HeaderFields {
  return {
    'x-content-type-options': 'nosniff',
    ...PUBLIC_CORS_HEADERS,
    link: `<${baseUrl}/developers>; rel="canonical"`,
    // Search engines should index the HTML page, not its markdown twin (as for pages).
    'x-robots-tag': 'noindex',
  };
}

/**
 * `GET /developers.md`: the portal as markdown only (issue 30), like a page's `.md` URL
 * (answers/pages.ts): no negotiation, so no `Vary: Accept`; 406 for a client that refuses
 * `text/markdown`.
 * @param baseUrl public base URL without trailing slash
 * @throws {ApiError} `not_acceptable` when the client does not accept text/markdown
 */
export function portalMarkdownAnswer(baseUrl: string): RouteAnswer {
  const headers = portalMarkdownHeaders(baseUrl);
  return function servePortalMarkdown(facts, snapshot) {
    if (negotiateMediaType(facts.headers.accept, MARKDOWN_ONLY) === undefined)
      throw new ApiError('not_acceptable', { message: 'This page is available as text/markdown.' });
    return bodyAnswer(snapshot.discovery.portalMarkdown, headers);
  };
}

/** Media types `/developers.md` offers. */
const MARKDOWN_ONLY = ['text/markdown'];
