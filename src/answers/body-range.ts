/**
 * Single byte ranges of a precomputed body (RFC 9110 §14), for files held in memory (a generator's
 * built files, answers/built-pages.ts): 206 with one range of the uncompressed bytes, 416 for a
 * range past the end; undefined, so the whole body is answered, when there is no Range, when
 * If-Range does not match its strong ETag (§13.1.5), when If-None-Match matches (the writer's 304
 * comes first, §13.2.2), or for several ranges (§14.2 lets a server ignore Range), as static files
 * answer (answers/assets.ts).
 */
import rangeParser from 'range-parser';
import type { Body } from '../body.js';
import { plainAnswer, type HeaderFields, type PlainAnswer, type RequestFacts } from './answer.js';
import { ifNoneMatchHits } from './conditional.js';

/**
 * The range answer of `body`, or undefined for the whole body.
 * @param headers the body's header fields (Cache-Control and the rest); ETag, Content-Type and Content-Range are added
 */
export function bodyRangeAnswer(facts: RequestFacts, body: Body, headers: HeaderFields): PlainAnswer | undefined {
  const { range, 'if-range': ifRange, 'if-none-match': inm } = facts.headers;
  if (range === undefined || (ifRange !== undefined && ifRange !== body.etag)) return undefined;
  if (inm !== undefined && ifNoneMatchHits(inm, body.etag)) return undefined;
  const size = body.bytes.length;
  const ranges = rangeParser(size, range, { combine: true });
  if (ranges === -1) return plainAnswer(416, { ...headers, etag: body.etag, 'content-range': `bytes */${size}` }, undefined);
  const only = ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0] : undefined;
  if (only === undefined) return undefined;
  return plainAnswer(
    206,
    { ...headers, etag: body.etag, 'content-type': body.type, 'content-range': `bytes ${only.start}-${only.end}/${size}` },
    body.bytes.subarray(only.start, only.end + 1),
  );
}
