/**
 * Reading the credential of a request (SPEC.md §5: `X-API-Key` or `Authorization: Bearer`). Both
 * headers at once is a 400 (DESIGN.md). auth/authenticate.ts turns it into a Principal.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError } from '../errors.js';
import type { PresentedCredential } from '../auth/principal.js';

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/**
 * Authorization values read before, and their credential: a client sends the same header on every
 * request, so the hot path hashes it once instead of matching a ~600-character token against
 * {@link BEARER} and hashing a fresh copy for the token cache. Cleared when full.
 */
const readBearers = new Map<string, PresentedCredential>();
const READ_BEARERS_MAX = 10_000;

/**
 * The credential header last read on each connection, and its credential: a client sends the
 * same one on every request of a keep-alive connection, so comparing it with the last one (a
 * memcmp) spares hashing a ~600-character Bearer value for {@link readBearers}, and hands the
 * caches the same string again, whose hash V8 keeps. Gone with the connection.
 */
const lastCredentials = new WeakMap<object, { name: 'x-api-key' | 'authorization'; header: string; credential: PresentedCredential }>();

/**
 * The credential a request presents, or undefined when it sends none.
 * @param connection the request's socket, whose last credential header is remembered
 * @throws {ApiError} `invalid_request` for both headers at once; `invalid_token` for an
 *   Authorization header that is not a well-formed Bearer credential (RFC 6750 §2.1)
 */
export function presentedCredential(request: { headers: IncomingHttpHeaders }, connection?: object): PresentedCredential | undefined {
  const apiKey = request.headers['x-api-key'];
  const authorization = request.headers.authorization;
  if (apiKey === undefined && authorization === undefined) return undefined;
  if (apiKey !== undefined && authorization !== undefined) {
    throw new ApiError('invalid_request', { message: 'Send one credential: X-API-Key or Authorization, not both.' });
  }
  if (Array.isArray(apiKey)) throw new ApiError('invalid_request', { message: 'Send X-API-Key once.' });
  const name = apiKey === undefined ? 'authorization' : 'x-api-key';
  const header = apiKey ?? authorization ?? '';
  const last = connection === undefined ? undefined : lastCredentials.get(connection);
  if (last !== undefined && last.header === header && last.name === name) return last.credential;
  const credential: PresentedCredential = name === 'x-api-key' ? { scheme: 'apiKey', value: header.trim() } : bearerOf(header);
  if (connection !== undefined) lastCredentials.set(connection, { name, header, credential });
  return credential;
}

/**
 * The Bearer credential of an Authorization value, from {@link readBearers} when read before.
 * @throws {ApiError} `invalid_token` unless it is a well-formed Bearer credential (RFC 6750 §2.1)
 */
function bearerOf(header: string): PresentedCredential {
  const known = readBearers.get(header);
  if (known !== undefined) return known;
  const match = BEARER.exec(header);
  if (match?.[1] === undefined)
    throw new ApiError('invalid_token', { message: 'The Authorization header must be "Bearer <access token>".' });
  const credential: PresentedCredential = { scheme: 'bearer', value: match[1] };
  if (readBearers.size >= READ_BEARERS_MAX) readBearers.clear();
  readBearers.set(header, credential);
  return credential;
}
