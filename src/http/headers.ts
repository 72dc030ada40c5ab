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

/** Splits a request target into its path and its query string (with the `?`, or `''`). */
export function splitTarget(url: string): [path: string, query: string] {
  const q = url.indexOf('?');
  return q === -1 ? [url, ''] : [url.slice(0, q), url.slice(q)];
}
