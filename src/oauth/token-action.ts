/**
 * The steps revocation (RFC 7009) and introspection (RFC 7662) share: a `token` parameter, and the
 * client authenticated as at the token endpoint (RFC 7009 §2.1, RFC 7662 §2.1).
 */
import { ApiError } from '../errors.js';
import { checkTokenBudgets } from '../auth/brute-force.js';
import { authenticateClient, readClientAuth, type ClientAuth } from './client-auth.js';
import type { OAuthContext, TokenRequest } from './context.js';
import { requireParams, type TokenParams } from './params.js';

/**
 * Step: the `token` parameter is required (RFC 7009 §2.1, RFC 7662 §2.1).
 * @throws {ApiError} `invalid_request`
 */
function requireToken(params: TokenParams): string {
  const token = params.token;
  if (token === undefined || token === '') throw new ApiError('invalid_request', { message: 'token is required.' });
  return token;
}

/**
 * requireParams, requireToken, readClientAuth, checkTokenBudgets, authenticateClient.
 * @returns the token named and the authenticated client
 * @throws {ApiError} `invalid_request`, `rate_limited` or `invalid_client`
 */
export async function authenticateTokenAction(ctx: OAuthContext, request: TokenRequest): Promise<{ token: string; auth: ClientAuth }> {
  const params = requireParams(request.params);
  const token = requireToken(params);
  const auth = readClientAuth(request.headers, params);
  await checkTokenBudgets(ctx.auth, request.address, auth.clientId);
  await authenticateClient(ctx, request.address, auth);
  return { token, auth };
}
