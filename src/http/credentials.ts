/**
 * Reading the credential of a request, for each scheme where it travels (auth/schemes.ts):
 * `X-API-Key` or `Authorization: Bearer` (SPEC.md §5), and the session cookie (issue 29). Both
 * headers at once is a 400 (DESIGN.md); a header credential wins over the cookie, which is then
 * ignored. A route reads only the schemes its row of the route table lists.
 * auth/authenticate.ts turns the credential into a Principal.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError } from '../errors.js';
import type { PresentedCredential, SchemeName } from '../auth/principal.js';
import { cookieValue, signInCookiesOf } from '../signin/cookies.js';

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
 * The Cookie header last read on each connection, and the session credential in it (undefined
 * when it holds none): a browser sends the same cookies on every request of a connection, so a
 * signed-in page view neither parses the header nor allocates a credential again. Gone with the
 * connection.
 */
const lastCookies = new WeakMap<object, { header: string; credential: PresentedCredential | undefined }>();

/** Reads the credential of a request among the schemes its route takes (see {@link credentialReader}). */
export type CredentialReader = (
  request: { headers: IncomingHttpHeaders },
  schemes: readonly SchemeName[],
  connection?: object,
) => PresentedCredential | undefined;

/**
 * The credential reader of a site served at `baseUrl` (whose session cookie is named by
 * signin/cookies.ts). An explicit header credential wins: the cookie is then not read. Requests
 * without a Cookie header naming the session cookie cost no parsing.
 * @throws {ApiError} as {@link presentedCredential}, for the header schemes
 */
export function credentialReader(baseUrl: string): CredentialReader {
  const { sessionName } = signInCookiesOf(baseUrl);
  return function readCredential(request, schemes, connection) {
    const header = presentedCredential(request, connection);
    if (header !== undefined) return schemes.includes(header.scheme) ? header : undefined;
    const cookie = request.headers.cookie;
    if (cookie === undefined || !schemes.includes('session')) return undefined;
    return sessionCredential(cookie, sessionName, connection);
  };
}

/** The session credential of a Cookie header, from {@link lastCookies} when the connection sent the same header before. */
function sessionCredential(header: string, name: string, connection: object | undefined): PresentedCredential | undefined {
  // Most cookies a site receives are others' (analytics, preferences): those cost one substring search.
  if (!header.includes(name)) return undefined;
  const last = connection === undefined ? undefined : lastCookies.get(connection);
  if (last !== undefined && last.header === header) return last.credential;
  const value = cookieValue(header, name);
  const credential: PresentedCredential | undefined = value === undefined ? undefined : { scheme: 'session', value };
  if (connection !== undefined) lastCookies.set(connection, { header, credential });
  return credential;
}

/**
 * The header credential a request presents (`X-API-Key` or `Authorization`), or undefined when it
 * sends neither.
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
