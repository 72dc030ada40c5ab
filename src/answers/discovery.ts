/**
 * The discovery resources of SPEC.md §4 and DESIGN.md "Discovery beyond SPEC.md": each a
 * precomputed body of the snapshot, public (CORS for any origin), with header objects made once.
 */
import type { Body } from '../body.js';
import { ApiError } from '../errors.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import { bodyAnswer, type HeaderFields, type RouteAnswer } from './answer.js';
import { htmlSecurityHeaders, PUBLIC_CORS_HEADERS } from './headers.js';

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
  getAuthorizationServerMetadata: { body: (s) => s.discovery.authorizationServer },
  getProtectedResourceMetadata: { body: (s) => s.discovery.protectedResource },
  getApiCatalog: { body: (s) => s.discovery.apiCatalog, link: 'api-catalog' },
  '/llms-full.txt': { body: (s) => s.discovery.llmsFullTxt },
  '/robots.txt': { body: (s) => s.discovery.robotsTxt },
  '/feed.xml': { body: (s) => feedBody(s, 'atom') },
  '/rss.xml': { body: (s) => feedBody(s, 'rss') },
};

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
