/**
 * Reading the credential of a request (SPEC.md §5: `X-API-Key` or `Authorization: Bearer`). Both
 * headers at once is a 400 (DESIGN.md). auth/authenticate.ts turns it into a Principal.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError } from '../errors.js';
import type { PresentedCredential } from '../auth/principal.js';

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/**
 * The credential a request presents, or undefined when it sends none.
 * @throws {ApiError} `invalid_request` for both headers at once; `invalid_token` for an
 *   Authorization header that is not a well-formed Bearer credential (RFC 6750 §2.1)
 */
export function presentedCredential(request: { headers: IncomingHttpHeaders }): PresentedCredential | undefined {
  const apiKey = request.headers['x-api-key'];
  const authorization = request.headers.authorization;
  if (apiKey === undefined && authorization === undefined) return undefined;
  if (apiKey !== undefined && authorization !== undefined) {
    throw new ApiError('invalid_request', { message: 'Send one credential: X-API-Key or Authorization, not both.' });
  }
  if (apiKey !== undefined) {
    if (Array.isArray(apiKey)) throw new ApiError('invalid_request', { message: 'Send X-API-Key once.' });
    return { scheme: 'apiKey', value: apiKey.trim() };
  }
  const match = BEARER.exec(authorization ?? '');
  if (match?.[1] === undefined)
    throw new ApiError('invalid_token', { message: 'The Authorization header must be "Bearer <access token>".' });
  return { scheme: 'bearer', value: match[1] };
}
