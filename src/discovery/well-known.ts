/**
 * The well-known discovery documents: OAuth authorization server metadata (RFC 8414), protected
 * resource metadata (RFC 9728) and the API catalog (RFC 9727). Pure builders over the base URL.
 */
import { SCOPES } from '../auth/scopes.js';

/** Paths of the endpoints the documents point at. */
export const ENDPOINT_PATHS = {
  token: '/api/v1/oauth/token',
  revocation: '/api/v1/oauth/revoke',
  introspection: '/api/v1/oauth/introspect',
  jwks: '/.well-known/jwks.json',
  authorizationServer: '/.well-known/oauth-authorization-server',
  protectedResource: '/.well-known/oauth-protected-resource',
  apiCatalog: '/.well-known/api-catalog',
  openapi: '/openapi.json',
  portal: '/developers',
  health: '/api/v1/health',
  mcp: '/mcp',
  llmsTxt: '/llms.txt',
} as const;

const CLIENT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post'];

/**
 * RFC 8414 §2 authorization server metadata. `response_types_supported` is REQUIRED by §2 and is
 * empty: there is no authorization endpoint, only the client-credentials grant.
 * @param baseUrl public base URL without trailing slash; also the issuer
 */
export function buildAuthorizationServerMetadata(baseUrl: string): Record<string, unknown> {
  return {
    issuer: baseUrl,
    token_endpoint: baseUrl + ENDPOINT_PATHS.token,
    jwks_uri: baseUrl + ENDPOINT_PATHS.jwks,
    scopes_supported: [...SCOPES],
    response_types_supported: [],
    grant_types_supported: ['client_credentials'],
    token_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    revocation_endpoint: baseUrl + ENDPOINT_PATHS.revocation,
    revocation_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    introspection_endpoint: baseUrl + ENDPOINT_PATHS.introspection,
    introspection_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    service_documentation: baseUrl + ENDPOINT_PATHS.portal,
  };
}

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
