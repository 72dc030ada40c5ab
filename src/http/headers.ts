/**
 * Response headers of the transport, which no answer chooses: Strict-Transport-Security on every
 * response when the public base URL is https (RFC 6797), set by the writer, and the CORS preflight
 * grant the listener answers OPTIONS with. The CORS and credential policy they follow is described
 * in answers/headers.ts. Also the split of a request target into path and query.
 */

/**
 * The answer to a CORS preflight (Fetch standard §3.2.2) for a GET/HEAD resource: GET and HEAD
 * from any origin with `Accept` and `If-None-Match`; not `Authorization` or `X-API-Key`, so the
 * browser does not send credentials cross-origin. Cached by the browser for a day.
 */
export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD',
  'access-control-allow-headers': 'Accept, If-None-Match',
  'access-control-max-age': '86400', // 1 day
};

/**
 * The preflight grant of the authorization server's metadata documents and JWKS: as
 * {@link PREFLIGHT_HEADERS}, plus `MCP-Protocol-Version`, which MCP clients in a browser (MCP
 * Inspector's web UI) send when they discover the authorization server (MCP Authorization,
 * "Protocol Version Header"). Still no credential header.
 */
export const METADATA_PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...PREFLIGHT_HEADERS,
  'access-control-allow-headers': 'Accept, If-None-Match, MCP-Protocol-Version',
};

/**
 * CORS of the authorization server's POST endpoints that browser-based OAuth clients call (token,
 * revocation and registration: MCP Inspector's web UI exchanges its code there): every answer,
 * errors included, is readable from any origin, never with credentials (no
 * `Access-Control-Allow-Credentials`, so a browser sends no cookie). These endpoints read no
 * ambient credential (a session cookie): the client's own authentication is in the request its
 * script makes, so any origin may make it. Scripts may read the challenge and the rate limits.
 */
export const OAUTH_CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'WWW-Authenticate, RateLimit, RateLimit-Policy, Retry-After',
};

/**
 * The preflight grant of the endpoints of {@link OAUTH_CORS_HEADERS}: POST from any origin with
 * `Content-Type` (JSON bodies), `Authorization` (HTTP Basic client authentication, RFC 6749
 * §2.3.1), `Accept` and `MCP-Protocol-Version`. Cached by the browser for a day.
 */
export const OAUTH_PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST',
  'access-control-allow-headers': 'Authorization, Content-Type, Accept, MCP-Protocol-Version',
  'access-control-max-age': '86400', // 1 day
};

/** HSTS max-age (s): one year, as browsers' preload lists ask; subdomains are the operator's call. */
const HSTS_MAX_AGE_SEC = 365 * 24 * 60 * 60;

/**
 * Headers every response carries for a public base URL: `Strict-Transport-Security` when it is
 * https (RFC 6797 §6.1; browsers ignore it over plain http, §8.1), none otherwise. Without
 * `includeSubDomains`: the operator's other hosts are not sitegate's to decide.
 * @param baseUrl public base URL, e.g. `https://docs.example.com`
 */
export function transportHeaders(baseUrl: string): Readonly<Record<string, string>> {
  return baseUrl.startsWith('https:') ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE_SEC}` } : {};
}

/** Splits a request target into its path and its query string (with the `?`, or `''`). */
export function splitTarget(url: string): [path: string, query: string] {
  const q = url.indexOf('?');
  return q === -1 ? [url, ''] : [url.slice(0, q), url.slice(q)];
}
