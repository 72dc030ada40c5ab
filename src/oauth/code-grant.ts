/**
 * The authorization code grant at the token endpoint (issue 30; OAuth 2.1 §4.1.3, RFC 6749
 * §4.1.3, RFC 7636 §4.5–4.6, RFC 8707 §2.2), as one-job steps: authenticatePublicClient, the
 * parameters, consumeCode (single use; a replay revokes the grant the first use made, RFC 6749
 * §4.1.2), checkCode (expiry, client, redirect URI, PKCE, resource), then createGrant (an agent
 * grant with its first refresh token) and the access token.
 */
import { ApiError } from '../errors.js';
import { hashSecret } from '../auth/api-keys.js';
import { newAgentGrantId, newRefreshToken } from '../auth/agent-grants.js';
import type { AgentGrantRecord, AuthorizationCodeRecord } from '../store/store.js';
import { authenticatePublicClient } from './client-auth.js';
import type { AgentServices, OAuthContext, TokenRequest } from './context.js';
import type { AgentClient } from './clients/registry.js';
import type { TokenParams } from './params.js';
import { requireCodeVerifier, verifierMatches } from './pkce.js';
import { checkResource, issueAgentToken, requireParam, type AgentTokenResponse } from './agent-token.js';

/**
 * Step: spends the code (one conditional UPDATE, store.ts `consumeAuthorizationCode`). A code used
 * before revokes the grant its first use made (audit `agent_grant_revoked` reason=code_replay),
 * and its tokens stop within the grant cache's second.
 * @returns the code as issued
 * @throws {ApiError} `invalid_grant` for an unknown or replayed code
 */
async function consumeCode(ctx: OAuthContext, agents: AgentServices, address: string, codeHash: string): Promise<AuthorizationCodeRecord> {
  const now = agents.now();
  const consumed = await agents.store.consumeAuthorizationCode(codeHash, now);
  if (consumed === undefined) throw new ApiError('invalid_grant', { message: 'The authorization code is unknown.' });
  if (!consumed.replay) return consumed.record;
  const { grantId } = consumed.record;
  if (grantId !== null) {
    const revoked = await agents.store.revokeAgentGrants({ id: grantId }, now, {
      at: now,
      type: 'agent_grant_revoked',
      clientId: consumed.record.clientId,
      address,
      detail: `grant=${grantId} reason=code_replay`,
    });
    for (const grant of revoked) ctx.auth.grants.invalidate({ kind: 'agentGrant', id: grant.id });
  }
  throw new ApiError('invalid_grant', { message: 'The authorization code was used before; the authorization it gave is revoked.' });
}

/**
 * Step: the code must be live, this client's, sent to this redirect URI, and the verifier must
 * match its challenge (RFC 7636 §4.6); a `resource` given must be the code's (RFC 8707).
 * @throws {ApiError} `invalid_grant` for each mismatch; `invalid_target` for another resource
 */
function checkCode(record: AuthorizationCodeRecord, client: AgentClient, params: TokenParams, at: Date): void {
  if (record.expiresAt.getTime() <= at.getTime()) throw new ApiError('invalid_grant', { message: 'The authorization code has expired.' });
  if (record.clientId !== client.clientId)
    throw new ApiError('invalid_grant', { message: 'The authorization code was issued to another client.' });
  if (record.redirectUri !== params.redirect_uri)
    throw new ApiError('invalid_grant', { message: 'redirect_uri differs from the one of the authorization request.' });
  if (!verifierMatches(params.code_verifier ?? '', record.codeChallenge))
    throw new ApiError('invalid_grant', { message: 'code_verifier does not match the code_challenge (PKCE, RFC 7636 §4.6).' });
  checkResource(params, record.resource);
}

/**
 * Step: the agent grant of an exchanged code, with its first refresh token (only its hash is
 * stored), recorded as the code's grant with audit `agent_authorized` in one transaction.
 * @returns the grant and its refresh token
 */
async function createGrant(
  agents: AgentServices,
  address: string,
  record: AuthorizationCodeRecord,
  client: AgentClient,
): Promise<{ grant: AgentGrantRecord; refreshToken: string }> {
  const now = agents.now();
  const grant: AgentGrantRecord = {
    id: newAgentGrantId(),
    subject: record.subject,
    name: record.name,
    clientId: client.clientId,
    clientName: client.name,
    scopes: record.scopes,
    resource: record.resource,
    sessionId: record.sessionId,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + agents.settings.refreshTokenTtlSec * 1000),
    revokedAt: null,
  };
  const refreshToken = newRefreshToken();
  await agents.store.createAgentGrant(grant, hashSecret(refreshToken), record.codeHash, {
    at: now,
    type: 'agent_authorized',
    clientId: client.clientId,
    address,
    detail: `grant=${grant.id} sub=${grant.subject} scope=${grant.scopes.join(' ')}`,
  });
  return { grant, refreshToken };
}

/**
 * grant_type=authorization_code: every step in order. The parameters are checked before the code
 * is spent, so a malformed request leaves it usable.
 * @returns the token response with the grant's first refresh token
 * @throws {ApiError} `invalid_request`, `unauthorized_client`, `rate_limited`, `invalid_client`,
 *   `invalid_grant` or `invalid_target`
 */
export async function exchangeAuthorizationCode(
  ctx: OAuthContext,
  agents: AgentServices,
  request: TokenRequest,
  params: TokenParams,
): Promise<AgentTokenResponse> {
  const client = await authenticatePublicClient(ctx, agents, request, params);
  const code = requireParam(params, 'code');
  requireParam(params, 'redirect_uri');
  requireCodeVerifier(params.code_verifier);
  const record = await consumeCode(ctx, agents, request.address, hashSecret(code));
  checkCode(record, client, params, agents.now());
  const { grant, refreshToken } = await createGrant(agents, request.address, record, client);
  return issueAgentToken(ctx, request.address, grant, grant.scopes, refreshToken, 'authorization_code');
}
