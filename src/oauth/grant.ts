/**
 * createOAuthToken: the token endpoint, dispatching by grant type. The OAuth 2.0 client-credentials
 * grant of API keys (RFC 6749 §4.4) is here, as a list of named one-job steps after oidc-provider's
 * `lib/actions/token.js`: requireParams, checkGrantType, readClientAuth, checkTokenBudgets,
 * authenticateClient, checkScope, issueToken. The agents' grants (issue 30) are code-grant.ts
 * (authorization_code) and refresh-grant.ts (refresh_token). Framework-free: answers/token.ts wraps
 * the result in an answer.
 */
import { ApiError, type Scope } from '../errors.js';
import { parseScopeParameter } from '../auth/scopes.js';
import { checkTokenBudgets } from '../auth/brute-force.js';
import { authenticateClient, readClientAuth, type ClientAuth } from './client-auth.js';
import type { OAuthContext, TokenRequest } from './context.js';
import { requireParams, type TokenParams } from './params.js';
import { exchangeAuthorizationCode } from './code-grant.js';
import { refreshAgentToken } from './refresh-grant.js';
import type { AgentTokenResponse } from './agent-token.js';

/** RFC 6749 §5.1's success body, plus `expires_in` (s). */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

/**
 * The token response body (RFC 6749 §5.1), fields in the order of {@link TokenResponse}, then an
 * agent grant's `refresh_token`. Written out rather than through JSON.stringify, which scans the
 * ~600-character token for characters to escape: a compact JWS is base64url parts joined by dots
 * (RFC 7515 §7.1), and a refresh token `sgr_` and base64url, none of which JSON escapes.
 */
export function tokenResponseBody(response: TokenResponse | AgentTokenResponse): string {
  const refresh = 'refresh_token' in response ? `,"refresh_token":"${response.refresh_token}"` : '';
  return `{"access_token":"${response.access_token}","token_type":"Bearer","expires_in":${response.expires_in},"scope":${JSON.stringify(response.scope)}${refresh}}`;
}

/** The grant types of the token endpoint: API keys' (SPEC.md), then agents' (issue 30). */
export type GrantType = 'client_credentials' | 'authorization_code' | 'refresh_token';

/**
 * Step: grant_type must be client_credentials (RFC 6749 §4.4.2), or, when the authorization server
 * for agents is on, authorization_code (§4.1.3) or refresh_token (§6).
 * @param agentsOn whether `ctx.agents` exists
 * @returns the grant type
 * @throws {ApiError} `invalid_request` when missing; `unsupported_grant_type` otherwise
 */
export function checkGrantType(params: TokenParams, agentsOn = false): GrantType {
  const grantType = params.grant_type;
  if (grantType === undefined || grantType === '') throw new ApiError('invalid_request', { message: 'grant_type is required.' });
  if (grantType === 'client_credentials') return grantType;
  if (agentsOn && (grantType === 'authorization_code' || grantType === 'refresh_token')) return grantType;
  const supported = agentsOn ? 'client_credentials (API keys), authorization_code or refresh_token (agents)' : 'client_credentials';
  throw new ApiError('unsupported_grant_type', { message: `The grant type ${grantType} is not supported; use ${supported}.` });
}

/**
 * Step: requested scopes must be known and granted to the key; omitted means all of them (RFC 6749 §3.3).
 * @returns the scopes to grant, in SPEC.md order
 * @throws {ApiError} `invalid_scope`
 */
export function checkScope(params: TokenParams, granted: readonly Scope[]): Scope[] {
  const requested = params.scope;
  if (requested === undefined || requested.trim() === '') return [...granted];
  const { scopes, unknown } = parseScopeParameter(requested);
  if (unknown.length > 0) throw new ApiError('invalid_scope', { message: `Unknown scope: ${unknown.join(' ')}.` });
  const missing = scopes.filter((scope) => !granted.includes(scope));
  if (missing.length > 0) throw new ApiError('invalid_scope', { message: `This client is not granted: ${missing.join(' ')}.` });
  return scopes;
}

/**
 * Step: signs the access token, records the key's use and audits "token issued" (without the
 * token or the secret).
 * @returns RFC 6749 §5.1's body plus `expires_in`
 */
async function issueToken(ctx: OAuthContext, address: string, auth: ClientAuth, scopes: Scope[]): Promise<TokenResponse> {
  const { token, expiresInSec } = await ctx.auth.tokens.issue(auth.clientId, scopes);
  const scope = scopes.join(' ');
  ctx.auth.keys.touch(auth.clientId);
  ctx.auth.audit({ type: 'token_issued', clientId: auth.clientId, address, detail: `scope=${scope} method=${auth.method}` });
  return { access_token: token, token_type: 'Bearer', expires_in: expiresInSec, scope };
}

/**
 * createOAuthToken (SPEC.md §4): every step in order; the agents' grants go to their own steps.
 * @returns the token response (with `refresh_token` for the agents' grants)
 * @throws {ApiError} the first refusal: `invalid_request`, `unsupported_grant_type`, `rate_limited`,
 *   `invalid_client` or `invalid_scope`, and for the agents' grants `unauthorized_client`,
 *   `invalid_grant` or `invalid_target`; other errors (a failing store) are unexpected
 */
export async function createOAuthToken(ctx: OAuthContext, request: TokenRequest): Promise<TokenResponse | AgentTokenResponse> {
  const params = requireParams(request.params);
  const grantType = checkGrantType(params, ctx.agents !== undefined);
  if (ctx.agents !== undefined) {
    if (grantType === 'authorization_code') return exchangeAuthorizationCode(ctx, ctx.agents, request, params);
    if (grantType === 'refresh_token') return refreshAgentToken(ctx, ctx.agents, request, params);
  }
  const auth = readClientAuth(request.headers, params);
  await checkTokenBudgets(ctx.auth, request.address, auth.clientId);
  const granted = await authenticateClient(ctx, request.address, auth);
  return issueToken(ctx, request.address, auth, checkScope(params, granted));
}
