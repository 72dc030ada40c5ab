/**
 * Static files of the site (content/assets.ts): read from disk when asked, never from outside the
 * folder they were listed in. Strong ETag from size and modification time, conditional GET
 * (RFC 9110 §13.1.2), single byte ranges (RFC 9110 §14: 206, 416, If-Range), the MIME type from
 * the `mime-types` table, `nosniff`, and a sandboxing CSP on every file, so that none opened
 * directly (an SVG above all, the one served type a browser runs script in) can act on the site's
 * origin (CSP Level 3 `sandbox`), and none is run as a script by a page (nosniff: Fetch's
 * "should response to request be blocked due to nosniff").
 */
import { closeSync, fstatSync, openSync, realpathSync, type Stats } from 'node:fs';
import path from 'node:path';
import { contentType } from 'mime-types';
import rangeParser from 'range-parser';
import type { AssetFile } from '../content/assets.js';
import { ApiError } from '../errors.js';
import { plainAnswer, type Answer, type HeaderFields, type RequestFacts } from './answer.js';
import { PUBLIC_CORS_HEADERS } from './headers.js';
import { ifNoneMatchHits } from './conditional.js';

/**
 * The CSP of every static file: no script, no plugins, no forms, no same origin; inline styles
 * (SVG presentation) and the file's own or embedded images allowed, so an SVG opened directly
 * still draws. Sent whatever the type: only types that cannot run script are served
 * (content/assets.ts), and this holds should one ever be added.
 */
export const SANDBOX_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";
/** Type of a file whose extension the table does not know. */
const UNKNOWN_TYPE = 'application/octet-stream';

/**
 * The strong validator of a file (RFC 9110 §8.8.3): size and modification time, in hex. A strong
 * tag, so byte ranges of two requests can be joined (§13.1.5 If-Range needs one).
 */
export function assetEtag(stats: Pick<Stats, 'size' | 'mtimeMs'>): string {
  return `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
}

/**
 * Opens an asset for reading if it still lies inside its folder (a file swapped for a symlink
 * since it was listed answers 404) and is a regular file.
 * @throws {ApiError} `not_found` when it is gone, unreadable, or leads outside
 */
function openAsset(asset: AssetFile): { fd: number; stats: Stats } {
  let fd: number | undefined;
  try {
    const real = realpathSync.native(asset.realPath);
    if (!real.startsWith(asset.root + path.sep)) throw new Error('outside');
    fd = openSync(real, 'r');
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new Error('not a file');
    return { fd, stats };
  } catch {
    if (fd !== undefined) closeSync(fd);
    throw new ApiError('not_found', { message: 'No page at this address.' });
  }
}

/**
 * The answer for a static file: 200 with the whole file, 206 with one range, 304 when
 * If-None-Match matches, 416 for a range past its end. Several ranges, or an If-Range that does
 * not match, get the whole file (RFC 9110 §14.2 lets a server ignore Range).
 * @param cacheControl `public, max-age=300` for public files, `private, no-store` for internal ones
 * @throws {ApiError} `not_found` when the file is gone or leads outside its folder
 */
export function assetAnswer(facts: RequestFacts, asset: AssetFile, cacheControl: string): Answer {
  const { fd, stats } = openAsset(asset);
  const etag = assetEtag(stats);
  const type = contentType(path.extname(asset.realPath)) || UNKNOWN_TYPE;
  const headers: Record<string, string> = {
    ...(cacheControl.startsWith('public') ? PUBLIC_CORS_HEADERS : {}),
    'content-security-policy': SANDBOX_CSP,
    'x-content-type-options': 'nosniff',
    'cache-control': cacheControl,
    etag,
    'last-modified': new Date(stats.mtimeMs).toUTCString(),
    'accept-ranges': 'bytes',
  };
  const inm = facts.headers['if-none-match'];
  if (inm !== undefined && ifNoneMatchHits(inm, etag)) {
    closeSync(fd);
    return plainAnswer(304, headers, undefined);
  }
  const range = facts.headers.range;
  const ifRange = facts.headers['if-range'];
  if (range !== undefined && (ifRange === undefined || ifRange === etag)) {
    const ranges = rangeParser(stats.size, range, { combine: true });
    if (ranges === -1) {
      closeSync(fd);
      // No type: there is no body (RFC 9110 §15.5.17).
      return plainAnswer(416, { ...headers, 'content-range': `bytes */${stats.size}` } satisfies HeaderFields, undefined);
    }
    const only = ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0] : undefined;
    if (only !== undefined) {
      const partial = { ...headers, 'content-type': type, 'content-range': `bytes ${only.start}-${only.end}/${stats.size}` };
      return { kind: 'file', status: 206, headers: partial, fd, start: only.start, end: only.end };
    }
  }
  return { kind: 'file', status: 200, headers: { ...headers, 'content-type': type }, fd, start: 0, end: stats.size - 1 };
}
