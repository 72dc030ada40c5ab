/**
 * JSON Schemas (draft 2020-12, as OpenAPI 3.1 uses) of every body in SPEC.md §2. The same objects
 * validate requests and serialise responses in `http/` and are published in `/openapi.json`.
 */
import { ERROR_CODES } from '../errors.js';
import { SCOPES } from '../auth/scopes.js';

const scopeList = { type: 'array', items: { type: 'string', enum: [...SCOPES] } } as const;

/**
 * SPEC.md §2 "Search document". No required list is declared. `section` and `excerpt` are
 * additions (SPEC fields unchanged), given on full-text results (`q`) only.
 */
export const SearchDocumentSchema = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'path of a public markdown page' },
    title: { type: 'string', description: 'title of the page' },
    description: { type: 'string', description: 'description of the page' },
    section: {
      type: 'string',
      description: 'titles of the folders above the page, joined by " › " (full-text results only; absent at the top level)',
    },
    excerpt: {
      type: 'object',
      description: 'the passage of the page around its best match for q (full-text results only; absent when no query word is in the text)',
      required: ['text', 'highlights'],
      properties: {
        text: { type: 'string', description: 'about two lines of the page text, "…" marking a cut' },
        highlights: {
          type: 'array',
          description: 'the matched words, as [start, end) UTF-16 offsets into text',
          items: { type: 'array', items: { type: 'integer', minimum: 0 }, minItems: 2, maxItems: 2 },
        },
      },
    },
  },
} as const;

/**
 * SPEC.md §2 "Health object". `version` is an addition (SPEC fields unchanged): the release of
 * sitegate serving (package.json, src/version.ts), not the API's version (OpenAPI `info.version`).
 */
export const HealthSchema = {
  type: 'object',
  required: ['ok', 'name'],
  properties: {
    ok: { type: 'boolean', description: 'true when the service is up' },
    name: { type: 'string', description: 'name of the service' },
    docs: { type: 'string', format: 'uri', description: 'link to the developer documentation' },
    version: {
      type: 'string',
      description:
        "the release of sitegate serving (semver, its package's version); the API's own version is info.version of /openapi.json",
    },
  },
} as const;

const readinessCheck = {
  type: 'array',
  minItems: 1,
  maxItems: 1,
  items: {
    type: 'object',
    required: ['status'],
    properties: {
      status: { type: 'string', enum: ['pass', 'fail'] },
      output: { type: 'string', description: 'why the check failed' },
      observedValue: { type: 'number', description: 'the measured value, in observedUnit' },
      observedUnit: { type: 'string', enum: ['s'] },
    },
  },
} as const;

/** The readiness report (readiness.ts): draft-inadarei-api-health-check-06's format. */
export const ReadinessSchema = {
  type: 'object',
  required: ['status', 'checks'],
  properties: {
    status: { type: 'string', enum: ['pass', 'fail'], description: 'pass when the server should get traffic' },
    checks: {
      type: 'object',
      required: ['snapshot:build'],
      properties: { 'snapshot:build': readinessCheck, 'store:responseTime': readinessCheck },
    },
  },
} as const;

/** SPEC.md §2 "Whoami object". */
export const WhoamiSchema = {
  type: 'object',
  required: ['authenticated', 'scheme', 'scopes'],
  properties: {
    authenticated: { type: 'boolean' },
    scheme: { type: 'string', enum: ['apiKey', 'bearer'] },
    scopes: scopeList,
  },
} as const;

/** SPEC.md §2 "Token request (JSON body)". */
export const TokenRequestSchema = {
  type: 'object',
  required: ['grant_type', 'client_id', 'client_secret'],
  properties: {
    grant_type: { type: 'string', enum: ['client_credentials'] },
    client_id: { type: 'string', description: 'the identifier of the issued API key' },
    client_secret: { type: 'string', description: 'the secret of the issued API key' },
    scope: { type: 'string', description: 'space-delimited list of scopes' },
  },
} as const;

/** SPEC.md §2 "Token response", plus `expires_in` (RFC 6749 §5.1; DESIGN.md). */
export const TokenResponseSchema = {
  type: 'object',
  required: ['access_token', 'token_type', 'scope'],
  properties: {
    access_token: { type: 'string', description: 'sent later as a bearer token' },
    token_type: { type: 'string', enum: ['Bearer'] },
    scope: { type: 'string', description: 'granted scopes, space-delimited' },
    expires_in: { type: 'integer', description: 'lifetime of the access token in seconds' },
  },
} as const;

/** RFC 7009 §2.1 / RFC 7662 §2.1 request: the token, client authentication as at the token endpoint. */
export const TokenActionRequestSchema = {
  type: 'object',
  required: ['token'],
  properties: {
    token: { type: 'string', description: 'the access token' },
    token_type_hint: { type: 'string', description: 'access_token (optional; ignored)' },
    client_id: { type: 'string', description: 'client_secret_post authentication' },
    client_secret: { type: 'string', description: 'client_secret_post authentication' },
  },
} as const;

/** RFC 7662 §2.2 introspection response; only `active` when the token is not active. */
export const IntrospectionResponseSchema = {
  type: 'object',
  required: ['active'],
  properties: {
    active: { type: 'boolean' },
    scope: { type: 'string' },
    client_id: { type: 'string' },
    token_type: { type: 'string', enum: ['Bearer'] },
    exp: { type: 'integer' },
    iat: { type: 'integer' },
    sub: { type: 'string' },
    aud: { type: 'string' },
    iss: { type: 'string' },
    jti: { type: 'string' },
  },
} as const;

const uri = { type: 'string', format: 'uri' } as const;
const strings = { type: 'array', items: { type: 'string' } } as const;

/** RFC 8414 §2 authorization server metadata (the members sitegate publishes). */
export const AuthorizationServerMetadataSchema = {
  type: 'object',
  required: ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri', 'response_types_supported', 'grant_types_supported'],
  properties: {
    issuer: uri,
    authorization_endpoint: uri,
    token_endpoint: uri,
    jwks_uri: uri,
    registration_endpoint: uri,
    scopes_supported: strings,
    response_types_supported: strings,
    response_modes_supported: strings,
    grant_types_supported: strings,
    token_endpoint_auth_methods_supported: strings,
    service_documentation: uri,
    revocation_endpoint: uri,
    revocation_endpoint_auth_methods_supported: strings,
    introspection_endpoint: uri,
    introspection_endpoint_auth_methods_supported: strings,
    code_challenge_methods_supported: strings,
    authorization_response_iss_parameter_supported: { type: 'boolean' },
    client_id_metadata_document_supported: { type: 'boolean' },
  },
} as const;

/** RFC 9728 §2 protected resource metadata. */
export const ProtectedResourceMetadataSchema = {
  type: 'object',
  required: ['resource'],
  properties: {
    resource: uri,
    authorization_servers: { type: 'array', items: uri },
    jwks_uri: uri,
    scopes_supported: strings,
    bearer_methods_supported: strings,
    resource_name: { type: 'string' },
    resource_documentation: uri,
  },
} as const;

/** RFC 9264 §4.2 JSON linkset, as RFC 9727 uses it. */
export const LinksetSchema = {
  type: 'object',
  required: ['linkset'],
  properties: {
    linkset: {
      type: 'array',
      items: {
        type: 'object',
        required: ['anchor'],
        properties: { anchor: uri },
        additionalProperties: {
          type: 'array',
          items: { type: 'object', required: ['href'], properties: { href: uri, type: { type: 'string' }, title: { type: 'string' } } },
        },
      },
    },
  },
} as const;

/** RFC 7517 §5 JWK Set of public keys. */
export const JwkSetSchema = {
  type: 'object',
  required: ['keys'],
  properties: {
    keys: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kty', 'kid'],
        properties: {
          kty: { type: 'string' },
          crv: { type: 'string' },
          x: { type: 'string' },
          kid: { type: 'string' },
          alg: { type: 'string' },
          use: { type: 'string' },
          // A public JWK Set never carries the private key (RFC 7517 §4; RFC 8037 §2 `d`).
          d: false,
        },
      },
    },
  },
} as const;

/** SPEC.md §2 "Error object (ApiError)"; `code` is one of the error table's codes. */
export const ApiErrorSchema = {
  type: 'object',
  required: ['error', 'code', 'message', 'resolution', 'status', 'docs'],
  properties: {
    error: { type: 'boolean', const: true, description: 'always true' },
    code: { type: 'string', enum: [...ERROR_CODES], description: 'machine-readable error code' },
    message: { type: 'string', description: 'human-readable message' },
    resolution: { type: 'string', description: 'hint on how to fix the problem' },
    status: { type: 'integer', description: 'HTTP status code of the response' },
    docs: { type: 'string', format: 'uri', description: 'link to documentation for the error' },
    scopes: scopeList,
  },
} as const;

/**
 * The error body of RFC 7591 §3.2.2 (the RFC 6749 §5.2 shape registration clients parse): `error`
 * is the code string, with `error_description` and `error_uri`, and the error object's other fields.
 */
export const RegistrationErrorSchema = {
  type: 'object',
  required: ['error', 'error_description', 'code', 'message', 'status'],
  properties: {
    error: { type: 'string', enum: [...ERROR_CODES], description: 'the error code (RFC 7591 §3.2.2)' },
    error_description: { type: 'string', description: 'human-readable message' },
    error_uri: { type: 'string', format: 'uri', description: 'link to documentation for the error' },
    code: { type: 'string', enum: [...ERROR_CODES], description: 'the same code' },
    message: { type: 'string', description: 'the same message' },
    resolution: { type: 'string', description: 'hint on how to fix the problem' },
    status: { type: 'integer', description: 'HTTP status code of the response' },
    docs: { type: 'string', format: 'uri', description: 'link to documentation for the error' },
  },
} as const;

/** Query parameters of searchSite (DESIGN.md "Search"). */
export const SearchQuerySchema = {
  type: 'object',
  properties: {
    q: { type: 'string', maxLength: 256, description: 'full-text query over title, description and body; prefix and typo tolerant' },
    limit: { type: 'integer', minimum: 1, maximum: 100, description: 'results per page (default 20 when q is given; all when not)' },
    offset: { type: 'integer', minimum: 0, maximum: 1000000, default: 0, description: 'results to skip' },
    lang: {
      type: 'string',
      maxLength: 35,
      pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$',
      description:
        'BCP 47 language tag of the pages to search (de, pt-BR); default: the best of Accept-Language, else the site default language',
    },
    version: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      description:
        "name of the docs version whose pages are searched or listed (2.x; Docusaurus' unreleased docs: current), as the llms.txt Versions section names them; default: the current version with the pages of no version. A name the site has no version of gives 400 invalid_query",
    },
  },
} as const;

/** RFC 7591 §2 client metadata as sitegate registers it (public clients: PKCE, no secret). */
export const ClientRegistrationRequestSchema = {
  type: 'object',
  required: ['redirect_uris'],
  properties: {
    redirect_uris: {
      type: 'array',
      items: { type: 'string' },
      minItems: 1,
      maxItems: 10,
      description: 'https URIs, http ones on 127.0.0.1, [::1] or localhost (any port), or a private-use scheme (RFC 8252 §7.1)',
    },
    client_name: { type: 'string', description: 'shown on the consent page (at most 100 characters are kept)' },
    client_uri: { type: 'string', description: 'an https URL of the client, linked on the consent page' },
    grant_types: { type: 'array', items: { type: 'string', enum: ['authorization_code', 'refresh_token'] } },
    response_types: { type: 'array', items: { type: 'string', enum: ['code'] } },
    token_endpoint_auth_method: { type: 'string', description: 'any value is registered as "none" (RFC 7591 §3.2.1)' },
  },
} as const;

/** RFC 7591 §3.2.1 client information response. */
export const ClientInformationResponseSchema = {
  type: 'object',
  required: ['client_id', 'client_id_issued_at', 'redirect_uris', 'grant_types', 'response_types', 'token_endpoint_auth_method'],
  properties: {
    client_id: { type: 'string', description: '"sgc_" and 22 base64url characters' },
    client_id_issued_at: { type: 'integer', description: 'seconds since the epoch' },
    client_name: { type: 'string' },
    client_uri: { type: 'string' },
    redirect_uris: { type: 'array', items: { type: 'string' } },
    grant_types: { type: 'array', items: { type: 'string' } },
    response_types: { type: 'array', items: { type: 'string' } },
    token_endpoint_auth_method: { type: 'string', enum: ['none'] },
  },
} as const;

/** Every named schema, as published under `components.schemas`. */
export const COMPONENT_SCHEMAS = {
  SearchDocument: SearchDocumentSchema,
  Health: HealthSchema,
  Readiness: ReadinessSchema,
  Whoami: WhoamiSchema,
  TokenRequest: TokenRequestSchema,
  TokenResponse: TokenResponseSchema,
  ApiError: ApiErrorSchema,
  TokenActionRequest: TokenActionRequestSchema,
  IntrospectionResponse: IntrospectionResponseSchema,
  AuthorizationServerMetadata: AuthorizationServerMetadataSchema,
  ProtectedResourceMetadata: ProtectedResourceMetadataSchema,
  Linkset: LinksetSchema,
  JwkSet: JwkSetSchema,
  ClientRegistrationRequest: ClientRegistrationRequestSchema,
  ClientInformationResponse: ClientInformationResponseSchema,
  RegistrationError: RegistrationErrorSchema,
} as const;

/** Name of a component schema. */
export type SchemaName = keyof typeof COMPONENT_SCHEMAS;
