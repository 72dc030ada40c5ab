/**
 * Sending precomputed bodies and error objects. The only place response bytes are chosen:
 * conditional requests (RFC 9110 §13.1.2), content coding, and the SPEC.md error object.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Body } from '../body.js';
import { ApiError, type ErrorCode } from '../errors.js';
import { negotiateEncoding } from './negotiation.js';
import { PUBLIC_CORS_HEADERS } from './headers.js';

/** Headers added to a precomputed response. */
export type ExtraHeaders = Record<string, string>;

const NO_HEADERS: ExtraHeaders = {};

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

/** The response chosen for a precomputed body: status, headers and the bytes to send (none for 304). */
export interface PlannedResponse {
  status: 200 | 304;
  headers: Record<string, string>;
  payload: Buffer | undefined;
}

/**
 * Chooses the response for a precomputed body, independent of the framework: 304 when
 * If-None-Match matches the representation (any coding of it), else the best content coding the
 * client accepts, with ETag, Vary, Cache-Control and Content-Type.
 * @param requestHeaders the request's headers (lower-case names)
 */
export function planBody(requestHeaders: IncomingHttpHeaders, body: Body, headers: ExtraHeaders = NO_HEADERS): PlannedResponse {
  const coding = body.compressible ? negotiateEncoding(requestHeaders['accept-encoding']) : undefined;
  const encoded = coding === undefined ? undefined : body.encoded(coding);
  const given = headers.vary;
  // Callers may pass a vary that already names Accept-Encoding (precomputed header objects).
  const vary =
    !body.compressible || given?.endsWith('Accept-Encoding') === true
      ? given
      : given === undefined
        ? 'Accept-Encoding'
        : `${given}, Accept-Encoding`;
  const out: Record<string, string> = {
    ...headers,
    etag: encoded?.etag ?? body.etag,
    'cache-control': headers['cache-control'] ?? PUBLIC_CACHE,
  };
  if (vary !== undefined) out.vary = vary;
  const inm = requestHeaders['if-none-match'];
  if (inm !== undefined && ifNoneMatchHits(inm, body.etag)) return { status: 304, headers: out, payload: undefined };
  out['content-type'] = body.type;
  if (encoded !== undefined && coding !== undefined) {
    out['content-encoding'] = coding;
    return { status: 200, headers: out, payload: encoded.bytes };
  }
  return { status: 200, headers: out, payload: body.bytes };
}

/** Sends a precomputed body through Fastify, as {@link planBody} chooses. */
export function sendBody(request: FastifyRequest, reply: FastifyReply, body: Body, headers: ExtraHeaders = NO_HEADERS): FastifyReply {
  const plan = planBody(request.headers, body, headers);
  return reply.code(plan.status).headers(plan.headers).send(plan.payload);
}

/** Absolute URL of the developer portal, the base of every error's `docs` link. */
export function portalUrl(baseUrl: string): string {
  return `${baseUrl}/developers`;
}

/** Realm of every challenge (RFC 7235 §2.2). */
export const AUTH_REALM = 'sitegate';

/**
 * The WWW-Authenticate challenge for a 401 or 403 (RFC 6750 §3): no error attribute when no
 * credential was sent, `invalid_token` for a refused one, `insufficient_scope` with `scope`; each
 * with `resource_metadata` pointing at the RFC 9728 document (RFC 9728 §5.1).
 * @param baseUrl public base URL without trailing slash
 */
export function bearerChallenge(error: ApiError, baseUrl: string): string | undefined {
  const quote = (text: string): string => text.replace(/["\\]/g, '');
  const metadata = `resource_metadata="${baseUrl}/.well-known/oauth-protected-resource"`;
  if (error.code === 'credential_required') return `Bearer realm="${AUTH_REALM}", ${metadata}`;
  if (error.code === 'insufficient_scope') {
    return `Bearer realm="${AUTH_REALM}", error="insufficient_scope", error_description="${quote(error.message)}", scope="${(error.scopes ?? []).join(' ')}", ${metadata}`;
  }
  if (error.code === 'invalid_api_key' || error.code === 'invalid_token' || error.code === 'token_expired') {
    return `Bearer realm="${AUTH_REALM}", error="invalid_token", error_description="${quote(error.message)}", ${metadata}`;
  }
  return undefined;
}

/**
 * CORS headers of an error answer (headers.ts): readable from any origin when it answers a GET or
 * HEAD without a credential, as the resource itself would be; none otherwise.
 */
export function errorCorsHeaders(request: { method: string; headers: IncomingHttpHeaders }): Readonly<Record<string, string>> {
  const { method, headers } = request;
  const anonymousRead =
    (method === 'GET' || method === 'HEAD') && headers.authorization === undefined && headers['x-api-key'] === undefined;
  return anonymousRead ? PUBLIC_CORS_HEADERS : {};
}

/**
 * The headers of a SPEC.md error object: the error's own, CORS as {@link errorCorsHeaders},
 * `no-store`, nosniff, JSON, and for 401/403 the RFC 6750 challenge unless the error carries its own.
 * Framework-free: {@link sendApiError} and the token endpoint's fast path both send these.
 * @param baseUrl public base URL, for the challenge's `resource_metadata`
 */
export function apiErrorHeaders(
  error: ApiError,
  baseUrl: string,
  request: { method: string; headers: IncomingHttpHeaders },
): Record<string, string> {
  const headers: Record<string, string> = {
    ...error.headers,
    ...errorCorsHeaders(request),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-type': 'application/json; charset=utf-8',
  };
  const challenge = headers['www-authenticate'] ?? bearerChallenge(error, baseUrl);
  if (challenge !== undefined) headers['www-authenticate'] = challenge;
  return headers;
}

/**
 * Sends the SPEC.md error object for an {@link ApiError} (or a code) as JSON, with the headers of
 * {@link apiErrorHeaders}.
 * @param baseUrl public base URL, for the `docs` link
 */
export function sendApiError(reply: FastifyReply, baseUrl: string, error: ApiError | ErrorCode): FastifyReply {
  const apiError = typeof error === 'string' ? new ApiError(error) : error;
  return reply
    .code(apiError.status)
    .headers(apiErrorHeaders(apiError, baseUrl, reply.request))
    .send(JSON.stringify(apiError.toBody(portalUrl(baseUrl))));
}
