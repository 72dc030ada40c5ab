/** Response headers shared by several routes. */

/**
 * Security headers of HTML responses. The CSP allows only same-origin scripts and styles (no
 * `unsafe-inline`); images may come from anywhere over https, as content pages link them.
 */
export const HTML_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; object-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
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

/** Splits a request target into its path and its query string (with the `?`, or `''`). */
export function splitTarget(url: string): [path: string, query: string] {
  const q = url.indexOf('?');
  return q === -1 ? [url, ''] : [url.slice(0, q), url.slice(q)];
}
