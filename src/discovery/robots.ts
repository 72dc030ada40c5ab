/** `/robots.txt` (RFC 9309) with the `Sitemap:` line and a Content-Signal line (contentsignals.org). */

/** Default Content-Signal: may be searched and used as AI input, not used for training. */
export const DEFAULT_CONTENT_SIGNAL = 'search=yes, ai-input=yes, ai-train=no';

/**
 * Builds robots.txt: everything may be crawled (internal pages answer 401 and are listed nowhere).
 * @param baseUrl public base URL without trailing slash
 */
export function buildRobotsTxt(baseUrl: string, contentSignal = DEFAULT_CONTENT_SIGNAL): string {
  return ['User-agent: *', `Content-Signal: ${contentSignal}`, 'Allow: /', '', `Sitemap: ${baseUrl}/sitemap.xml`, ''].join('\n');
}
