/**
 * Precomputed response bodies (DESIGN.md: hot paths serve precomputed bytes). A {@link Body} holds
 * the bytes, content type and strong ETag of one representation, and its gzip and brotli variants,
 * compressed on first use and then kept for the life of the snapshot.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

/** A content coding sitegate can send (RFC 9110 §8.4.1). */
export type Coding = 'br' | 'gzip';

/** One encoded variant of a body. */
export interface EncodedBody {
  readonly bytes: Buffer;
  /** Strong ETag of these exact bytes, quoted (RFC 9110 §8.8.3). */
  readonly etag: string;
}

/** A precomputed response body. */
export interface Body {
  /** Uncompressed bytes. */
  readonly bytes: Buffer;
  /** Full Content-Type, e.g. `text/markdown; charset=utf-8`. */
  readonly type: string;
  /** Strong ETag of the uncompressed bytes, quoted. */
  readonly etag: string;
  /** Whether compression pays for this body (text of at least {@link MIN_COMPRESS_BYTES}). */
  readonly compressible: boolean;
  /**
   * The body in `coding`, compressed once and cached. Returns `undefined` when compressing does
   * not pay (small body, or the result is not smaller).
   */
  encoded(coding: Coding): EncodedBody | undefined;
}

/** Bodies smaller than this are sent uncompressed: the framing costs more than it saves. */
export const MIN_COMPRESS_BYTES = 1024;

/** Strong ETag of some bytes: a quoted, truncated SHA-1 in base64url (27 → 22 characters). */
export function etagOf(bytes: Buffer | string): string {
  return `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 22)}"`;
}

/**
 * Makes a precomputed body.
 * @param content the body; strings are encoded as UTF-8
 * @param type the full Content-Type header value
 */
export function makeBody(content: Buffer | string, type: string): Body {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const etag = etagOf(bytes);
  const compressible = bytes.length >= MIN_COMPRESS_BYTES && /^(text\/|application\/(json|xml|[\w.+-]+\+(json|xml)))/.test(type);
  const cache: Partial<Record<Coding, EncodedBody | null>> = {};
  return {
    bytes,
    type,
    etag,
    compressible,
    encoded(coding) {
      if (!compressible) return undefined;
      let variant = cache[coding];
      if (variant === undefined) {
        const compressed = compress(bytes, coding);
        // A distinct strong ETag per coding: they are different representations (RFC 9110 §8.8.3).
        variant = compressed.length < bytes.length ? { bytes: compressed, etag: `${etag.slice(0, -1)}-${coding}"` } : null;
        cache[coding] = variant;
      }
      return variant ?? undefined;
    },
  };
}

/**
 * Compresses bytes. Brotli at quality 5 and gzip at level 6: near the best ratio for text at a
 * cost paid once per snapshot, not per request.
 */
export function compress(bytes: Buffer, coding: Coding): Buffer {
  if (coding === 'gzip') return gzipSync(bytes, { level: 6 });
  return brotliCompressSync(bytes, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: 5,
      [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
    },
  });
}
