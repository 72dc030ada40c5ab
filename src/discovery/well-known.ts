/**
 * The well-known discovery documents: where they are served, protected resource metadata
 * (RFC 9728) and the API catalog (RFC 9727). Pure builders over the base URL. The authorization
 * server's metadata (RFC 8414, OpenID Connect Discovery) is authorization-server.ts.
 */
import { SCOPES } from '../auth/scopes.js';
import { OAUTH_PATHS } from '../oauth/settings.js';

/**
 * Paths of the endpoints the documents point at, relative to the base URL. The authorization
 * server's endpoints are oauth/settings.ts `OAUTH_PATHS`, named here as RFC 8414 §2 names them.
 */
export const ENDPOINT_PATHS = {
  authorization: OAUTH_PATHS.authorize,
  token: OAUTH_PATHS.token,
  registration: OAUTH_PATHS.register,
  revocation: OAUTH_PATHS.revoke,
  introspection: OAUTH_PATHS.introspect,
  jwks: '/.well-known/jwks.json',
  authorizationServer: '/.well-known/oauth-authorization-server',
  openidConfiguration: '/.well-known/openid-configuration',
  protectedResource: '/.well-known/oauth-protected-resource',
  apiCatalog: '/.well-known/api-catalog',
  openapi: '/openapi.json',
  portal: '/developers',
  health: '/api/v1/health',
  mcp: '/mcp',
  llmsTxt: '/llms.txt',
} as const;

/**
 * RFC 9728 §2 protected resource metadata: the site is the resource; it accepts bearer tokens in
 * the Authorization header from its own authorization server.
 */
export function buildProtectedResourceMetadata(baseUrl: string, resourceName: string): Record<string, unknown> {
  return {
    resource: baseUrl,
    authorization_servers: [baseUrl],
    jwks_uri: baseUrl + ENDPOINT_PATHS.jwks,
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: resourceName,
    resource_documentation: baseUrl + ENDPOINT_PATHS.portal,
  };
}

/**
 * RFC 9728 §2 protected resource metadata of the MCP endpoint, a protected resource of its own
 * whose identifier is `{baseUrl}/mcp`: `resource` is exactly the URL clients call, as RFC 9728 §3.3
 * requires of the document they fetch for it (MCP authorization, "Protected Resource Metadata
 * Discovery"). The authorization server, scopes and bearer methods are the site's.
 * @param baseUrl public base URL without trailing slash; also the issuer
 */
export function buildMcpProtectedResourceMetadata(baseUrl: string, resourceName: string): Record<string, unknown> {
  return {
    ...buildProtectedResourceMetadata(baseUrl, resourceName),
    resource: baseUrl + ENDPOINT_PATHS.mcp,
    resource_documentation: `${baseUrl + ENDPOINT_PATHS.portal}#mcp`,
  };
}

/**
 * RFC 8414 §3.1 / RFC 9728 §3.1 well-known URL of an identifier: the well-known suffix is inserted
 * between the host and the identifier's path (`https://host/docs` → `https://host/.well-known/{suffix}/docs`;
 * no path, no insertion). The path keeps its percent-encoding; a trailing slash is dropped.
 * @param identifier an issuer or resource identifier (absolute URL, no query or fragment)
 * @param suffix `oauth-authorization-server`, `openid-configuration` or `oauth-protected-resource`
 */
export function wellKnownUrl(identifier: string, suffix: string): string {
  const url = new URL(identifier);
  const path = url.pathname.replace(/\/$/, '');
  return `${url.origin}/.well-known/${suffix}${path}`;
}

/** Request path of the MCP endpoint's RFC 9728 document relative to the base URL (under the base path, as the site's other paths). */
export const MCP_PROTECTED_RESOURCE_PATH = `${ENDPOINT_PATHS.protectedResource}${ENDPOINT_PATHS.mcp}`;

/**
 * The RFC 9728 document a 401 or 403 of a route names in `resource_metadata` (RFC 9728 §5.1): the
 * MCP endpoint's own ({@link buildMcpProtectedResourceMetadata}) for `/mcp`, the site's for every
 * other route. Under the base path, where every other URL of the site is.
 * @param baseUrl public base URL without trailing slash
 * @param path the request path relative to the base URL; undefined for the site's document
 */
export function resourceMetadataUrl(baseUrl: string, path?: string): string {
  return baseUrl + (path === ENDPOINT_PATHS.mcp ? MCP_PROTECTED_RESOURCE_PATH : ENDPOINT_PATHS.protectedResource);
}

/** Request paths at which the documents of one base URL are served, the RFC 8414 §3.1 / RFC 9728 §3.1 locations included. */
export interface WellKnownPaths {
  /** RFC 8414 authorization server metadata (issuer = base URL). */
  authorizationServer: readonly string[];
  /** The same metadata as OpenID Connect Discovery 1.0 §4 locates it (authorization-server.ts `buildOpenIdConfiguration`). */
  openidConfiguration: readonly string[];
  /** RFC 9728 metadata of the site (resource = base URL). */
  protectedResource: readonly string[];
  /** RFC 9728 metadata of the MCP endpoint (resource = `{baseUrl}/mcp`). */
  mcpProtectedResource: readonly string[];
}

/**
 * Where the metadata of a base URL is served, as request paths sitegate receives. A proxy serving
 * the site under a base path strips it (the site's own paths arrive as `/…`), so each document is
 * at its path under the base path (`/.well-known/oauth-authorization-server`,
 * `/.well-known/oauth-protected-resource`, `/.well-known/oauth-protected-resource/mcp`). The RFC 8414
 * §3.1 / RFC 9728 §3.1 locations on the host's root (`/.well-known/oauth-authorization-server/docs`,
 * `/.well-known/oauth-protected-resource/docs`, `/.well-known/oauth-protected-resource/docs/mcp` for
 * `https://host/docs`) are added as the proxy forwards them, unchanged; for a base URL at the
 * root they are the first ones. `/.well-known/openid-configuration` is where OpenID Connect
 * Discovery 1.0 §4.1 appends it to the issuer (`https://host/docs/.well-known/openid-configuration`,
 * arriving without `/docs`) and `/.well-known/openid-configuration/docs` where the MCP spec's
 * discovery order inserts it ("Authorization Server Metadata Discovery", after RFC 8414 §5).
 * @param baseUrl public base URL without trailing slash
 */
export function wellKnownPaths(baseUrl: string): WellKnownPaths {
  const pathOf = (url: string): string => new URL(url).pathname;
  const unique = (...paths: string[]): string[] => [...new Set(paths)];
  return {
    authorizationServer: unique(ENDPOINT_PATHS.authorizationServer, pathOf(wellKnownUrl(baseUrl, 'oauth-authorization-server'))),
    openidConfiguration: unique(ENDPOINT_PATHS.openidConfiguration, pathOf(wellKnownUrl(baseUrl, 'openid-configuration'))),
    protectedResource: unique(ENDPOINT_PATHS.protectedResource, pathOf(wellKnownUrl(baseUrl, 'oauth-protected-resource'))),
    mcpProtectedResource: unique(
      MCP_PROTECTED_RESOURCE_PATH,
      pathOf(wellKnownUrl(baseUrl + ENDPOINT_PATHS.mcp, 'oauth-protected-resource')),
    ),
  };
}

/**
 * RFC 9727 api-catalog: a linkset (RFC 9264, `application/linkset+json`) with the API's
 * service-desc (OpenAPI), service-doc (portal), status (health) and the MCP endpoint.
 */
export function buildApiCatalog(baseUrl: string): Record<string, unknown> {
  return {
    linkset: [
      {
        anchor: `${baseUrl}/`,
        'service-desc': [{ href: baseUrl + ENDPOINT_PATHS.openapi, type: 'application/vnd.oai.openapi+json;version=3.1' }],
        'service-doc': [{ href: baseUrl + ENDPOINT_PATHS.portal, type: 'text/html' }],
        status: [{ href: baseUrl + ENDPOINT_PATHS.health, type: 'application/json' }],
        'service-meta': [
          { href: baseUrl + ENDPOINT_PATHS.authorizationServer, type: 'application/json' },
          { href: baseUrl + ENDPOINT_PATHS.protectedResource, type: 'application/json' },
        ],
        describedby: [{ href: baseUrl + ENDPOINT_PATHS.llmsTxt, type: 'text/plain' }],
      },
      {
        anchor: baseUrl + ENDPOINT_PATHS.mcp,
        'service-desc': [
          { href: baseUrl + ENDPOINT_PATHS.mcp, type: 'application/json', title: 'MCP server (Streamable HTTP): tools search and fetch' },
        ],
        'service-doc': [{ href: `${baseUrl + ENDPOINT_PATHS.portal}#mcp`, type: 'text/html' }],
      },
    ],
  };
}
