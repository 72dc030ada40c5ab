/**
 * createOAuthToken, the OAuth 2.0 client-credentials grant (RFC 6749 §4.4), as a list of named
 * one-job steps, after oidc-provider: requireParams, checkGrantType, readClientAuth,
 * checkRateLimits, authenticateClient, checkScope, issueToken. Framework-free: the Fastify route
 * (routes/token.ts) and the node:http fast path (fast-token.ts) both run {@link createOAuthToken},
 * so the two cannot drift apart.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError, type Scope } from '../../errors.js';
import { parseScopeParameter } from '../../auth/scopes.js';
import type { AppContext } from '../context.js';
import { okAnswer, type TokenAnswer } from './answers.js';
import { authenticateClient, checkRateLimits, readClientAuth, type ClientAuth } from './client-auth.js';
import { requireParams, type TokenParams } from './params.js';

/** What the token endpoints read of a request. */
export interface TokenRequest {
  method: string;
  /** Lower-case names, as node:http gives them. */
  headers: IncomingHttpHeaders;
  /** The client's IP address, for rate limits and the audit log. */
  address: string;
  /** The parsed body; undefined when the request had none. */
  params: TokenParams | undefined;
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
 * token or the secret), and answers RFC 6749 §5.1's body plus `expires_in`.
 */
async function issueToken(ctx: AppContext, address: string, auth: ClientAuth, scopes: Scope[]): Promise<TokenAnswer> {
  const { token, expiresInSec } = await ctx.auth.tokens.issue(auth.clientId, scopes);
  const scope = scopes.join(' ');
  ctx.auth.keys.touch(auth.clientId);
  ctx.auth.audit({ type: 'token_issued', clientId: auth.clientId, address, detail: `scope=${scope} method=${auth.method}` });
  return okAnswer({ access_token: token, token_type: 'Bearer', expires_in: expiresInSec, scope });
}

/**
 * createOAuthToken (SPEC.md §4): every step in order.
 * @returns the 200 answer
 * @throws {ApiError} the first refusal: `invalid_request`, `unsupported_grant_type`, `rate_limited`,
 *   `invalid_client` or `invalid_scope`; other errors (a failing store) are unexpected
 */
export async function createOAuthToken(ctx: AppContext, request: TokenRequest): Promise<TokenAnswer> {
  const params = requireParams(request.params);
  checkGrantType(params);
  const auth = readClientAuth(request.headers, params);
  await checkRateLimits(ctx, request.address, auth.clientId);
  const granted = await authenticateClient(ctx, request.address, auth);
  return issueToken(ctx, request.address, auth, checkScope(params, granted));
}

/**
 * Step (revocation, introspection): the `token` parameter is required (RFC 7009 §2.1, RFC 7662 §2.1).
 * @throws {ApiError} `invalid_request`
 */
function requireToken(params: TokenParams): string {
  const token = params.token;
  if (token === undefined || token === '') throw new ApiError('invalid_request', { message: 'token is required.' });
  return token;
}

/**
 * The steps revocation and introspection share: a `token` parameter, and the client
 * authenticated as at the token endpoint (RFC 7009 §2.1, RFC 7662 §2.1).
 * @throws {ApiError} as {@link createOAuthToken}'s first steps
 */
export async function authenticateTokenAction(ctx: AppContext, request: TokenRequest): Promise<{ token: string; auth: ClientAuth }> {
  const params = requireParams(request.params);
  const token = requireToken(params);
  const auth = readClientAuth(request.headers, params);
  await checkRateLimits(ctx, request.address, auth.clientId);
  await authenticateClient(ctx, request.address, auth);
  return { token, auth };
}
