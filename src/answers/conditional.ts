/**
 * Conditional requests (RFC 9110 §13.1.2) as answers decide them: whether a validator matches,
 * and the default caching of public responses that a cache revalidates with it. The writer
 * (http/write.ts) applies the same to precomputed bodies; static files (assets.ts) answer 304
 * themselves.
 */

/** Default caching of public, content-addressed responses: revalidate with the ETag after 5 minutes. */
export const PUBLIC_CACHE = 'public, max-age=300';

/**
 * Whether an If-None-Match header matches a body's ETag, by weak comparison (RFC 9110 §13.1.2):
 * `W/` prefixes are ignored, `*` matches any current representation, and the tag of any content
 * coding of the body (`"…-br"`, `"…-gzip"`, see body.ts) matches too.
 * @param etag the quoted ETag of the uncompressed body
 */
export function ifNoneMatchHits(header: string, etag: string): boolean {
  if (header === etag) return true; // the common case: a cache revalidating what it holds
  if (header.trim() === '*') return true;
  for (const raw of header.split(',')) {
    const tag = raw
      .trim()
      .replace(/^W\//, '')
      .replace(/-(br|gzip)"$/, '"');
    if (tag === etag) return true;
  }
  return false;
}
