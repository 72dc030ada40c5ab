/**
 * What the agent grants (authorization_code, refresh_token; issue 30) answer: an RFC 9068 access
 * token for the person (`sub`) and the agent (`client_id`) under its grant, and the grant's new
 * refresh token (RFC 6749 §5.1 with `refresh_token`). Shared by code-grant.ts and refresh-grant.ts.
 */
import { ApiError, type Scope } from '../errors.js';
import type { AgentGrantRecord } from '../store/store.js';
import type { OAuthContext } from './context.js';
import type { TokenResponse } from './grant.js';
import type { TokenParams } from './params.js';

/** The token response of an agent grant: RFC 6749 §5.1 with the grant's new refresh token. */
export interface AgentTokenResponse extends TokenResponse {
  /** `sgr_` + 43 base64url characters; the one to send next (the one sent is spent). */
  refresh_token: string;
}

/**
 * Step: a required parameter of an agent grant (RFC 6749 §4.1.3, §6).
 * @throws {ApiError} `invalid_request` when it is missing or empty
 */
export function requireParam(params: TokenParams, name: string): string {
  const value = params[name];
  if (value === undefined || value === '') throw new ApiError('invalid_request', { message: `${name} is required.` });
  return value;
}

/**
 * Step: an RFC 8707 `resource`, when given, must be the one the grant was made for.
 * @throws {ApiError} `invalid_target` (RFC 8707 §2) otherwise
 */
export function checkResource(params: TokenParams, granted: string): void {
  const resource = params.resource;
  if (resource !== undefined && resource !== granted)
    throw new ApiError('invalid_target', {
      message: `This authorization is for the resource ${granted}; resource must be it or be omitted.`,
    });
}

/**
 * Step: signs the agent's access token under its grant and audits "token issued" (ids and scopes
 * only, never a token).
 * @param grantType the grant that issued it, for the audit detail
 * @returns the response, with `refreshToken` as its `refresh_token`
 */
export async function issueAgentToken(
  ctx: OAuthContext,
  address: string,
  grant: AgentGrantRecord,
  scopes: readonly Scope[],
  refreshToken: string,
  grantType: 'authorization_code' | 'refresh_token',
): Promise<AgentTokenResponse> {
  const { token, expiresInSec } = await ctx.auth.tokens.issue(grant.clientId, scopes, {
    subject: grant.subject,
    grantId: grant.id,
    audience: grant.resource,
  });
  const scope = scopes.join(' ');
  ctx.auth.audit({
    type: 'token_issued',
    clientId: grant.clientId,
    address,
    detail: `scope=${scope} method=none grant_type=${grantType} grant=${grant.id}`,
  });
  return { access_token: token, token_type: 'Bearer', expires_in: expiresInSec, scope, refresh_token: refreshToken };
}
