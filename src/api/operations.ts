/**
 * The operations of SPEC.md §4 as data: the rows that `http/route-table.ts` routes by (path,
 * method, credential, scopes), `discovery/openapi.ts` describes and the portal lists, so the
 * description and the server cannot disagree.
 */
import type { ErrorCode } from '../errors.js';
import type { Scope } from '../auth/scopes.js';
import { SearchQuerySchema, type SchemaName } from './schemas.js';

/** A documented response of an operation. */
export interface ResponseSpec {
  description: string;
  /** Media type of the body; undefined for an empty body. */
  contentType: string | undefined;
  /** Named component schema of a JSON body, or an inline schema. */
  schema: SchemaName | Record<string, unknown>;
  /** The error codes this status can carry (error responses only). */
  codes?: readonly ErrorCode[];
  /** Other media types the same status may carry, with the same schema (a page's `text/markdown`). */
  also?: readonly string[];
}

/** Which credentials an operation takes (SPEC.md §5). */
export type Credential = 'none' | 'optional' | 'required';

/** One API operation. */
export interface Operation {
  /** SPEC.md's operation id, e.g. `searchSite`. */
  id: string;
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  description: string;
  tag: 'Discovery' | 'Search' | 'Service' | 'Auth' | 'MCP' | 'Sign-in' | 'Pages';
  /** False for operations beyond SPEC.md §4 (DESIGN.md "Discovery beyond SPEC.md"). */
  inSpec: boolean;
  credential: Credential;
  /** Scopes a credential must carry, when one is sent or required. */
  scopes: readonly Scope[];
  /** JSON Schema of the querystring parameters (an object schema). */
  query?: typeof SearchQuerySchema;
  /** Path parameters of a templated path (`/{path}`), by name: what they hold and their JSON Schema. */
  pathParameters?: Readonly<Record<string, { description: string; schema: Record<string, unknown> }>>;
  /** Request body media types and schema, named (createOAuthToken) or inline. */
  requestBody?: { schema: SchemaName | Record<string, unknown>; contentTypes: readonly string[] };
  responses: Readonly<Record<number, ResponseSpec>>;
}

/** A response that is the error object (SPEC.md §3) with one of `codes`. */
export const errorResponse = (description: string, codes: readonly ErrorCode[]): ResponseSpec => ({
  description,
  contentType: 'application/json',
  schema: 'ApiError',
  codes,
});

/** An error response of registration: RFC 7591 §3.2.2's body. */
const registrationError = (description: string, codes: readonly ErrorCode[]): ResponseSpec => ({
  description,
  contentType: 'application/json',
  schema: 'RegistrationError',
  codes,
});

const rateLimited = errorResponse('Too many requests; see Retry-After.', ['rate_limited']);

/** The eight operations of SPEC.md §4, in its order. */
export const OPERATIONS: readonly Operation[] = [
  {
    id: 'getOpenApi',
    method: 'GET',
    path: '/openapi.json',
    summary: 'OpenAPI 3.1 description',
    description: 'This machine-readable description of the API.',
    tag: 'Discovery',
    inSpec: true,
    credential: 'none',
    scopes: [],
    responses: { 200: { description: 'The OpenAPI 3.1 description.', contentType: 'application/json', schema: { type: 'object' } } },
  },
  {
    id: 'getLlmsTxt',
    method: 'GET',
    path: '/llms.txt',
    summary: 'LLM-oriented site index',
    description: 'The llms.txt index of the site (llmstxt.org): every public page, linked as markdown.',
    tag: 'Discovery',
    inSpec: true,
    credential: 'none',
    scopes: [],
    responses: { 200: { description: 'The llms.txt index.', contentType: 'text/plain', schema: { type: 'string' } } },
  },
  {
    id: 'getDevelopersPortal',
    method: 'GET',
    path: '/developers',
    summary: 'Developer portal',
    description:
      'Human-readable developer portal with links to the OpenAPI description, the text index, authentication information and sandbox commands.',
    tag: 'Discovery',
    inSpec: true,
    credential: 'none',
    scopes: [],
    responses: { 200: { description: 'The developer portal.', contentType: 'text/html', schema: { type: 'string' } } },
  },
  {
    id: 'getSitemap',
    method: 'GET',
    path: '/sitemap.xml',
    summary: 'XML sitemap',
    description: 'The sitemaps.org 0.9 sitemap of every public page (a sitemap index past 50,000 URLs).',
    tag: 'Discovery',
    inSpec: true,
    credential: 'none',
    scopes: [],
    responses: { 200: { description: 'The sitemap.', contentType: 'application/xml', schema: { type: 'string' } } },
  },
  {
    id: 'searchSite',
    method: 'GET',
    path: '/api/search.json',
    summary: 'Search the public site',
    description:
      'Without q: the whole public index (titles and paths of every public page). With q: full-text search over title, description and body, ranked, prefix and typo tolerant. The credential is optional; when sent it must carry search:read. With search:read and internal:read, internal pages are included.',
    tag: 'Search',
    inSpec: true,
    credential: 'optional',
    scopes: ['search:read'],
    query: SearchQuerySchema,
    responses: {
      200: {
        description: 'Matching search documents, best first (or every public page, by path).',
        contentType: 'application/json',
        schema: { type: 'array', items: { $ref: '#/components/schemas/SearchDocument' } },
      },
      400: errorResponse('Invalid search parameters, or two credentials at once.', ['invalid_query', 'invalid_request']),
      401: errorResponse('A credential was sent and it is malformed or unknown.', ['invalid_api_key', 'invalid_token', 'token_expired']),
      403: errorResponse('The credential lacks search:read.', ['insufficient_scope']),
      429: rateLimited,
    },
  },
  {
    id: 'getHealth',
    method: 'GET',
    path: '/api/v1/health',
    summary: 'Service health',
    description: 'Whether the service is up.',
    tag: 'Service',
    inSpec: true,
    credential: 'none',
    scopes: [],
    responses: { 200: { description: 'The service is up.', contentType: 'application/json', schema: 'Health' } },
  },
  {
    id: 'getWhoami',
    method: 'GET',
    path: '/api/v1/whoami',
    summary: 'Inspect the credential',
    description: 'Reports the scheme of the credential sent and the scopes it grants. Requires a credential with search:read.',
    tag: 'Auth',
    inSpec: true,
    credential: 'required',
    scopes: ['search:read'],
    responses: {
      200: { description: 'The credential is valid.', contentType: 'application/json', schema: 'Whoami' },
      400: errorResponse('Two credentials at once.', ['invalid_request']),
      401: errorResponse('No credential, or an unknown one.', ['credential_required', 'invalid_api_key', 'invalid_token', 'token_expired']),
      403: errorResponse('The credential lacks search:read.', ['insufficient_scope']),
      429: rateLimited,
    },
  },
  {
    id: 'createOAuthToken',
    method: 'POST',
    path: '/api/v1/oauth/token',
    summary: 'Get an access token (client credentials)',
    description:
      'OAuth 2.0 client-credentials grant (RFC 6749 §4.4). Send grant_type, client_id, client_secret and optionally scope as JSON, or form-encoded with client_secret_post or HTTP Basic client authentication. Form and Basic requests get RFC 6749 §5.2 error bodies.',
    tag: 'Auth',
    inSpec: true,
    credential: 'none',
    scopes: [],
    requestBody: { schema: 'TokenRequest', contentTypes: ['application/json', 'application/x-www-form-urlencoded'] },
    responses: {
      200: { description: 'An access token.', contentType: 'application/json', schema: 'TokenResponse' },
      400: errorResponse('Invalid grant or request.', ['invalid_request', 'unsupported_grant_type', 'invalid_scope']),
      401: errorResponse('Unknown client or wrong secret.', ['invalid_client']),
      413: errorResponse('Body over 4 KiB.', ['payload_too_large']),
      415: errorResponse('Neither JSON nor form-encoded.', ['unsupported_media_type']),
      429: rateLimited,
    },
  },
];

const json = (description: string, schema: ResponseSpec['schema'], contentType = 'application/json'): ResponseSpec => ({
  description,
  contentType,
  schema,
});
const clientAuthErrors = {
  400: errorResponse('Malformed request.', ['invalid_request']),
  401: errorResponse('Unknown client or wrong secret.', ['invalid_client']),
  413: errorResponse('Body over 4 KiB.', ['payload_too_large']),
  415: errorResponse('Neither JSON nor form-encoded.', ['unsupported_media_type']),
  429: rateLimited,
};

/** Media type of the readiness report (draft-inadarei-api-health-check-06 §3). */
export const HEALTH_JSON_TYPE = 'application/health+json';

/** Operations beyond SPEC.md §4: readiness, the well-known documents and the token lifecycle endpoints. */
export const EXTRA_OPERATIONS: readonly Operation[] = [
  {
    id: 'getReadiness',
    method: 'GET',
    path: '/api/v1/health/ready',
    summary: 'Readiness',
    description:
      'Whether this server should get traffic now (a readiness probe): 503 while the first snapshot is being built or the store does not answer, 200 otherwise. The store is pinged at most about once a second.',
    tag: 'Service',
    inSpec: false,
    credential: 'none',
    scopes: [],
    responses: {
      200: json('Ready: every check passes.', 'Readiness', HEALTH_JSON_TYPE),
      503: json('Not ready: a check fails.', 'Readiness', HEALTH_JSON_TYPE),
    },
  },
  {
    id: 'getAuthorizationServerMetadata',
    method: 'GET',
    path: '/.well-known/oauth-authorization-server',
    summary: 'OAuth authorization server metadata',
    description:
      'RFC 8414 metadata: issuer, authorization, token, revocation and introspection endpoints (registration when dynamic registration is on), JWKS, grant types, PKCE methods, scopes. The same members, with those OpenID Connect Discovery requires, are at /.well-known/openid-configuration.',
    tag: 'Discovery',
    inSpec: false,
    credential: 'none',
    scopes: [],
    responses: { 200: json('RFC 8414 metadata.', 'AuthorizationServerMetadata') },
  },
  {
    id: 'getProtectedResourceMetadata',
    method: 'GET',
    path: '/.well-known/oauth-protected-resource',
    summary: 'OAuth protected resource metadata',
    description: 'RFC 9728 metadata of this resource server: its authorization server, scopes and bearer methods.',
    tag: 'Discovery',
    inSpec: false,
    credential: 'none',
    scopes: [],
    responses: { 200: json('RFC 9728 metadata.', 'ProtectedResourceMetadata') },
  },
  {
    id: 'getApiCatalog',
    method: 'GET',
    path: '/.well-known/api-catalog',
    summary: 'API catalog',
    description: 'RFC 9727 linkset of the APIs: OpenAPI description, portal, health and the MCP server.',
    tag: 'Discovery',
    inSpec: false,
    credential: 'none',
    scopes: [],
    responses: { 200: json('RFC 9727 linkset.', 'Linkset', 'application/linkset+json') },
  },
  {
    id: 'getDevelopersPortalMarkdown',
    method: 'GET',
    path: '/developers.md',
    summary: 'Developer portal as markdown',
    description:
      'The developer portal as CommonMark/GFM (RFC 7763), for agents: the same sections as /developers without its forms. /developers also answers it to Accept: text/markdown.',
    tag: 'Discovery',
    inSpec: false,
    credential: 'none',
    scopes: [],
    responses: {
      200: { description: 'The developer portal as markdown.', contentType: 'text/markdown', schema: { type: 'string' } },
      406: errorResponse('The client does not accept text/markdown.', ['not_acceptable']),
    },
  },
  {
    id: 'getJwks',
    method: 'GET',
    path: '/.well-known/jwks.json',
    summary: 'Access-token signing keys',
    description: 'The public keys (RFC 7517 JWK Set) that verify access tokens.',
    tag: 'Auth',
    inSpec: false,
    credential: 'none',
    scopes: [],
    responses: { 200: json('JWK Set.', 'JwkSet', 'application/jwk-set+json') },
  },
  {
    id: 'revokeOAuthToken',
    method: 'POST',
    path: '/api/v1/oauth/revoke',
    summary: 'Revoke an access token',
    description:
      'RFC 7009 token revocation. The client authenticates as at the token endpoint and revokes one of its own tokens; the answer is 200 whether or not the token was valid.',
    tag: 'Auth',
    inSpec: false,
    credential: 'none',
    scopes: [],
    requestBody: { schema: 'TokenActionRequest', contentTypes: ['application/json', 'application/x-www-form-urlencoded'] },
    responses: {
      200: { description: 'Revoked, or nothing to revoke. Empty body.', contentType: undefined, schema: {} },
      ...clientAuthErrors,
    },
  },
  {
    id: 'introspectOAuthToken',
    method: 'POST',
    path: '/api/v1/oauth/introspect',
    summary: 'Introspect an access token',
    description:
      'RFC 7662 token introspection. The client authenticates as at the token endpoint; its own valid tokens are reported active with their claims, anything else as {"active": false}.',
    tag: 'Auth',
    inSpec: false,
    credential: 'none',
    scopes: [],
    requestBody: { schema: 'TokenActionRequest', contentTypes: ['application/json', 'application/x-www-form-urlencoded'] },
    responses: { 200: json('Introspection response.', 'IntrospectionResponse'), ...clientAuthErrors },
  },
  {
    id: 'authorizeOAuthClient',
    method: 'GET',
    path: '/api/v1/oauth/authorize',
    summary: 'Authorize an agent (authorization code)',
    description:
      "OAuth 2.1 authorization endpoint for agents acting for a person: query parameters response_type=code, client_id, redirect_uri (exactly one the client registered), state, code_challenge with code_challenge_method=S256 (PKCE, RFC 7636; plain is refused), scope (optional: at most the signed-in person's) and resource (RFC 8707: this site or its /mcp). A browser without a session is sent to sign in first (/_sitegate/login?return_to=…); then the consent page, or at once, when the person allowed this client before, a 302 to the redirect URI with code, state and iss (RFC 9207). Later errors are 302s to the redirect URI with error, error_description, state and iss (RFC 6749 §4.1.2.1). Reads only the browser session cookie.",
    tag: 'Auth',
    inSpec: false,
    credential: 'none',
    scopes: [],
    responses: {
      200: { description: 'The consent page.', contentType: 'text/html', schema: { type: 'string' } },
      302: { description: 'To sign in, or to the redirect URI with the code or an error.', contentType: undefined, schema: {} },
      400: errorResponse('Unknown client or a redirect URI it did not register: shown, never redirected.', [
        'invalid_request',
        'invalid_redirect_uri',
      ]),
    },
  },
  {
    id: 'consentOAuthClient',
    method: 'POST',
    path: '/api/v1/oauth/authorize',
    summary: 'Answer the consent page',
    description:
      "The consent page's form, form-encoded: consent (the sealed request the page carries, valid 10 minutes, for the session it was shown to) and decision (allow or deny). Only from a page of this site (Origin or Sec-Fetch-Site). Answers a 302 to the client's redirect URI with code, state and iss, or error=access_denied.",
    tag: 'Auth',
    inSpec: false,
    credential: 'none',
    scopes: [],
    responses: {
      302: { description: 'To the redirect URI with the code, or error=access_denied.', contentType: undefined, schema: {} },
      400: errorResponse('A field missing, or the consent expired, altered or shown to another session.', ['invalid_request']),
      403: errorResponse('The form was posted from another site.', ['cross_site_request']),
      413: errorResponse('Body over 4 KiB.', ['payload_too_large']),
      415: errorResponse('Not form-encoded.', ['unsupported_media_type']),
    },
  },
  {
    id: 'registerOAuthClient',
    method: 'POST',
    path: '/api/v1/oauth/register',
    summary: 'Register an agent (dynamic client registration)',
    description:
      'RFC 7591 registration of a public client (PKCE, token_endpoint_auth_method "none") for agents that act for a person, when the operator turned it on (auth.dynamicClientRegistration; else 404). Send JSON client metadata with redirect_uris; the answer is 201 with the client_id. Errors are RFC 7591 §3.2.2 bodies: error is the code string, with error_description.',
    tag: 'Auth',
    inSpec: false,
    credential: 'none',
    scopes: [],
    requestBody: { schema: 'ClientRegistrationRequest', contentTypes: ['application/json'] },
    responses: {
      201: json('The registered client.', 'ClientInformationResponse'),
      400: registrationError('Unacceptable client metadata or redirect URI, or a body that is not JSON.', [
        'invalid_redirect_uri',
        'invalid_client_metadata',
        'invalid_request',
      ]),
      404: registrationError('Dynamic client registration is off.', ['not_found']),
      413: registrationError('Body over 4 KiB.', ['payload_too_large']),
      415: registrationError('Not JSON.', ['unsupported_media_type']),
      429: registrationError('Too many registrations from this address; see Retry-After.', ['rate_limited']),
      503: registrationError('The server holds as many registered clients as it may (10,000); see Retry-After.', [
        'temporarily_unavailable',
      ]),
    },
  },
];

/** Looks an operation up by id. @throws {Error} for an unknown id (a programming error) */
export function operation(id: string): Operation {
  const found = [...OPERATIONS, ...EXTRA_OPERATIONS].find((op) => op.id === id);
  if (found === undefined) throw new Error(`unknown operation ${id}`);
  return found;
}
