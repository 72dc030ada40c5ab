/**
 * Response headers shared by several answers, and the security policy they carry:
 *
 * - every HTML response: a Content-Security-Policy without `unsafe-inline` (the layout loads
 *   /_sitegate/site.css and site.js, has no inline style or style attribute, and one inline script
 *   allowed by its hash), nosniff,
 *   a Referrer-Policy and frame protection (`frame-ancestors 'none'` and, for older browsers,
 *   `X-Frame-Options: DENY`);
 * - every response when the public base URL is https: Strict-Transport-Security (RFC 6797), which
 *   the writer adds (http/headers.ts `transportHeaders`);
 * - public, read-only answers (GET/HEAD of pages, discovery documents, search without a credential,
 *   health, JWKS, redirects and errors of GET/HEAD): CORS for any origin, never credentialed.
 *
 * Credentials and CORS: sitegate's credentials are operator-issued secrets for server-side clients,
 * so browsers are not let to send them cross-origin. The preflight (http/headers.ts
 * `PREFLIGHT_HEADERS`) allows only `Accept` and `If-None-Match`, never `Authorization` or
 * `X-API-Key`, so a browser refuses to send a cross-origin request carrying either; answers that
 * depend on a credential (whoami, internal pages, credentialed search, the token endpoints, MCP)
 * carry no `Access-Control-Allow-Origin`; no answer carries `Access-Control-Allow-Credentials`, so
 * cookies and HTTP authentication that a browser manages never apply (Fetch standard §3.2, "CORS
 * protocol").
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
