/**
 * revokeOAuthToken (RFC 7009): a client revokes one of its own tokens. An agent (issue 30) may also
 * revoke its refresh token, which revokes its whole grant and so every token of it (RFC 7009 §2.1).
 */
import { hashSecret } from '../auth/api-keys.js';
import { REFRESH_TOKEN_PREFIX } from '../auth/agent-grants.js';
import type { AgentServices, OAuthContext, TokenRequest } from './context.js';
import { authenticateTokenAction } from './token-action.js';

/**
 * Revokes the grant of an agent's refresh token when it is this client's, with audit
 * `agent_grant_revoked` reason=revocation in the same transaction.
 * @returns whether the token was a refresh token of this client (revoked now or before)
 */
async function revokeRefreshToken(
  ctx: OAuthContext,
  agents: AgentServices,
  token: string,
  clientId: string,
  address: string,
): Promise<boolean> {
  const grant = await agents.store.getAgentGrantByRefreshToken(hashSecret(token));
  if (grant?.clientId !== clientId) return false;
  const at = agents.now();
  const revoked = await agents.store.revokeAgentGrants({ id: grant.id }, at, {
    at,
    type: 'agent_grant_revoked',
    clientId,
    address,
    detail: `grant=${grant.id} reason=revocation`,
  });
  for (const each of revoked) ctx.auth.grants.invalidate({ kind: 'agentGrant', id: each.id });
  return true;
}

/**
 * authenticateTokenAction, then revokes the token when it is this client's, and audits it: an
 * access token by its jti (`token_revoked`), an agent's refresh token by its grant.
 * Whatever the token was, the caller answers 200 (RFC 7009 §2.2: an invalid token is no error).
 * @throws {ApiError} as {@link authenticateTokenAction}
 */
export async function revokeOAuthToken(ctx: OAuthContext, request: TokenRequest): Promise<void> {
  const { token, clientId, agent } = await authenticateTokenAction(ctx, request);
  if (agent && ctx.agents !== undefined && token.startsWith(REFRESH_TOKEN_PREFIX)) {
    if (await revokeRefreshToken(ctx, ctx.agents, token, clientId, request.address)) return;
  }
  if (await ctx.auth.tokens.revoke(token, clientId)) {
    ctx.auth.audit({ type: 'token_revoked', clientId, address: request.address, detail: null });
  }
}
