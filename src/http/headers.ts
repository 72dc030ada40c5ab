/**
 * Response headers shared by several routes, and the security policy they carry:
 *
 * - every HTML response: a Content-Security-Policy without `unsafe-inline` (the layout loads
 *   /_sitegate/site.css and site.js, has no inline style or style attribute, and one inline script
 *   allowed by its hash), nosniff,
 *   a Referrer-Policy and frame protection (`frame-ancestors 'none'` and, for older browsers,
 *   `X-Frame-Options: DENY`);
 * - every response when the public base URL is https: Strict-Transport-Security (RFC 6797);
 * - public, read-only answers (GET/HEAD of pages, discovery documents, search without a credential,
 *   health, JWKS, redirects and errors of GET/HEAD): CORS for any origin, never credentialed.
 *
 * Credentials and CORS: sitegate's credentials are operator-issued secrets for server-side clients,
 * so browsers are not let to send them cross-origin. The preflight allows only `Accept` and
 * `If-None-Match`, never `Authorization` or `X-API-Key`, so a browser refuses to send a
 * cross-origin request carrying either; answers that depend on a credential (whoami, internal
 * pages, credentialed search, the token endpoints, MCP) carry no `Access-Control-Allow-Origin`;
 * no answer carries `Access-Control-Allow-Credentials`, so cookies and HTTP authentication that a
 * browser manages never apply (Fetch standard §3.2, "CORS protocol").
 */
import { THEME_INIT_CSP_SOURCE } from '../layout/client/theme-init.js';

/**
 * Security headers of HTML responses. The CSP allows only same-origin scripts and styles (no
 * `unsafe-inline`, so inline `style` attributes in content are not applied) and, by its hash, the
 * one inline script that applies the reader's theme before the first paint
 * (layout/client/theme-init.ts); images may come from anywhere over https, as content pages link them.
 */
export const HTML_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': `default-src 'none'; script-src 'self' ${THEME_INIT_CSP_SOURCE}; style-src 'self'; img-src 'self' https: data:; object-src 'none'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/**
 * CORS headers of public, read-only answers (Fetch standard §3.2.3): any origin may read them,
 * without credentials, and scripts may read the headers agents use (ETag, Link, rate limits).
 */
export const PUBLIC_CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag, Link, Content-Signal, X-Markdown-Tokens, RateLimit, RateLimit-Policy, Retry-After',
};

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

/** `Link` header value pointing at a markdown alternate (RFC 8288). */
export function markdownAlternateLink(url: string): string {
  return `<${url}>; rel="alternate"; type="text/markdown"`;
}

/**
 * `Link` values that point agents at the site's indexes from every page (RFC 8288): llms.txt,
 * the RFC 9727 api-catalog and the MCP server.
 * @param baseUrl public base URL without trailing slash
 */
export function agentLinks(baseUrl: string): string {
  let links = agentLinksByBase.get(baseUrl);
  if (links === undefined) {
    links = [
      `<${baseUrl}/llms.txt>; rel="llms-txt"; type="text/plain"`,
      `<${baseUrl}/.well-known/api-catalog>; rel="api-catalog"; type="application/linkset+json"`,
      `<${baseUrl}/mcp>; rel="service"; title="MCP server"`,
    ].join(', ');
    agentLinksByBase.set(baseUrl, links);
  }
  return links;
}

const agentLinksByBase = new Map<string, string>();

/** Splits a request target into its path and its query string (with the `?`, or `''`). */
export function splitTarget(url: string): [path: string, query: string] {
  const q = url.indexOf('?');
  return q === -1 ? [url, ''] : [url.slice(0, q), url.slice(q)];
}
