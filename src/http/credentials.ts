/**
 * Reading the credential of a request (SPEC.md §5: `X-API-Key` or `Authorization: Bearer`) and
 * turning it into a Principal. Both headers at once is a 400 (DESIGN.md).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import { authenticate } from '../auth/authenticate.js';
import type { Principal, PresentedCredential } from '../auth/principal.js';
import type { AppContext } from './context.js';
import { clientAddress } from './client-address.js';

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

/**
 * The authenticated principal of a request, or undefined when it sends no credential.
 * @throws {ApiError} for a malformed, unknown, revoked or expired credential, or when rate-limited
 */
export async function principalOf(ctx: AppContext, request: FastifyRequest): Promise<Principal | undefined> {
  const credential = presentedCredential(request);
  if (credential === undefined) return undefined;
  return authenticate(ctx.auth, credential, clientAddress(ctx, request.raw));
}

/**
 * The principal of a request that must carry a credential.
 * @throws {ApiError} `credential_required` when none is sent, or as {@link principalOf}
 */
export async function requirePrincipal(ctx: AppContext, request: FastifyRequest): Promise<Principal> {
  const principal = await principalOf(ctx, request);
  if (principal === undefined) throw new ApiError('credential_required');
  return principal;
}
