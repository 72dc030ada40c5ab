/** The discovery resources of SPEC.md §4 and DESIGN.md "Discovery beyond SPEC.md". */
import type { FastifyInstance } from 'fastify';
import type { Body } from '../../body.js';
import type { Snapshot } from '../../snapshot/snapshot.js';
import type { AppContext } from '../context.js';
import { sendBody } from '../send.js';
import { HTML_SECURITY_HEADERS, PUBLIC_CORS_HEADERS } from '../headers.js';
import { ENDPOINT_PATHS } from '../../discovery/well-known.js';

interface DiscoveryRoute {
  path: string;
  /** SPEC.md operation id, where there is one. */
  operationId?: string;
  body: (snapshot: Snapshot) => Body;
  headers?: Record<string, string>;
  /** Link relation of the resource itself, sent as `Link: <url>; rel=…` (RFC 9727 §3: HEAD on the catalog). */
  link?: string;
}

const ROUTES: readonly DiscoveryRoute[] = [
  { path: '/openapi.json', operationId: 'getOpenApi', body: (s) => s.discovery.openapi },
  { path: '/llms.txt', operationId: 'getLlmsTxt', body: (s) => s.discovery.llmsTxt },
  { path: '/llms-full.txt', body: (s) => s.discovery.llmsFullTxt },
  { path: '/developers', operationId: 'getDevelopersPortal', body: (s) => s.discovery.portal, headers: HTML_SECURITY_HEADERS },
  { path: '/sitemap.xml', operationId: 'getSitemap', body: (s) => s.discovery.sitemap },
  { path: '/robots.txt', body: (s) => s.discovery.robotsTxt },
  { path: ENDPOINT_PATHS.authorizationServer, body: (s) => s.discovery.authorizationServer },
  { path: ENDPOINT_PATHS.protectedResource, body: (s) => s.discovery.protectedResource },
  { path: ENDPOINT_PATHS.apiCatalog, body: (s) => s.discovery.apiCatalog, link: 'api-catalog' },
];

/** Registers the discovery routes; each serves a precomputed body of the current snapshot. */
export function discoveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const [path, route] of discoveryTable(ctx.config.baseUrl)) {
    app.get(path, { config: { operationId: route.operationId } }, function serveDiscovery(request, reply) {
      return sendBody(request, reply, route.body(ctx.snapshot()), route.headers);
    });
  }
}

/** A discovery resource with its final response headers. */
export interface PrecomputedRoute {
  operationId?: string | undefined;
  body: (snapshot: Snapshot) => Body;
  headers: Record<string, string>;
}

/** The discovery resources by path, with their headers (public: CORS for any origin), for the routes and the fast path. */
export function discoveryTable(baseUrl: string): Map<string, PrecomputedRoute> {
  return new Map(
    ROUTES.map((route) => {
      const headers: Record<string, string> = { 'x-content-type-options': 'nosniff', ...PUBLIC_CORS_HEADERS, ...route.headers };
      if (route.link !== undefined) headers.link = `<${baseUrl}${route.path}>; rel="${route.link}"`;
      return [route.path, { operationId: route.operationId, body: route.body, headers }];
    }),
  );
}
