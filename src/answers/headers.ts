/**
 * Response headers shared by several answers, and the security policy they carry:
 *
 * - every HTML response: a Content-Security-Policy without `unsafe-inline` whose scripts come only
 *   from sitegate's own /_sitegate/ folder under the base URL (the layout loads site.css and site.js
 *   from there, has no inline style or style attribute, and one inline script allowed by its hash),
 *   nosniff,
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
 * depend on a credential (whoami, internal pages, credentialed search, introspection, MCP) carry
 * no `Access-Control-Allow-Origin`. The token, revocation and registration endpoints are the
 * exception browser-based OAuth clients need (issue 30, http/headers.ts `OAUTH_CORS_HEADERS`): they
 * read no ambient credential, only what the client's script sends. No answer carries
 * `Access-Control-Allow-Credentials`, so cookies and HTTP authentication that a browser manages
 * never apply (Fetch standard §3.2, "CORS protocol").
 */
import { THEME_INIT_CSP_SOURCE } from '../layout/client/theme-init.js';

/**
 * The CSP `script-src` source of sitegate's own scripts: a host-source with the path of its asset
 * folder, `https://docs.example.com/docs/_sitegate/` for the base URL `https://docs.example.com/docs`
 * (CSP Level 3, "path-part-match": a source path ending in `/` matches every path below it). Never
 * `'self'`, which would let a page load any file of the site as script. `;` and `,` end a
 * directive or a policy, so a base path holding one is written percent-encoded, as CSP Level 3
 * asks of source paths.
 * @param baseUrl public base URL without trailing slash (config/config.ts normalizes it)
 */
export function sitegateScriptSource(baseUrl: string): string {
  const url = new URL(baseUrl);
  const basePath = url.pathname === '/' ? '' : url.pathname;
  return `${url.origin}${basePath.replaceAll(';', '%3B').replaceAll(',', '%2C')}/_sitegate/`;
}

/**
 * The Content-Security-Policy of HTML responses: scripts only from sitegate's asset folder
 * ({@link sitegateScriptSource}) and, by its hash, the one inline script that applies the reader's
 * theme before the first paint (layout/client/theme-init.ts); styles only from the site, no
 * `unsafe-inline` (so `style` attributes in content are not applied); images from anywhere over
 * https, as content pages link them; no plugins, frames, `<base>` or framing by others.
 * @param baseUrl public base URL without trailing slash
 */
export function contentSecurityPolicy(baseUrl: string, formTargets: readonly string[] = []): string {
  const formAction = ["'self'", ...formTargets].join(' ');
  return `default-src 'none'; script-src ${sitegateScriptSource(baseUrl)} ${THEME_INIT_CSP_SOURCE}; style-src 'self'; img-src 'self' https: data:; object-src 'none'; connect-src 'self'; form-action ${formAction}; base-uri 'none'; frame-ancestors 'none'`;
}

/**
 * Security headers of HTML responses: the {@link contentSecurityPolicy}, nosniff, a Referrer-Policy
 * and frame protection. One object per base URL, made on first use (a process serves one base URL).
 * @param baseUrl public base URL without trailing slash
 * @param formTargets origins besides the site's that its forms may lead to: the identity provider's,
 *   where the sign-out form's redirect goes (signin/settings.ts `signOutFormTargets`)
 */
export function htmlSecurityHeaders(baseUrl: string, formTargets: readonly string[] = []): Readonly<Record<string, string>> {
  const key = formTargets.length === 0 ? baseUrl : `${baseUrl} ${formTargets.join(' ')}`;
  let headers = htmlSecurityHeadersByBase.get(key);
  if (headers === undefined) {
    headers = Object.freeze({
      'content-security-policy': contentSecurityPolicy(baseUrl, formTargets),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
    });
    htmlSecurityHeadersByBase.set(key, headers);
  }
  return headers;
}

const htmlSecurityHeadersByBase = new Map<string, Readonly<Record<string, string>>>();

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
