/**
 * The one route table: every path sitegate answers, its method, operation id, credential, scopes
 * and answer. The rows of api/operations.ts (which the OpenAPI description and the portal read)
 * get their answers here; so do the rows of api/site-operations.ts (llms-full.txt, robots.txt,
 * feeds, MCP, the search page, sign-in and the page route, which takes every other path), which
 * the OpenAPI description lists too. No other module decides which answer a path gets: the
 * listener asks {@link RouteTable.lookup} and nothing else.
 */
import { EXTRA_OPERATIONS, OPERATIONS, type Operation } from '../api/operations.js';
import { siteOperation } from '../api/site-operations.js';
import type { AppContext } from '../answers/context.js';
import type { BeforeStep, RouteAnswer } from '../answers/answer.js';
import type { Route, RouteErrors } from './route.js';
import type { SchemeName } from '../auth/principal.js';
import { API_SCHEMES, READER_SCHEMES } from '../auth/schemes.js';
import {
  authorizationServerResources,
  DISCOVERY,
  discoveryAnswer,
  llmsTxtAnswer,
  mcpProtectedResource,
  portalAnswer,
  portalMarkdownAnswer,
} from '../answers/discovery.js';
import { ENDPOINT_PATHS, wellKnownPaths } from '../discovery/well-known.js';
import { METADATA_PREFLIGHT_HEADERS, OAUTH_CORS_HEADERS, OAUTH_PREFLIGHT_HEADERS } from './headers.js';
import { getHealth, getJwks, getWhoami, searchSite, spendSearchBudget } from '../answers/api.js';
import { createOAuthTokenAnswer, introspectOAuthTokenAnswer, revokeOAuthTokenAnswer } from '../answers/token.js';
import { MCP_NOT_ALLOWED, mcpAnswer, mcpBefore } from '../answers/mcp.js';
import { mcpOriginGuard, type RequestGuard } from '../answers/mcp-origin.js';
import { servePage } from '../answers/pages.js';
import { upstreamPage } from '../answers/upstream.js';
import { builtPages, type BuiltAnswer } from '../answers/built-pages.js';
import { routePathsOf } from '../built/reserved.js';
import { getReadiness } from '../answers/readiness.js';
import { searchPage } from '../answers/search-page.js';
import { callbackAnswer, signInAnswer, signOutAnswer } from '../answers/signin.js';
import { registerOAuthClientAnswer, registrationEnabled, spendRegistrationBudget } from '../answers/registration.js';
import { authorizeAnswer, consentAnswer } from '../answers/authorize.js';
import { LIVE_RELOAD_PATH } from '../answers/live-reload.js';

/** The routes of one path, by method, and its `Allow` header value. */
export interface PathRoutes {
  GET?: Route;
  POST?: Route;
  /** `Allow` (RFC 9110 §10.2.1) for 405 and OPTIONS. */
  allow: string;
  /**
   * Runs first for every method of the path, before its body is read or its credential checked,
   * and throws to refuse the request (`/mcp`'s Origin check, answers/mcp-origin.ts).
   */
  guard?: RequestGuard;
  /**
   * The CORS preflight grant of the path (http/headers.ts); undefined: the public read-only one
   * for a GET resource, none for a POST endpoint.
   */
  preflight?: Readonly<Record<string, string>>;
}

/** The table, as the listener reads it. */
export interface RouteTable {
  /** Every route, in table order (operations first). */
  routes: readonly Route[];
  /**
   * The routes of a path: its own, or the page route's for any path the table does not name (with
   * the error object as its error form under `/api/` and `/.well-known/`).
   * @param path the request path without the query string, as received
   */
  lookup(path: string): PathRoutes;
}

/** What an operation's row adds to make a route: its answer and how the listener prepares it. */
interface RouteParts {
  answer: RouteAnswer;
  before?: BeforeStep;
  body?: Route['body'];
  query?: Route['query'];
  errors?: RouteErrors;
  notAllowed?: string;
  /** The credential schemes it reads, when not {@link API_SCHEMES}. */
  schemes?: readonly SchemeName[];
  /** The credential as the listener reads it, when not the operation's (route.ts `credential`). */
  credential?: Route['credential'];
}

/** The schemes of the authorization endpoint: the person's browser session only. */
const SESSION_SCHEMES: readonly SchemeName[] = ['session'];

/** The answer of every operation of api/operations.ts, by operation id. */
function operationParts(ctx: AppContext): Readonly<Record<string, RouteParts>> {
  const parts: Record<string, RouteParts> = {
    searchSite: { answer: searchSite(ctx.searched), query: 'search', before: spendSearchBudget(ctx.auth), schemes: READER_SCHEMES },
    getHealth: { answer: getHealth },
    getReadiness: { answer: getReadiness(ctx.readiness) },
    getWhoami: { answer: getWhoami },
    getJwks: { answer: getJwks(ctx.auth) },
    createOAuthToken: { answer: createOAuthTokenAnswer(ctx), body: 'token', errors: 'oauth' },
    revokeOAuthToken: { answer: revokeOAuthTokenAnswer(ctx), body: 'token', errors: 'oauth' },
    introspectOAuthToken: { answer: introspectOAuthTokenAnswer(ctx), body: 'token', errors: 'oauth' },
    getDevelopersPortalMarkdown: { answer: portalMarkdownAnswer(ctx.config.baseUrl), errors: 'negotiated' },
    // RFC 7591 (issue 30): when off, no body is read and every request gets the 404.
    registerOAuthClient: registrationEnabled(ctx.agents)
      ? {
          answer: registerOAuthClientAnswer(ctx.agents),
          body: 'json',
          before: spendRegistrationBudget(ctx.auth.limiter),
          errors: 'registration',
        }
      : { answer: registerOAuthClientAnswer(undefined), errors: 'registration' },
    // The authorization endpoint (issue 30) reads only the browser session, leniently: a dead cookie is no one.
    authorizeOAuthClient: { answer: authorizeAnswer(ctx), errors: 'negotiated', credential: 'lenient', schemes: SESSION_SCHEMES },
    consentOAuthClient: {
      answer: consentAnswer(ctx),
      body: 'token',
      errors: 'negotiated',
      credential: 'lenient',
      schemes: SESSION_SCHEMES,
    },
  };
  const { authorizationServer } = authorizationServerResources(ctx.config.baseUrl, ctx.config.auth.agents);
  parts.getAuthorizationServerMetadata = {
    answer: discoveryAnswer(authorizationServer, '/.well-known/oauth-authorization-server', ctx.config.baseUrl),
  };
  for (const op of [...OPERATIONS, ...EXTRA_OPERATIONS]) {
    const resource = DISCOVERY[op.id];
    if (resource !== undefined) parts[op.id] = { answer: discoveryAnswer(resource, op.path, ctx.config.baseUrl) };
  }
  // llms.txt never refuses (SPEC.md: auth "none"); it reads a credential leniently (issue 29).
  parts.getLlmsTxt = { answer: llmsTxtAnswer(ctx.config.baseUrl), credential: 'lenient', schemes: READER_SCHEMES };
  // The portal negotiates HTML or its markdown twin (issue 30); browsers get the 406 page.
  parts.getDevelopersPortal = { answer: portalAnswer(ctx.config.baseUrl), errors: 'negotiated' };
  return parts;
}

/** A route from an operation's row and its parts. */
function routeOf(op: Pick<Operation, 'id' | 'method' | 'path' | 'credential' | 'scopes'>, parts: RouteParts): Route {
  return {
    operationId: op.id,
    path: op.path,
    method: op.method,
    credential: parts.credential ?? op.credential,
    schemes: (parts.credential ?? op.credential) === 'none' ? [] : (parts.schemes ?? API_SCHEMES),
    scopes: op.scopes,
    errors: parts.errors ?? 'json',
    answer: parts.answer,
    ...(parts.before === undefined ? {} : { before: parts.before }),
    ...(parts.body === undefined ? {} : { body: parts.body }),
    ...(parts.query === undefined ? {} : { query: parts.query }),
    ...(parts.notAllowed === undefined ? {} : { notAllowed: parts.notAllowed }),
  };
}

/**
 * The authorization server's POST endpoints a browser-based OAuth client calls (MCP Inspector's
 * web UI): token, revocation and, when it is on, registration. Not introspection, which serves
 * resource servers.
 */
const BROWSER_OAUTH_ENDPOINTS: readonly string[] = [ENDPOINT_PATHS.token, ENDPOINT_PATHS.revocation, ENDPOINT_PATHS.registration];

/**
 * CORS for browser-based MCP clients (issue 30): the authorization server's metadata and JWKS
 * grant `MCP-Protocol-Version` in their preflight ({@link METADATA_PREFLIGHT_HEADERS}); its POST
 * endpoints of {@link BROWSER_OAUTH_ENDPOINTS} answer every request and their preflight to any
 * origin, never with credentials (http/headers.ts `OAUTH_CORS_HEADERS`). Pages and `/mcp` are not
 * touched (`/mcp` answers the origins of `mcp.allowedOrigins`: answers/mcp-origin.ts).
 * @param byPath the table's routes by path, changed in place
 * @param metadataPaths paths of the metadata documents and JWKS
 */
function openToBrowserClients(byPath: Map<string, PathRoutes>, metadataPaths: readonly string[]): void {
  for (const path of metadataPaths) {
    const entry = byPath.get(path);
    if (entry?.GET !== undefined) entry.preflight = METADATA_PREFLIGHT_HEADERS;
  }
  for (const path of BROWSER_OAUTH_ENDPOINTS) {
    const entry = byPath.get(path);
    if (entry?.POST === undefined) continue;
    entry.POST.cors = OAUTH_CORS_HEADERS;
    entry.preflight = OAUTH_PREFLIGHT_HEADERS;
  }
}

/** The server-rendered search results page (answers/search-page.ts); the header's search form submits to it. */
export const SEARCH_PAGE_PATH = siteOperation('getSearchPage').path;

/** The MCP endpoint (Streamable HTTP). */
export const MCP_PATH = siteOperation('mcp').path;

/** Paths the table answers with the page route. */
export const PAGE_PATH = '*';

/** The build's answer of `serve --html` (answers/built-pages.ts), which the page route asks first; none without a build. */
function builtAnswerOf(ctx: AppContext): BuiltAnswer | undefined {
  if (ctx.built === undefined) return undefined;
  return builtPages({ ...ctx.config, routePaths: routePathsOf(ctx.config.baseUrl) }, ctx.built);
}

/**
 * Builds the table of one app.
 * @throws {Error} when an operation of api/operations.ts has no answer (a programming error)
 */
export function buildRouteTable(ctx: AppContext): RouteTable {
  const parts = operationParts(ctx);
  const routes: Route[] = [...OPERATIONS, ...EXTRA_OPERATIONS].map((op) => {
    const part = parts[op.id];
    if (part === undefined) throw new Error(`operation ${op.id} has no answer in the route table`);
    return routeOf(op, part);
  });
  for (const id of ['getLlmsFullTxt', 'getRobotsTxt', 'getAtomFeed', 'getRssFeed']) {
    const op = siteOperation(id);
    const resource = DISCOVERY[op.path];
    if (resource !== undefined) routes.push(routeOf(op, { answer: discoveryAnswer(resource, op.path, ctx.config.baseUrl) }));
  }
  // RFC 9728 §3.1: the MCP endpoint's own metadata; RFC 8414 §3.1 / RFC 9728 §3.1: each document
  // also at its path-inserted location when the base URL has a path (discovery/well-known.ts); the
  // AS metadata also where OpenID Connect Discovery clients look (MCP Authorization's discovery order).
  const wellKnown = wellKnownPaths(ctx.config.baseUrl);
  const mcpMetadata = mcpProtectedResource(ctx.config.baseUrl);
  const asMetadata = authorizationServerResources(ctx.config.baseUrl, ctx.config.auth.agents);
  for (const [id, resource, paths] of [
    ['getAuthorizationServerMetadata', asMetadata.authorizationServer, wellKnown.authorizationServer],
    ['getOpenIdConfiguration', asMetadata.openidConfiguration, wellKnown.openidConfiguration],
    ['getProtectedResourceMetadata', DISCOVERY.getProtectedResourceMetadata, wellKnown.protectedResource],
    ['getMcpProtectedResourceMetadata', mcpMetadata, wellKnown.mcpProtectedResource],
  ] as const) {
    for (const path of paths) {
      if (routes.some((route) => route.path === path) || resource === undefined) continue;
      const none = { method: 'GET', credential: 'none', scopes: [] } as const;
      routes.push(routeOf({ ...none, id, path }, { answer: discoveryAnswer(resource, path, ctx.config.baseUrl) }));
    }
  }
  routes.push(
    routeOf(siteOperation('mcp'), { answer: mcpAnswer(ctx), before: mcpBefore(ctx.auth), body: 'json', notAllowed: MCP_NOT_ALLOWED }),
  );
  // The results page searches as searchSite does (its row takes searchSite's credential and scopes), with its budget.
  routes.push(
    routeOf(siteOperation('getSearchPage'), {
      answer: searchPage(ctx.searched, ctx.config.auth),
      query: 'search',
      before: spendSearchBudget(ctx.auth),
      errors: 'negotiated',
      schemes: READER_SCHEMES,
    }),
  );
  // People sign-in (issue 29): browsers get the error pages; the routes read their cookies themselves.
  routes.push(
    routeOf(siteOperation('signIn'), { answer: signInAnswer(ctx), errors: 'negotiated' }),
    routeOf(siteOperation('signInCallback'), { answer: callbackAnswer(ctx), errors: 'negotiated' }),
    routeOf(siteOperation('signOut'), { answer: signOutAnswer(ctx), errors: 'negotiated' }),
  );
  // Live reload (issue 32): in watch mode only, so not in the OpenAPI; its credential is read as a page's.
  if (ctx.liveReload !== undefined)
    routes.push(
      routeOf(
        { id: 'getLiveReload', method: 'GET', path: LIVE_RELOAD_PATH, credential: 'optional', scopes: [] },
        { answer: ctx.liveReload.answer, schemes: READER_SCHEMES },
      ),
    );
  // Pages decide their scopes by what the path is (public or internal), so the route lists none;
  // the row's `/{path}` template is the table's catch-all. In upstream mode (issue 33) people's
  // requests of the page route go to the origin (answers/upstream.ts); API paths never do.
  const ownPage = servePage(ctx.config, builtAnswerOf(ctx));
  const { upstream } = ctx.config;
  const page = routeOf(
    { ...siteOperation('getPage'), path: PAGE_PATH },
    {
      answer: upstream === null ? ownPage : upstreamPage({ baseUrl: ctx.config.baseUrl, upstream }, ownPage),
      errors: 'negotiated',
      schemes: READER_SCHEMES,
    },
  );
  routes.push(page);

  const byPath = new Map<string, PathRoutes>();
  for (const route of routes) {
    if (route.path === PAGE_PATH) continue;
    const entry = byPath.get(route.path) ?? { allow: '' };
    entry[route.method] = route;
    entry.allow = [entry.GET === undefined ? '' : 'GET, HEAD, ', entry.POST === undefined ? '' : 'POST, ', 'OPTIONS'].join('');
    byPath.set(route.path, entry);
  }
  (byPath.get(MCP_PATH) as PathRoutes).guard = mcpOriginGuard(ctx.config.baseUrl, ctx.config.mcpAllowedOrigins);
  openToBrowserClients(byPath, [...wellKnown.authorizationServer, ...wellKnown.openidConfiguration, ENDPOINT_PATHS.jwks]);
  const pages: PathRoutes = { GET: page, allow: 'GET, HEAD, OPTIONS' };
  // API clients get the error object on API paths whatever they accept; page URLs negotiate.
  const apiPaths: PathRoutes = { GET: { ...page, answer: ownPage, errors: 'json' }, allow: pages.allow };
  return {
    routes,
    lookup(path) {
      return byPath.get(path) ?? (path.startsWith('/api/') || path.startsWith('/.well-known/') ? apiPaths : pages);
    },
  };
}
