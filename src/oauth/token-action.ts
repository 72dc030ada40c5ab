/**
 * The steps revocation (RFC 7009) and introspection (RFC 7662) share: a `token` parameter, and the
 * client authenticated as at the token endpoint (RFC 7009 §2.1, RFC 7662 §2.1): an API key with
 * its secret, or a public agent client (issue 30) by its client_id alone.
 */
import { ApiError } from '../errors.js';
import { checkTokenBudgets } from '../auth/brute-force.js';
import { authenticateClient, readClientAuth, readPublicClientId, resolvePublicClient } from './client-auth.js';
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

/** The client a revocation or introspection request authenticated, and the token it names. */
export interface TokenAction {
  token: string;
  /** The API key's public id, or the agent's client_id. */
  clientId: string;
  /** Whether the client is a public agent client (issue 30) rather than an API key. */
  agent: boolean;
}

/**
 * requireParams, requireToken, then a public agent client (readPublicClientId,
 * resolvePublicClient) when the authorization server for agents is on and no secret was sent, else
 * readClientAuth, checkTokenBudgets, authenticateClient.
 * @returns the token named and the authenticated client
 * @throws {ApiError} `invalid_request`, `rate_limited` or `invalid_client`
 */
export async function authenticateTokenAction(ctx: OAuthContext, request: TokenRequest): Promise<TokenAction> {
  const params = requireParams(request.params);
  const token = requireToken(params);
  const publicId = ctx.agents === undefined ? undefined : readPublicClientId(request.headers, params);
  if (ctx.agents !== undefined && publicId !== undefined) {
    await resolvePublicClient(ctx, ctx.agents, request.address, publicId);
    return { token, clientId: publicId, agent: true };
  }
  const auth = readClientAuth(request.headers, params);
  await checkTokenBudgets(ctx.auth, request.address, auth.clientId);
  await authenticateClient(ctx, request.address, auth);
  return { token, clientId: auth.clientId, agent: false };
}
