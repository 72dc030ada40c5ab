/**
 * createOAuthToken, the OAuth 2.0 client-credentials grant (RFC 6749 §4.4), as a list of named
 * one-job steps, after oidc-provider's `lib/actions/token.js`: requireParams, checkGrantType,
 * readClientAuth, checkTokenBudgets, authenticateClient, checkScope, issueToken. Framework-free:
 * answers/token.ts wraps the result in an answer.
 */
import { ApiError, type Scope } from '../errors.js';
import { parseScopeParameter } from '../auth/scopes.js';
import { checkTokenBudgets } from '../auth/brute-force.js';
import { authenticateClient, readClientAuth, type ClientAuth } from './client-auth.js';
import type { OAuthContext, TokenRequest } from './context.js';
import { requireParams, type TokenParams } from './params.js';

/** RFC 6749 §5.1's success body, plus `expires_in` (s). */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

/**
 * The token response body (RFC 6749 §5.1), fields in the order of {@link TokenResponse}. Written
 * out rather than through JSON.stringify, which scans the ~600-character token for characters to
 * escape: a compact JWS is base64url parts joined by dots (RFC 7515 §7.1), none of which JSON escapes.
 */
export function tokenResponseBody(response: TokenResponse): string {
  return `{"access_token":"${response.access_token}","token_type":"Bearer","expires_in":${response.expires_in},"scope":${JSON.stringify(response.scope)}}`;
}

/**
 * Step: grant_type must be client_credentials (RFC 6749 §4.4.2).
 * @throws {ApiError} `invalid_request` when missing; `unsupported_grant_type` otherwise
 */
export function checkGrantType(params: TokenParams): void {
  const grantType = params.grant_type;
  if (grantType === undefined || grantType === '') throw new ApiError('invalid_request', { message: 'grant_type is required.' });
  if (grantType !== 'client_credentials')
    throw new ApiError('unsupported_grant_type', { message: `The grant type ${grantType} is not supported; use client_credentials.` });
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
 * createOAuthToken (SPEC.md §4): every step in order.
 * @returns the token response
 * @throws {ApiError} the first refusal: `invalid_request`, `unsupported_grant_type`, `rate_limited`,
 *   `invalid_client` or `invalid_scope`; other errors (a failing store) are unexpected
 */
export async function createOAuthToken(ctx: OAuthContext, request: TokenRequest): Promise<TokenResponse> {
  const params = requireParams(request.params);
  checkGrantType(params);
  const auth = readClientAuth(request.headers, params);
  await checkTokenBudgets(ctx.auth, request.address, auth.clientId);
  const granted = await authenticateClient(ctx, request.address, auth);
  return issueToken(ctx, request.address, auth, checkScope(params, granted));
}
