/**
 * The one table of API error codes (DESIGN.md "Errors") and the {@link ApiError} class.
 *
 * Every error the service answers with is built from this table, so the developer portal, the
 * OpenAPI description and the responses cannot drift apart: a test checks all three list exactly
 * {@link ERROR_CODES}. Codes are only ever added, never reused for another meaning.
 */
import type { Scope } from './auth/scopes.js';

/** A row of the error table: the HTTP status, a default message and the fix to suggest. */
export interface ErrorDefinition {
  /** HTTP status code sent with this error. */
  readonly status: number;
  /** Default human-readable message; callers may give a more precise one. */
  readonly message: string;
  /** What the client should do about it. */
  readonly resolution: string;
}

/** The error table: code → status, message, resolution. Order is the order shown in the portal. */
export const ERROR_TABLE = {
  credential_required: {
    status: 401,
    message: 'This resource needs a credential and none was sent.',
    resolution:
      'Send an API key in the X-API-Key header or a bearer token in the Authorization header. Keys are issued by the site operator on request.',
  },
  invalid_api_key: {
    status: 401,
    message: 'The API key is malformed, unknown, revoked or expired.',
    resolution: 'Check the X-API-Key value for typos, or ask the site operator for a new key.',
  },
  invalid_token: {
    status: 401,
    message: 'The bearer token is malformed, has a bad signature or was revoked.',
    resolution: 'Request a new access token from the token endpoint and send it as "Authorization: Bearer <token>".',
  },
  token_expired: {
    status: 401,
    message: 'The bearer token has expired.',
    resolution: 'Request a new access token from the token endpoint.',
  },
  insufficient_scope: {
    status: 403,
    message: 'The credential lacks a scope this resource needs.',
    resolution: 'Use a credential that carries the scopes listed in "scopes", or ask the site operator to grant them.',
  },
  origin_not_allowed: {
    status: 403,
    message: 'Pages of this origin may not call this MCP server.',
    resolution:
      "Call /mcp from an agent, IDE or script (they send no Origin header) or from a page of this site; to call it from another site's pages, ask the site operator to add that origin to mcp.allowedOrigins.",
  },
  no_access: {
    status: 403,
    message: 'Your account has no access to this site.',
    resolution:
      "You signed in, but your identity provider's groups and e-mail address match none of the site's grants (auth.grants). Ask the site operator for access, or sign in with another account.",
  },
  cross_site_request: {
    status: 403,
    message: 'This request came from another site.',
    resolution:
      'Sign out from a page of this site: requests that change state with the session cookie must come from the same origin (Origin or Sec-Fetch-Site: same-origin).',
  },
  sign_in_failed: {
    status: 400,
    message: 'Signing in did not complete: the answer from the identity provider could not be verified.',
    resolution:
      'Start signing in again from /_sitegate/login, in the same browser, and finish within 10 minutes. If it keeps failing, the site operator should check auth.oidc and the audit log (sign_in_refused).',
  },
  invalid_request: {
    status: 400,
    message: 'The request is malformed.',
    resolution: 'Check the request against the OpenAPI description: parameters, body and headers. Send only one credential.',
  },
  unsupported_grant_type: {
    status: 400,
    message: 'The grant type is not supported.',
    resolution:
      'Use grant_type "client_credentials" with an API key; agents acting for a person use "authorization_code", then "refresh_token".',
  },
  invalid_scope: {
    status: 400,
    message: 'A requested scope is unknown or not granted to this client.',
    resolution: 'Request only scopes your API key carries (space-delimited), or omit scope to get all of them.',
  },
  invalid_grant: {
    status: 400,
    message: 'The authorization code or refresh token is invalid, expired, revoked, or was issued to another client.',
    resolution:
      'Start the authorization again (GET /api/v1/oauth/authorize). Send the code once, with the redirect_uri and code_verifier of the request that got it; use each refresh token once and keep the new one the answer gives.',
  },
  invalid_target: {
    status: 400,
    message: 'The resource asked for is not served by this authorization server.',
    resolution:
      'Send as resource (RFC 8707) the base URL of this site or its MCP server URL ({base}/mcp), as its protected resource metadata names them.',
  },
  unauthorized_client: {
    status: 400,
    message: 'This client may not use this grant type.',
    resolution:
      'API keys use grant_type client_credentials; agents acting for a person use authorization_code and refresh_token with their own client_id.',
  },
  invalid_redirect_uri: {
    status: 400,
    message: 'A redirect URI is not acceptable.',
    resolution:
      'Register https redirect URIs, http ones on a loopback IP literal (any port, RFC 8252 §7.3) or a private-use scheme (RFC 8252 §7.1), without a fragment.',
  },
  invalid_client_metadata: {
    status: 400,
    message: 'The client metadata is not acceptable.',
    resolution: 'Send RFC 7591 client metadata as JSON: redirect_uris (required), client_name, token_endpoint_auth_method "none".',
  },
  access_denied: {
    status: 403,
    message: 'The person did not authorize this client.',
    resolution:
      'Ask the person to authorize the client again and to allow it on the consent page; an account can grant an agent at most its own scopes.',
  },
  invalid_client: {
    status: 401,
    message: 'Client authentication failed.',
    resolution: 'Check client_id and client_secret; they are the two halves of the API key the operator issued.',
  },
  invalid_query: {
    status: 400,
    message: 'The search parameters are invalid.',
    resolution:
      "Send q as text of at most 256 characters, limit as an integer from 1 to 100, offset as an integer of 0 or more, lang as a BCP 47 tag and version as one of the site's docs versions (llms.txt lists them), each at most once.",
  },
  not_found: {
    status: 404,
    message: 'No such resource.',
    resolution: 'Check the URL. /sitemap.xml and /llms.txt list every public page.',
  },
  method_not_allowed: {
    status: 405,
    message: 'This method is not allowed on this resource.',
    resolution: 'Use one of the methods listed in the Allow header.',
  },
  not_acceptable: {
    status: 406,
    message: 'No representation of this resource matches the Accept header.',
    resolution: 'Accept text/html or text/markdown for pages, application/json for the API.',
  },
  request_timeout: {
    status: 408,
    message: 'The request did not arrive in time.',
    resolution: 'Send the whole request (headers and body) promptly; the connection is closed after this answer.',
  },
  payload_too_large: {
    status: 413,
    message: 'The request body is too large.',
    resolution: 'Send a smaller body. Token requests are limited to 4 KiB.',
  },
  uri_too_long: {
    status: 414,
    message: 'The request URL is too long.',
    resolution: 'Shorten the path or the query string; search queries need only q, limit and offset.',
  },
  unsupported_media_type: {
    status: 415,
    message: 'The request body has an unsupported media type.',
    resolution: 'Send the body as application/json or application/x-www-form-urlencoded.',
  },
  rate_limited: {
    status: 429,
    message: 'Too many requests.',
    resolution: 'Wait for the number of seconds in the Retry-After header, then retry.',
  },
  header_fields_too_large: {
    status: 431,
    message: 'The request header fields are too large.',
    resolution: 'Send fewer or shorter headers (cookies in particular); the connection is closed after this answer.',
  },
  internal_error: {
    status: 500,
    message: 'Something went wrong on our side.',
    resolution: 'Retry later. If it keeps happening, report the request id to the site operator.',
  },
  temporarily_unavailable: {
    status: 503,
    message: 'The server cannot take this request now.',
    resolution:
      'Wait for the number of seconds in the Retry-After header, then retry. For client registration: the server holds as many registered clients as it may; a Client ID Metadata Document needs no registration.',
  },
  upstream_unavailable: {
    status: 502,
    message: 'The origin server could not be reached.',
    resolution:
      "Retry in a minute; the page's markdown (Accept: text/markdown or the .md URL) is still served. If it lasts, the site operator should check the upstream setting and the origin server.",
  },
  sign_in_unavailable: {
    status: 502,
    message: 'The identity provider could not be reached, so signing in is not possible right now.',
    resolution: "Try again in a minute. If it lasts, the site operator should check auth.oidc.issuer and the provider's status.",
  },
} as const satisfies Readonly<Record<string, ErrorDefinition>>;

/** Every machine-readable error code the service can answer with: the table's keys. */
export type ErrorCode = keyof typeof ERROR_TABLE;

/** Every code of the table, in table order. */
export const ERROR_CODES = Object.keys(ERROR_TABLE) as ErrorCode[];

// Scopes are defined once, in auth/scopes.ts; re-exported here because the error object carries them.
export type { Scope } from './auth/scopes.js';

/** The error object of SPEC.md §2 ("ApiError"), exactly as serialised. */
export interface ApiErrorBody {
  error: true;
  code: ErrorCode;
  message: string;
  resolution: string;
  status: number;
  /** Absolute URL of the code's entry in the developer portal. */
  docs: string;
  scopes?: Scope[];
}

/** Options for {@link ApiError}. */
export interface ApiErrorOptions {
  /** Overrides the table's default message; never put secrets or internals here. */
  message?: string;
  /** Scopes the client needs (for `insufficient_scope`). */
  scopes?: Scope[];
  /** Extra response headers, e.g. `Allow` for 405 or `Retry-After` for 429. */
  headers?: Record<string, string>;
}

/**
 * An error answered to the client. Thrown anywhere below `http/`; the HTTP layer turns it into the
 * SPEC.md error object with the status of its code.
 *
 * @example
 *   throw new ApiError('invalid_query', { message: 'limit must be an integer from 1 to 100.' });
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly scopes: Scope[] | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, options: ApiErrorOptions = {}) {
    const definition: ErrorDefinition = ERROR_TABLE[code];
    super(options.message ?? definition.message);
    this.name = 'ApiError';
    this.code = code;
    this.status = definition.status;
    this.scopes = options.scopes;
    this.headers = options.headers ?? {};
  }

  /**
   * The SPEC.md error object for this error.
   * @param docsBaseUrl absolute URL of the developer portal, e.g. `http://127.0.0.1:3000/developers`
   */
  toBody(docsBaseUrl: string): ApiErrorBody {
    const body: ApiErrorBody = {
      error: true,
      code: this.code,
      message: this.message,
      resolution: ERROR_TABLE[this.code].resolution,
      status: this.status,
      docs: errorDocsUrl(docsBaseUrl, this.code),
    };
    if (this.scopes !== undefined) body.scopes = this.scopes;
    return body;
  }
}

/** The portal anchor for an error code, e.g. `error-not_found`. */
export function errorAnchor(code: ErrorCode): string {
  return `error-${code}`;
}

/** Absolute URL of an error code's entry in the developer portal. */
export function errorDocsUrl(portalUrl: string, code: ErrorCode): string {
  return `${portalUrl}#${errorAnchor(code)}`;
}
