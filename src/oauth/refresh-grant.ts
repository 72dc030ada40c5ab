/**
 * The refresh token grant of agents (issue 30; RFC 6749 §6, OAuth 2.1 §4.3, RFC 9700 §4.14.2):
 * refresh tokens are bound to their client and rotated at each use; using a spent one revokes the
 * whole grant (the "family"), so a stolen token works at most until its rightful holder refreshes.
 */
import { ApiError } from '../errors.js';
import { hashSecret } from '../auth/api-keys.js';
import { newRefreshToken } from '../auth/agent-grants.js';
import type { AgentGrantRecord, AuditEvent } from '../store/store.js';
import { authenticatePublicClient } from './client-auth.js';
import type { AgentServices, OAuthContext, TokenRequest } from './context.js';
import { checkScope } from './grant.js';
import type { TokenParams } from './params.js';
import { checkResource, issueAgentToken, requireParam, type AgentTokenResponse } from './agent-token.js';

/**
 * grant_type=refresh_token: authenticatePublicClient; the grant of the token, which must be this
 * client's (else refused without rotating); `scope` at most the grant's (RFC 6749 §6), `resource`
 * the grant's (RFC 8707); then the rotation (store.ts `rotateRefreshToken`).
 * @returns a new access token and the grant's next refresh token
 * @throws {ApiError} `invalid_request`, `unauthorized_client`, `rate_limited`, `invalid_client`,
 *   `invalid_scope`, `invalid_target`, or `invalid_grant` for an unknown, another client's, spent
 *   (the grant is then revoked: audit `agent_grant_revoked` reason=refresh_token_reused) or
 *   inactive refresh token
 */
export async function refreshAgentToken(
  ctx: OAuthContext,
  agents: AgentServices,
  request: TokenRequest,
  params: TokenParams,
): Promise<AgentTokenResponse> {
  const client = await authenticatePublicClient(ctx, agents, request, params);
  const tokenHash = hashSecret(requireParam(params, 'refresh_token'));
  const grant = await agents.store.getAgentGrantByRefreshToken(tokenHash);
  if (grant === undefined) throw new ApiError('invalid_grant', { message: 'The refresh token is unknown.' });
  if (grant.clientId !== client.clientId)
    throw new ApiError('invalid_grant', { message: 'The refresh token was issued to another client.' });
  const scopes = checkScope(params, grant.scopes);
  checkResource(params, grant.resource);
  const now = agents.now();
  const next = newRefreshToken();
  const audit = (reused: AgentGrantRecord): AuditEvent => ({
    at: now,
    type: 'agent_grant_revoked',
    clientId: reused.clientId,
    address: request.address,
    detail: `grant=${reused.id} reason=refresh_token_reused`,
  });
  const rotation = await agents.store.rotateRefreshToken(tokenHash, hashSecret(next), now, audit);
  if (rotation === undefined) throw new ApiError('invalid_grant', { message: 'The refresh token is unknown.' });
  if (rotation.outcome === 'reused') {
    ctx.auth.grants.invalidate({ kind: 'agentGrant', id: rotation.grant.id });
    throw new ApiError('invalid_grant', {
      message: 'The refresh token was used before; the authorization it belongs to is revoked. Authorize the client again.',
    });
  }
  if (rotation.outcome === 'inactive')
    throw new ApiError('invalid_grant', { message: 'The authorization behind this refresh token was revoked or has expired.' });
  return issueAgentToken(ctx, request.address, rotation.grant, scopes, next, 'refresh_token');
}
